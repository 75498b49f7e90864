"""Items: the executable objects of a body of mathematics.

An item is a definition, postulate, lemma, theorem, corollary, counterexample,
example, remark (a remark with a claim) or a result cited only by title.  It has a
stable dotted id, a title, its statement (text with LaTeX), its source, the items it
uses (statement uses and proof uses kept apart), the assumptions it assumes, whether
it is expected to hold or to fail (a false variation), and a verifier.

Anyone declares items in their own module with the decorators below; the loader
collects them by module name (``checker.execution.loader``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from .assumptions import Assumption, postulate_assumption
from .evidence import verdict_scope

KINDS = ("definition", "postulate", "lemma", "theorem", "corollary", "counterexample",
         "example", "remark", "cited")
#: kinds that may be text only: their verdict is ``stated`` when they carry no verifier
TEXT_KINDS = ("definition", "postulate", "remark", "cited")
EXPECTATIONS = ("holds", "fails")


@dataclass(eq=False)
class Item:
    """One mathematical item with its verifier (``None`` for text with no claim)."""

    id: str
    kind: str
    title: str
    statement: str
    source: str
    uses: tuple = ()
    proof_uses: tuple = ()
    assumes: tuple = ()
    expected: str = "holds"
    verifier: Optional[Callable] = field(default=None, repr=False)
    module: str = ""
    cited_kind: str = ""
    avoids: tuple = ()
    assumption: Optional[Assumption] = None  # set for postulate items: the item *is* this assumption
    #: equations the item establishes, citable by name: name -> (lhs, rhs); each is checked as a claim of the item
    exports: dict = field(default_factory=dict)
    #: a cited (trusted) item only: formulas it states, citable by name in a deduction (:mod:`.deduction`): name -> formula
    formulas: dict = field(default_factory=dict)
    #: where the claim checks establish the statement when that is narrower than the statement says
    #: (``"n <= 3"``): shown with the verdict wherever it is printed, so "proved" never reads as "proved for all n"
    scope: str = ""
    #: ``file:line`` where the item was declared (for messages; not part of its meaning)
    origin: str = field(default="", compare=False)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"item {self.id!r}: kind must be one of {KINDS}, not {self.kind!r}")
        if self.expected not in EXPECTATIONS:
            raise ValueError(f"item {self.id!r}: expected must be 'holds' or 'fails', not {self.expected!r}")
        if not self.id or " " in self.id:
            raise ValueError(f"item id {self.id!r} must be a non-empty dotted name")
        self.uses = tuple(_as_id(u) for u in self.uses)
        self.proof_uses = tuple(_as_id(u) for u in self.proof_uses)
        self.avoids = tuple(_as_id(u) for u in self.avoids)
        for a in self.assumes:
            if not isinstance(a, Assumption):
                raise TypeError(f"item {self.id!r}: assumes must hold Assumption objects, got {a!r}")
        self.assumes = tuple(self.assumes)
        self.exports = dict(self.exports or {})
        self.formulas = dict(self.formulas or {})
        if self.formulas and self.kind != "cited":
            raise ValueError(f"item {self.id!r}: only a cited (trusted) item states formulas taken on trust")

    @property
    def all_uses(self) -> tuple:
        """Statement uses followed by proof uses, without repetition."""
        return tuple(dict.fromkeys(self.uses + self.proof_uses))

    def verdict_line(self, verdict: str, records=()) -> str:
        """``verdict`` with the item's scope when the checks cover less than the statement: ``proved (n <= 3)``
        (with the check ``records`` of a run: the quick profile's narrower scope where it cut a sweep)."""
        scope = verdict_scope(self, records)
        return f"{verdict} ({scope})" if scope and verdict in ("proved", "confirmed") else verdict

    def __repr__(self):
        return f"Item({self.id!r}, kind={self.kind!r}, expected={self.expected!r})"


def _as_id(ref) -> str:
    if isinstance(ref, str):
        return ref
    if isinstance(ref, (Item, Assumption)):
        return ref.id
    raise TypeError(f"cannot use {ref!r} as an item reference")


# module name -> (item, id of the declaring module's namespace) in declaration order
_REGISTRY: dict[str, list] = {}


def register(it: Item) -> Item:
    """Record an item under the module that declared it (and where: the first frame outside this file).

    A module executed twice (re-imported after ``sys.modules`` was restored) declares each item again from
    the same file and line in a new module namespace: the newer object replaces the older.  Any other second
    declaration of an id (another place, or the same line run twice in one execution) stays, and loading
    reports the duplicate with its places.
    """
    import sys
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    if not it.origin and frame is not None:
        it.origin = f"{frame.f_code.co_filename}:{frame.f_lineno}"
    execution = id(frame.f_globals) if frame is not None else None  # one execution of the declaring module
    declared = _REGISTRY.setdefault(it.module, [])
    for index, (earlier, earlier_execution) in enumerate(declared):
        if earlier.id == it.id and earlier.origin == it.origin and it.origin and earlier_execution != execution:
            declared[index] = (it, execution)  # the same declaration in a new execution of the module: the newer
            return it
    declared.append((it, execution))  # a second declaration of an id is kept: loading reports the duplicate
    return it


#: id(item) -> (a weak reference to the item, {id it uses: the item of *its* corpus}), set when a corpus is built
_BOUND_USES: dict = {}


def bind_uses(items_by_id: dict) -> None:
    """Remember, for each item of a corpus being built, the items *of that corpus* its uses name: what a cite step
    of its proofs is checked against (another module may register an item under the same id without being loaded)."""
    import weakref
    for it in items_by_id.values():
        _BOUND_USES[id(it)] = (weakref.ref(it), {ref: items_by_id[ref] for ref in it.all_uses if ref in items_by_id})


def used_item(it: Item, ref: str) -> Optional[Item]:
    """The item ``ref`` as ``it``'s corpus has it; for an item in no built corpus (a ``run_verifier`` stand-in),
    the registered item with that id."""
    bound = _BOUND_USES.get(id(it))
    if bound is not None and bound[0]() is it:
        return bound[1].get(ref)
    return find(ref)


def find(item_id: str) -> Optional[Item]:
    """The registered item with this id (None when no loaded module declared it)."""
    for declared in _REGISTRY.values():
        for it, _ in declared:
            if it.id == item_id:
                return it
    return None


def registered(module_name: str) -> list[Item]:
    """Items declared by ``module_name`` (empty if it declared none)."""
    return [it for it, _ in _REGISTRY.get(module_name, ())]


def forget(module_name: str) -> None:
    """Drop the items of a module (before it is imported afresh)."""
    _REGISTRY.pop(module_name, None)


def _caller_module(depth: int = 2) -> str:
    import sys
    return sys._getframe(depth).f_globals.get("__name__", "__main__")


def item(id: str, *, kind: str, title: str, statement: str = "", source: str = "",
         uses: Sequence = (), proof_uses: Sequence = (), assumes: Sequence = (),
         expected: str = "holds", cited_kind: str = "", avoids: Sequence = (),
         module: Optional[str] = None, exports: Optional[dict] = None, scope: str = "",
         formulas: Optional[dict] = None):
    """Decorator: declare an item whose verifier is the decorated function ``f(check)``.

    The verifier receives a :class:`checker.kernel.checks.Checks` collector and records its
    checks on it; the kernel derives the verdict from those checks.  ``scope`` states where the
    checks establish the statement when that is narrower than the statement (``"n <= 3"``).
    """
    module = module or _caller_module()

    def decorate(verifier: Callable) -> Callable:
        register(Item(id=id, kind=kind, title=title, statement=statement, source=source,
                      uses=tuple(uses), proof_uses=tuple(proof_uses), assumes=tuple(assumes),
                      expected=expected, verifier=verifier, module=module, cited_kind=cited_kind,
                      avoids=tuple(avoids), exports=dict(exports or {}), scope=scope, formulas=dict(formulas or {})))
        return verifier

    return decorate


def _kind_decorator(kind: str):
    def decorator(id: str, **kwargs):
        return item(id, kind=kind, module=kwargs.pop("module", None) or _caller_module(), **kwargs)
    decorator.__name__ = kind
    decorator.__doc__ = f"Decorator: declare a {kind} item (see :func:`item`)."
    return decorator


definition = _kind_decorator("definition")
lemma = _kind_decorator("lemma")
theorem = _kind_decorator("theorem")
corollary = _kind_decorator("corollary")
counterexample = _kind_decorator("counterexample")
example = _kind_decorator("example")
remark = _kind_decorator("remark")
cited = _kind_decorator("cited")


def stated(id: str, *, kind: str, title: str, statement: str = "", source: str = "",
           uses: Sequence = (), assumes: Sequence = (), cited_kind: str = "",
           exports: Optional[dict] = None, formulas: Optional[dict] = None) -> Item:
    """Declare a text-only item (terminology, scope, physical adoption): verdict ``stated``."""
    if kind not in TEXT_KINDS:
        raise ValueError(f"item {id!r}: only {TEXT_KINDS} may be text only; a {kind} needs a verifier")
    return register(Item(id=id, kind=kind, title=title, statement=statement, source=source,
                         uses=tuple(uses), assumes=tuple(assumes), module=_caller_module(),
                         cited_kind=cited_kind, exports=dict(exports or {}), formulas=dict(formulas or {})))


def postulate(id: str, *, title: str, statement: str = "", source: str = "",
              uses: Sequence = (), predicate=None) -> Assumption:
    """Declare an adopted postulate: one item and one assumption object with the same id.

    Returns the :class:`Assumption`, which other items list in ``assumes``.
    """
    assumption = postulate_assumption(id, title, predicate=predicate, source=source)
    register(Item(id=id, kind="postulate", title=title, statement=statement, source=source,
                  uses=tuple(uses), module=_caller_module(), assumption=assumption))
    return assumption
