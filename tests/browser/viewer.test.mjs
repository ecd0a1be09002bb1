// End to end: `pegurl serve` in headless Chromium (Debian's chromium, driven by playwright-core).
// What the page shows is checked against the server's JSON API (itself checked against the
// reference data by tests/serve.rs) and against the browser's own `new URL()`; screenshots are
// written to out/ and checked by pixel: not blank, and the error highlight drawn where the
// error's span is.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
import { decode, count } from "./png.mjs";

const BIN = process.env.PEGURL_BIN ?? new URL("../../target/debug/pegurl", import.meta.url).pathname;
const OUT = new URL("./out/", import.meta.url).pathname;
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run"];
const WAIT = 20_000;

let server;
let origin;
let browser;
let page;

function startServer() {
  server = spawn(BIN, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start in 30 s")), 30_000);
    server.on("error", reject);
    createInterface({ input: server.stdout }).once("line", (line) => {
      clearTimeout(timer);
      const match = line.match(/http:\/\/127\.0\.0\.1:\d+/);
      match ? resolve(match[0]) : reject(new Error(`no address in ${line}`));
    });
  });
}

async function api(method, path, body) {
  const response = await fetch(origin + path, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  return response.json();
}

// Types an input and base the way a person does, and waits for the page to show the reply.
async function enter(input, base = "") {
  await page.fill("#base", base);
  await page.fill("#input", input);
  await page.waitForFunction(([i, b]) => document.body.dataset.shownInput === i
    && document.body.dataset.shownBase === b, [input, base], { timeout: WAIT });
  return api("POST", "/api/parse", { input, base: base === "" ? null : base });
}

const isRed = ([r, g, b]) => r > 180 && g < 60 && b < 60;

before(async () => {
  mkdirSync(OUT, { recursive: true });
  origin = await startServer();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS, timeout: 60_000 });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(WAIT);
  await page.goto(origin + "/");
  await page.waitForFunction(() => document.body.dataset.updated !== undefined);
});

after(async () => {
  await browser?.close();
  server?.kill();
});

test("validation errors are marked on the input at their spans", { timeout: 120_000 }, async () => {
  const input = "https://user@example.org\\a b";
  const reply = await enter(input);
  assert.ok(reply.errors.length >= 3, JSON.stringify(reply.errors));
  const listed = await page.$$eval("#errors li code", (codes) => codes.map((c) => c.textContent));
  assert.deepEqual(listed, reply.errors.map((e) => e.code));
  // In the DOM: each error's marks hold exactly the text of its span.
  for (const [i, e] of reply.errors.entries()) {
    const marked = await page.$$eval("#highlight mark", (marks, i) => marks
      .filter((m) => m.dataset.error.split(" ").includes(String(i))).map((m) => m.textContent).join(""), i);
    assert.equal(marked, input.slice(e.utf16_start, e.utf16_end), e.code);
  }
  // In pixels: every mark is drawn red, the unmarked text is not, and the red lies within the
  // marks.
  const shot = await page.locator("#highlight").screenshot({ path: OUT + "highlight.png" });
  const image = decode(shot);
  const box = await page.locator("#highlight").boundingBox();
  const marks = await page.$$eval("#highlight mark", (ms) => ms.map((m) => {
    const r = m.getBoundingClientRect();
    return { left: r.left, right: r.right, text: m.textContent };
  }));
  assert.equal(marks.length, reply.errors.filter((e) => e.utf16_start < e.utf16_end).length);
  for (const mark of marks) {
    const png = decode(await page.locator("#highlight mark", { hasText: mark.text }).first().screenshot());
    assert.ok(count(png, isRed) > 0, `mark ${JSON.stringify(mark.text)} is drawn red`);
  }
  const plain = await page.locator("#highlight span[data-from]").first();
  // Its clip is rounded out to whole pixels, so its edge columns may show a neighbour's mark.
  const unmarked = decode(await plain.screenshot({ path: OUT + "unmarked.png" }));
  assert.equal(count(unmarked, isRed, 2), 0, "unmarked text is not red");
  for (let x = 0; x < image.width; x++) {
    let red = false;
    for (let y = 0; y < image.height && !red; y++) red = isRed(image.pixel(x, y));
    if (!red) continue;
    const pageX = box.x + x + 0.5;
    assert.ok(marks.some((m) => m.left - 1 <= pageX && pageX <= m.right + 1), `red at x=${x} is inside a mark`);
  }
});

test("getters are compared with the browser's new URL() and differences flagged", { timeout: 120_000 }, async () => {
  const cases = [["https://exa mple.org/", ""], ["../x?y#z", "http://h/a/b"], ["x", "not a base"]];
  for (const [input, base] of cases) {
    const reply = await enter(input, base);
    const expectedBrowser = await page.evaluate(([i, b]) => {
      try {
        const u = b ? new URL(i, b) : new URL(i);
        return Object.fromEntries(["href", "origin", "protocol", "username", "password", "host",
          "hostname", "port", "pathname", "search", "hash"].map((g) => [g, u[g]]));
      } catch { return null; }
    }, [input, base]);
    const rows = await page.$$eval("#getters tbody tr", (trs) => trs.map((tr) => ({
      name: tr.dataset.getter,
      pegurl: tr.querySelector(".pegurl").textContent,
      browser: tr.querySelector(".browser").textContent,
      flagged: tr.classList.contains("differs"),
    })));
    const ours = reply.record ? Object.fromEntries(reply.record.getters) : null;
    assert.equal(await page.textContent("#href"), reply.href ?? `failure: ${reply.failure}`);
    assert.equal(rows.length, 11);
    for (const row of rows) {
      const mine = ours ? ours[row.name] : "failure";
      const theirs = expectedBrowser ? expectedBrowser[row.name] : "throws";
      assert.equal(row.pegurl, mine, row.name);
      assert.equal(row.browser, theirs, row.name);
      const bothFail = ours === null && expectedBrowser === null;
      assert.equal(row.flagged, !bothFail && mine !== theirs, `${input}: ${row.name} flagged`);
    }
    await page.screenshot({ path: `${OUT}getters-${cases.findIndex(([i]) => i === input)}.png`, fullPage: true });
  }
});

test("record, tree and diagrams show the trace", { timeout: 120_000 }, async () => {
  const reply = await enter("HTTP://h:8080/p/../q?x#y");
  const record = await page.$$eval("#record dt", (dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent]));
  assert.deepEqual(Object.fromEntries(record).port, String(reply.record.port));
  const countNodes = (nodes) => nodes.reduce((n, t) => n + 1 + countNodes(t.children), 0);
  assert.equal(await page.locator("#tree li").count(), countNodes(reply.trees));
  const diagrams = await page.$$eval("#diagrams figure", (fs) => fs.map((f) => ({
    rule: f.dataset.rule,
    taken: [...f.querySelectorAll(".taken")].map((g) => Number(g.dataset.ident)),
    names: [...f.querySelectorAll(".taken")].map((g) => g.textContent.trim()),
  })));
  assert.deepEqual(diagrams.map((d) => d.rule), reply.diagrams.map((d) => d.rule));
  for (const [i, d] of diagrams.entries()) assert.deepEqual(d.taken, reply.diagrams[i].taken, d.rule);
  const url = diagrams.find((d) => d.rule === "url");
  assert.deepEqual(url.names, reply.trees[0].children.map((c) => c.rule), "the url rule's children, in order");
  // With credentials, authority's second branch is marked, and only its host.
  await enter("http://u@h/");
  const authority = await page.$$eval("#diagrams figure[data-rule=authority] .taken", (gs) => gs.map((g) => g.textContent.trim()));
  assert.deepEqual(authority, ["credentials", "host"]);
  const hosts = await page.$$eval("#diagrams figure[data-rule=authority] [data-ident]", (gs) =>
    gs.filter((g) => g.textContent.trim() === "host").map((g) => g.classList.contains("taken")));
  assert.deepEqual(hosts, [false, true]);
  await page.locator("#diagrams figure[data-rule=authority]").screenshot({ path: OUT + "authority.png" });
  await enter("HTTP://h:8080/p/../q?x#y");
  const full = await page.screenshot({ path: OUT + "page.png", fullPage: true });
  const image = decode(full);
  const colours = new Set();
  for (let y = 0; y < image.height; y += 7) for (let x = 0; x < image.width; x += 7) colours.add(image.pixel(x, y).join());
  assert.ok(colours.size > 20, `the page is not blank (${colours.size} colours)`);
  const taken = decode(await page.locator("#diagrams figure[data-rule=url] .taken").first().screenshot());
  assert.ok(count(taken, ([r, g, b]) => r > 230 && g > 190 && b < 120) > 20, "a taken rule is drawn highlighted");
});

test("a grammar edited in the page is used, with its WPT delta; a broken one is refused", { timeout: 300_000 }, async () => {
  const builtin = (await api("GET", "/api/grammar/builtin")).source;
  await page.fill("#grammar", "url = { ");
  await page.click("#load");
  await page.waitForSelector("#grammar-error:not([hidden])");
  assert.match(await page.textContent("#grammar-error"), /does not load/);
  const edited = builtin.split("\n").map((line) => line.startsWith("special_path_segment =")
    ? 'special_path_segment = @{ "/" ~ (!("/" | "?" | "#") ~ ANY)* }' : line).join("\n");
  assert.notEqual(edited, builtin);
  const before = await page.evaluate(() => document.body.dataset.grammarLoaded);
  await page.fill("#grammar", edited);
  await page.click("#load");
  await page.waitForFunction((b) => document.body.dataset.grammarLoaded !== b
    && document.querySelector("#grammar-busy").hidden, before, { timeout: 240_000 });
  assert.equal(await page.isHidden("#grammar-error"), true);
  const current = await api("GET", "/api/grammar");
  assert.equal(current.source, edited);
  // The delta shown is the one the server computes for this grammar.
  const reply = await api("POST", "/api/grammar", { source: edited });
  const headings = await page.$$eval("#wpt h3", (hs) => hs.map((h) => h.textContent));
  assert.equal(headings.length, reply.wpt.length);
  for (const [i, suite] of reply.wpt.entries()) {
    assert.ok(headings[i].endsWith(`; ${suite.differences.length} differ`), headings[i]);
  }
  assert.ok(reply.wpt[0].differences.length > 0);
  const parsed = await enter("http://h/a\\b");
  assert.equal(await page.textContent("#getters tbody tr[data-getter=href] .pegurl"), parsed.href);
  await page.screenshot({ path: OUT + "grammar.png", fullPage: true });
  await api("POST", "/api/grammar", { source: builtin });
});

process.on("exit", () => server?.kill());
