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

/** `count` inputs built component by component from the URL syntax, the same for a seed. */
export function grammarCases(count, seed = 1) {
  const r = rng(seed);
  const pick = (list) => list[r(list.length)];
  const maybe = (p, f) => (r(100) < p ? f() : "");
  const schemes = ["http", "https", "HTTP", "ws", "wss", "ftp", "file", "FILE", "foo", "sc",
    "web+demo", "a1.b-c", "javascript", "data", "blob", "mailto", "1bad", ""];
  const slashes = ["//", "/", "", "\\\\", "/\\", "///", "\\", "////"];
  const hosts = ["example.org", "EXAMPLE.org", "a.b.c", "localhost", "127.0.0.1", "0x7f.1",
    "0177.0.0.1", "1.2.3", "4294967295", "4294967296", "1.2.3.4.", "1.2.3.4.5", "09.1",
    "[::1]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[0::01]", "[1::2::3]", "[::1", "[v1.x]",
    "xn--nxasmq6b", "xn--a", "☕.example", "ＥＸＡＭＰＬＥ.com", "①.②.③.④", "exa%41mple", "%zz",
    "a b", "a<b", "", "ex\u00adample", "ß.de", "-x-.y", "aa--b", "c:", "C|", "%31.2.3.4",
    "a".repeat(64) + ".com", "\u200d.com", "[::1]x", "h%2eo"];
  const ports = ["", ":", ":80", ":443", ":0", ":65535", ":65536", ":8x", ":00080", ":99999999999"];
  const segments = ["a", "b", ".", "..", "%2e", "%2E%2e", ".%2e", "C:", "c|", "", "a b", "é",
    "%zz", "%41", "x?y", "{}", "a\\b", "\t", "..%2f", "<>", "`^", "\u{1F4A9}"];
  const queries = ["", "a=b", "a=b&c=d", "q=a b", "é=ü", "'\"<>", "%zz", "#", "?", "a=%2"];
  const bases = [null, "http://example.org/a/b?q#f", "https://u:p@h:8/x/y", "file:///C:/dir/file",
    "file://host/share/x", "foo://host/p/q", "sc:opaque", "web+demo:/.//p/q", "ws://w/s"];
  const cases = [];
  for (let i = 0; i < count; i++) {
    let s = "";
    const scheme = pick(schemes);
    if (scheme !== "" && r(10) > 0) s += scheme + ":";
    s += pick(slashes);
    s += maybe(15, () => pick(["user", "u:p", ":p", "u:", "a@b", "é", "%40", ""]) + "@");
    s += pick(hosts) + maybe(30, () => pick(ports));
    const n = r(5);
    for (let k = 0; k < n; k++) s += (r(8) === 0 ? "\\" : "/") + pick(segments);
    s += maybe(35, () => "?" + pick(queries));
    s += maybe(25, () => "#" + pick(["", "f", "a b", "#", "\u{1F4A9}", "<"]));
    if (r(20) === 0) s = " \t" + s + "\n ";
    cases.push({ input: s, base: pick(bases) });
  }
  return cases;
}

/** `count` inputs with an authority that may hold credentials, the same for a seed: usernames
 * and passwords of code points the authority state keeps and of ones it percent-encodes (or
 * that end the authority), before hosts and after schemes of every kind, with and without the
 * rest of a URL: for the ways that take an input as written, which credentials as written
 * enter or leave. */
export function credentialsCases(count, seed = 1) {
  const r = rng(seed);
  const pick = (list) => list[r(list.length)];
  const units = [
    "a", "b", "Z", "0", "9", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";",
    "=", ":", "@", "%", "%4", "%41", "%zz", " ", "/", "?", "#", "[", "]", "\\", "|", "^", "`",
    "{", "}", "\"", "<", ">", "é", "\t", "\0", "\u007f",
  ];
  const part = () => {
    let s = "";
    for (let n = r(5); n > 0; n--) s += pick(units);
    return s;
  };
  const schemes = ["https", "http", "ws", "wss", "ftp", "file", "HTTP", "foo"];
  const hosts = ["example.org", "a", "Example.org", "a_b.c", "1.2.3.4", "[::1]", "xn--nxasmq6b.com",
    "", "localhost", "a.b.", "0x7f"];
  const rests = ["", "/", "/a/b", "/a/../b", "?q", "/?q#f", "#f", ":8080/x", ":443/", ":0", ":",
    ":65536/", "/a b", "?q'#`"];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const username = part();
    const credentials = r(4) === 0 ? "" : username + (r(3) === 0 ? "" : ":" + part()) + "@";
    cases.push({ input: `${pick(schemes)}://${credentials}${pick(hosts)}${pick(rests)}`, base: null });
  }
  return cases;
}

/** `count` inputs whose host is made of IPv4-number-like parts, the same for a seed: one to
 * five parts of every radix the IPv4 number parser knows ("0x" and "0X" with hex digits or
 * none, "0" with octal digits or with "8" and "9", decimal up to and past 2^32), parts that are
 * not numbers, empty parts and percent-encoded or full-width dots and digits, after schemes of
 * every kind: for the IPv4 parser and the ends-in-a-number checker. */
export function ipv4Cases(count, seed = 1) {
  const r = rng(seed);
  const pick = (list) => list[r(list.length)];
  const parts = [
    "0", "1", "9", "10", "127", "255", "256", "65535", "65536", "16777215", "16777216",
    "4294967295", "4294967296", "99999999999999999999", "0x", "0X", "0x0", "0xff", "0XFF",
    "0x100", "0xffffffff", "0x100000000", "0xg", "0x0x1", "00", "07", "077", "0377", "0400",
    "08", "09", "0777777777777", "", "a", "ab", "1a", "a1", "e", "0x1g", "1.", "%30", "%2e",
    "\u{FF11}", "\u{FF10}x1", "x", "X",
  ];
  const dots = [".", ".", ".", ".", "%2E", "\u{3002}", "\u{FF0E}"];
  const schemes = ["http", "https", "ws", "file", "foo", "HTTP"];
  const rests = ["/", "", ":80/x", "/a?q#f", "?q", "#f"];
  const cases = [];
  for (let i = 0; i < count; i++) {
    let host = pick(parts);
    for (let n = r(5); n > 0; n--) host += pick(dots) + pick(parts);
    if (r(6) === 0) host += ".";
    cases.push({ input: `${pick(schemes)}://${host}${pick(rests)}`, base: null });
  }
  return cases;
}

/** `count` inputs whose path is made of segment-like pieces, the same for a seed: plain
 * segments, single-dot and double-dot segments in every spelling, Windows drive letters,
 * empty segments, "\" and "/" openings, code points the path percent-encode set holds, after
 * special, file and other schemes, absolute and relative to bases: for the path state and
 * the rows of segments it appends as they are. */
export function pathCases(count, seed = 1) {
  const r = rng(seed);
  const pick = (list) => list[r(list.length)];
  const pieces = [
    "a", "b", "ab", "", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", "...", ".a", "a.",
    "%2f", "C:", "c|", "C|x", "z:", "é", "a b", "<", "%", "%41", "^", "{}", "`",
  ];
  const openings = ["/", "/", "/", "/", "\\", "//"];
  const heads = ["http://h", "https://h:8080", "file://", "file://h", "file:", "foo://h", "foo:",
    "HTTP://H", "ws://h"];
  const bases = [null, null, "http://b/x/y", "file:///C:/d/e", "foo://b/x/y", "file://h/x"];
  const tails = ["", "", "?q", "#f", "?q#f"];
  const cases = [];
  for (let i = 0; i < count; i++) {
    let path = "";
    for (let n = 1 + r(6); n > 0; n--) path += pick(openings) + pick(pieces);
    const relative = r(4) === 0;
    const input = relative ? path.slice(1 + r(2)) + pick(tails) : pick(heads) + path + pick(tails);
    cases.push({ input, base: relative ? pick(bases.filter((b) => b !== null)) : pick(bases) });
  }
  return cases;
}
