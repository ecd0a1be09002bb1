// Writes two fixtures of domains for the UTS 46 ToASCII step of the host parser, with what the
// reference implementation (npm whatwg-url, version pinned in package.json) says:
//
// - fixtures/validation/long-labels.json: labels longer than 1000 code points and Punycode longer
//   than 2000 (the idna crate's limits, which the spec does not have), and Punycode around
//   punycode.js's overflow at 2^31 - 1: href or failure, validation error codes and validity for
//   each parse ("cases"), and the href after the hostname, host or href setter ("setters").
// - fixtures/validation/idna-unicode-18.json: code points assigned in Unicode 18 (UTS 46 and
//   whatwg-url's tr46 use Unicode 18.0.0), among them U+3E8AC, which the WPT copy of
//   IdnaTestV2.json (older Unicode) expects to be disallowed.
//
//   cd scripts/reference && npm install --no-package-lock
//   node idna-fixtures.mjs

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import whatwgURL from "whatwg-url";
import punycode from "punycode/punycode.js";
import { reference } from "./reference.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const require = createRequire(import.meta.url);
const version = require("whatwg-url/package.json").version;
const tr46 = require("tr46/package.json");

const r = (s, n) => s.repeat(n);
const e1001 = r("é", 1001);

// 700 CJK Extension B ideographs far apart: over 2000 code points of Punycode.
const longShortPunycode = punycode.encode(Array.from({ length: 700 }, (_, i) => String.fromCodePoint(0x20000 + ((i * 7919) % 42000))).join(""));
if (longShortPunycode.length <= 2000) throw new Error(`only ${longShortPunycode.length} code points`);

// Hosts (between "http://" and "/") and why each is there.
const HOSTS = [
  [r("a", 1000) + "é", "1000 ASCII letters and one non-ASCII code point (issue 14)"],
  [e1001, "1001 non-ASCII code points (issue 14)"],
  [r("é", 1000), "exactly 1000 (idna's limit, accepted before)"],
  [r("a", 1001), "ASCII only: no ToASCII"],
  [r("É", 1001), "mapped to lower case"],
  [r("e\u0301", 1001), "normalized: 2002 code points become 1001"],
  [r("e\u0301", 600), "normalized: 1200 code points become 600"],
  [r("\u3300", 251), "mapping makes it long: 251 code points become 1004"],
  [r("\u4e00", 1) + Array.from({ length: 1100 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join(""), "1101 distinct CJK code points"],
  [r("ß", 1001), "a deviation character, kept (nontransitional)"],
  [r("Σ", 1001), "mapped to σ"],
  [e1001 + "." + r("ü", 1500), "two long labels"],
  ["xn--bcher-kva." + e1001, "a Punycode label and a long one"],
  [e1001 + ".", "a trailing dot"],
  [e1001 + "\u3002ü", "an ideographic full stop between labels"],
  ["é." + "xn--" + punycode.encode(r("a", 1001) + "é"), "Punycode that decodes to a long label"],
  ["é." + "xn--" + punycode.encode("e\u0301" + r("a", 1001)), "Punycode that decodes to a long label not in NFC"],
  ["xn--" + r("a", 996) + "é" + r("a", 10), "a long non-ASCII label that starts with xn--"],
  ["é." + "xn--" + punycode.encode("xn--" + r("a", 1001) + "é"), "Punycode that decodes to a long label starting with xn--"],
  ["é.xn--" + punycode.encode(r("a", 2100) + "é"), "Punycode longer than 2000 code points (idna decodes no more)"],
  ["é.xn--" + longShortPunycode, "Punycode longer than 2000 code points that decodes to fewer than 1000"],
  ["é.xn--" + punycode.encode("e\u0301" + r("a", 2100)), "Punycode longer than 2000 code points, not in NFC"],
  ["é.xn--" + punycode.encode(r("a", 2100)), "Punycode longer than 2000 code points that decodes to ASCII"],
  ["é.xn--" + r("a", 10660) + "-n143046o", "Punycode with a delta just below 2^31"],
  ["é.xn--" + r("a", 10661) + "-hh99146o", "Punycode with a delta above 2^31 - 1: punycode.js overflows"],
  ["é.xn--" + r("a", 2100) + "-!", "Punycode longer than 2000 code points with a bad digit"],
  ["\u0301" + e1001, "starts with a combining mark"],
  [r("é", 1000) + "\u0378" + "é", "an unassigned code point at index 1000"],
  [r("é", 500) + "\u0378" + r("é", 600), "an unassigned code point at index 500"],
  [r("é", 1000) + "\ufffd" + "é", "U+FFFD at index 1000"],
  [r("é", 1000) + "\u200d" + "é", "ZWJ at index 1000, not after a virama"],
  [r("क", 999) + "\u094d\u200d" + "क", "ZWJ at index 1000 after a virama"],
  [r("ب", 1000) + "\u200c" + "ب", "ZWNJ at index 1000 between dual-joining letters"],
  [r("ا", 1000) + "\u200c" + "ب", "ZWNJ at index 1000 after a right-joining letter"],
  [r("א", 1001), "right-to-left"],
  [r("א", 1001) + "1", "right-to-left ending in a European digit"],
  ["a." + r("א", 1001), "a Bidi domain name with an LTR label"],
  [r("א", 1000) + "a", "an RTL label with a left-to-right letter"],
  [r("a", 1000) + "א", "an LTR label with a right-to-left letter"],
  [r("a", 1000) + "א" + "a", "the only right-to-left letter at index 1000"],
  [r("é", 1000) + "א" + r("é", 5), "a right-to-left letter at index 1000 after non-ASCII"],
  [r("א", 1000) + "1" + "\u0663" + "א", "European and Arabic-Indic digits in an RTL label, at index 1000 and 1001"],
  [r("א", 999) + "\u0663" + "1" + "א", "Arabic-Indic and European digits in an RTL label, at index 999 and 1000"],
  ["a" + r("\u0301", 1001), "LTR, then only combining marks"],
  [r("a", 10660) + "\u{3134a}", "Punycode delta just below 2^31"],
  [r("a", 10661) + "\u{3134a}", "Punycode delta above 2^31 - 1: punycode.js overflows"],
  [r("%C3%A9", 1001), "percent-encoded"],
  [e1001 + ".1", "ends in a number"],
  [e1001 + "%", "a forbidden domain code point"],
  [e1001 + ":8080", "with a port"],
];

const parses = HOSTS.map(([host, why]) => ({ input: `http://${host}/`, base: null, why }));
parses.push({ input: `https://${e1001}/x`, base: null, why: "special scheme https" });
parses.push({ input: `file://${e1001}/x`, base: null, why: "a file host" });
parses.push({ input: `foo://${e1001}/x`, base: null, why: "an opaque host: no ToASCII" });
parses.push({ input: `//${e1001}/x`, base: "http://example.com/", why: "relative to a base" });

// Setters: [href, setter, value, why].
const SETTERS = [
  ["http://example.com/p", "hostname", e1001, "1001 non-ASCII code points (issue 14)"],
  ["http://example.com/p", "hostname", r("a", 1000) + "é", "1000 ASCII letters and one non-ASCII"],
  ["http://example.com/p", "host", e1001 + ":8080", "with a port"],
  ["http://example.com/p", "hostname", r("a", 1000) + "א", "a Bidi error: unchanged"],
  ["http://example.com/p", "hostname", r("a", 10661) + "\u{3134a}", "Punycode overflow: unchanged"],
  ["file:///x", "hostname", e1001, "a file URL"],
  ["http://example.com/p", "hostname", "xn--" + punycode.encode(r("a", 2100) + "é") + ".é", "Punycode longer than 2000 code points"],
  ["http://example.com/p", "href", `http://${e1001}/q`, "the href setter"],
];

const setters = SETTERS.map(([href, setter, value, why]) => {
  const url = new whatwgURL.URL(href);
  url[setter] = value;
  return { href, setter, value, expected: url.href, why };
});

function write(name, source, parseCases, setterCases) {
  const head = { source, generator: `scripts/reference/idna-fixtures.mjs with whatwg-url ${version} (tr46 ${tr46.version}, Unicode ${tr46.unicodeVersion})` };
  const lines = parseCases.map(({ input, base, why }) => JSON.stringify({ why, ...reference(input, base) }));
  let text = JSON.stringify(head).slice(0, -1) + ',"cases":[\n' + lines.join(",\n") + "\n]";
  if (setterCases) {
    text += ',"setters":[\n' + setterCases.map((c) => JSON.stringify(c)).join(",\n") + "\n]";
  }
  writeFileSync(`${root}fixtures/validation/${name}.json`, text + "}\n");
  console.log(`${name}: ${parseCases.length} parses, ${setterCases?.length ?? 0} setters`);
}

write("long-labels", "domains with a label longer than 1000 code points, and the Punycode overflow limit", parses, setters);

const UNICODE_18 = [
  ["\u{3e8ac}\u3002\u0729\u3002\ucbd95", "IdnaTestV2.json's input (the WPT copy expects failure, from older Unicode)"],
  ["\u{3e8ac}\u3002\u0729\u3002\u110d\u1173\u11ac5", "IdnaTestV2.json's input (the WPT copy expects failure, from older Unicode)"],
  ["\u{3e8ac}", "U+3E8AC alone"],
  ["a\u{3e8ac}b", "U+3E8AC inside a label"],
  ["\u{3347a}", "U+3347A: unassigned in Unicode 18"],
];
write("idna-unicode-18", "code points the Unicode version of the data decides", UNICODE_18.map(([host, why]) => ({ input: `https://${host}/x`, base: null, why })));
