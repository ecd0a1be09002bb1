#!/usr/bin/env python3
"""Writes seed corpora for the fuzz targets from the fixtures (WPT inputs, validation inputs,
setter values). Run from anywhere: python3 fuzz/seed.py"""
import hashlib, json, os, re

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def load(path):
    text = open(os.path.join(root, path), encoding="utf-8").read()
    # Lone surrogates become U+FFFD, as in JavaScript.
    text = re.sub(r'\\u(d[89ab][0-9a-f]{2})(?!\\u[dD][c-fC-F])', r'\\ufffd', text, flags=re.I)
    text = re.sub(r'(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u(d[c-f][0-9a-f]{2})', r'\\ufffd', text, flags=re.I)
    return json.loads(text)

def write(target, items):
    folder = os.path.join(root, "fuzz", "corpus", target)
    os.makedirs(folder, exist_ok=True)
    for item in items:
        data = item.encode("utf-8", "replace")
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    print(f"{target}: {len(items)} seeds")

urls = [c for c in load("fixtures/wpt/urltestdata.json") if isinstance(c, dict)]
inputs = [c["input"] for c in urls]
validation = [c["input"] for c in load("fixtures/validation/mutated.json")["cases"]]
setters = load("fixtures/wpt/setters_tests.json")
values = [c["new_value"] for k, v in setters.items() if k != "comment" for c in v]
hrefs = [c["href"] for k, v in setters.items() if k != "comment" for c in v]

write("parse", inputs + validation)
write("check", inputs + validation)
write("engines", inputs + validation + values)
write("parse_with_base", [c["input"] + "\0" + (c.get("base") or "") for c in urls])
write("setters", [h + "\0" + v for h, v in zip(hrefs, values)])
write("search_params", [c.get("search", "") for c in urls] + ["a=b&c=%20d+e", "&&=&x"])
# grammar_mutants: four bytes choose the mutation (site, choice, mode), the rest is the input;
# seeded with every mode over a spread of sites.
write("grammar_mutants", [
    chr(i % 97 + 1) + chr(i % 3 + 1) + chr(i % 13 + 1) + chr(i % 10 + 1) + text
    for i, text in enumerate(inputs[::4])
])
rfc = load("fixtures/rfc3986/rfc3986-examples.json")
write("rfc3986", [c["input"] + "\0" + (c.get("base") or "") for c in urls]
      + [c["reference"] + "\0" + rfc["base"] for c in rfc["normal"] + rfc["abnormal"]])
