"""Where a cold run's CPU goes, per item: claim searches, supporting checks (cross-checks), the rest.

Run from the root of a checkout:
    python benchmarks/cost_breakdown.py [--profile quick|default|thorough] [--top N] [ID_SUBSTRING ...]
Each item runs in its own forked process after the runner's preload, as ``verify`` runs it (seed 0).  For each
item it prints the verifier's CPU seconds split into: randomized claim searches (``check.property`` outside a
``check.supporting()`` block), of which the time inside the searched test itself; supporting blocks
(cross-checks, which never decide a verdict), of which the time in their randomized searches and, of that, inside
the searched test; and the rest (symbolic checks, proofs, toolkit calls).  A search's time outside its test is hypothesis' engine and the
strategy's draws.  Not a test: figures are read off, never asserted (CPU time moves with the machine's load).
"""
import contextlib
import os
import sys
import time

sys.path.insert(0, os.getcwd())

FIELDS = ("cpu", "claim_search", "claim_test", "supporting", "supporting_search", "supporting_test")


def _measure(item, profile):
    """The split of one verifier run (in the calling process): a dict of FIELDS."""
    from checker.kernel import checks as checks_module
    from checker.execution import runner
    spent = dict.fromkeys(FIELDS, 0.0)
    original_property, original_supporting = checks_module.Checks.property, checks_module.Checks.supporting

    def timed_property(self, name, strategy, test, **options):
        supporting = self._claim is False

        def timed_test(instance):
            start = time.process_time()
            try:
                return test(instance)
            finally:
                spent["supporting_test" if supporting else "claim_test"] += time.process_time() - start

        start = time.process_time()
        try:
            return original_property(self, name, strategy, timed_test, **options)
        finally:
            spent["supporting_search" if supporting else "claim_search"] += time.process_time() - start

    @contextlib.contextmanager
    def timed_supporting(self):
        start = time.process_time()
        with original_supporting(self):
            yield self
        spent["supporting"] += time.process_time() - start

    checks_module.Checks.property, checks_module.Checks.supporting = timed_property, timed_supporting
    start = time.process_time()
    runner.run_in_process(item, 0, profile)
    spent["cpu"] = time.process_time() - start
    return spent


def breakdown(profile, wanted):
    from measure import each_item_in_a_fork
    return dict(each_item_in_a_fork(wanted, lambda item: _measure(item, profile)))


def report(result, top):
    header = (f"{'cpu':>7} {'claim search':>13} {'(in test)':>10} {'supporting':>11} {'(searches)':>11} "
              f"{'(in test)':>10} {'rest':>7}  item")
    print(header)

    def line(values, label):
        rest = values["cpu"] - values["claim_search"] - values["supporting"]
        print(f"{values['cpu']:7.2f} {values['claim_search']:13.2f} {values['claim_test']:10.2f} "
              f"{values['supporting']:11.2f} {values['supporting_search']:11.2f} {values['supporting_test']:10.2f} "
              f"{rest:7.2f}  {label}")

    for item_id, values in sorted(result.items(), key=lambda kv: -kv[1]["cpu"])[:top]:
        line(values, item_id)
    total = {f: sum(v[f] for v in result.values()) for f in FIELDS}
    line(total, f"total ({len(result)} items)")
    if total["cpu"]:
        searches = total["claim_search"] + total["supporting_search"]
        print(f"supporting checks {total['supporting'] / total['cpu']:.0%} of the CPU; randomized searches "
              f"{searches / total['cpu']:.0%}; claim searches outside their test (engine and draws) "
              f"{(total['claim_search'] - total['claim_test']) / total['cpu']:.0%}, supporting searches outside their test "
              f"{(total['supporting_search'] - total['supporting_test']) / total['cpu']:.0%}")


def main():
    args = sys.argv[1:]
    profile, top = "default", 25
    if "--profile" in args:
        at = args.index("--profile")
        profile = args[at + 1]
        del args[at:at + 2]
    if "--top" in args:
        at = args.index("--top")
        top = int(args[at + 1])
        del args[at:at + 2]
    if any(a.startswith("-") for a in args) or profile not in ("quick", "default", "thorough"):
        sys.exit(__doc__)
    report(breakdown(profile, args), top)


if __name__ == "__main__":
    main()
