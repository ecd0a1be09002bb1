// Compares pegurl with the reference implementation on a corpus and reports every difference in
// href, failure and validation codes (order and repeats).
//
//   node compare.mjs wpt                 the WPT inputs
//   node compare.mjs mutated 100000 [seed]
//   node compare.mjs grammar 100000 [seed]   built from the URL syntax, component by component
//   node compare.mjs credentials 100000 [seed]   authorities with and without credentials
//   node compare.mjs ipv4 100000 [seed]   hosts of IPv4-number-like parts
//   node compare.mjs path 100000 [seed]   paths of segment-like pieces
//
// pegurl is `$PEGURL` or ../../target/release/pegurl (build it with `cargo build --release`).

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { wptCases, mutatedCases, grammarCases, credentialsCases, ipv4Cases, pathCases } from "./corpus.mjs";
import { reference } from "./reference.mjs";

const [kind = "wpt", count = "10000", seed = "1"] = process.argv.slice(2);
const cases = kind === "wpt" ? wptCases()
  : kind === "grammar" ? grammarCases(Number(count), Number(seed))
  : kind === "credentials" ? credentialsCases(Number(count), Number(seed))
  : kind === "ipv4" ? ipv4Cases(Number(count), Number(seed))
  : kind === "path" ? pathCases(Number(count), Number(seed))
  : mutatedCases(Number(count), Number(seed));
const pegurl = process.env.PEGURL ?? fileURLToPath(new URL("../../target/release/pegurl", import.meta.url));

const stdin = cases.map((c) => JSON.stringify(c)).join("\n") + "\n";
const run = spawnSync(pegurl, ["check", "--format", "jsonl", "--input-format", "jsonl", "-"], {
  input: stdin,
  maxBuffer: 1 << 30,
});
if (run.status === 2 || run.error) {
  console.error(run.error ?? run.stderr.toString());
  process.exit(2);
}
const ours = run.stdout.toString().split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
if (ours.length !== cases.length) {
  console.error(`pegurl reported ${ours.length} inputs for ${cases.length}`);
  process.exit(2);
}

const differences = { href: 0, failure: 0, codes: 0, valid: 0 };
const examples = [];
let differing = 0;
for (let i = 0; i < cases.length; i++) {
  const ref = reference(cases[i].input, cases[i].base);
  const got = ours[i];
  // pegurl's own codes (html-, input-, url-) are not the URL Standard's.
  const gotCodes = got.errors.map((e) => e.code).filter((c) => !/^(html|input|url)-/.test(c));
  const found = [];
  if ((ref.href === null) !== (got.href === null)) found.push("failure");
  else if (ref.href !== got.href) found.push("href");
  if (JSON.stringify(ref.codes) !== JSON.stringify(gotCodes)) found.push("codes");
  if (ref.valid !== got.valid) found.push("valid");
  for (const f of found) differences[f]++;
  if (found.length > 0) {
    differing++;
    if (examples.length < 40) {
      examples.push({ ...cases[i], differ: found, ref: { href: ref.href, codes: ref.codes, valid: ref.valid }, pegurl: { href: got.href, codes: gotCodes, valid: got.valid } });
    }
  }
}
for (const e of examples) console.log(JSON.stringify(e));
console.log(`${kind}: ${cases.length} inputs, ${differing} differ (href ${differences.href}, failure ${differences.failure}, codes ${differences.codes}, valid ${differences.valid})`);
process.exit(differing === 0 ? 0 : 1);
