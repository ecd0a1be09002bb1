// Compares pegurl with the reference implementation (npm whatwg-url) on random domains whose
// labels are often about 1000 code points long: around the idna crate's limit, with pieces that
// UTS 46 judges by position (Bidi classes, joiners, viramas, combining marks, unassigned code
// points, U+FFFD, Punycode) placed near index 1000. Reports every difference in href and codes.
//
//   cd scripts/reference && npm install --no-package-lock
//   PEGURL=../../target/debug/pegurl node compare-long-labels.mjs [count] [seed] [rarity]
//
// `rarity`: one code point in `rarity` is a special piece (default 10; 200 gives more hosts that
// parse).

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import punycode from "punycode/punycode.js";
import { reference } from "./reference.mjs";

const [count = "1000", seed = "1", rarity = "10"] = process.argv.slice(2);
const pegurl = process.env.PEGURL ?? fileURLToPath(new URL("../../target/release/pegurl", import.meta.url));

let state = Number(seed) >>> 0;
const random = (n) => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return (state >>> 8) % n;
};
const PIECES = ["a", "é", "E", "\u0301", "\u094d", "\u200c", "\u200d", "क", "ب", "ا", "א", "1",
  "\u0663", "ß", "Σ", "\u3300", "-", "\u0378", "\ufffd", ".", "\u3002", "x", "n", "\u0644",
  "\u064a", "𐐀", "\u{3134a}", "ü", "0", "\u05b0", "\u0627\u0644"];
const FILLERS = ["é", "a", "ب", "א", "क", "\u4e00", "ü"];

function host() {
  const labels = [];
  for (let l = 0, n = 1 + random(3); l < n; l++) {
    const long = random(3) > 0;
    const filler = FILLERS[random(FILLERS.length)];
    const chars = [];
    for (let i = 0, len = long ? 990 + random(30) : random(8); i < len; i++) {
      chars.push(random(Number(rarity)) ? filler : PIECES[random(PIECES.length)]);
    }
    if (long && random(2)) chars.splice(995 + random(10), 0, PIECES[random(PIECES.length)]);
    const label = chars.join("");
    labels.push(random(10) === 0 ? "xn--" + punycode.encode(label) : label);
  }
  return labels.map((label, i) => (i === 0 ? "" : random(4) ? "." : "\u3002") + label).join("");
}

const cases = Array.from({ length: Number(count) }, () => ({ input: `http://${host()}/`, base: null }));
const run = spawnSync(pegurl, ["check", "--format", "jsonl", "--input-format", "jsonl", "-"], {
  input: cases.map((c) => JSON.stringify(c)).join("\n") + "\n",
  maxBuffer: 1 << 30,
});
if (run.status === 2 || run.error) {
  console.error(run.error ?? run.stderr.toString());
  process.exit(2);
}
const ours = run.stdout.toString().split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
let differing = 0;
let parsed = 0;
for (let i = 0; i < cases.length; i++) {
  const ref = reference(cases[i].input, null);
  const got = ours[i];
  const codes = got.errors.map((e) => e.code);
  if (ref.href !== null) parsed++;
  if (ref.href !== got.href || JSON.stringify(ref.codes) !== JSON.stringify(codes)) {
    differing++;
    if (differing <= 20) {
      console.log(JSON.stringify({ input: cases[i].input, ref: { href: ref.href, codes: ref.codes }, pegurl: { href: got.href, codes } }));
    }
  }
}
console.log(`${cases.length} inputs (${parsed} parse in whatwg-url), ${differing} differ`);
process.exit(differing === 0 ? 0 : 1);
