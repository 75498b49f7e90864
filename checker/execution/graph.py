"""The dependency graph of items and assumptions (networkx).

Nodes are item ids and assumption ids (a postulate item and its assumption share one
node).  An edge ``a -> b`` says that ``a`` relies on ``b``; its ``use`` attribute is
``statement``, ``proof`` or ``assumes``.  Loading fails, naming the offending ids, on a
duplicate id, a use of an unknown id, or a cycle (the whole cycle is named).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from .errors import LoadError


@dataclass
class Corpus:
    """Items, assumptions and their dependency graph."""

    items: dict
    assumptions: dict
    graph: nx.DiGraph
    #: how the items were loaded (:class:`checker.execution.loader.LoadSpec`; None when built directly)
    load_spec: Any = None

    def order(self) -> list:
        """Item ids in dependency order (what an item uses comes first), ties broken by id."""
        sub = self.graph.subgraph(self.items).reverse(copy=True)
        return list(nx.lexicographical_topological_sort(sub))

    def node_kind(self, node: str) -> str:
        data = self.graph.nodes[node]
        return data["kind"]

    def trusted_results(self) -> list:
        """Items taken on trust: the cited results (kind ``cited``), whether or not something was exercised on them."""
        return sorted(i for i, it in self.items.items() if it.kind == "cited")

    def used_graph(self, not_needed=None):
        """The graph without the edges item -> assumption that the item's own analysis showed not needed
        (``not_needed``: item id -> assumption ids)."""
        if not not_needed:
            return self.graph
        drop = [(i, a) for i, ids in not_needed.items() for a in ids if self.graph.has_edge(i, a)]
        g = self.graph.copy()
        g.remove_edges_from(drop)
        return g

    def rests_on(self, node: str, not_needed=None, used_graph=None) -> dict:
        """What ``node`` rests on, transitively (Metamath's axioms list, Lean's ``#print axioms``): postulates,
        hypotheses, definitions and trusted results (cited items).  With ``not_needed`` (item id -> assumption
        ids the item's analysis showed not needed) those edges are not followed, and the assumptions reached
        only through them are listed under ``not needed``.  ``used_graph``: ``self.used_graph(not_needed)`` when the
        caller already has it (a report asks for every item with the same ``not_needed``)."""
        out = {"postulates": [], "hypotheses": [], "definitions": [], "trusted results": [], "not needed": []}
        used = nx.descendants(used_graph if used_graph is not None else self.used_graph(not_needed), node)
        for dep in sorted(nx.descendants(self.graph, node)):
            data = self.graph.nodes[dep]
            # a postulate is one however it was declared (``postulate(...)``, or ``stated(kind="postulate")``, which
            # makes no assumption object) and however it is reached (assumes, uses, proof uses)
            assumed = _assumed_kind(data)
            if dep not in used:
                if assumed:
                    out["not needed"].append(dep)
                continue
            if assumed == "postulate":
                out["postulates"].append(dep)
            elif assumed == "hypothesis":
                out["hypotheses"].append(dep)
            elif data["kind"] == "definition":
                out["definitions"].append(dep)
            elif data["kind"] == "cited":
                out["trusted results"].append(dep)
        return out

    def rests_on_every_item(self, not_needed=None) -> dict:
        """Item id -> :meth:`rests_on` of that item, for every item at once: one pass over the graph in dependency
        order, each node's set of the nodes listed (assumptions, definitions, trusted results) below it being the
        union of its uses' sets; linear in nodes + edges times those lists (walking every item's closure was
        quadratic in the items)."""
        used_graph = self.used_graph(not_needed)
        listed = {n for n, data in self.graph.nodes(data=True)
                  if _assumed_kind(data) or data["kind"] in ("definition", "cited")}
        order = list(reversed(list(nx.topological_sort(self.graph))))
        below_all, below_used = _listed_below(self.graph, order, listed), _listed_below(used_graph, order, listed)
        out = {}
        for node in self.items:
            result = {"postulates": [], "hypotheses": [], "definitions": [], "trusted results": [], "not needed": []}
            used = below_used[node]
            for dep in sorted(below_all[node]):
                data = self.graph.nodes[dep]
                assumed = _assumed_kind(data)  # as in rests_on: a stated postulate is a postulate
                if dep not in used:
                    if assumed:
                        result["not needed"].append(dep)
                    continue
                if assumed == "postulate":
                    result["postulates"].append(dep)
                elif assumed == "hypothesis":
                    result["hypotheses"].append(dep)
                elif data["kind"] == "definition":
                    result["definitions"].append(dep)
                elif data["kind"] == "cited":
                    result["trusted results"].append(dep)
            out[node] = result
        return out

    def dependents(self, node: str) -> list:
        """Every item that rests on ``node``, sorted."""
        return sorted(n for n in nx.ancestors(self.graph, node) if n in self.items)

    def why(self, node: str, dep: str):
        """A shortest dependency path from ``node`` to ``dep`` (list of ids), or None."""
        if node not in self.graph or dep not in self.graph:
            return None
        try:
            return nx.shortest_path(self.graph, node, dep)
        except nx.NetworkXNoPath:
            return None

    def all_ids(self) -> list:
        return sorted(self.graph.nodes)


_NOTHING = frozenset()


def _listed_below(graph, order, listed) -> dict:
    """Node -> the nodes of ``listed`` reachable from it in ``graph`` (``order``: what a node uses first)."""
    below: dict = {}
    for node in order:
        found: set = set()
        for dep in graph.successors(node):
            found |= below[dep]
            if dep in listed:
                found.add(dep)
        below[node] = frozenset(found) if found else _NOTHING
    return below


def build(items: list, extra_assumptions=()) -> Corpus:
    """Build the graph; raises :class:`LoadError` on duplicates, unknown uses or cycles."""
    by_id: dict = {}
    duplicates = []
    for it in items:
        if it.id in by_id:
            first, second = by_id[it.id], it
            duplicates.append(f"{it.id} (declared at {first.origin or first.module} and at {second.origin or second.module})")
        by_id[it.id] = it
    if duplicates:
        raise LoadError("duplicate item id: " + ", ".join(duplicates))
    from ..kernel.items import bind_uses
    bind_uses(by_id)

    assumptions: dict = {}
    for a in list(extra_assumptions) + [a for it in items for a in it.assumes] + \
            [it.assumption for it in items if it.assumption is not None]:
        known = assumptions.get(a.id)
        if known is not None and known is not a and (known.kind, known.description) != (a.kind, a.description):
            raise LoadError(f"duplicate assumption id: {a.id} declared twice with different content")
        if a.id in by_id and by_id[a.id].assumption is None:
            raise LoadError(f"duplicate id: {a.id} is both an item and an assumption")
        assumptions[a.id] = a

    g = nx.DiGraph()
    for a in assumptions.values():
        g.add_node(a.id, type="assumption", kind=a.kind, assumption_kind=a.kind, title=a.description)
    for it in items:
        attrs = dict(type="item", kind=it.kind, title=it.title, expected=it.expected)
        if it.assumption is not None:
            attrs["assumption_kind"] = it.assumption.kind
        g.add_node(it.id, **attrs)
    unknown = []
    for it in items:
        for use, refs in (("statement", it.uses), ("proof", it.proof_uses)):
            for ref in refs:
                if ref not in g:
                    unknown.append(f"{it.id} uses unknown id {ref}")
                elif not g.has_edge(it.id, ref):
                    g.add_edge(it.id, ref, use=use)
        for a in it.assumes:
            if not g.has_edge(it.id, a.id):
                g.add_edge(it.id, a.id, use="assumes")
        for ref in it.avoids:
            if ref not in g:
                unknown.append(f"{it.id} avoids unknown id {ref}")
    if unknown:
        raise LoadError("; ".join(unknown))
    try:
        cycle = nx.find_cycle(g)
    except nx.NetworkXNoCycle:
        cycle = None
    if cycle:
        path = [u for u, _ in cycle] + [cycle[0][0]]
        raise LoadError("dependency cycle: " + " -> ".join(path))
    return Corpus(by_id, assumptions, g)


def _assumed_kind(data) -> str:
    """A node's kind of assumption: its assumption object's, or "postulate" for an item of kind postulate however it
    was declared (``stated(kind="postulate")`` makes no assumption object); '' for anything else."""
    return data.get("assumption_kind") or ("postulate" if data.get("kind") == "postulate" else "") or ""
