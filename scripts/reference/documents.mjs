// Expected data for pegurl's document fixtures (fixtures/documents/): reads `pegurl check
// --format jsonl` records on standard input and writes, for each URL found, where pegurl found
// it and what the reference implementation (npm whatwg-url) says of that input and base:
// {"file", "line", "column", "element", "attribute", "input", "base", "href", "codes"}.
// The places pin pegurl's extraction; href and codes are whatwg-url's (it always encodes queries
// as UTF-8, so the tests compare hrefs of UTF-8 documents only).
//
//   cd scripts/reference && npm install --no-package-lock
//   for f in ../../fixtures/documents/*.html ../../fixtures/documents/*.md; do
//     cargo run -q -- check --format jsonl --base https://example.net/base/ "$f"; done \
//     | node documents.mjs > ../../fixtures/documents/reference.jsonl
// (run from the crate root with the paths as fixtures/documents/..., as tests/check_documents.rs
// does; see that file's header).

import { createInterface } from "node:readline";
import { reference } from "./reference.mjs";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  const found = JSON.parse(line);
  const { href, codes } = reference(found.input, found.base);
  const { file, element, attribute, input, base } = found;
  const record = { file, line: found.line, column: found.column, element, attribute, input, base, href, codes };
  process.stdout.write(JSON.stringify(record) + "\n");
}
