// Generates fixtures/validation/*.json: for each input (and base), what the reference
// implementation (npm whatwg-url, version pinned in package.json) says: href or failure, the
// validation error codes in order with repeats, and isValidURLString.
//
//   cd scripts/reference && npm install --no-package-lock
//   node fixtures.mjs [path/to/whatwg-url/test/validation.js]
//
// The whatwg-url test file is read only when a path is given (the npm package does not ship it);
// otherwise fixtures/validation/whatwg-url-validation.json is left as it is.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { wptCases, mutatedCases, grammarCases } from "./corpus.mjs";
import { reference } from "./reference.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const version = createRequire(import.meta.url)("whatwg-url/package.json").version;

// The examples of the spec's validation error table (url.bs, July 2026, with whatwg/url commit
// 92b3e16 for IPv4-non-ASCII-input).
const SPEC_EXAMPLES = [
  ["https://exa%23mple.org"], ["https://exam%70le.org"], ["foo://exa[mple.org"],
  ["https://127.0.0.1./"], ["https://1.2.3/"], ["https://1.2.3.4.5/"], ["https://test.42"],
  ["https://127.0.0x0.1"], ["https://255.255.4000.1"], ["https://①.②.③.④"], ["https://[::1"],
  ["https://[:1]"], ["https://[1:2:3:4:5:6:7:8:9]"], ["https://[1::1::1]"],
  ["https://[1:2:3!:4]"], ["https://[1:2:3:]"], ["https://[1:2:3]"], ["https://[::01]"],
  ["https://[1:1:1:1:1:1:1:127.0.0.1]"], ["https://[ffff::.0.0.1]"],
  ["https://[ffff::127.0.xyz.1]"], ["https://[ffff::127.0xyz]"], ["https://[ffff::127.00.0.1]"],
  ["https://[ffff::127.0.0.1.2]"], ["https://[ffff::127.0.0.4000]"], ["https://[ffff::127.0.0]"],
  ["https://example.org/>"], [" https://example.org "], ["ht\ntps://example.org"],
  ["https://example.org/%s"], ["file:c:/my-secret-folder"], ["https:example.org"],
  ["https:foo.html", "https://example.org/"], ["💩"], ["💩", "mailto:user@example.org"],
  ["https://example.org\\path\\to\\file"], ["https://user@example.org"],
  ["ssh://user@example.org"], ["https://#fragment"], ["https://:443"], ["https://user:pass@"],
  ["https://example.org:70000"], ["https://example.org:7z"], ["/c:/path/to/file", "file:///c:/"],
  ["file://c:"],
];

function write(name, source, cases) {
  const head = { source, generator: `scripts/reference/fixtures.mjs with whatwg-url ${version}` };
  // Lone surrogates become U+FFFD first, as the URL API's USVString conversion does.
  const lines = cases.map(({ input, base }) =>
    JSON.stringify(reference(input.toWellFormed(), base?.toWellFormed() ?? null)));
  const text = JSON.stringify(head).slice(0, -1) + ',"cases":[\n' + lines.join(",\n") + "\n]}\n";
  writeFileSync(`${root}fixtures/validation/${name}.json`, text);
  console.log(`${name}: ${cases.length} cases`);
}

write("wpt", "the inputs and bases of fixtures/wpt/urltestdata.json", wptCases());
write("spec-examples", "the examples of the URL Standard's validation error table", SPEC_EXAMPLES.map(([input, base]) => ({ input, base })));
write("mutated", "corpus.mjs mutatedCases(3000, 7): WPT inputs mutated with URL-shaped pieces", mutatedCases(3000, 7));
write("grammar", "corpus.mjs grammarCases(3000, 7): inputs built from the URL syntax, component by component", grammarCases(3000, 7));

const validationJs = process.argv[2];
if (validationJs) {
  const text = readFileSync(validationJs, "utf8");
  const start = text.indexOf("const validationTestCases = [");
  const end = text.indexOf("\n];", start);
  const cases = new Function(`${text.slice(start, end + 3)}; return validationTestCases;`)();
  write("whatwg-url-validation", "the validationTestCases of jsdom/whatwg-url test/validation.js (commit 0306eac, 2026-07-10)", cases.map(({ input, base }) => ({ input, base })));
}
