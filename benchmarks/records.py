"""Speed work's invariant: every verifier's records, and a machine-independent cost (Python calls), per item.

Run from the root of a checkout:

    python benchmarks/records.py OUT.json [ID_SUBSTRING ...]     # records and calls of this checkout
    python benchmarks/records.py --compare BEFORE.json AFTER.json  # identical records? calls before -> after

Each item runs in its own forked process after the runner's preload, as ``verify`` runs it (seed 0, default
profile), under cProfile, whose call count does not depend on the machine's load (CPU time does, by 10-20%).
A change meant only to make verification faster must leave every record (checks, evidence, residuals,
witnesses, counts) identical.  Not a test: figures are read off, never asserted.
"""
import cProfile
import json
import os
import pstats
import sys
import time

sys.path.insert(0, os.getcwd())


def record(out, wanted):
    from checker.execution import runner
    from measure import each_item_in_a_fork

    def measured(item):
        profile = cProfile.Profile()
        start = time.process_time()
        profile.enable()
        records = runner.run_in_process(item, 0, "default")
        profile.disable()
        return (time.process_time() - start, pstats.Stats(profile).total_calls,
                json.loads(json.dumps(records, default=str)))

    result = {}
    for item_id, (cpu, calls, records) in each_item_in_a_fork(wanted, measured):
        result[item_id] = {"cpu": cpu, "calls": calls, "records": records}
        print(f"{calls:10d} {cpu:7.2f}  {item_id}", flush=True)
    print(f"{sum(v['calls'] for v in result.values()):10d} {sum(v['cpu'] for v in result.values()):7.2f}  total")
    with open(out, "w") as sink:
        json.dump(result, sink, indent=1, sort_keys=True)


def compare(before_path, after_path):
    with open(before_path) as a, open(after_path) as b:
        before, after = json.load(a), json.load(b)
    different = [i for i in sorted(set(before) | set(after))
                 if before.get(i, {}).get("records") != after.get(i, {}).get("records")]
    for item_id in different:
        print("different records:", item_id)
    common = [i for i in before if i in after]
    calls_before = sum(before[i]["calls"] for i in common)
    calls_after = sum(after[i]["calls"] for i in common)
    print(f"calls {calls_before} -> {calls_after} ({(calls_after - calls_before) / calls_before:+.1%}); "
          + ("records identical" if not different else f"{len(different)} items' records differ"))
    return 1 if different else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    record(sys.argv[1], sys.argv[2:])


if __name__ == "__main__":
    main()
