"""What rests on what: dropping assumptions (what-if runs) and declared independence (``avoids``).

* :func:`dropped_items` -- for ``verify --without A``: every item that rests on a dropped
  assumption, with one dependency path from the item down to it (the item cannot be established
  under the remaining assumptions, whatever its own checks say);
* :func:`avoids_violations` -- an item may declare that it must *not* rest on an assumption or item
  (Metamath's ``avoids``); a declaration is broken when the dependency graph has a path to it.
"""
from __future__ import annotations


def dropped_items(corpus, without) -> dict:
    """Item id -> dependency path (ids) to the first dropped assumption it rests on, for each such item."""
    out: dict = {}
    for dropped in sorted(set(without)):
        if dropped not in corpus.graph:
            continue  # nothing rests on an assumption no item declares
        for item_id in [dropped] * (dropped in corpus.items) + corpus.dependents(dropped):
            if item_id in out:
                continue
            out[item_id] = corpus.why(item_id, dropped) or [item_id]
    return out


def avoids_violations(corpus) -> list:
    """``{"item", "avoids", "path"}`` for every broken ``avoids`` declaration, sorted by item."""
    return [{k: row[k] for k in ("item", "avoids", "path")} for row in avoids_results(corpus) if row["outcome"] == "broken"]


def avoids_results(corpus) -> list:
    """Every ``avoids`` declaration with its outcome (``kept`` or ``broken`` and the breaking path)."""
    rows = []
    for item_id in sorted(corpus.items):
        for avoided in corpus.items[item_id].avoids:
            path = corpus.why(item_id, avoided)
            rows.append({"item": item_id, "avoids": avoided, "outcome": "broken" if path else "kept",
                         **({"path": path} if path else {})})
    return rows


def path_text(corpus, path) -> str:
    """``a --use--> b --use--> c`` for a dependency path."""
    if len(path) < 2:
        return path[0] if path else ""
    hops = [path[0]]
    for a, b in zip(path, path[1:]):
        hops.append(f"--{corpus.graph.edges[a, b]['use']}--> {b}")
    return " ".join(hops)
