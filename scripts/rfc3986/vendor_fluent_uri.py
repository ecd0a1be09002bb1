#!/usr/bin/env python3
"""Extracts the test vectors of fluent-uri 0.4.1 (MIT, Copyright (c) 2024 Scallop Ye) from its
crate source into fixtures/rfc3986/fluent-uri-0.4.1.json: its expected data, nothing of its code.

Usage: python3 scripts/rfc3986/vendor_fluent_uri.py ~/.cargo/registry/src/*/fluent-uri-0.4.1
(the crate is a dev-dependency, so `cargo fetch` puts it there).
"""
import json
import re
import sys
from pathlib import Path

STR = r'"((?:[^"\\]|\\.)*)"'


def unescape(s):
    return json.loads('"' + s.replace("\\u{", "\\u").replace("}", "") + '"') if "\\u{" in s else json.loads('"' + s + '"')


def statements(text):
    # Statements end at ";" at the end of a line; comments are dropped.
    text = "\n".join(line.split("//", 1)[0] if line.strip().startswith("//") else line for line in text.splitlines())
    return [s.strip() for s in re.split(r";\s*\n", text)]


def resolve_cases(text):
    cases, base = [], None
    for s in statements(text):
        m = re.search(r"let base = Uri::parse\(" + STR + r"\)", s)
        if m:
            base = unescape(m.group(1))
            continue
        if s.startswith("let base = base.normalize()"):
            base = None  # the next cases use a normalized base object, not a string
        m = re.fullmatch(r"base\.pass\(" + STR + r",\s*" + STR + r"\)", s)
        if m and base is not None:
            cases.append({"base": base, "reference": unescape(m.group(1)), "expected": unescape(m.group(2))})
        m = re.fullmatch(r"base\.fail\(" + STR + r",\s*ResolveError::(\w+)\)", s)
        if m and base is not None:
            cases.append({"base": base, "reference": unescape(m.group(1)), "error": m.group(2)})
    return cases


def normalize_cases(text):
    cases, current = [], None
    for s in statements(text):
        m = re.search(r"let r = (UriRef|IriRef)::parse\(" + STR + r"\)", s)
        if m:
            current = {"iri": m.group(1) == "IriRef", "input": unescape(m.group(2))}
            continue
        m = re.fullmatch(r"assert_eq!\(\s*r\.normalize\(\),\s*(?:" + STR + r"|r)\s*,?\s*\)", s)
        if m and current:
            expected = unescape(m.group(1)) if m.group(1) is not None else current["input"]
            cases.append(dict(current, expected=expected))
    return cases


def parse_cases(text):
    cases, current, failing_uri = [], None, False
    for s in statements(text):
        if "fn parse_error_uri()" in s:
            failing_uri = True
        if "fn fail(input: &str, index: usize, kind: ParseErrorKind) {\n    let e = UriRef" in s:
            failing_uri = False
        m = re.search(r"let r =\s*UriRef::parse\(" + STR + r"\)\.unwrap\(\)", s)
        if m:
            current = {"input": unescape(m.group(1)), "scheme": None, "authority": None}
            cases.append(current)
            continue
        m = re.search(r"fail\(" + STR + r",\s*(\d+),\s*(\w+)\)", s)
        if m:
            cases.append({"input": unescape(m.group(1)), "absolute": failing_uri or "fn parse_error_uri()" in s,
                          "error_index": int(m.group(2)), "error": m.group(3)})
            current = None
            continue
        if current is None:
            continue
        value = r"(None|Some\(EStr::EMPTY\)|Some\(EStr::new_or_panic\(" + STR + r"\)\)|" + STR + r")"

        def val(m, i):
            whole = m.group(i)
            if whole == "None":
                return None
            if whole == "Some(EStr::EMPTY)":
                return ""
            return unescape(m.group(i + 1) if m.group(i + 1) is not None else m.group(i + 2))

        if m := re.fullmatch(r'assert_eq!\(r\.scheme\(\)\.unwrap\(\)\.as_str\(\),\s*' + STR + r'\)', s):
            current["scheme"] = unescape(m.group(1))
        elif re.fullmatch(r"let a = r\.authority\(\)\.unwrap\(\)", s):
            current["authority"] = {}
        elif m := re.fullmatch(r"assert_eq!\(\s*a\.(userinfo|host|port)\(\),\s*" + value + r"\s*,?\s*\)", s):
            current["authority"][m.group(1)] = val(m, 2)
        elif m := re.fullmatch(r"assert_eq!\(r\.(path|query|fragment)\(\),\s*" + value + r"\)", s):
            current[m.group(1)] = val(m, 2)
        elif m := re.search(r"Host::(RegName|Ipv4|Ipv6|IpvFuture)", s):
            current["authority"]["kind"] = m.group(1)
    return cases


def ip_cases(text):
    cases = []
    for s in statements(text):
        for m in re.finditer(r"(Some\(Ipv[46]Addr::new\([^)]*\)\)),\s*parse_v([46])\(" + STR + r"\)", s):
            cases.append({"host": unescape(m.group(3)), "version": int(m.group(2)), "valid": True})
        for m in re.finditer(r"parse_v([46])\(" + STR + r"\)\.is_none\(\)", s):
            cases.append({"host": unescape(m.group(2)), "version": int(m.group(1)), "valid": False})
    return cases


def main():
    root = Path(sys.argv[1])
    data = {
        "origin": "fluent-uri 0.4.1 (crates.io), tests/resolve.rs, tests/normalize.rs, tests/parse.rs, tests/parse_ip.rs; "
                  "extracted by scripts/rfc3986/vendor_fluent_uri.py",
        "license": "MIT, Copyright (c) 2024 Scallop Ye (fixtures/rfc3986/LICENSE-fluent-uri)",
        "resolve": resolve_cases((root / "tests/resolve.rs").read_text()),
        "normalize": normalize_cases((root / "tests/normalize.rs").read_text()),
        "parse": parse_cases((root / "tests/parse.rs").read_text()),
        "ip": ip_cases((root / "tests/parse_ip.rs").read_text()),
    }
    out = Path(__file__).resolve().parents[2] / "fixtures/rfc3986/fluent-uri-0.4.1.json"
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print({k: len(v) for k, v in data.items() if isinstance(v, list)})
    (out.parent / "LICENSE-fluent-uri").write_text((root / "LICENSE").read_text())


main()
