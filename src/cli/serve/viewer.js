// The pegurl viewer: sends the input and base to /api/parse as the person types, and shows the
// reply beside the browser's own `new URL()`. Everything the server sends is put on the page as
// text, except the railroad diagrams, which are SVG the server drew.
"use strict";

const $ = (id) => document.getElementById(id);
const GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash"];

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "className") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

// The browser's own parse: every getter, or the exception's message.
function browserParse(input, base) {
  try {
    const url = base === "" ? new URL(input) : new URL(input, base);
    return { url: Object.fromEntries(GETTERS.map((g) => [g, url[g]])) };
  } catch (e) {
    return { error: String(e.message || e) };
  }
}

// The input with each validation error's span marked; an empty span is a caret.
function showHighlight(input, errors) {
  const box = $("highlight");
  box.replaceChildren();
  const cuts = new Set([0, input.length]);
  for (const e of errors) { cuts.add(e.utf16_start); cuts.add(e.utf16_end); }
  const points = [...cuts].filter((p) => p <= input.length).sort((a, b) => a - b);
  const caretsAt = (p) => errors.map((e, i) => [e, i])
    .filter(([e]) => e.utf16_start === p && e.utf16_end === p);
  for (let k = 0; k < points.length; k++) {
    const at = points[k];
    for (const [e, i] of caretsAt(at)) {
      box.append(el("span", { className: "caret", "data-error": i, title: `${e.code}: ${e.message}` }));
    }
    if (k + 1 === points.length) break;
    const next = points[k + 1];
    const text = input.slice(at, next);
    const covering = errors.map((e, i) => [e, i])
      .filter(([e]) => e.utf16_start <= at && next <= e.utf16_end && e.utf16_start < e.utf16_end);
    if (covering.length === 0) {
      box.append(el("span", { "data-from": at, "data-to": next, text }));
    } else {
      const mark = el("mark", {
        "data-from": at, "data-to": next,
        "data-error": covering.map(([, i]) => i).join(" "),
        title: covering.map(([e]) => `${e.code}: ${e.message}`).join("\n"),
        text,
      });
      if (covering.some(([e]) => e.fatal)) mark.classList.add("fatal");
      box.append(mark);
    }
  }
}

function showErrors(reply) {
  const list = $("errors");
  list.replaceChildren();
  reply.errors.forEach((e, i) => {
    const item = el("li", { "data-error": i },
      el("code", { text: e.code }), ` at ${e.start}..${e.end}: ${e.message} `,
      el("a", { href: e.link, target: "_blank", rel: "noreferrer", text: "spec" }),
      e.help ? el("div", { className: "note", text: e.help }) : "");
    if (e.fatal) item.classList.add("fatal");
    item.addEventListener("mouseenter", () => markActive(i, true));
    item.addEventListener("mouseleave", () => markActive(i, false));
    list.append(item);
  });
  const validity = $("validity");
  validity.textContent = reply.valid ? "valid: no validation error"
    : `${reply.errors.length} validation error${reply.errors.length === 1 ? "" : "s"}`;
  validity.className = reply.valid ? "valid" : "invalid";
  $("failure").hidden = reply.failure == null;
  $("failure").textContent = reply.failure == null ? "" : `failure: ${reply.failure}`;
}

function markActive(index, on) {
  for (const node of $("highlight").querySelectorAll("[data-error]")) {
    if (node.dataset.error.split(" ").includes(String(index))) node.classList.toggle("active", on);
  }
}

function showGetters(reply, browser) {
  const body = $("getters").tBodies[0];
  body.replaceChildren();
  const ours = reply.record ? Object.fromEntries(reply.record.getters) : null;
  let differing = 0;
  for (const name of GETTERS) {
    const mine = ours ? ours[name] : "failure";
    const theirs = browser.url ? browser.url[name] : "throws";
    // Both failing is agreement: neither has a URL.
    const differs = (ours !== null || browser.url !== undefined) && mine !== theirs;
    differing += differs;
    const row = el("tr", { "data-getter": name }, el("th", { text: name }),
      el("td", { className: ours ? "pegurl" : "pegurl failed", text: mine }),
      el("td", { className: browser.url ? "browser" : "browser failed", text: theirs }),
      el("td", { className: "flag", text: differs ? "≠ differs" : "" }));
    if (differs) row.classList.add("differs");
    body.append(row);
  }
  const summary = browser.error ? `The browser throws: ${browser.error}. ` : "";
  $("differences").textContent = summary + (differing === 0
    ? (ours ? "The browser agrees on every getter." : "Both fail.")
    : `${differing} getter${differing === 1 ? "" : "s"} differ from this browser's.`);
}

function showRecord(record) {
  const list = $("record");
  list.replaceChildren();
  if (!record) { list.append(el("dd", { text: "(no record: the parse failed)" })); return; }
  const show = (v) => (v === null || v === undefined ? "null" : JSON.stringify(v));
  const rows = [
    ["scheme", show(record.scheme)],
    ["host", record.host_kind === "null" ? "null" : `${record.host_kind} ${show(record.host)}`],
    ["port", show(record.port)],
    ["path", record.opaque_path ? `opaque ${show(record.path[0] ?? "")}` : show(record.path)],
    ["query", show(record.query)],
    ["fragment", show(record.fragment)],
  ];
  for (const [name, value] of rows) list.append(el("dt", { text: name }), el("dd", { text: value }));
}

function treeList(nodes) {
  const list = el("ul");
  for (const node of nodes) {
    const label = el("span", {},
      el("a", { href: `#diagram-${node.rule}`, className: "rule", text: node.rule }),
      el("span", { className: "span", text: ` ${node.start}..${node.end} ` }),
      JSON.stringify(node.text));
    label.addEventListener("mouseenter", () => spanActive(node, true));
    label.addEventListener("mouseleave", () => spanActive(node, false));
    const item = el("li", { "data-rule": node.rule }, label);
    if (node.children.length) item.append(treeList(node.children));
    list.append(item);
  }
  return list;
}

function spanActive(node, on) {
  for (const part of $("highlight").querySelectorAll("[data-from]")) {
    const inside = node.utf16_start <= Number(part.dataset.from) && Number(part.dataset.to) <= node.utf16_end;
    part.classList.toggle("tree-span", on && inside);
  }
}

// A rule's doc comment without Markdown link syntax: "[text](url)" reads as "text".
function plainDoc(doc) {
  return doc.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
}

function showDiagrams(diagrams) {
  const box = $("diagrams");
  box.replaceChildren();
  if (!Array.isArray(diagrams)) { box.textContent = diagrams.error || ""; return; }
  for (const d of diagrams) {
    const figure = el("figure", { id: `diagram-${d.rule}`, "data-rule": d.rule },
      el("figcaption", { text: d.rule }, " ", el("small", { text: plainDoc(d.doc) })));
    const holder = el("div");
    holder.innerHTML = d.svg;
    for (const link of holder.querySelectorAll("a")) {
      const target = (link.getAttribute("xlink:href") || link.getAttribute("href") || "").replace("#rule-", "");
      link.setAttribute("href", `#diagram-${target}`);
      if (d.taken_by_name.includes(target)) link.querySelector("[data-ident]")?.classList.add("taken");
    }
    for (const node of holder.querySelectorAll("[data-ident]")) {
      if (d.taken.includes(Number(node.dataset.ident))) node.classList.add("taken");
    }
    figure.append(holder);
    box.append(figure);
  }
}

let sequence = 0;
async function update() {
  const input = $("input").value;
  const base = $("base").value;
  const mine = ++sequence;
  const reply = await api("POST", "/api/parse", { input, base: base === "" ? null : base });
  if (mine !== sequence) return;
  $("href").textContent = reply.href ?? `failure: ${reply.failure}`;
  $("href").className = reply.href == null ? "mono failed" : "mono";
  showHighlight(input, reply.errors);
  showErrors(reply);
  showGetters(reply, browserParse(input, base));
  showRecord(reply.record);
  $("tree").replaceChildren(treeList(reply.trees));
  showDiagrams(reply.diagrams);
  // What is shown, for tests to wait on.
  document.body.dataset.shownInput = input;
  document.body.dataset.shownBase = base;
  document.body.dataset.updated = String(mine);
}

let timer = null;
function later() { clearTimeout(timer); timer = setTimeout(update, 120); }

function showGrammar(reply) {
  $("grammar-name").textContent = reply.name;
  $("grammar").value = reply.source;
  $("grammar-note").textContent = reply.missing.length === 0 ? ""
    : `This grammar lacks productions the builder uses (inputs that need them fail): ${reply.missing.join(", ")}`;
}

function showWpt(suites) {
  const box = $("wpt");
  box.replaceChildren();
  for (const s of suites) {
    box.append(el("h3", { text: `${s.suite}: ${s.cases} cases; this grammar passes ${s.passes}, ` +
      `the built-in grammar ${s.baseline_passes}; ${s.differences.length} differ` }));
    const list = el("ul");
    for (const d of s.differences.slice(0, 100)) {
      // A setter's refusal follows the href it left, in parentheses.
      const why = (refused) => refused ? ` (${refused})` : "";
      list.append(el("li", { text: `${d.case}: built-in ${JSON.stringify(d.baseline)}${why(d.baseline_refused)}, this grammar ${JSON.stringify(d.grammar)}${why(d.grammar_refused)}` }));
    }
    box.append(list);
  }
}

async function loadGrammar(source) {
  $("grammar-busy").hidden = false;
  try {
    const reply = await api("POST", "/api/grammar", { source });
    $("grammar-error").hidden = reply.ok;
    $("grammar-error").textContent = reply.ok ? "" : `The grammar does not load; the previous one stays.\n${reply.error}`;
    if (reply.ok) { showGrammar(reply); showWpt(reply.wpt); update(); }
  } finally {
    $("grammar-busy").hidden = true;
    document.body.dataset.grammarLoaded = String(Date.now());
  }
}

$("input").addEventListener("input", later);
$("base").addEventListener("input", later);
$("load").addEventListener("click", () => loadGrammar($("grammar").value));
$("builtin").addEventListener("click", async () => loadGrammar((await api("GET", "/api/grammar/builtin")).source));
api("GET", "/api/grammar").then(showGrammar);
update();
