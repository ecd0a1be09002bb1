// Writes fixtures/validation/setter-values.json: the pathname setter on every value built from a
// few pieces, with the href the reference implementation (npm whatwg-url, version pinned in
// package.json) gives after it ("setters"; no parse cases; the href only, since the URL API's
// setters report no validation errors). A value is an opening (none, the path start state's "/"
// or "\", or "//") and one or two segments (dot segments, percent-encoded dots, code points to
// encode, a "%" that starts no percent-encoded byte, Windows drive letters as written and to be
// rewritten, "?" and "#", empty ones) joined by "/" or "\", each value once, set on a special
// URL with a query and fragment, "file" URLs with and without a host, and URLs that are not
// special with and without one.
//
//   cd scripts/reference && npm install --no-package-lock
//   node setter-values.mjs

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import whatwgURL from "whatwg-url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const version = createRequire(import.meta.url)("whatwg-url/package.json").version;

const URLS = [
  "https://user@example.org:8080/a/b/c?x=1#f", "file:///C:/tmp/x", "file://host/x", "foo://host/p/q?x#y", "foo:/p/q",
];
const OPENINGS = ["", "/", "\\", "//"];
const SEGMENTS = ["", "a", ".", "..", "%2e", "%2E.", "é", "%zz", "C:", "C|", "c|", "?#"];
const SEPARATORS = ["/", "\\"];

// In the order they are made, each once ("" then "/a" is "/a" again).
const values = new Set();
for (const opening of OPENINGS) {
  for (const first of SEGMENTS) {
    values.add(opening + first);
    for (const separator of SEPARATORS) {
      for (const second of SEGMENTS) {
        values.add(opening + first + separator + second);
      }
    }
  }
}

const setters = [];
for (const href of URLS) {
  for (const value of values) {
    const url = new whatwgURL.URL(href);
    url.pathname = value;
    setters.push({ href, setter: "pathname", value, expected: url.href });
  }
}

const head = {
  source: "the pathname setter on values built from openings, segments and separators",
  generator: `scripts/reference/setter-values.mjs with whatwg-url ${version}`,
};
const lines = setters.map((c) => JSON.stringify(c));
const text = JSON.stringify(head).slice(0, -1) + ',"cases":[],"setters":[\n' + lines.join(",\n") + "\n]}\n";
writeFileSync(`${root}fixtures/validation/setter-values.json`, text);
console.log(`setter-values: ${setters.length} setters`);
