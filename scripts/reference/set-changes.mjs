// Expected WPT deltas of grammar-only edits of the code point sets and the scheme table
// (fixtures/set-changes.json). Each change is stated twice: as an edit of grammar/url.pest and as
// the same edit of a copy of whatwg-url's lib/. The copy runs every urltestdata and setters case;
// the cases whose result differs from unedited whatwg-url's are the expected list, which
// tests/set_changes.rs holds `pegurl grammar test` to.
//
//   node scripts/reference/set-changes.mjs > fixtures/set-changes.json

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../../", import.meta.url));
const grammar = readFileSync(root + "grammar/url.pest", "utf8");

// Each change: a grammar edit and the same edit of whatwg-url 17.3's lib/ (each `from` must occur
// exactly once).
const CHANGES = [
  {
    name: "path_set_without_caret",
    about: "Revert whatwg/url#846 (commit 9bc33c3, March 2025): U+005E (^) leaves the path percent-encode set and goes back to the userinfo set.",
    grammar: [
      ['path_percent_encode_set = _{ query_percent_encode_set | "?" | "^" | "`" | "{" | "}" }',
        'path_percent_encode_set = _{ query_percent_encode_set | "?" | "`" | "{" | "}" }'],
      ['"[" | "\\\\" | "]" | "|"\n}', '"[" | "\\\\" | "]" | "^" | "|"\n}'],
    ],
    lib: [
      ["percent-encoding.js", 'new Set([p("?"), p("`"), p("{"), p("}"), p("^")])', 'new Set([p("?"), p("`"), p("{"), p("}")])'],
      ["percent-encoding.js", 'p("["), p("\\\\"), p("]"), p("|")])', 'p("["), p("\\\\"), p("]"), p("^"), p("|")])'],
    ],
  },
  {
    name: "userinfo_set_without_semicolon",
    about: "The userinfo percent-encode set loses U+003B (;): it reaches the username and password setters too.",
    grammar: [['path_percent_encode_set | "/" | ":" | ";" | "="', 'path_percent_encode_set | "/" | ":" | "="']],
    lib: [["percent-encoding.js", 'new Set([p("/"), p(":"), p(";"), p("=")', 'new Set([p("/"), p(":"), p("=")']],
  },
  {
    name: "special_query_set_without_apostrophe",
    about: "The special-query percent-encode set loses U+0027 ('): special URLs' queries are encoded like other URLs'.",
    grammar: [['special_query_percent_encode_set = _{ query_percent_encode_set | "\'" }',
      "special_query_percent_encode_set = _{ query_percent_encode_set }"]],
    lib: [["percent-encoding.js", 'new Set([...extraQueryPercentEncodeSet, p("\'")])', "new Set([...extraQueryPercentEncodeSet])"]],
  },
  {
    name: "fragment_set_without_backtick",
    about: "The fragment percent-encode set loses U+0060 (`).",
    grammar: [['fragment_percent_encode_set = _{ c0_control_percent_encode_set | " " | "\\"" | "<" | ">" | "`" }',
      'fragment_percent_encode_set = _{ c0_control_percent_encode_set | " " | "\\"" | "<" | ">" }']],
    lib: [["percent-encoding.js", 'new Set([p(" "), p("\\""), p("<"), p(">"), p("`")])', 'new Set([p(" "), p("\\""), p("<"), p(">")])']],
  },
  {
    name: "domain_percent_allowed",
    about: "U+0025 (%) is no longer a forbidden domain code point.",
    grammar: [['| "%" | "\\u{7F}" }', '| "\\u{7F}" }']],
    lib: [["url-miscellaneous.js", 'cp === p("%") || cp === 0x7F', "cp === 0x7F"]],
  },
  {
    name: "host_caret_allowed",
    about: "U+005E (^) is no longer a forbidden host code point (nor, so, a forbidden domain code point).",
    grammar: [['  | "]" | "^" | "|"\n}', '  | "]" | "|"\n}']],
    lib: [["url-miscellaneous.js", 'p("]"), p("^"), p("|")\n]);', 'p("]"), p("|")\n]);']],
  },
  {
    name: "ws_not_special",
    about: "\"ws\" is not a special scheme.",
    grammar: [['default_port_80 = _{ ^"http" | ^"ws" }', 'default_port_80 = _{ ^"http" }']],
    lib: [["url-miscellaneous.js", '  ["ws", 80],\n', ""]],
  },
  {
    name: "gopher_special",
    about: "Revert whatwg/url#453 (October 2019): \"gopher\" is special again, default port 70 (its origin stays opaque: whatwg/url#454 is not reverted).",
    grammar: [
      ["special_scheme = @{ default_port_443 | default_port_80 | default_port_21 }",
        "special_scheme = @{ default_port_443 | default_port_80 | default_port_21 | default_port_70 }\n\ndefault_port_70 = _{ ^\"gopher\" }"],
    ],
    lib: [["url-miscellaneous.js", '  ["ftp", 21],\n', '  ["ftp", 21],\n  ["gopher", 70],\n']],
  },
  {
    name: "ftp_port_2121",
    about: "\"ftp\"'s default port is 2121 instead of 21.",
    grammar: [
      ["| default_port_21 }", "| default_port_2121 }"],
      ["default_port_21 = _{", "default_port_2121 = _{"],
    ],
    lib: [["url-miscellaneous.js", '["ftp", 21]', '["ftp", 2121]']],
  },
];

/** `text` with `from` replaced by `to`; `from` must occur exactly once. */
function replaceOnce(text, from, to, where) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) {
    throw new Error(`${where}: ${JSON.stringify(from)} does not occur exactly once`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** whatwg-url's module, from a copy of node_modules with `edits` applied to lib/. */
function whatwgUrl(edits) {
  const dir = mkdtempSync(join(tmpdir(), "pegurl-sets-"));
  cpSync(here + "node_modules", join(dir, "node_modules"), { recursive: true });
  for (const [file, from, to] of edits) {
    const path = join(dir, "node_modules/whatwg-url/lib", file);
    writeFileSync(path, replaceOnce(readFileSync(path, "utf8"), from, to, file));
  }
  const module = createRequire(join(dir, "x.js"))("whatwg-url");
  return { module, dir };
}

const GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port",
  "pathname", "search", "hash"];

/** Each urltestdata case's href (null on failure), by the case's place among the cases. */
function urltestdata({ URL }) {
  const data = JSON.parse(readFileSync(root + "fixtures/wpt/urltestdata.json", "utf8"));
  return data.filter((c) => typeof c === "object").map((c) => {
    try {
      const base = c.base == null ? undefined : c.base.toWellFormed();
      return new URL(c.input.toWellFormed(), base).href;
    } catch {
      return null;
    }
  });
}

/** Each setters case's getters after the setter ran, by attribute and place. */
function setters({ URL }) {
  const data = JSON.parse(readFileSync(root + "fixtures/wpt/setters_tests.json", "utf8"));
  const out = {};
  for (const [attribute, cases] of Object.entries(data)) {
    if (attribute === "comment") continue;
    out[attribute] = cases.map((c) => {
      try {
        const url = new URL(c.href.toWellFormed());
        url[attribute] = c.new_value.toWellFormed();
        return JSON.stringify(GETTERS.map((g) => url[g]));
      } catch {
        return null;
      }
    });
  }
  return out;
}

const original = whatwgUrl([]);
const before = { urltestdata: urltestdata(original.module), setters: setters(original.module) };
rmSync(original.dir, { recursive: true });

const out = [];
for (const change of CHANGES) {
  let edited = grammar;
  for (const [from, to] of change.grammar) edited = replaceOnce(edited, from, to, change.name);
  const copy = whatwgUrl(change.lib);
  const after = urltestdata(copy.module);
  const afterSetters = setters(copy.module);
  rmSync(copy.dir, { recursive: true });
  const urltestdataCases = after.flatMap((href, i) => (href === before.urltestdata[i] ? [] : [i]));
  const setterCases = Object.entries(afterSetters).flatMap(([attribute, results]) =>
    results.flatMap((r, i) => (r === before.setters[attribute][i] ? [] : [{ attribute, index: i }])));
  out.push({
    name: change.name,
    about: change.about,
    grammar_edits: change.grammar,
    reference_edits: change.lib,
    urltestdata: urltestdataCases,
    setters: setterCases,
  });
}
process.stdout.write(JSON.stringify({
  comment: "Generated by scripts/reference/set-changes.mjs with whatwg-url 17.3.0 (npm) on fixtures/wpt. urltestdata: the places (among the object cases) of the cases whose href or failure changes; setters: attribute and place of the cases whose getters change.",
  changes: out,
}, null, 1) + "\n");
