// Checks what `pegurl grammar consistency --jsonl FILE` wrote against the reference
// implementation (npm whatwg-url): for each input, the writing section (isValidURLString) and the
// parser (parseURLWithValidationErrors gives a URL and no validation error), against pegurl's two
// verdicts and against each other.
//
//   cd scripts/reference && npm install --no-package-lock
//   ../../target/release/pegurl grammar consistency --count 1000000 --jsonl /tmp/c.jsonl
//   node consistency.mjs /tmp/c.jsonl
//
// Prints counts, then every line where the reference's two definitions disagree or where either
// of pegurl's verdicts differs from the reference's. Exit code 0 when there is none, 1 otherwise.

import { readFileSync } from "node:fs";
import { reference } from "./reference.mjs";

const path = process.argv[2];
if (!path) {
  console.error("usage: node consistency.mjs FILE.jsonl");
  process.exit(2);
}
const lines = readFileSync(path, "utf8").split("\n").filter((l) => l !== "");
const counts = { lines: 0, referenceDisagrees: 0, writingDiffers: 0, parserDiffers: 0, bothValid: 0 };
const findings = [];
for (const line of lines) {
  const ours = JSON.parse(line);
  const ref = reference(ours.input, ours.base ?? null);
  const refParser = ref.href !== null && ref.codes.length === 0;
  const refWriting = ref.valid;
  counts.lines += 1;
  counts.bothValid += refParser && refWriting ? 1 : 0;
  const problems = [];
  if (refParser !== refWriting) {
    counts.referenceDisagrees += 1;
    problems.push("the reference's two definitions disagree");
  }
  if (ours.writing_valid !== refWriting) {
    counts.writingDiffers += 1;
    problems.push("pegurl's writing verdict differs from isValidURLString");
  }
  if (ours.parser_valid !== refParser) {
    counts.parserDiffers += 1;
    problems.push("pegurl's parser verdict differs from parseURLWithValidationErrors");
  }
  if (problems.length > 0) {
    findings.push({ ...ours, reference: { writing_valid: refWriting, parser_valid: refParser, codes: ref.codes }, problems });
  }
}
console.log(JSON.stringify(counts));
for (const finding of findings) {
  console.log(JSON.stringify(finding));
}
process.exit(findings.length === 0 ? 0 : 1);
