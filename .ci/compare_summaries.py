"""Compare two `verify --json` reports: the same items with the same verdicts and the same summary counts."""
import json
import sys

KEYS = ("items", "verdicts", "checked_claims", "unsupported", "not_as_expected", "not_as_expected_ids",
        "expected_failures_refuted", "trusted_results")


def main(a: str, b: str) -> int:
    ra, rb = (json.load(open(p, encoding="utf-8")) for p in (a, b))
    sa, sb = ({k: r["summary"].get(k) for k in KEYS} for r in (ra, rb))
    va, vb = ({i["id"]: (i["verdict"], i["established"]) for i in r["items"]} for r in (ra, rb))
    if sa != sb or va != vb:
        print(f"the installed run differs from the editable run:\n  editable:  {sa}\n  installed: {sb}\n  items: "
              f"{sorted(k for k in set(va) | set(vb) if va.get(k) != vb.get(k))}")
        return 1
    print(f"the installed run matches the editable run: {sb['items']} items, {sb['verdicts']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
