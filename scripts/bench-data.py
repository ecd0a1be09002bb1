#!/usr/bin/env python3
"""Writes benches/data/mixed.tsv: a realistic mix of URLs for benchmarks, one "input<TAB>base"
per line (base empty for absolute inputs). Deterministic (fixed seed): long queries, IPv4 and
IPv6 hosts, IDNA domains, file URLs, credentials, ports, dot segments, percent-encoding, and
relative URLs against a base."""
import os, random

rng = random.Random(20261121)
words = ["api", "v1", "v2", "users", "items", "search", "static", "img", "docs", "en", "blog",
         "2026", "11", "index.html", "app.js", "style.css", "data.json", "a b", "caf\u00e9", "%7E"]
domains = ["example.org", "www.example.com", "cdn.example.net", "api.example.io", "sub.a.b.c.test",
           "EXAMPLE.COM", "m\u00fcnchen.de", "\u4f8b\u3048.\u30c6\u30b9\u30c8", "xn--nxasmq6b.com",
           "localhost", "192.168.0.1", "10.0.0.255", "0x7f.0.0.1", "[::1]", "[2001:db8::8a2e:370:7334]",
           "[::ffff:192.0.2.1]", "b\u00fccher.example"]
schemes = ["https", "https", "https", "http", "http", "wss", "ftp"]

def path(n):
    return "/" + "/".join(rng.choice(words) for _ in range(n))

def query():
    pairs = [f"{rng.choice(words)}={rng.choice(words)}{rng.randint(0, 99999)}" for _ in range(rng.randint(1, 12))]
    return "?" + "&".join(pairs)

lines = []
for i in range(4000):
    kind = rng.random()
    if kind < 0.55:
        url = f"{rng.choice(schemes)}://"
        if rng.random() < 0.05:
            url += "user:pa%20ss@"
        url += rng.choice(domains)
        if rng.random() < 0.15:
            url += f":{rng.choice([80, 443, 8080, 3000, 8443])}"
        url += path(rng.randint(0, 6))
        if rng.random() < 0.5:
            url += query()
        if rng.random() < 0.15:
            url += "#" + rng.choice(words)
        lines.append((url, ""))
    elif kind < 0.70:
        drive = rng.choice(["", "/C:", "/D:"])
        lines.append(("file://" + drive + path(rng.randint(1, 8)), ""))
    elif kind < 0.92:
        base = f"https://{rng.choice(domains[:6])}{path(rng.randint(1, 4))}?q=1"
        rel = rng.choice(["../", "./", "", "/", "//cdn.example.net/", "?", "#"])
        rel += "/".join(rng.choice(words) for _ in range(rng.randint(0, 4)))
        if rng.random() < 0.3:
            rel += query()
        lines.append((rel, base))
    else:
        lines.append((rng.choice(["mailto:someone@example.org", "data:text/plain,hello%20world",
                                   "urn:isbn:0451450523", "javascript:void(0)", "blob:https://example.org/uuid",
                                   "web+demo:/.//p/a/t/h", "foo://h\u00e9st/p?q"]), ""))

out = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benches", "data", "mixed.tsv")
with open(out, "w", encoding="utf-8") as f:
    for url, base in lines:
        f.write(f"{url}\t{base}\n")
print(f"{len(lines)} lines -> {out}")
