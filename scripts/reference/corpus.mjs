// Input corpora for comparing pegurl with the reference implementation: the WPT inputs, and
// deterministic mutations of them (a fixed-seed generator that splices URL-shaped pieces).

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Every {input, base} of urltestdata.json (lone surrogates become U+FFFD, as in a browser). */
export function wptCases() {
  const data = JSON.parse(readFileSync(root + "fixtures/wpt/urltestdata.json", "utf8"));
  return data
    .filter((c) => typeof c === "object")
    .map((c) => ({ input: c.input.toWellFormed(), base: c.base ?? null }));
}

/** xorshift32: the same sequence on every machine. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

export const PIECES = [
  "http:", "https://", "file:", "file://", "foo:", "//", "/", "\\", "..", ".", "%2e", "%2E%2e",
  "@", ":", "[", "]", "[::1]", "[1:2::3]", "::", "?", "#", "%", "%4", "%41", "%zz", "C:", "c|",
  "0x7f", "127.0.0.1", "1.2.3", "0x", "09", "255.255.255.256", "a", "é", "☕", "xn--", "xn--a",
  "ß", "\u200d", "\ufffd", " ", "\t", "\n", "\0", "\u007f", "localhost", "80", "65536", "blob:",
  "javascript:", "data:", "ws:", "ftp:", "?a=b&c", "#frag", "\u00ad", "。", "[::ffff:1.2.3.4]",
  "[0:0::01]", "1.2.3.4.", "0x1.0x2", "user:pass@", "@@", "a..b", "-x.", "xn--ls8h", "%00",
];

const BASES = [
  null, "http://example.org/a/b?q#f", "file:///C:/dir/file", "file://host/share/x",
  "foo://host/p/q", "sc:opaque", "https://u:p@h:8/", "non-spec:/.//p",
];

/** `count` mutated cases, the same for a given seed. */
export function mutatedCases(count, seed = 1) {
  const seeds = wptCases().map((c) => c.input);
  const r = rng(seed);
  const cases = [];
  for (let i = 0; i < count; i++) {
    let chars;
    if (i % 3 === 0) {
      chars = [];
      const n = r(10);
      for (let k = 0; k < n; k++) chars.push(...PIECES[r(PIECES.length)]);
    } else {
      chars = [...seeds[r(seeds.length)]];
      const edits = 1 + r(3);
      for (let k = 0; k < edits; k++) {
        const at = r(chars.length + 1);
        switch (r(3)) {
          case 0: chars.splice(at, 1); break;
          case 1: chars.splice(at, 0, ...PIECES[r(PIECES.length)]); break;
          default: chars[at] = String.fromCharCode(32 + r(95));
        }
      }
    }
    cases.push({ input: chars.join(""), base: BASES[r(BASES.length)] });
  }
  return cases;
}
