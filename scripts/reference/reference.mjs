// Reads JSON lines {"input": str, "base": str|null} on standard input and writes, for each, what
// the reference implementation (npm whatwg-url) says:
// {"input", "base", "href": str|null, "codes": [str], "valid": bool}
// `codes` are the validation errors of parseURLWithValidationErrors, in order, with repeats;
// `valid` is isValidURLString. A base that fails to parse gives href null and no codes.
//
//   cd scripts/reference && npm install --no-package-lock
//   node reference.mjs < in.jsonl > out.jsonl

import { createInterface } from "node:readline";
import whatwgURL from "whatwg-url";

const { parseURL, parseURLWithValidationErrors, isValidURLString, serializeURL } = whatwgURL;

export function reference(input, base) {
  let baseURL = null;
  if (base !== null && base !== undefined) {
    baseURL = parseURL(base);
    if (baseURL === null) {
      return { input, base, href: null, codes: [], valid: false };
    }
  }
  const { url, validationErrors } = parseURLWithValidationErrors(input, { baseURL });
  return {
    input,
    base: base ?? null,
    href: url === null ? null : serializeURL(url),
    codes: validationErrors,
    valid: isValidURLString(input, { baseURL }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const { input, base } = JSON.parse(line);
    process.stdout.write(JSON.stringify(reference(input, base ?? null)) + "\n");
  }
}
