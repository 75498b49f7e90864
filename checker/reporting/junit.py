"""``reports/junit.xml``: one JUnit test case per item, so CI systems show the verification per item.

An item that came out as expected passes (a false variation passes when it is refuted); one that did
not is a ``failure`` whose message is its status; an item not established under the assumptions of a
``--without`` run is ``skipped``.  No wall times, so the file is deterministic.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

from ..kernel.evidence import NOT_ESTABLISHED_STATUS, as_expected


def to_junit(report: dict) -> str:
    items = report["items"]
    failures = [r for r in items if not as_expected(r["status"])]
    skipped = [r for r in items if r["status"] == NOT_ESTABLISHED_STATUS]
    suite = ET.Element("testsuite", name="checker", tests=str(len(items)), failures=str(len(failures)),
                       errors="0", skipped=str(len(skipped)))
    failing, skipping = {r["id"] for r in failures}, {r["id"] for r in skipped}  # by id: linear in the items
    for r in items:
        case = ET.SubElement(suite, "testcase", classname=r["id"].rsplit(".", 1)[0], name=r["id"])
        out = [f"{r['kind']}: {r['title']}", f"verdict {r['verdict']}; established {r['established']}; "
               f"expected {r['expected']}; method {r['method']}"]
        out += [f"hypothesis {h['assumption']}: {h['status']}" for h in r.get("hypotheses", [])]
        out += [f"check {c['name']}: {c['outcome']} [{c['method']}]" for c in r["checks"]]
        if r["id"] in failing:
            ET.SubElement(case, "failure", message=r["status"], type=r["verdict"]).text = r.get("detail", r["status"])
        elif r["id"] in skipping:
            ET.SubElement(case, "skipped", message=r.get("detail", r["status"]))
        ET.SubElement(case, "system-out").text = "\n".join(out)
    for a in report["avoids"]:
        case = ET.SubElement(suite, "testcase", classname="avoids", name=f"{a['item']} avoids {a['avoids']}")
        if a["outcome"] == "broken":
            ET.SubElement(case, "failure", message="avoids broken", type="avoids").text = " -> ".join(a["path"])
    suite.set("tests", str(len(items) + len(report["avoids"])))
    suite.set("failures", str(len(failures) + sum(a["outcome"] == "broken" for a in report["avoids"])))
    ET.indent(suite)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suite, encoding="unicode") + "\n"
