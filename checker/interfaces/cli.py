"""The command line: ``python -m checker COMMAND``.

Exit codes: 0 every item as expected; 1 some item not as expected; 2 usage error,
unknown id, or items that cannot be loaded (duplicate id, unknown use, cycle, broken
module).  Nothing heavy is imported before a command needs it, so ``--help`` is fast
and does not import sympy.
"""
from __future__ import annotations

import argparse
import difflib
import json
import sys

from ..execution.errors import UsageError
from ..execution.interrupts import Terminated, run_ending_signals_raise

EXIT_OK, EXIT_NOT_AS_EXPECTED, EXIT_USAGE = 0, 1, 2


class _OneLineErrors(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what was wrong, and where the help is), exit code 2."""

    def error(self, message):
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--module", action="append", default=[], metavar="NAME",
                        help="also load items from this importable module (repeatable)")
    common.add_argument("--path", action="append", default=[], metavar="FILE",
                        help="also load items from this Python file (repeatable)")
    common.add_argument("--no-corpus", action="store_true",
                        help="load only the --module/--path items, not the built-in corpus")
    run = argparse.ArgumentParser(add_help=False)
    run.add_argument("--seed", type=int, default=0, help="seed of every randomized check (default 0)")
    run.add_argument("--profile", choices=("quick", "default", "thorough"), default="default",
                     help="instance counts of randomized checks")
    run.add_argument("--timeout", type=float, default=60.0, help="time limit per verifier in seconds (default 60)")
    run.add_argument("--jobs", type=int, default=None, help="verifiers run at once (default: the cores this process may use)")
    run.add_argument("--without", action="append", default=[], metavar="ASSUMPTION",
                     help="drop this postulate, hypothesis or trusted (cited) result (repeatable): what rests on it "
                          "is not established, unless its own analysis showed it not needed")
    run.add_argument("--executor", choices=("local", "dask"), default="local",
                     help="where verifiers run: forked processes here (default) or a Dask distributed cluster")
    run.add_argument("--scheduler", metavar="ADDRESS", default=None,
                     help="with --executor dask: the scheduler to use (default: start a LocalCluster, one worker per core)")
    run.add_argument("--traceback", action="store_true",
                     help="a verifier that raises shows its whole stack, not only the line of your code")
    run.add_argument("--no-cache", action="store_true",
                     help="neither reuse nor store results (the cache is .checker/ in the working directory)")
    run.add_argument("--retry-errors", action="store_true",
                     help="run again the verifiers whose stored result is an error (a verifier that raised is stored "
                          "like any result; one that hung is never stored and runs every time)")
    run.add_argument("--cache-dir", metavar="DIR", default=None,
                     help="folder of the results cache (default .checker, or $CHECKER_CACHE_DIR)")

    p = _OneLineErrors(prog="python -m checker",
                                description="Verify executable mathematical items and report on their dependency graph.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    v = sub.add_parser("verify", parents=[common, run], help="run verifiers: 'all' or item ids")
    v.add_argument("ids", nargs="*", metavar="all|ID")
    v.add_argument("--json", metavar="PATH", help="write the JSON report here")
    v.add_argument("--no-recheck", action="store_true",
                   help="skip the independent re-check of the claim checks (checker.recheck; on by default)")
    v.add_argument("--rerun-failed", action="store_true",
                   help="run the items that were not as expected in the last verify (pytest's --lf)")
    v.add_argument("--replay", metavar="TOKEN", default=None,
                   help="re-run one failing item exactly: its verifier alone, with the seed, profile and time limit of "
                        "the token it printed, and check that it gives the same outcome (the same witness)")
    rc = sub.add_parser("recheck", help="re-check a JSON report's claim checks with the independent re-checker")
    rc.add_argument("--results", metavar="FILE", default="reports/verification.json",
                    help="the report to re-check (verify --json, or reports/verification.json)")
    rc.add_argument("--seed", type=int, default=0, help="seed of the re-checker's random points (default 0)")
    sub.add_parser("list", parents=[common], help="list items (id, kind, expected, title)")
    s = sub.add_parser("show", parents=[common, run], help="statement, assumptions, uses, proof steps and evidence of one item")
    s.add_argument("id")
    s.add_argument("--rerun", action="store_true", help="run the verifier even when a valid cached result exists")
    c = sub.add_parser("cache", help="the results cache: 'info' (where, how many results) or 'clear'")
    c.add_argument("action", choices=("info", "clear"))
    c.add_argument("--cache-dir", metavar="DIR", default=None, help="folder of the results cache (default .checker)")
    a = sub.add_parser("assumptions", parents=[common, run],
                       help="the postulates, hypotheses, definitions and trusted results an item rests on")
    a.add_argument("id")
    d = sub.add_parser("dependents", parents=[common], help="what rests on an item or assumption")
    d.add_argument("id")
    w = sub.add_parser("why", parents=[common], help="a dependency path from ID to DEP")
    w.add_argument("id")
    w.add_argument("dep")
    g = sub.add_parser("graph", parents=[common, run],
                       help="print the dependency graph: a drawing (dot, svg) coloured by verdict, or data (graphml, json)")
    g.add_argument("--format", choices=("dot", "svg", "graphml", "json"), default="dot")
    g.add_argument("--results", metavar="FILE", default=None,
                   help="dot/svg: take the verdicts from this report (verification.json, or verify --json) instead of "
                        "the results cache")
    g.add_argument("--verify", action="store_true",
                   help="dot/svg: run the verifiers (through the results cache) for the verdicts; by default they are "
                        "the results the cache holds, and an item without one is drawn 'not run'")
    g.add_argument("--no-verdicts", action="store_true", help="dot/svg: draw the graph alone, with no verdicts")
    g.add_argument("--hypotheses", action="store_true",
                   help="dot/svg: draw the hypotheses as their own nodes (by default folded into the items that assume them)")
    r = sub.add_parser("report", parents=[common, run],
                       help="verify all and write the reports: index.html, items/, verification.json/.md, graph.svg, "
                            "graph.graphml, junit.xml")
    r.add_argument("--out", default=None, metavar="DIR",
                   help="folder of the reports (default reports, for the corpus alone; required with --path/--module)")
    return p


def _given_options(args) -> set:
    """The destinations of the options written on this command line (not left at their defaults)."""
    import argparse
    parser = _parser()

    def leave_out_defaults(p):
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    leave_out_defaults(sub)
            else:
                action.default = argparse.SUPPRESS
    leave_out_defaults(parser)
    return set(vars(parser.parse_args(args.argv)))


def main(argv=None) -> int:
    try:
        with run_ending_signals_raise():
            args = _parser().parse_args(argv)
            args.argv = list(sys.argv[1:] if argv is None else argv)
            _validate(args)
            return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"checker: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("checker: interrupted; every verifier process was stopped", file=sys.stderr)
        return 130
    except Terminated:
        print("checker: terminated; every verifier process was stopped", file=sys.stderr)
        return 143
    except BrokenPipeError:  # `graph | head`: the reader left; say nothing more
        import os
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    finally:
        _close_caches()


def _validate(args) -> None:
    """Options that cannot work are usage errors before anything runs (one line, exit 2)."""
    import math
    import os
    timeout = getattr(args, "timeout", None)
    if timeout is not None and not (math.isfinite(timeout) and timeout > 0):
        raise UsageError(f"--timeout must be a positive number of seconds, not {timeout:g}")
    if getattr(args, "scheduler", None) and getattr(args, "executor", "local") != "dask":
        raise UsageError("--scheduler needs --executor dask")
    jobs = getattr(args, "jobs", None)
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if getattr(args, "no_corpus", False) and not args.path and not args.module:
        raise UsageError("--no-corpus loads only your items: give --path FILE or --module NAME")
    if args.command == "report" and args.out is None and (args.path or args.module):
        raise UsageError("report with --path/--module needs --out DIR (reports/ holds the corpus's own reports)")
    if args.command == "graph" and sum(map(bool, (args.results, args.no_verdicts, args.verify))) > 1:
        raise UsageError("--results, --verify and --no-verdicts exclude each other")
    if args.command == "graph" and args.without and not args.verify:
        raise UsageError("graph --without needs --verify (what-if verdicts are computed, never stored)")
    for option, path, is_dir in (("--json", getattr(args, "json", None), False),
                                 ("--out", getattr(args, "out", None), True)):
        if not path:
            continue
        target = os.path.abspath(path)
        parent = target if is_dir and os.path.isdir(target) else os.path.dirname(target)
        while parent and not os.path.exists(parent):
            parent = os.path.dirname(parent)
        if is_dir and os.path.exists(target) and not os.path.isdir(target):
            raise UsageError(f"{option} {path}: is a file, not a folder")
        if (not is_dir and os.path.isdir(target)) or not _can_create_in(parent) or \
                (os.path.exists(target) and not os.access(target, os.W_OK)):
            raise UsageError(f"{option} {path}: cannot write there")
    cache_dir = getattr(args, "cache_dir", None)
    if cache_dir and os.path.exists(cache_dir) and not os.path.isdir(cache_dir):
        raise UsageError(f"--cache-dir {cache_dir}: is a file, not a folder")


def _can_create_in(directory: str) -> bool:
    """Whether a file can really be created in ``directory`` (a probe: permissions can lie, e.g. for root)."""
    import os
    import tempfile
    try:
        fd, probe = tempfile.mkstemp(prefix=".checker-probe-", dir=directory)
    except OSError:
        return False
    os.close(fd)
    os.unlink(probe)
    return True


def _load(args):
    from ..execution.graph import LoadError
    from ..execution.loader import load
    try:
        return load(modules=args.module, paths=args.path, corpus=not args.no_corpus)
    except LoadError as exc:
        raise UsageError(f"cannot load items: {exc}") from None


def _known(corpus, node_id: str, items_only: bool = False) -> str:
    pool = list(corpus.items) if items_only else corpus.all_ids()
    if node_id in pool:
        return node_id
    close = difflib.get_close_matches(node_id, pool, n=3, cutoff=0.5)
    hint = f"; closest: {', '.join(close)}" if close else ""
    raise UsageError(f"unknown id {node_id!r}{hint}")


TIMINGS = "reports/timings.json"


def _check_without(corpus, args) -> None:
    """``--without`` takes assumptions (postulates, hypotheses) and trusted results (cited items)."""
    for a in args.without:
        _known(corpus, a)
        if a not in corpus.assumptions and a not in corpus.trusted_results():
            raise UsageError(f"--without {a}: not an assumption (a postulate or hypothesis) or a trusted result "
                             f"(a cited item); it is a {corpus.graph.nodes[a]['kind']}")


#: the results caches the running command opened: closed when it ends (:func:`main`)
_OPENED_CACHES: list = []


def _open_cache(args, *, writable=True):
    """The results cache of ``--cache-dir`` (``None`` with ``--no-cache``), closed when the command ends: closing
    checkpoints SQLite's write-ahead log into the database file (``python -m checker`` ends without the interpreter's
    teardown, which used to close it)."""
    from ..execution.cache import ResultsCache, cache_dir
    if getattr(args, "no_cache", False):
        return None
    cache = ResultsCache(cache_dir(getattr(args, "cache_dir", None)), writable=writable)
    _OPENED_CACHES.append(cache)
    return cache


def _close_caches() -> None:
    while _OPENED_CACHES:
        _OPENED_CACHES.pop().close()


def _run(corpus, ids, args, progress=True, cache=None, reuse=True):
    """Verify ``ids`` and what they rest on (:func:`checker.interfaces.api.verify`, the plugin's and the API's path too)."""
    from .api import closure, verify
    from ..execution.pool import RECHECK
    RECHECK.update(enabled=not getattr(args, "no_recheck", False), seed=args.seed)
    from ..execution.runner import stderr_progress, timing_hints
    _check_without(corpus, args)
    callback = stderr_progress(corpus, len(closure(corpus, ids))) if progress else None
    results = verify(corpus, ids, seed=args.seed, profile=args.profile, timeout=args.timeout, jobs=args.jobs,
                     cache=cache, rerun=set(ids) if not reuse else (), without=args.without, progress=callback,
                     hints=timing_hints(TIMINGS), full_traceback=args.traceback, executor=args.executor,
                     scheduler=args.scheduler, retry_errors=args.retry_errors)
    return results, results.seconds


def _replay(args) -> int:
    """``verify [ID] --replay TOKEN``: the token's item's verifier alone, as the token fixes it (seed, profile, time
    limit), no cache; a malformed token, one for another item, or a stale one (its code changed) is a usage error."""
    from ..execution.replay import describe_outcome, read_token, replay_item, stale_reason
    try:
        data = read_token(args.replay)
    except ValueError as exc:
        raise UsageError(f"--replay: {exc}") from None
    if args.rerun_failed or args.without or "all" in args.ids:
        raise UsageError("--replay runs one item's verifier alone: no 'all', --rerun-failed or --without")
    if args.ids and args.ids != [data["id"]]:
        raise UsageError(f"--replay: the token replays {data['id']}, not {' '.join(args.ids)}")
    given = _given_options(args)
    for option in ("seed", "profile", "timeout"):
        if option in given and getattr(args, option) != data[option]:
            raise UsageError(f"--replay: the token fixes --{option} {data[option]:g}" if option == "timeout" else
                             f"--replay: the token fixes --{option} {data[option]}; leave --{option} out")
    corpus = _load(args)
    why = stale_reason(corpus, data)
    if why:
        raise UsageError(f"stale replay token: {why}")
    if data["code"] is None:
        print(f"checker: {data['id']}'s code cannot be digested faithfully: the token is not checked against it",
              file=sys.stderr)
    from ..execution.pool import RECHECK
    from .api import run_flags
    RECHECK.update(enabled=True, seed=data["seed"])
    print(f"checker: replaying {data['id']} (seed {data['seed']}, profile {data['profile']}, time limit "
          f"{data['timeout']:g} s): its verifier alone, no cache", file=sys.stderr)
    res, differences = replay_item(corpus, data, load_flags=run_flags(corpus.load_spec, data["timeout"]))
    if not res.as_expected:
        from ..reporting.explain import failure_text
        print(failure_text(corpus.items[data["id"]], res))
    if differences:
        print("replay: NOT reproduced: the same code gave another outcome")
        for line in differences:
            print(f"  {line}")
    else:
        print(f"replay: reproduced: {describe_outcome(data['outcome'])}")
    return EXIT_OK if res.as_expected else EXIT_NOT_AS_EXPECTED


def cmd_verify(args) -> int:
    if args.replay is not None:
        return _replay(args)
    if "all" in args.ids and len(args.ids) > 1:
        raise UsageError("'all' cannot be combined with ids")
    if not args.ids and not args.rerun_failed:
        raise UsageError("verify needs 'all', item ids, or --rerun-failed")
    cache = _open_cache(args)
    if cache is not None and not args.rerun_failed and not args.retry_errors:
        from ..execution.replay import try_replay
        replay = try_replay(cache, "verify", args)
        if replay is not None:
            if args.json:
                from ..reporting.report import write_atomically
                write_atomically(args.json, replay["report"])
            print(f"checker: nothing changed since the same verify ran: its {replay['items']} results are replayed "
                  f"from {cache.path} (--no-cache runs them again)", file=sys.stderr)
            sys.stdout.write(replay["stdout"])
            _set_last_statuses(cache, args, json.loads(replay["report"]))  # a replayed verify is "the last verify" too
            return replay["exit"]
    failed = []
    if args.rerun_failed and cache is not None:
        from ..execution.replay import rerun_failed_plan
        try:
            failed, note = rerun_failed_plan(cache, args, _given_options(args))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if failed and note:
            print(f"checker: rerunning the {len(failed)} item(s) not as expected {note}", file=sys.stderr)
    corpus = _load(args)
    if args.rerun_failed:
        failed = [i for i in failed if i in corpus.items]
        ids = sorted(set(failed) | {_known(corpus, i, items_only=True) for i in args.ids if i != "all"})
        if not ids:
            print("checker: no item was not as expected in the last verify; nothing to rerun", file=sys.stderr)
            return EXIT_OK
        args.ids = ids
    else:
        ids = list(corpus.items) if args.ids == ["all"] else [_known(corpus, i, items_only=True) for i in args.ids]
    results, seconds = _run(corpus, ids, args, cache=cache, reuse=not args.rerun_failed)
    from ..reporting.report import build_report, to_json, write_atomically
    report = build_report(corpus, results, seed=args.seed, profile=args.profile, without=args.without)
    report_json = to_json(report)
    if args.json:
        write_atomically(args.json, report_json)
    import contextlib
    import io
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        _print_summary(report, seconds, corpus)
        for item_id, res in sorted(results.items()):
            if res.not_cacheable:
                print(f"not cacheable: {item_id}: {res.not_cacheable}")
        if not args.no_recheck:
            from ..recheck import coverage, coverage_text
            print(coverage_text(coverage(report["items"])))
    sys.stdout.write(text.getvalue())
    code = EXIT_OK if report["summary"]["not_as_expected"] == 0 else EXIT_NOT_AS_EXPECTED
    if cache is not None:
        _set_last_statuses(cache, args, report)
        settled = all(r.cached or r.verdict in ("proved", "confirmed", "defined", "stated", "refuted", "not established")
                      for r in results.values())
        if settled and not args.rerun_failed:
            from ..execution.replay import record
            record(cache, "verify", args, stdout=text.getvalue(), report_json=report_json, exit_code=code,
                   items=len(results))
    return code


def _set_last_statuses(cache, args, report) -> None:
    """Each item's status in this verify (run or replayed), kept under the options that decide statuses
    (:func:`checker.execution.replay.status_scope`) for ``--rerun-failed``."""
    from ..execution.replay import status_scope
    try:
        statuses = {r["id"]: r["status"] for r in report["items"]}
    except (KeyError, TypeError):
        return
    cache.set_last_status(statuses, status_scope(args))


def _print_summary(report, seconds, corpus) -> None:
    from ..execution.ablation import path_text
    from ..kernel.evidence import as_expected
    from ..execution.headline import headline_lines
    s = report["summary"]
    counts = ", ".join(f"{n} {v}" for v, n in s["verdicts"].items())
    if s.get("headline"):
        for line in headline_lines(s["headline"]):
            print(line)
    print(f"{s['items']} items in {seconds:.2f} s (seed {s['seed']}, profile {s['profile']}): {counts}")
    print(f"unsupported: {s['unsupported']}; not as expected: {s['not_as_expected']}")
    if s.get("cross_checks_not_run"):
        print(f"profile {s['profile']}: {s['cross_checks_not_run']} randomized cross-checks not run (supporting "
              "checks, which never decide a verdict; --profile default runs them)")
    if s.get("sweeps_cut"):
        print(f"profile {s['profile']}: {s['sweeps_cut']} symbolic sweeps run at their smallest size only (those "
              "items' verdicts say so; --profile default runs every size)")
    established: dict = {}
    for r in report["items"]:
        established[r["established"]] = established.get(r["established"], 0) + 1
    print("established: " + ", ".join(f"{n} {v}" for v, n in sorted(established.items()))
          + f"; trusted results: {len(s.get('trusted_results', []))}")
    if s["without"]:
        print(f"without {', '.join(s['without'])}: {s['not_established_under_assumptions']} items not established "
              "under these assumptions")
        for r in report["items"]:
            if r.get("dropped_path"):
                print(f"  not established: {r['id']}  ({path_text(corpus, r['dropped_path'])})")
    for a in report["avoids"]:
        if a["outcome"] == "broken":
            print(f"AVOIDS BROKEN: {a['item']} must not rest on {a['avoids']}, but {path_text(corpus, a['path'])}")
    for r in report["items"]:
        if r["expected"] == "fails" and r["verdict"] == "refuted":
            print(f"refuted as expected: {r['id']}")
            if r.get("witness"):
                print(f"  witness: {json.dumps(r['witness'], ensure_ascii=False)}")
    for r in report["items"]:
        if not as_expected(r["status"]):
            print(f"NOT AS EXPECTED: {r['id']}: {r['status']}" + (f" ({r['detail']})" if r.get("detail") else ""))
            if r.get("replay"):
                flags = corpus.load_spec.flags() if getattr(corpus, "load_spec", None) is not None else ""
                print(f"  replay exactly: python -m checker verify {r['id']} --replay {r['replay']}"
                      + (f" {flags}" if flags else ""))
            for c in r["checks"]:
                if c["outcome"] not in ("proved", "confirmed"):
                    print(f"  {c['name']}: {c['outcome']}: {c.get('detail', '')}")
                    if c.get("witness"):
                        print(f"    witness: {json.dumps(c['witness'], ensure_ascii=False)}")


def cmd_list(args) -> int:
    corpus = _load(args)
    for i in sorted(corpus.items):
        it = corpus.items[i]
        print(f"{i:<64} {it.kind:<14} {it.expected:<6} {it.title}")
    return EXIT_OK


def _show_assumption(corpus, node: str) -> int:
    a = corpus.assumptions[node]
    direct = sorted(i for i, it in corpus.items.items() if any(x.id == node for x in it.assumes))
    print(f"{a.id}  ({a.kind}; an assumption, taken on trust)")
    print(f"statement: {a.description}")
    if a.source:
        print(f"source: {a.source}")
    print(f"predicate on instances: {'yes' if a.predicate is not None else 'none'}")
    print(f"assumed directly by ({len(direct)}): {', '.join(direct) or '-'}")
    print(f"rested on by {len(corpus.dependents(node))} items (python -m checker dependents {node})")
    return EXIT_OK


def cmd_show(args) -> int:
    corpus = _load(args)
    node = _known(corpus, args.id)
    if node not in corpus.items:
        return _show_assumption(corpus, node)
    item_id = node
    it = corpus.items[item_id]
    results, _ = _run(corpus, [item_id], args, progress=False, cache=_open_cache(args), reuse=not args.rerun)
    res = results[item_id]
    print(f"{it.id}  ({it.kind}{', cited as ' + it.cited_kind if it.cited_kind else ''}; expected {it.expected})")
    print(f"title: {it.title}")
    print(f"source: {it.source}")
    if it.statement:
        print(f"statement: {it.statement}")
    print(f"assumes: {', '.join(a.id for a in it.assumes) or '-'}")
    print(f"uses (statement): {', '.join(it.uses) or '-'}")
    print(f"uses (proof): {', '.join(it.proof_uses) or '-'}")
    when = "the last result, from the cache (--rerun to run it)" if res.cached else "run now"
    if res.not_cacheable:
        when += f"; not cacheable: {res.not_cacheable}"
    print(f"verdict: {corpus.items[item_id].verdict_line(res.verdict, res.checks)}; established: {res.graph_verdict}; "
          f"status: {res.status}; {res.seconds:.2f} s ({when})")
    if res.failure_detail:
        print(f"detail: {res.failure_detail}")
    if res.blocked_by:
        print(f"blocked by: {', '.join(res.blocked_by)}")
    if res.narrower_scopes:
        print(f"rests on results established only in a narrower scope: {', '.join(res.narrower_scopes)}")
    if res.hypotheses:
        from ..kernel.analysis import table_rows
        print("hypotheses:")
        print("\n".join(table_rows(res.hypotheses)))
    from ..execution.ablation import not_needed_map
    rests = corpus.rests_on(item_id, not_needed_map(results))
    print("rests on: " + "; ".join(f"{group}: {', '.join(ids) or '-'}" for group, ids in rests.items()))
    if it.avoids:
        from ..execution.ablation import path_text
        for avoided in it.avoids:
            path = corpus.why(it.id, avoided)
            print(f"avoids {avoided}: " + (f"BROKEN ({path_text(corpus, path)})" if path else "kept"))
    for c in res.checks:
        print(f"- check {c['name']}: {c['outcome']} [{c['method']}]" + (f" scope: {c['scope']}" if c.get("scope") else ""))
        for key in ("detail", "instances", "seed", "max_residual", "error_bound"):
            if c.get(key) not in (None, ""):
                print(f"    {key}: {c[key]}")
        if c.get("witness") is not None:
            print(f"    witness: {json.dumps(c['witness'], ensure_ascii=False)}")
        for st in c.get("steps", []):
            mark = {"checked": "ok", "failed": "FAILED", "unchecked": "UNCHECKED"}[st["status"]]
            print(f"    [{mark:>9}] {st['label']} ({st['rule']}): {st['statement']}" + (f"  -- {st['detail']}" if st.get("detail") else ""))
    return EXIT_OK if res.status == "ok" else EXIT_NOT_AS_EXPECTED


def cmd_assumptions(args) -> int:
    """What an item rests on, as ``show`` says it: the assumptions its own hypothesis analysis, or that of an item
    below it, showed *not needed* are listed apart, from the same results (run through the cache, as ``show``)."""
    corpus = _load(args)
    node = _known(corpus, args.id)
    not_needed = {}
    if node in corpus.items:
        from ..execution.ablation import not_needed_map
        results, _ = _run(corpus, [node], args, progress=False, cache=_open_cache(args))
        not_needed = not_needed_map(results)
    rests = corpus.rests_on(node, not_needed)
    print(f"{node} rests on:")
    for group in ("postulates", "hypotheses", "definitions", "trusted results"):
        print(f"  {group} ({len(rests[group])}):")
        for dep in rests[group]:
            print(f"    {dep}: {corpus.graph.nodes[dep].get('title', '')}")
    if rests["not needed"]:
        print(f"  declared but shown not needed ({len(rests['not needed'])}):")
        for dep in rests["not needed"]:
            print(f"    {dep}: {corpus.graph.nodes[dep].get('title', '')}")
    return EXIT_OK


def cmd_dependents(args) -> int:
    corpus = _load(args)
    node = _known(corpus, args.id)
    from ..execution.ablation import path_text
    deps = corpus.dependents(node)
    print(f"{len(deps)} items rest on {node}:")
    for d in deps:
        print(f"  {d}  ({path_text(corpus, corpus.why(d, node))})")
    return EXIT_OK


def cmd_why(args) -> int:
    corpus = _load(args)
    node, dep = _known(corpus, args.id), _known(corpus, args.dep)
    path = corpus.why(node, dep)
    if path is None:
        print(f"{node} does not rest on {dep}")
        return EXIT_NOT_AS_EXPECTED
    hops = []
    for a, b in zip(path, path[1:]):
        hops.append(f"{a} --{corpus.graph.edges[a, b]['use']}--> {b}")
    print("\n".join(hops) if hops else node)
    return EXIT_OK


def _saved_report(corpus, path: str) -> dict:
    """A report written by ``verify --json`` or ``report`` (its verdicts colour a drawing)."""
    try:
        with open(path, encoding="utf-8") as fh:
            report = json.load(fh)
        ids = {r["id"] for r in report["items"]}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UsageError(f"--results {path}: not a report written by verify --json or report ({exc})") from None
    missing = sorted(set(corpus.items) - ids)
    if missing:
        print(f"checker: --results {path} has no verdict for {len(missing)} item(s) (drawn 'not run'), e.g. {missing[0]}",
              file=sys.stderr)
    return report


def _stored_report(corpus, args) -> dict:
    """Verdicts for a drawing from the results cache alone (:func:`checker.interfaces.api.stored_verification`): runs nothing."""
    from .api import stored_verification
    cache = _open_cache(args, writable=False)  # None with --no-cache
    results = stored_verification(corpus, cache, seed=args.seed, profile=args.profile, timeout=args.timeout)
    missing = len(corpus.items) - len(results)
    if missing:
        print(f"checker: {missing} of {len(corpus.items)} items have no stored result for these options (or rest on "
              f"one that has none): drawn 'not run' (python -m checker verify all, or graph --verify, runs them)",
              file=sys.stderr)
    return {"items": [{"id": i, "verdict": r.verdict, "established": r.graph_verdict} for i, r in results.items()]}


def cmd_graph(args) -> int:
    corpus = _load(args)
    from ..reporting.export import graph_text
    report = None
    if args.format in ("dot", "svg") and not args.no_verdicts:
        if args.results:
            report = _saved_report(corpus, args.results)
        elif args.verify:
            from ..reporting.report import build_report
            results, _ = _run(corpus, list(corpus.items), args, cache=_open_cache(args))
            report = build_report(corpus, results, seed=args.seed, profile=args.profile, without=args.without)
        else:
            report = _stored_report(corpus, args)
    sys.stdout.write(graph_text(corpus, args.format, report, hypotheses=args.hypotheses))
    return EXIT_OK


def cmd_report(args) -> int:
    corpus = _load(args)
    results, seconds = _run(corpus, list(corpus.items), args, cache=_open_cache(args))
    from pathlib import Path
    from ..reporting.report import build_report, timings, to_json
    from ..reporting.publish import write_reports
    report = build_report(corpus, results, seed=args.seed, profile=args.profile, without=args.without)
    out = Path(args.out or "reports")
    extra = {} if args.without else {"timings.json": to_json(timings(results, seconds))}
    written = write_reports(corpus, report, out, extra)
    _print_summary(report, seconds, corpus)
    print("wrote " + ", ".join(str(p) for p in written))
    return EXIT_OK if report["summary"]["not_as_expected"] == 0 else EXIT_NOT_AS_EXPECTED


def cmd_cache(args) -> int:
    cache = _open_cache(args, writable=False)  # `cache info|clear` has no --no-cache
    if args.action == "clear":
        removed = cache.clear()
        print(f"removed {removed} cache file(s) from {cache.directory}")
        return EXIT_OK
    info = cache.info()
    if not info["exists"]:
        print(f"no results cache at {info['path']}")
        return EXIT_OK
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(info.get("verdicts", {}).items())) or "none"
    print(f"results cache: {info['path']} ({info['bytes']} bytes)")
    print(f"item results: {info['results']} ({verdicts}); recorded runs: {info['runs']}")
    failed = info.get("failed_last_run", [])
    print(f"not as expected in the last verify: {len(failed)}" + (f" ({', '.join(failed)})" if failed else ""))
    uncacheable = info.get("uncacheable", [])
    print(f"not cacheable (they run every time): {len(uncacheable)}")
    for item_id, why in uncacheable:
        print(f"  {item_id}: {why}")
    return EXIT_OK


def cmd_recheck(args) -> int:
    """Re-check a JSON report on its own: every claim check with a checkable form, by :mod:`checker.recheck`."""
    from ..recheck import coverage_text, recheck_report
    try:
        with open(args.results, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot read the report {args.results}: {exc}") from None
    if not isinstance(report, dict) or not isinstance(report.get("items"), list):
        raise UsageError(f"{args.results} is not a checker JSON report (no items)")
    numbers = recheck_report(report, seed=args.seed)
    print(coverage_text(numbers))
    return EXIT_OK if numbers["disagrees"] == 0 else EXIT_NOT_AS_EXPECTED


COMMANDS = {"recheck": cmd_recheck, "cache": cmd_cache, "verify": cmd_verify, "list": cmd_list, "show": cmd_show, "assumptions": cmd_assumptions,
            "dependents": cmd_dependents, "why": cmd_why, "graph": cmd_graph, "report": cmd_report}
