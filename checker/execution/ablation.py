"""What rests on what: dropping assumptions (what-if runs) and declared independence (``avoids``).

* :func:`dropped_items` -- for ``verify --without A``: every item that rests on a dropped
  assumption or trusted result, with one dependency path from the item down to it (the item cannot
  be established under the remaining assumptions, whatever its own checks say) -- except through an
  assumption the item's own analysis showed not needed (its claim checks all hold without it);
* :func:`avoids_violations` -- an item may declare that it must *not* rest on an assumption or item
  (Metamath's ``avoids``); a declaration is broken when the dependency graph has a path to it.
"""
from __future__ import annotations


def dropped_items(corpus, without, not_needed=None) -> dict:
    """Item id -> dependency path (ids) to the first dropped assumption or trusted result it rests on.

    ``not_needed`` (item id -> assumption ids, from the items' own hypothesis analysis) removes the edges
    item -> assumption that the item showed not needed: such an item stays established without it.
    """
    graph = corpus.used_graph(not_needed)
    out: dict = {}
    for dropped in sorted(set(without)):
        if dropped not in graph:
            continue  # nothing rests on an assumption no item declares
        next_hop = _towards(graph, dropped)
        resting = sorted(n for n in next_hop if n in corpus.items and n != dropped)
        for item_id in [dropped] * (dropped in corpus.items) + resting:
            if item_id in out:
                continue
            path = [item_id]
            while path[-1] != dropped:
                path.append(next_hop[path[-1]])
            out[item_id] = path
    return out


def _towards(graph, target) -> dict:
    """Node -> the next node on a shortest dependency path from it to ``target`` (``target`` -> None), for every
    node resting on ``target``: one breadth-first walk against the arrows (linear in nodes + edges; a shortest-path
    search per resting item was quadratic).  Of the next nodes that are as close, the first by id."""
    next_hop = {target: None}
    frontier = [target]
    while frontier:
        reached = []
        for node in frontier:  # in id order: a node's next hop is the first by id among the closest
            for user in graph.predecessors(node):
                if user not in next_hop:
                    next_hop[user] = node
                    reached.append(user)
        frontier = sorted(reached)
    return next_hop


def not_needed_map(results) -> dict:
    """Item id -> the assumption ids its hypothesis analysis showed not needed (from run results)."""
    out = {}
    for item_id, res in results.items():
        ids = {h["assumption"] for h in getattr(res, "hypotheses", []) or [] if h.get("status") == "not needed"}
        if ids:
            out[item_id] = ids
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
