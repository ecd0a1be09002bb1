#!/usr/bin/env python3
"""Compares `pegurl check` with the Nu Html Checker (npm vnu-jar) on fixtures/documents/*.html.

Writes fixtures/documents/vnu-comparison.json: every attribute value vnu calls a bad URL, whether
pegurl reports a problem for that element and attribute there, and (for those it does not) the
reason; and every URL pegurl flags that vnu does not. tests/check_documents.rs checks the first
list against pegurl's output. vnu runs on the machine's Java 17:

    cd scripts/tools && npm install --no-package-lock && cd ../..
    cargo build && python3 scripts/tools/vnu_compare.py

Reasons are not guessed here: a value vnu flags that pegurl does not is listed with the reason
from KNOWN below, and the script fails on any such value that KNOWN does not explain.
"""

import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VNU = os.path.join(ROOT, "scripts/tools/node_modules/vnu-jar/build/dist/vnu.jar")
PEGURL = os.path.join(ROOT, "target/debug/pegurl")
BASE = "https://example.net/base/"

# (file, line): why vnu flags a value pegurl does not.
KNOWN = {
    ("fixtures/documents/windows-1252.html", 4): (
        "vnu reads a local file as UTF-8 whatever its <meta charset> says, so it sees U+FFFD "
        "where the document has é (HTML's encoding sniffing gives windows-1252; é is a valid "
        "URL code point)"
    ),
}

# The URL-valued attributes (HTML Standard's index); vnu's other bad values are not URLs.
URL_ATTRIBUTES = {
    "href", "src", "srcset", "imagesrcset", "action", "formaction", "cite", "poster", "data",
    "manifest", "ping", "itemtype", "itemid",
}

BAD_VALUE = re.compile(
    r"^Bad value “(?P<value>.*)” for attribute “(?P<attribute>[^”]+)” on element “(?P<element>[^”]+)”: (?P<why>.*)$",
    re.S,
)


def vnu(files):
    run = subprocess.run(
        ["java", "-jar", VNU, "--format", "json", *files],
        capture_output=True, text=True, cwd=ROOT,
    )
    return json.loads(run.stderr or run.stdout)["messages"]


def pegurl(path):
    run = subprocess.run(
        [PEGURL, "check", "--format", "jsonl", "--base", BASE, path],
        capture_output=True, text=True, cwd=ROOT,
    )
    return [json.loads(line) for line in run.stdout.splitlines()]


def main():
    files = sorted(os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, "fixtures/documents/*.html")))
    version = subprocess.run(["java", "-jar", VNU, "--version"], capture_output=True, text=True).stdout.strip()
    flagged = []
    for message in vnu(files):
        match = BAD_VALUE.match(message.get("message", ""))
        if message.get("type") != "error" or not match:
            continue
        if match["attribute"].lower() not in URL_ATTRIBUTES:
            continue
        file = os.path.relpath(message["url"].removeprefix("file:"), ROOT)
        last = message["lastLine"]
        first = message.get("firstLine", last)
        flagged.append({
            "file": file, "first_line": first, "last_line": last,
            "element": match["element"], "attribute": match["attribute"].lower(),
            "value": match["value"], "message": match["why"],
        })
    records = {f: pegurl(f) for f in files}
    also, vnu_only = 0, []
    for entry in flagged:
        hits = [
            r for r in records[entry["file"]]
            if r["element"] == entry["element"] and r["attribute"] == entry["attribute"]
            and entry["first_line"] <= r["line"] <= entry["last_line"] and (r["errors"] or not r["valid"])
        ]
        entry["pegurl"] = sorted({e["code"] for r in hits for e in r["errors"]})
        if hits:
            also += 1
            continue
        reason = KNOWN.get((entry["file"], entry["last_line"]))
        if reason is None:
            sys.exit(f"vnu flags a value pegurl does not, with no known reason: {entry}")
        entry["reason"] = reason
        vnu_only.append(entry)
    pegurl_only = []
    for file, found in records.items():
        for r in found:
            if not r["errors"]:
                continue
            seen = any(
                f["file"] == file and f["element"] == r["element"] and f["attribute"] == r["attribute"]
                and f["first_line"] <= r["line"] <= f["last_line"]
                for f in flagged
            )
            if not seen:
                pegurl_only.append({
                    "file": file, "line": r["line"], "column": r["column"], "element": r["element"],
                    "attribute": r["attribute"], "input": r["input"],
                    "codes": [e["code"] for e in r["errors"]],
                })
    comparison = {
        "vnu": version, "pages": files, "base": BASE,
        "vnu_bad_values": len(flagged), "also_reported_by_pegurl": also,
        "vnu_flagged": flagged, "vnu_only": vnu_only, "pegurl_only": pegurl_only,
    }
    out = os.path.join(ROOT, "fixtures/documents/vnu-comparison.json")
    with open(out, "w") as f:
        json.dump(comparison, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(flagged)} values vnu flags, {also} also reported by pegurl, "
          f"{len(vnu_only)} not (with reasons), {len(pegurl_only)} URLs pegurl flags and vnu does not")


if __name__ == "__main__":
    main()
