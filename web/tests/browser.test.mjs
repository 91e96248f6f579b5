// The page in a real browser: headless Chromium, driven over WebDriver (ChromeDriver's HTTP
// interface, spoken with Node's own fetch: no package to install), loads web/dist from a local
// static server and is checked against the `sudoku` command's answers.
//
//   node --test web/tests/        (after `bash web/build.sh` and `cargo build --release`)
//
// Needs /usr/bin/chromium and /usr/bin/chromedriver (Debian's chromium and chromium-driver;
// CHROMIUM and CHROMEDRIVER name others) and the release `sudoku` binary (SUDOKU names
// another). Without Chromium it prints a notice and skips, except under CI=true, where that is
// a failure. Screenshots go to target/web-screenshots/ (SCREENSHOTS names another folder).
// With BENCH_CORPUS=FILE it also benches `fast` and `dlx` on that file in the page and prints
// their puzzles per second.
//
// Every child process (the static server, ChromeDriver and the Chromium it starts) is started
// in a process group of its own and the whole group is killed when the tests end, pass or fail,
// and when this process is interrupted.

import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "web/dist");
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
const chromedriver = process.env.CHROMEDRIVER ?? "/usr/bin/chromedriver";
const sudoku = process.env.SUDOKU ?? join(root, "target/release/sudoku");
const screenshots = process.env.SCREENSHOTS ?? join(root, "target/web-screenshots");

const browserMissing = !existsSync(chromium) || !existsSync(chromedriver);
if (browserMissing) {
  const message = `Chromium or ChromeDriver not found (${chromium}, ${chromedriver}): install Debian's chromium and chromium-driver`;
  if (process.env.CI === "true") throw new Error(message);
  console.log(`NOTICE: ${message}; the browser tests skip`);
}

// ---------------------------------------------------------------- processes

const children = [];

/** Starts `command` in a process group of its own, remembered for `killAll`. */
function start(command, args, options = {}) {
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], ...options });
  children.push(child);
  return child;
}

/** Kills every child's whole process group (ChromeDriver's Chromium with it). */
function killAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  children.length = 0;
}

process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** Resolves with the first match of `pattern` in the child's output, within `ms`. */
function waitForOutput(child, pattern, ms = 20000) {
  return new Promise((resolvePromise, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output: ${seen}`)), ms);
    const look = (chunk) => {
      seen += chunk;
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match);
      }
    };
    child.stdout.setEncoding("utf8").on("data", look);
    child.stderr.setEncoding("utf8").on("data", look);
    child.on("exit", (code) => reject(new Error(`exited with ${code} before ${pattern}: ${seen}`)));
  });
}

function freePort() {
  return new Promise((resolvePromise) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

// ---------------------------------------------------------------- WebDriver

let driver = "";
let session = "";

async function webdriver(method, path, body) {
  const response = await fetch(`${driver}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(answer.value).slice(0, 500)}`);
  return answer.value;
}

const command = (method, path, body) => webdriver(method, `/session/${session}${path}`, body);
const run = (script, ...args) => command("POST", "/execute/sync", { script, args });

async function open(query) {
  await command("POST", "/url", { url: `${site}/index.html${query}` });
  await waitFor("document.body.dataset.ready === 'true'", 30000);
}

/** Waits until `expression`, run in the page, is true. */
async function waitFor(expression, ms = 30000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await run(`return Boolean(${expression});`)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

async function setWindow(width, height) {
  await command("POST", "/window/rect", { width, height });
}

/** Saves a screenshot of the window, scrolled to `id` (the top of the page by default). */
async function screenshot(name, id) {
  mkdirSync(screenshots, { recursive: true });
  await run(id ? `document.getElementById(${JSON.stringify(id)}).scrollIntoView();` : "window.scrollTo(0, 0);");
  const png = await command("GET", "/screenshot");
  writeFileSync(join(screenshots, `${name}.png`), Buffer.from(png, "base64"));
}

/** Presses `key` (a WebDriver key code) on the focused element. */
async function press(key) {
  await command("POST", "/actions", {
    actions: [{ type: "key", id: "keyboard", actions: [{ type: "keyDown", value: key }, { type: "keyUp", value: key }] }],
  });
}

const click = (id) => run(`document.getElementById(${JSON.stringify(id)}).click();`);

// ---------------------------------------------------------------- the command line's answers

/** The `sudoku` command's first solution of `line` with `engine`, and its node count. */
function cli(engine, line) {
  const result = spawnSync(sudoku, ["solve", "--engine", engine, "--stats"], { input: `${line}\n`, encoding: "utf8" });
  assert.equal(result.status, 0, result.stderr);
  // --stats writes `<stdin>: puzzle 1: 5512 nodes, 1411 guesses, ...` to standard error.
  const nodes = result.stderr.match(/: (\d+) nodes?,/);
  assert.ok(nodes, `no node count in: ${result.stderr}`);
  return { solution: result.stdout.trim(), nodes: Number(nodes[1]) };
}

/** Whether `solution` (one line, in `symbols`) fills `puzzle` by the rules and keeps its clues. */
function assertSolves(puzzle, solution, side, context) {
  const symbols = side <= 9 ? "123456789" : "123456789ABCDEFGHIJKLMNOP".slice(0, side);
  assert.equal(solution.length, side * side, `${context}: a solution of ${side * side} cells`);
  const values = [...solution].map((symbol) => symbols.indexOf(symbol) + 1);
  assert.ok(values.every((value) => value >= 1), `${context}: every cell holds a value`);
  [...puzzle].forEach((symbol, cell) => {
    if (symbol !== "." && symbol !== "0") assert.equal(solution[cell], symbol, `${context}: clue at cell ${cell} kept`);
  });
  const order = Math.round(Math.sqrt(side));
  const units = [];
  for (let unit = 0; unit < side; unit++) {
    const row = [];
    const column = [];
    const box = [];
    for (let k = 0; k < side; k++) {
      row.push(unit * side + k);
      column.push(k * side + unit);
      const top = Math.floor(unit / order) * order + Math.floor(k / order);
      const left = (unit % order) * order + (k % order);
      box.push(top * side + left);
    }
    units.push(row, column, box);
  }
  for (const unit of units) {
    assert.equal(new Set(unit.map((cell) => values[cell])).size, side, `${context}: a unit repeats a value`);
  }
}

// ---------------------------------------------------------------- the tests

const corpus = (file) =>
  readFileSync(join(root, "data/corpus", file), "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"));
/** A 9×9 puzzle every engine solves in a few thousand nodes (naive: 5,512). */
const PUZZLE = corpus("generated-10000.txt")[0];
const FOUR = corpus("generated-4x4-1000.txt")[0];
/**
 * A 9×9 puzzle whose path on Sudoku Explainer's scale (ER 8.4) has forcing X-chains, XY
 * forcing chains, a Nishio forcing chain (two branches), cell and region forcing chains (three
 * branches each) and Y-cycles.
 */
const CHAINS = corpus("generated-10000.txt")[2];
const SIXTEEN = corpus("generated-16x16-1000.txt")[0];
/**
 * The first puzzle of a file of data/layouts: its `# layout` line, `# regions` block and
 * `# extra` lines, if any, then its line.
 */
function firstOfLayouts(file) {
  const lines = readFileSync(join(root, "data/layouts", file), "utf8").split("\n");
  const puzzle = lines.findIndex((line) => line.trim() && !line.startsWith("#"));
  const layout = lines.findIndex((line) => line.startsWith("# layout"));
  return lines.slice(layout >= 0 && layout < puzzle ? layout : puzzle, puzzle + 1).join("\n");
}
const JIGSAW = firstOfLayouts("jigsaw-9x9-200.txt");
const X = firstOfLayouts("x-9x9-200.txt");
const PENCILMARK = firstOfLayouts("pencilmark-9x9-50.txt");

/** The region of each cell of a puzzle's `# regions` block, as its symbols. */
const regionsOf = (text) =>
  text
    .split("\n")
    .filter((line) => /^# [1-9]{9}$/.test(line))
    .map((line) => line.slice(2))
    .join("");

/** Which cells of the board in `#id` have a thick border at their right and at their bottom. */
const thickBorders = (id) =>
  run(`return [...document.querySelectorAll('#${id} .cell')].map((cell) => [cell.classList.contains('box-right'), cell.classList.contains('box-bottom')]);`);

/** Loads `text` as if typed in the puzzle field, and waits until the race of its engines ends. */
async function loadTyped(text, engines) {
  // The last race's rows go first, so that only the new race's answers are waited for.
  await run("document.querySelector('#race-table tbody').replaceChildren();");
  await run(`document.getElementById('puzzle-text').value = ${JSON.stringify(text)};`);
  await click("load-button");
  await waitFor(`document.querySelectorAll('#race-table tbody tr[data-count], #race-table tbody td.bad, #race-table tbody td.refused').length === ${engines}`, 60000);
}
// ---------------------------------------------------------------- f-puzzles links

/**
 * `text` compressed as the f-puzzles editor's links carry it: LZ-String's base64 form
 * (`compressToBase64`), written here from the format: a dictionary of the phrases seen, each
 * new character sent raw once (8 or 16 bits after a 0 or 1 code), each phrase by its number in
 * as many bits as the dictionary's size needs, least significant bit first; a 2 ends the stream;
 * the bits are packed 6 to a base64 character, padded with `=` to a multiple of 4.
 */
function lzBase64(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
  const out = [];
  let bits = 0;
  let filled = 0;
  const write = (value, count) => {
    for (let i = 0; i < count; i++) {
      bits = (bits << 1) | (value & 1);
      value >>= 1;
      if (++filled === 6) {
        out.push(alphabet[bits]);
        bits = 0;
        filled = 0;
      }
    }
  };
  const dictionary = new Map();
  const unsent = new Set();
  let size = 3;
  let width = 2;
  let untilWider = 2;
  const counted = () => {
    if (--untilWider === 0) {
      untilWider = 2 ** width;
      width++;
    }
  };
  const emit = (phrase) => {
    if (unsent.has(phrase)) {
      const code = phrase.charCodeAt(0);
      const wide = code >= 256;
      write(wide ? 1 : 0, width);
      write(code, wide ? 16 : 8);
      counted();
      unsent.delete(phrase);
    } else {
      write(dictionary.get(phrase), width);
    }
    counted();
  };
  let phrase = "";
  for (const char of text) {
    if (!dictionary.has(char)) {
      dictionary.set(char, size++);
      unsent.add(char);
    }
    if (dictionary.has(phrase + char)) {
      phrase += char;
    } else {
      emit(phrase);
      dictionary.set(phrase + char, size++);
      phrase = char;
    }
  }
  if (phrase) emit(phrase);
  write(2, width);
  // The last character's bits, shifted up to fill it (a whole character of zeros when the
  // bits ended on a character's end: the reader reads one ahead).
  do write(0, 1);
  while (filled !== 0);
  while (out.length % 4) out.push("=");
  return out.join("");
}

/**
 * The f-puzzles editor's JSON of an empty 9×9 grid with `givens` ([cell, value]) and the rule
 * fields `rules`, and the display fields the editor writes into every link it exports
 * (conflict highlighting, the logic it leaves off, a cosmetic line and text), which the reader
 * passes over.
 */
function editorJson(rules, givens = []) {
  const grid = Array.from({ length: 9 }, (_, row) =>
    Array.from({ length: 9 }, (_, col) => {
      const given = givens.find(([cell]) => cell === row * 9 + col);
      return given ? { value: given[1], given: true } : {};
    }),
  );
  return JSON.stringify({
    size: 9,
    title: "A test",
    author: "the workbench",
    ruleset: "Normal sudoku rules apply.",
    highlightConflicts: true,
    disabledlogic: ["Simple Cell Forcing"],
    truecandidatesoptions: ["colored"],
    grid,
    ...rules,
    line: [{ lines: [["R9C1", "R8C2"]], outlineC: "#FFA500", width: 0.1, isNewConstraint: true }],
    text: [{ cells: ["R9C9"], value: "!", fontC: "#000000", size: 0.5, angle: 0 }],
    rectangle: [{ cells: ["R8C8"], baseC: "#FFFFFF", outlineC: "#000000", fontC: "#000000", width: 0.5, height: 0.5, angle: 0 }],
  });
}

const editorLink = (json) => `https://www.f-puzzles.com/?load=${lzBase64(json)}`;

/** The killer cages of a puzzle's `# killer` lines as the editor's `killercage` entries. */
const cagesOf = (text) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("# killer "))
    .map((line) => {
      const [sum, ...cells] = line.slice("# killer ".length).split(" ");
      return { cells: cells.map((cell) => cell.toUpperCase()), value: sum };
    });

/** The first puzzle of data/corpus/variants-killer-9x9.txt: its rule lines and its line. */
function firstKiller() {
  const lines = readFileSync(join(root, "data/corpus/variants-killer-9x9.txt"), "utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith("# layout"));
  const end = lines.findIndex((line, at) => at > start && !line.startsWith("#"));
  return lines.slice(start, end + 1).join("\n");
}

let site = "";
let profile = "";

describe("the web page in headless Chromium", { skip: browserMissing }, () => {
  before(async () => {
    assert.ok(existsSync(join(dist, "index.html")), "web/dist is missing: run bash web/build.sh first");
    assert.ok(existsSync(sudoku), `${sudoku} is missing: run cargo build --release first`);
    const server = start("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dist]);
    const [, port] = await waitForOutput(server, /port (\d+)/);
    site = `http://127.0.0.1:${port}`;
    const driverPort = await freePort();
    const chromeDriver = start(chromedriver, [`--port=${driverPort}`]);
    await waitForOutput(chromeDriver, /started successfully|was started/);
    driver = `http://127.0.0.1:${driverPort}`;
    profile = mkdtempSync(join(tmpdir(), "sudoku-web-chromium-"));
    const created = await webdriver("POST", "/session", {
      capabilities: {
        alwaysMatch: {
          browserName: "chrome",
          "goog:chromeOptions": {
            binary: chromium,
            args: [
              "--headless",
              "--no-sandbox",
              "--disable-gpu",
              "--disable-quic",
              "--no-first-run",
              "--disable-background-networking",
              "--disable-component-update",
              "--disable-sync",
              "--disable-dev-shm-usage",
              `--user-data-dir=${profile}`,
              "--window-size=1280,1000",
            ],
          },
        },
      },
    });
    session = created.sessionId;
  });

  after(async () => {
    if (session) await webdriver("DELETE", `/session/${session}`).catch(() => {});
    killAll();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("races every engine on a 9×9 puzzle: each answer solves it and agrees with the command line", async () => {
    await setWindow(1280, 1000);
    const engines = ["naive", "bitmask", "bitmask-mrv", "dlx", "fast", "propagate", "cdcl", "norvig", "alldiff", "sat", "sat-plain", "logic"];
    await open(`?puzzle=${PUZZLE}&engines=${engines.join(",")}&view=race`);
    await waitFor(`document.querySelectorAll('#race-table tbody tr[data-count]').length === ${engines.length}`, 60000);
    const rows = await run(
      "return [...document.querySelectorAll('[data-engine][data-solution]')].map((row) => ({engine: row.dataset.engine, solution: row.dataset.solution, verdict: row.dataset.verdict}));",
    );
    assert.deepEqual(rows.map((row) => row.engine), engines);
    const expected = cli("fast", PUZZLE).solution;
    for (const row of rows) {
      assertSolves(PUZZLE, row.solution, 9, row.engine);
      assert.equal(row.solution, expected, `${row.engine} agrees with sudoku solve`);
      assert.equal(row.verdict, "1", `${row.engine} proves the solution unique`);
    }
    const verdict = await run("return document.getElementById('race-verdict').textContent;");
    assert.match(verdict, /same one solution/);
    await screenshot("desktop-race");
  });

  it("shows both solutions for ?puzzle=…&engines=fast,dlx&view=race", async () => {
    const line = corpus("generated-10000.txt")[7];
    await open(`?puzzle=${line}&engines=fast,dlx&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 2");
    const rows = await run("return [...document.querySelectorAll('[data-engine][data-solution]')].map((row) => [row.dataset.engine, row.dataset.solution]);");
    assert.deepEqual(rows.map(([engine]) => engine), ["fast", "dlx"]);
    for (const [engine, solution] of rows) assertSolves(line, solution, 9, engine);
  });

  it("races the engines of other sizes on 4×4 and 16×16 puzzles", async () => {
    for (const [line, side, engines] of [
      [FOUR, 4, ["naive", "bitmask-mrv", "dlx", "propagate", "cdcl", "logic"]],
      [SIXTEEN, 16, ["dlx", "propagate", "cdcl", "norvig"]],
    ]) {
      await open(`?puzzle=${line}&engines=${engines.join(",")}&view=race`);
      await waitFor(`document.querySelectorAll('#race-table tbody tr[data-count]').length === ${engines.length}`, 60000);
      const rows = await run("return [...document.querySelectorAll('[data-engine][data-solution]')].map((row) => [row.dataset.engine, row.dataset.solution]);");
      for (const [engine, solution] of rows) assertSolves(line, solution, side, `${engine} at ${side}×${side}`);
    }
  });

  it("steps through the explanation to its end, by keyboard and buttons, to a solved grid", async () => {
    await open(`?puzzle=${PUZZLE}&engines=fast&view=explain`);
    await waitFor("document.getElementById('explain-step').dataset.step === '0'");
    const total = Number(await run("return document.getElementById('explain-jump').max;"));
    const json = JSON.parse(execFileSync(sudoku, ["explain", PUZZLE, "-o", "json"], { encoding: "utf8" }));
    assert.equal(total, json.puzzles[0].steps.length, "as many steps as sudoku explain");
    // Arrow keys on the grid move a step; the buttons do the rest.
    await run("document.getElementById('explain-grid').focus();");
    await press("\uE014"); // ArrowRight
    await waitFor("document.getElementById('explain-step').dataset.step === '1'");
    await press("\uE012"); // ArrowLeft
    await waitFor("document.getElementById('explain-step').dataset.step === '0'");
    for (let step = 1; step <= total; step++) {
      await click("explain-next");
      await waitFor(`document.getElementById('explain-step').dataset.step === '${step}'`);
      if (step === 5) await screenshot("desktop-explain", "view-explain");
    }
    assert.equal(await run("return document.getElementById('explain-next').disabled;"), true);
    assert.equal(await run("return document.getElementById('explain-step').dataset.end;"), "solved");
    const board = await run("return [...document.querySelectorAll('#explain-grid .cell')].map((cell) => cell.textContent).join('');");
    assert.equal(board, cli("fast", PUZZLE).solution, "the path ends on the solution");
    const rating = await run("return document.getElementById('explain-rating').textContent;");
    assert.match(rating, new RegExp(`Rating ${json.puzzles[0].difficulty.toFixed(1)}`));
  });

  it("draws each chain's links as arrows over the candidates, on Sudoku Explainer's scale", async () => {
    const json = JSON.parse(execFileSync(sudoku, ["explain", "--scale", "explainer", CHAINS, "-o", "json"], { encoding: "utf8" }));
    const { steps } = json.puzzles[0];
    assert.ok(steps.some((step) => (step.branches ?? []).length > 1), "a step of several branches");
    await open(`?puzzle=${CHAINS}&engines=fast&view=explain&scale=explainer`);
    await waitFor("document.getElementById('explain-step').dataset.step === '0'", 60000);
    assert.equal(Number(await run("return document.getElementById('explain-jump').max;")), steps.length, "the path of sudoku explain --scale explainer");
    const rating = await run("return document.getElementById('explain-rating').textContent;");
    assert.match(rating, new RegExp(`Rating ${json.puzzles[0].difficulty.toFixed(1)} `));
    let chains = 0;
    let shot = false;
    for (const [index, step] of steps.entries()) {
      if (index > 0) {
        await click("explain-next");
        await waitFor(`document.getElementById('explain-step').dataset.step === '${index}'`);
      }
      const drawn = await run(`const grid = document.getElementById('explain-grid');
        return {
          strong: grid.querySelectorAll('svg .link.strong').length,
          weak: grid.querySelectorAll('svg .link.weak').length,
          on: grid.querySelectorAll('.cand.link-on, .cand.link-both').length,
          off: grid.querySelectorAll('.cand.link-off, .cand.link-both').length,
          technique: document.querySelector('#explain-step .technique').textContent,
        };`);
      const context = `step ${step.number} (${step.technique})`;
      assert.equal(drawn.technique, step.technique, context);
      // Every candidate of a branch but its first is the end of a link: an arrow each, solid
      // for a candidate turned on (a strong link), dashed for one turned off (a weak one).
      const links = (step.branches ?? []).flatMap((branch) => branch.slice(1));
      assert.equal(drawn.strong + drawn.weak, links.length, `${context}: an arrow per link`);
      assert.equal(drawn.strong, links.filter((link) => link.on).length, `${context}: strong links`);
      assert.equal(drawn.on > 0 && drawn.off > 0, links.length > 0, `${context}: candidates on and off marked`);
      if (links.length) chains += 1;
      if (step.technique === "Cell Forcing Chains" && !shot) {
        await screenshot("desktop-chain", "explain-step");
        shot = true;
      }
    }
    assert.ok(chains >= 10, `${chains} chain steps drawn`);
    assert.match(await run("return location.search;"), /scale=explainer/);
    // Back on the workbench's ladder, as sudoku explain walks it by default: no step draws links.
    const workbench = JSON.parse(execFileSync(sudoku, ["explain", CHAINS, "-o", "json"], { encoding: "utf8" })).puzzles[0].steps;
    await run("const scale = document.getElementById('explain-scale'); scale.value = 'workbench'; scale.dispatchEvent(new Event('change'));");
    await waitFor(`document.getElementById('explain-jump').max === '${workbench.length}'`, 60000);
    assert.doesNotMatch(await run("return location.search;"), /scale=/);
    await click("explain-first");
    for (let index = 0; index < workbench.length; index++) {
      if (index > 0) await click("explain-next");
      await waitFor(`document.getElementById('explain-step').dataset.step === '${index}'`);
      assert.equal(await run("return document.querySelectorAll('#explain-grid svg, #explain-grid [class*=link-]').length;"), 0, `workbench step ${index + 1}`);
    }
  });

  for (const engine of ["naive", "bitmask", "bitmask-mrv", "dlx"]) {
    it(`animates the search of ${engine} to its end with the node count of sudoku solve --stats`, async () => {
      await open(`?puzzle=${PUZZLE}&engines=fast&view=search&watch=${engine}&speed=10`);
      await waitFor("document.getElementById('search-play').disabled === false");
      await click("search-play");
      await waitFor("document.getElementById('view-search').dataset.done === 'true'", 120000);
      const shown = Number(await run("return document.getElementById('search-nodes').dataset.value;"));
      const expected = cli(engine, PUZZLE);
      assert.equal(shown, expected.nodes, `${engine}: the animation's final node count`);
      const board = await run("return [...document.querySelectorAll('#search-grid .cell')].map((cell) => cell.textContent).join('');");
      assert.equal(board, expected.solution, `${engine}: the animation ends on the solution`);
    });
  }

  it("plays a search slowly, pauses and steps, with live counters", async () => {
    await open(`?puzzle=${PUZZLE}&engines=fast&view=search&watch=dlx&speed=6`);
    await waitFor("document.getElementById('search-play').disabled === false");
    await click("search-play");
    await waitFor("Number(document.getElementById('search-nodes').dataset.value) >= 20");
    await click("search-play"); // pause
    const paused = await run("return document.getElementById('search-event').textContent;");
    await new Promise((wake) => setTimeout(wake, 300));
    assert.equal(await run("return document.getElementById('search-event').textContent;"), paused, "paused");
    await click("search-step");
    assert.notEqual(await run("return document.getElementById('search-event').textContent;"), paused, "one step on");
    assert.match(await run("return document.getElementById('search-item').textContent;"), /^item: .+; options: /);
    await screenshot("desktop-search", "view-search");
  });

  it("draws a jigsaw puzzle's regions, not its boxes, and races the engines that take it", async () => {
    await open(`?puzzle=${encodeURIComponent(PUZZLE)}&engines=dlx,fast&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 2");
    const boxes = await thickBorders("puzzle-grid");
    await loadTyped(JIGSAW, 2);
    const regions = regionsOf(JIGSAW);
    assert.equal(regions.length, 81);
    const expected = [...regions].map((region, cell) => [
      cell % 9 !== 8 && region !== regions[cell + 1],
      cell < 72 && region !== regions[cell + 9],
    ]);
    const drawn = await thickBorders("puzzle-grid");
    assert.deepEqual(drawn, expected, "a thick border between cells of different regions");
    assert.notDeepEqual(drawn, boxes, "the regions' borders are not the boxes'");
    assert.deepEqual(await thickBorders("race-grid"), expected, "the solution is drawn with the regions too");
    assert.equal(await run("return document.getElementById('layout-caption').dataset.layout;"), "jigsaw");
    const rows = await run("return [...document.querySelectorAll('#race-table tbody tr')].map((row) => [row.dataset.engine, row.dataset.verdict ?? '', row.dataset.solution, row.textContent]);");
    const [dlx, fast] = rows;
    assert.equal(dlx[1], "1", "dlx proves the jigsaw puzzle unique");
    // The solution holds every value once in each region, and is the command line's.
    for (let region = 1; region <= 9; region++) {
      const values = [...dlx[2]].filter((_, cell) => regions[cell] === String(region));
      assert.equal(new Set(values).size, 9, `region ${region} holds every value once`);
    }
    const command = spawnSync(sudoku, ["solve", "--engine", "dlx"], { input: `${JIGSAW}\n`, encoding: "utf8" });
    assert.equal(command.stdout.trim().split("\n").at(-1), dlx[2], "sudoku solve's solution");
    // `fast` takes classic grids only: refused in the registry's words.
    assert.equal(fast[0], "fast");
    assert.match(fast[3], /^fastrefuses: engine 'fast' solves classic grids only, not 9×9 jigsaw \(engines that do: .*dlx/);
    const [struck, title] = await run("const box = document.querySelector('#engine-boxes input[value=fast]').parentElement; return [box.classList.contains('unsupported'), box.title];");
    assert.equal(struck, true, "fast is struck through among the engines");
    assert.equal(title, fast[3].slice("fastrefuses: ".length), "with the refusal as its title");
    await screenshot("desktop-jigsaw", "puzzle-section");
    // The bundled sample of jigsaw puzzles: its first is this one, picked with its regions.
    await open(`?puzzle=${PUZZLE}&engines=dlx&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
    await run(`const select = document.getElementById('sample-select');
      select.value = [...select.options].find((option) => option.text === '9×9 jigsaw #1').value;
      select.dispatchEvent(new Event('change'));`);
    await waitFor("document.getElementById('layout-caption').dataset.layout === 'jigsaw'");
    assert.equal(await run("return document.getElementById('puzzle-text').value;"), JIGSAW);
    assert.deepEqual(await thickBorders("puzzle-grid"), expected);
  });

  it("shades the 17 cells of an X puzzle's diagonals and names anti-knight in the caption", async () => {
    await open(`?puzzle=${encodeURIComponent(X)}&engines=dlx&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
    const shaded = await run("return [...document.querySelectorAll('#puzzle-grid .cell.group-x')].map((cell) => Number(cell.dataset.cell));");
    const diagonals = [...new Set([...Array(9).keys()].flatMap((k) => [k * 10, 8 + k * 8]))].sort((a, b) => a - b);
    assert.equal(shaded.length, 17);
    assert.deepEqual(shaded, diagonals);
    assert.equal(await run("return document.querySelectorAll('#race-grid .cell.group-x').length;"), 17);
    assert.match(await run("return document.getElementById('layout-caption').textContent;"), /x: each main diagonal/);
    const [solution, verdict] = await run("const row = document.querySelector('#race-table tbody tr'); return [row.dataset.solution, row.dataset.verdict];");
    assert.equal(verdict, "1");
    for (const cells of [[0, 10, 20, 30, 40, 50, 60, 70, 80], [8, 16, 24, 32, 40, 48, 56, 64, 72]]) {
      assert.equal(new Set(cells.map((cell) => solution[cell])).size, 9, "a diagonal holds every value once");
    }
    await screenshot("desktop-x", "puzzle-section");
    // A rule that pairs cells is named, not drawn: no shading, the boxes stay the boxes.
    const boxes = await thickBorders("puzzle-grid");
    await loadTyped(firstOfLayouts("anti-knight-9x9-200.txt"), 1);
    assert.match(await run("return document.getElementById('layout-caption').textContent;"), /anti-knight: no value twice a knight's move apart/);
    assert.equal(await run("return document.querySelectorAll('#puzzle-grid .cell[class*=group-]').length;"), 0);
    assert.deepEqual(await thickBorders("puzzle-grid"), boxes);
  });

  it("shades windoku's four windows and outlines an extra group", async () => {
    const text = `# layout windoku\n# extra r1c1 r1c2 r2c1 r9c9\n${firstOfLayouts("windoku-9x9-200.txt").split("\n").at(-1)}`;
    await open(`?puzzle=${encodeURIComponent(text)}&engines=dlx&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
    const cells = (kind) => run(`return [...document.querySelectorAll('#puzzle-grid .cell.group-${kind}')].map((cell) => Number(cell.dataset.cell));`);
    const windows = await cells("windoku");
    assert.equal(windows.length, 36);
    assert.deepEqual(windows.slice(0, 3), [10, 11, 12], "the first window starts at r2c2");
    assert.deepEqual(await cells("extra"), [0, 1, 9, 80]);
    const caption = await run("return document.getElementById('layout-caption').textContent;");
    assert.match(caption, /windoku: the 4 windows \(shaded\)/);
    assert.match(caption, /extra regions: 1 group of cells \(outlined\)/);
    await screenshot("desktop-windoku", "puzzle-section");
  });

  it("takes candidates entered on the board: the puzzle becomes a pencilmark puzzle that solves", async () => {
    await open(`?puzzle=${PUZZLE}&engines=dlx&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
    const solution = await run("return document.querySelector('#race-table tbody tr').dataset.solution;");
    const empty = [...PUZZLE].flatMap((symbol, cell) => (symbol === "." || symbol === "0" ? [cell] : []));
    const [first, second] = empty;
    // The first empty cell: its solution value and one other marked, with the digit pad.
    await run(`document.querySelector('#puzzle-grid .cell[data-cell="${first}"]').click();`);
    await click("candidate-mode");
    assert.equal(await run("return document.getElementById('candidate-mode').getAttribute('aria-pressed');"), "true");
    const right = Number(solution[first]);
    const other = right === 9 ? 1 : right + 1;
    await run(`document.querySelector('#digit-pad [data-value="${right}"]').click();`);
    await waitFor("document.getElementById('puzzle-text').value.length === 729").catch(async (failure) => {
      throw new Error(`${failure.message}; the page says: ${await run("return document.getElementById('edit-status').textContent;")}`);
    });
    await run(`document.querySelector('#digit-pad [data-value="${other}"]').click();`);
    await waitFor(`document.querySelectorAll('#puzzle-grid .cell[data-cell="${first}"] .cand:not(:empty)').length === 2`);
    // The second by the keyboard: its solution value alone.
    await run(`document.querySelector('#puzzle-grid .cell[data-cell="${second}"]').click();`);
    await press(solution[second]);
    await waitFor(`document.querySelectorAll('#puzzle-grid .cell[data-cell="${second}"] .cand:not(:empty)').length === 1`);
    const text = await run("return document.getElementById('puzzle-text').value;");
    assert.equal(text.length, 729, "a pencilmark line");
    const marks = (cell) => text.slice(cell * 9, cell * 9 + 9);
    assert.equal(marks(first), [..."123456789"].map((v) => (Number(v) === right || Number(v) === other ? v : ".")).join(""));
    assert.equal(marks(second), [..."123456789"].map((v) => (v === solution[second] ? v : ".")).join(""));
    assert.match(await run("return document.getElementById('puzzle-info').textContent;"), /pencilmark/);
    await click("race-button");
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
    const row = await run("const row = document.querySelector('#race-table tbody tr'); return [row.dataset.verdict, row.dataset.solution];");
    assert.deepEqual(row, ["1", solution], "the pencilmark puzzle has the classic one's solution");
    assert.equal(await run("return new URLSearchParams(location.search).get('puzzle');"), text, "the link carries it");
    // Only a wrong candidate left in a cell: no solution.
    await run(`document.querySelector('#puzzle-grid .cell[data-cell="${first}"]').click();`);
    await run(`document.querySelector('#digit-pad [data-value="${right}"]').click();`);
    await waitFor(`document.querySelectorAll('#puzzle-grid .cell[data-cell="${first}"] .cand:not(:empty)').length === 1`);
    await click("race-button");
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
    assert.equal(await run("return document.querySelector('#race-table tbody tr').dataset.verdict;"), "0");
    await screenshot("desktop-candidates", "puzzle-section");
  });

  it("draws a given pencilmark line's candidates small in their cells", async () => {
    await open(`?puzzle=${PENCILMARK}&engines=dlx&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
    const drawn = await run("return [...document.querySelectorAll('#puzzle-grid .cell')].map((cell) => [...cell.querySelectorAll('.cand')].map((cand) => cand.textContent).join(''));");
    const given = [...Array(81).keys()].map((cell) => PENCILMARK.slice(cell * 9, cell * 9 + 9).replaceAll(".", ""));
    assert.deepEqual(drawn, given);
    assert.equal(await run("return document.querySelector('#race-table tbody tr').dataset.verdict;"), "1");
  });

  it("restores the page from a link: puzzle, engines, view and step", async () => {
    await open(`?puzzle=${PUZZLE}&engines=naive,dlx&view=explain&step=4`);
    await waitFor("document.getElementById('explain-step').dataset.step === '4'");
    const restored = await run(`return {
      text: document.getElementById('puzzle-text').value,
      chosen: [...document.querySelectorAll('#engine-boxes input:checked')].map((box) => box.value),
      tab: document.querySelector('[role=tab][aria-selected=true]').dataset.view,
      url: location.search,
    };`);
    assert.equal(restored.text, PUZZLE);
    assert.deepEqual(restored.chosen, ["naive", "dlx"]);
    assert.equal(restored.tab, "explain");
    assert.match(restored.url, /step=4/);
    await open(`?puzzle=${PUZZLE}&engines=fast&view=search&watch=bitmask-mrv`);
    assert.equal(await run("return document.getElementById('search-engine').value;"), "bitmask-mrv");
  });

  it("says where a puzzle that does not read is wrong, on one line, and goes on working", async () => {
    await open(`?puzzle=${PUZZLE}&engines=fast&view=race`);
    await run(`document.getElementById('puzzle-text').value = ${JSON.stringify(`${PUZZLE.slice(0, 40)}x${PUZZLE.slice(41)}`)};`);
    await click("load-button");
    await waitFor("!document.getElementById('puzzle-error').hidden");
    const error = await run("return document.getElementById('puzzle-error').textContent;");
    assert.match(error, /line 1, column 41/);
    assert.ok(!error.includes("\n"), "one line");
    await run(`document.getElementById('puzzle-text').value = ${JSON.stringify(PUZZLE)};`);
    await click("load-button");
    await waitFor("document.getElementById('puzzle-error').hidden && document.querySelectorAll('#race-table tbody tr[data-count]').length === 1");
  });

  it("fits a 390-pixel phone without scrolling sideways", async () => {
    await setWindow(390, 844);
    for (const view of ["race", "explain", "search"]) {
      await open(`?puzzle=${SIXTEEN}&engines=dlx,propagate&view=${view}&watch=dlx&speed=10`);
      if (view === "race") await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 2", 60000);
      if (view === "explain") await waitFor("document.getElementById('explain-step').dataset.step === '0'", 60000);
      if (view === "search") await waitFor("document.getElementById('search-play').disabled === false", 60000);
      const widths = await run("return [document.documentElement.scrollWidth, document.documentElement.clientWidth];");
      assert.ok(widths[0] <= widths[1], `${view}: the page is ${widths[0]} px wide in a ${widths[1]} px window`);
      await screenshot(`phone-${view}`, `view-${view}`);
    }
    await open(`?puzzle=${PUZZLE}&engines=fast,dlx&view=race`);
    await waitFor("document.querySelectorAll('#race-table tbody tr[data-count]').length === 2");
    await screenshot("phone-top");
    await screenshot("phone-race-9x9", "view-race");
    // The drawing tools fit too.
    await click("draw-mode");
    const drawing = await run("return [document.documentElement.scrollWidth, document.documentElement.clientWidth, document.getElementById('draw-tools').hidden];");
    assert.ok(drawing[0] <= drawing[1] && !drawing[2], `drawing: the page is ${drawing[0]} px wide in a ${drawing[1]} px window`);
    await screenshot("phone-draw", "draw-tools");
    await setWindow(1280, 1000);
  });

  it("makes a puzzle like this one of the band and symmetry chosen, as sudoku rate rates it", async () => {
    await open(`?puzzle=${PUZZLE}&engines=fast&view=explain`);
    await waitFor("document.getElementById('explain-step').dataset.step === '0'");
    await run("document.getElementById('like-band').value = '2-basic'; document.getElementById('like-symmetry').value = 'rot180';");
    await click("like-button");
    await waitFor("document.getElementById('like-info').textContent.startsWith('Made:') || document.getElementById('like-info').textContent.startsWith('Error')", 120000);
    const info = await run("return document.getElementById('like-info').textContent;");
    assert.match(info, /^Made: basic, rot180 symmetry/);
    const made = (await run("return document.getElementById('puzzle-text').value;")).trim();
    assert.notEqual(made, PUZZLE, "a new puzzle is loaded");
    assert.equal(made.length, 81);
    for (let cell = 0; cell < 81; cell++) {
      assert.equal(made[cell] === ".", made[80 - cell] === ".", `cell ${cell} and its half turn are both clues or both blank`);
    }
    const rated = spawnSync(sudoku, ["rate", "-", "-o", "csv"], { input: `${made}\n`, encoding: "utf8" });
    assert.equal(rated.status, 0, rated.stderr);
    const [header, row] = rated.stdout.trim().split("\n").map((line) => line.split(","));
    const field = (name) => row[header.indexOf(name)];
    assert.equal(field("solutions"), "1", "one solution");
    assert.equal(field("band"), "2-basic", "the band sudoku rate gives");
  });

  it("draws every rule of an f-puzzles link, display fields and all, over the board", async () => {
    const rules = {
      killercage: [{ cells: ["R1C1", "R1C2", "R2C1"], value: "15" }, { cells: ["R5C5"], value: "" }],
      littlekillersum: [{ cell: "R0C2", cells: ["R1C3", "R2C4"], direction: "DR", value: "23" }],
      arrow: [{ cells: ["R5C1", "R5C2"], lines: [["R5C2", "R6C3", "R7C3"]] }],
      thermometer: [{ lines: [["R9C1", "R8C1", "R7C1"]] }],
      sandwichsum: [{ cell: "R0C7", value: "15" }],
      difference: [{ cells: ["R3C3", "R3C4"] }],
      ratio: [{ cells: ["R4C3", "R4C4"] }],
      xv: [{ cells: ["R2C5", "R2C6"], value: "X" }, { cells: ["R3C5", "R3C6"], value: "V" }],
      odd: [{ cell: "R6C2" }],
      even: [{ cell: "R7C4" }],
      minimum: [{ cell: "R2C8" }],
      maximum: [{ cell: "R3C8" }],
      whispers: [{ lines: [["R1C4", "R1C5", "R1C6"]] }],
      renban: [{ lines: [["R4C7", "R5C7", "R6C7"]] }],
      palindrome: [{ lines: [["R8C3", "R8C4", "R8C5"]] }],
      betweenline: [{ lines: [["R9C3", "R9C4", "R9C5"]] }],
      regionsumline: [{ lines: [["R7C7", "R7C8"]] }],
      quadruple: [{ cells: ["R4C8", "R4C9", "R5C8", "R5C9"], values: [1, 2] }],
    };
    const expected = {
      killer: 2, "little-killer": 1, arrow: 1, thermo: 1, sandwich: 1, difference: 1, ratio: 1, xv: 2, odd: 1,
      even: 1, minimum: 1, maximum: 1, whispers: 1, renban: 1, palindrome: 1, between: 1, "region-sum": 1, quadruple: 1,
    };
    await open("?engines=cdcl&view=race");
    await run(`document.getElementById('puzzle-text').value = ${JSON.stringify(editorLink(editorJson(rules)))};`);
    await click("load-button");
    await waitFor("document.querySelectorAll('#puzzle-grid svg.rules g.rule').length > 0");
    const drawn = await run(`const counts = {};
      for (const group of document.querySelectorAll('#puzzle-grid svg.rules g.rule')) counts[group.dataset.kind] = (counts[group.dataset.kind] ?? 0) + 1;
      return counts;`);
    assert.deepEqual(drawn, expected);
    // Each kind drawn as the editor draws it.
    const shapes = await run(`const of = (kind, selector) => document.querySelectorAll('#puzzle-grid g.rule[data-kind="' + kind + '"] ' + selector).length;
      return {
        cage: of('killer', 'path.cage'), sum: [...document.querySelectorAll('#puzzle-grid text.cage-sum')].map((text) => text.textContent),
        bulb: of('thermo', 'circle.thermo-bulb'), white: of('difference', 'circle.dot-white'), black: of('ratio', 'circle.dot-black'),
        letters: [...document.querySelectorAll('#puzzle-grid g.rule[data-kind=xv] text')].map((text) => text.textContent),
        odd: of('odd', 'circle'), even: of('even', 'rect'), ends: of('between', 'circle.between-end'),
        quad: [...document.querySelectorAll('#puzzle-grid g.rule[data-kind=quadruple] text')].map((text) => text.textContent),
        margin: document.querySelector('#puzzle-grid .board').classList.contains('with-clues'),
      };`);
    assert.deepEqual(shapes, {
      cage: 2, sum: ["15"], bulb: 1, white: 1, black: 1, letters: ["X", "V"], odd: 1, even: 1, ends: 2, quad: ["1", "2"], margin: true,
    });
    // The page's link carries the puzzle's rules as rule lines.
    const text = await run("return new URLSearchParams(location.search).get('puzzle');");
    assert.match(text, /^# killer 15 r1c1 r1c2 r2c1$/m);
    assert.match(text, /^# little-killer 23 r0c2 dr$/m);
    assert.match(text, /^# thermo r9c1 r8c1 r7c1$/m);
    await screenshot("desktop-variants", "puzzle-section");
    // The editor's own query, `?load=`, its `+` unescaped as the editor writes it.
    await open(`?load=${lzBase64(editorJson(rules))}&engines=cdcl&view=race`);
    const total = Object.values(expected).reduce((sum, count) => sum + count, 0);
    await waitFor(`document.querySelectorAll('#puzzle-grid svg.rules g.rule').length === ${total}`);
  });

  it("answers a setter: one solution, more than one with a second, the true candidates of sudoku candidates", async () => {
    const killer = firstKiller();
    const givens = [...killer.split("\n").at(-1)].flatMap((symbol, cell) => (symbol === "." ? [] : [[cell, Number(symbol)]]));
    const cages = cagesOf(killer);
    assert.ok(cages.length > 10);
    // The engines that refuse the cages are said to refuse, not to fail.
    await open(`?puzzle=${encodeURIComponent(editorLink(editorJson({ killercage: cages }, givens)))}&engines=cdcl,dlx&view=race&live=1`);
    await waitFor("document.getElementById('answers-status').dataset.verdict !== undefined && document.getElementById('answers-status').dataset.state === 'done'", 60000);
    assert.equal(await run("return document.getElementById('answers-status').dataset.verdict;"), "1");
    assert.match(await run("return document.getElementById('answers-status').textContent;"), /^One solution/);
    await waitFor("document.querySelectorAll('#race-table tbody tr').length === 2 && document.querySelector('#race-table tbody tr[data-engine=dlx]').dataset.refused === 'true'", 60000);
    assert.match(await run("return document.querySelector('#race-table tbody tr[data-engine=dlx]').textContent;"), /refuses: engine 'dlx' does not take killer cages/);
    assert.equal(await run("return document.querySelectorAll('#race-table td.bad').length;"), 0);
    // The explanation steps through the cages' techniques, each naming its cage, on a board
    // with the cages drawn.
    await click("tab-explain");
    await waitFor("document.getElementById('explain-step').dataset.step === '0'", 60000);
    let named = "";
    for (let step = 1; step <= 40 && !named; step++) {
      await click("explain-next");
      await waitFor(`document.getElementById('explain-step').dataset.step === '${step}'`);
      const text = await run("return document.getElementById('explain-step').textContent;");
      if (/killer cage at r\dc\d \(sum \d+\)/.test(text)) named = text;
    }
    assert.ok(named, "a step names a killer cage");
    assert.equal(await run("return document.querySelectorAll('#explain-grid g.rule[data-kind=killer]').length;"), cages.length);
    await click("tab-race");
    // A minimal puzzle without its first cage: more than one solution, a second shown, the
    // true candidates pencilled in as `sudoku candidates` finds them.
    const ambiguous = killer.split("\n").filter((line) => line !== `# killer ${cages[0].value} ${cages[0].cells.join(" ").toLowerCase()}`).join("\n");
    assert.equal(ambiguous.split("\n").length, killer.split("\n").length - 1);
    await run(`document.getElementById('answers-status').dataset.state = '';
      document.getElementById('puzzle-text').value = ${JSON.stringify(editorLink(editorJson({ killercage: cages.slice(1) }, givens)))};`);
    await click("load-button");
    await waitFor("document.getElementById('answers-status').dataset.state === 'done'", 60000);
    const answers = await run(`const status = document.getElementById('answers-status');
      const grid = document.getElementById('answers-grid');
      return { verdict: status.dataset.verdict, text: status.textContent, solution: grid.dataset.solution, other: grid.dataset.other,
        differs: grid.querySelectorAll('.cell.differs').length,
        candidates: [...document.querySelectorAll('#puzzle-grid .cell')].map((cell) => cell.dataset.trueCandidates ?? null) };`);
    assert.equal(answers.verdict, "2+");
    assert.match(answers.text, /^More than one solution/);
    assert.notEqual(answers.solution, answers.other);
    const differing = [...answers.solution].filter((symbol, cell) => symbol !== answers.other[cell]).length;
    assert.ok(differing >= 2 && differing === answers.differs, `${differing} cells differ, ${answers.differs} marked`);
    const command = spawnSync(sudoku, ["candidates", "-", "-o", "json"], { input: `${ambiguous}\n`, encoding: "utf8" });
    assert.equal(command.status, 0, command.stderr);
    const expected = JSON.parse(command.stdout);
    const { cells } = expected.puzzles[0];
    assert.equal(cells.length, 81, command.stdout.slice(0, 300));
    givens.forEach(([cell]) => assert.equal(answers.candidates[cell], null, `given cell ${cell} is not pencilled`));
    cells.forEach((values, cell) => {
      if (answers.candidates[cell] !== null) assert.equal(answers.candidates[cell], values.join(","), `cell ${cell}`);
    });
    assert.ok(answers.candidates.filter((values) => values && values.includes(",")).length >= 2, "cells with two candidates or more");
    await screenshot("desktop-answers", "puzzle-grid");
    // A budget of one decision a solve: the page says it ran out, and pencils nothing in.
    await run(`document.getElementById('answers-budget').value = '1';
      document.getElementById('answers-status').dataset.state = '';`);
    await click("answers-button");
    await waitFor("document.getElementById('answers-status').dataset.state === 'done'", 60000);
    assert.match(await run("return document.getElementById('answers-status').textContent;"), /^The search ran out of its budget \(1 node per solve\): the count is not known/);
    assert.equal(await run("return document.querySelectorAll('#puzzle-grid .cell[data-true-candidates]').length;"), 0);
  });

  it("draws a cage by mouse and typed sum: a # killer line in the link, and the rule drawn", async () => {
    await open(`?puzzle=${PUZZLE}&engines=fast&view=race`);
    await click("draw-mode");
    // Two empty cells side by side, dragged across.
    const cells = [...PUZZLE].map((symbol, cell) => cell).filter((cell) => PUZZLE[cell] === "." && cell % 9 !== 8 && PUZZLE[cell + 1] === ".");
    const first = cells[0];
    const element = async (cell) => Object.values(await command("POST", "/element", { using: "css selector", value: `#puzzle-grid .cell[data-cell="${cell}"]` }))[0];
    const [from, to] = [await element(first), await element(first + 1)];
    const origin = (id) => ({ "element-6066-11e4-a52e-4f735466cecf": id });
    await command("POST", "/actions", {
      actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [
        { type: "pointerMove", origin: origin(from), x: 0, y: 0 },
        { type: "pointerDown", button: 0 },
        { type: "pointerMove", origin: origin(to), x: 0, y: 0, duration: 100 },
        { type: "pointerUp", button: 0 },
      ] }],
    });
    await command("DELETE", "/actions");
    assert.equal(await run("return document.querySelectorAll('#puzzle-grid .cell.drawing').length;"), 2);
    await press("k");
    await waitFor("document.activeElement === document.getElementById('rule-number')");
    for (const key of ["1", "5", "\uE007"]) await press(key);
    const name = (cell) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
    const line = `# killer 15 ${name(first)} ${name(first + 1)}`;
    await waitFor("document.querySelectorAll('#puzzle-grid g.rule[data-kind=killer]').length === 1");
    const url = decodeURIComponent(await run("return location.search;")).replaceAll("+", " ");
    assert.ok(url.includes(line), `${line} in ${url}`);
    assert.ok((await run("return document.getElementById('puzzle-text').value;")).includes(line));
    // The link loads the same puzzle, cage and all; Delete takes the cage away again.
    await open(await run("return location.search;"));
    assert.equal(await run("return document.querySelectorAll('#puzzle-grid g.rule[data-kind=killer] text.cage-sum')[0].textContent;"), "15");
    await click("draw-mode");
    const again = await element(first);
    await command("POST", "/actions", {
      actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [
        { type: "pointerMove", origin: origin(again), x: 0, y: 0 },
        { type: "pointerDown", button: 0 },
        { type: "pointerUp", button: 0 },
      ] }],
    });
    await command("DELETE", "/actions");
    await press("\uE017");
    await waitFor("document.querySelectorAll('#puzzle-grid g.rule').length === 0");
    assert.ok(!decodeURIComponent(await run("return location.search;")).includes("killer"));
    // Dragged the other way and made a thermometer (T): its bulb on the cell the drag started in.
    await command("POST", "/actions", {
      actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [
        { type: "pointerMove", origin: origin(await element(first + 1)), x: 0, y: 0 },
        { type: "pointerDown", button: 0 },
        { type: "pointerMove", origin: origin(await element(first)), x: 0, y: 0, duration: 100 },
        { type: "pointerUp", button: 0 },
      ] }],
    });
    await command("DELETE", "/actions");
    await press("t");
    await waitFor("document.querySelectorAll('#puzzle-grid g.rule[data-kind=thermo]').length === 1");
    const bulb = await run("return Number(document.querySelector('#puzzle-grid g.rule[data-kind=thermo] circle.thermo-bulb').getAttribute('cx'));");
    assert.equal(bulb, ((first + 1) % 9) + 0.5);
    assert.ok(new URLSearchParams(await run("return location.search;")).get("puzzle").includes(`# thermo ${name(first + 1)} ${name(first)}\n`));
  });

  it("draws each kind of rule a setter draws by mouse and keys, each answered as sudoku count answers it", async () => {
    const solution = [...cli("fast", PUZZLE).solution].map(Number);
    const empty = (cell) => PUZZLE[cell] === ".";
    const name = (cell) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
    const used = new Set();
    /**
     * The first run of `length` empty cells not used yet whose values pass `test`: along a row
     * (`across`) or a column, else the other way.
     */
    const run9 = (length, test, across = true) => {
      for (const way of [across, !across]) {
        for (let start = 0; start < 81; start++) {
          const [row, col] = [Math.floor(start / 9), start % 9];
          if ((way ? col : row) + length > 9) continue;
          const cells = Array.from({ length }, (_, at) => start + at * (way ? 1 : 9));
          if (cells.every((cell) => empty(cell) && !used.has(cell)) && test(cells.map((cell) => solution[cell]), cells)) {
            for (const cell of cells) used.add(cell);
            return cells;
          }
        }
      }
      throw new Error(`no run of ${length} empty cells fits ${test}`);
    };
    const box = (cell) => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);
    const group = (value) => Math.floor((value - 1) / 3);
    const beside = (cell) => [cell - 9, cell + 9, ...(cell % 9 ? [cell - 1] : []), ...(cell % 9 < 8 ? [cell + 1] : [])].filter((other) => other >= 0 && other < 81);
    // Each case: the key (Shift with it: its number asked for and typed), the cells dragged
    // across, the lines the rule is written as, and the count the solution says: 0 where its
    // values break the rule (the puzzle has one solution), 1 where they keep it.
    const block = (() => {
      for (let cell = 0; cell < 72; cell++) {
        const cells = [cell, cell + 1, cell + 10, cell + 9];
        if (cell % 9 < 8 && cells.every(empty)) return cells;
      }
      throw new Error("no 2×2 block of empty cells");
    })();
    for (const cell of block) used.add(cell);
    const blockValues = block.map((cell) => solution[cell]);
    const quad = [blockValues[0], [1, 2, 3, 4, 5, 6, 7, 8, 9].find((value) => !blockValues.includes(value))].sort();
    const cases = [
      { kind: "slow-thermo", key: "s", shape: "polyline[stroke-dasharray]", cells: run9(2, ([a, b]) => a > b), count: "0" },
      { kind: "palindrome", key: "p", shape: "polyline.rule-line", cells: run9(3, () => true), count: "0" },
      { kind: "between", key: "b", shape: "circle.between-end", cells: run9(3, ([a, b, c]) => !(Math.min(a, c) < b && b < Math.max(a, c))), count: "0" },
      { kind: "region-sum", key: "u", shape: "polyline.rule-line", cells: run9(3, ([a, b, c], [x, y, z]) => box(x) !== box(y) && box(y) === box(z) && a !== b + c), count: "0" },
      { kind: "entropic", key: "n", shape: "polyline.rule-line", cells: run9(3, (values) => new Set(values.map(group)).size < 3, false), count: "0" },
      { kind: "zipper", key: "z", shape: "polyline.rule-line", cells: run9(3, ([a, b, c]) => a + c !== b), count: "0" },
      { kind: "difference", key: "d", shape: "circle.dot-white", cells: run9(2, ([a, b]) => Math.abs(a - b) !== 1), count: "0", number: "1" },
      { kind: "difference", key: "d", shape: "circle.dot-white", shift: true, typed: "3", cells: run9(2, ([a, b]) => Math.abs(a - b) === 3, false), count: "1", number: "3" },
      { kind: "ratio", key: "f", shape: "circle.dot-black", cells: run9(2, ([a, b]) => a !== 2 * b && b !== 2 * a), count: "0", number: "2" },
      { kind: "xv", key: "x", shape: "text.xv", cells: run9(2, ([a, b]) => a + b !== 10, false), count: "0", word: "x" },
      { kind: "xv", key: "v", shape: "text.xv", cells: run9(2, ([a, b]) => a + b === 5), count: "1", word: "v" },
      { kind: "odd", key: "o", shape: "circle.parity", cells: run9(2, (values) => values.every((value) => value % 2 === 1)), count: "1", each: true },
      { kind: "even", key: "e", shape: "rect.parity", cells: run9(1, ([a]) => a % 2 === 1), count: "0", each: true },
      { kind: "minimum", key: "<", shape: "polyline.extreme", cells: run9(1, ([a], [cell]) => beside(cell).some((other) => solution[other] < a)), count: "0", each: true },
      { kind: "maximum", key: ">", shape: "polyline.extreme", cells: run9(1, ([a], [cell]) => beside(cell).every((other) => solution[other] < a)), count: "1", each: true },
      { kind: "quadruple", key: "q", shape: "circle.quadruple", typed: quad.join(""), cells: block, count: "0", number: quad.join(" ") },
    ];
    // Answered on asking (Answer now) rather than live, to spare live answers' wait after each change.
    await open(`?puzzle=${PUZZLE}&engines=fast&view=race`);
    await click("draw-mode");
    await run("document.getElementById('puzzle-grid').scrollIntoView();");
    /** Drags across `cells` in order (one cell: a click). */
    const drag = async (cells) => {
      const points = await run(`return arguments[0].map((cell) => {
          const box = document.querySelector('#puzzle-grid .cell[data-cell="' + cell + '"]').getBoundingClientRect();
          return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
        });`, cells);
      const moves = points.map(([x, y]) => ({ type: "pointerMove", origin: "viewport", x, y }));
      await command("POST", "/actions", {
        actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [
          moves[0], { type: "pointerDown", button: 0 }, ...moves.slice(1), { type: "pointerUp", button: 0 },
        ] }],
      });
      await command("DELETE", "/actions");
    };
    const rules = (kind) => run(`return document.querySelectorAll('#puzzle-grid g.rule[data-kind="${kind}"]').length;`);
    /** The setter's answer to the puzzle as it is now: its count, and the text it answers. */
    const answer = async () => {
      await click("answers-button");
      await waitFor("document.getElementById('answers-status').dataset.state === 'done' && document.getElementById('answers-status').dataset.text === document.getElementById('puzzle-text').value", 60000);
      return run("const status = document.getElementById('answers-status'); return [status.dataset.verdict, status.dataset.text];");
    };
    assert.equal((await answer())[0], "1");
    // Selections a rule cannot take: one line in the status, nothing added.
    await drag([block[0]]);
    await press("x");
    assert.match(await run("return document.getElementById('edit-status').textContent;"), /^An X goes between two cells side by side: select two orthogonally adjacent cells \(1 selected\)\.$/);
    await drag(block.slice(0, 2));
    await press("q");
    await waitFor("document.activeElement === document.getElementById('rule-number')");
    for (const key of ["7", "\uE007"]) await press(key);
    assert.match(await run("return document.getElementById('edit-status').textContent;"), /^A quadruple goes on a 2×2 block: select its four cells \(2 selected\)\.$/);
    await run("document.getElementById('rule-number').value = '';");
    assert.equal(await run("return document.querySelectorAll('#puzzle-grid g.rule').length;"), 0);
    for (const { kind, key, shape, shift, typed, cells, count, number, word, each } of cases) {
      const context = `${kind} (${key}) on ${cells.map(name).join(" ")}`;
      const before = await rules(kind);
      await drag(cells);
      if (shift) {
        await command("POST", "/actions", { actions: [{ type: "key", id: "keyboard", actions: [
          { type: "keyDown", value: "\uE008" }, { type: "keyDown", value: key }, { type: "keyUp", value: key }, { type: "keyUp", value: "\uE008" },
        ] }] });
        await command("DELETE", "/actions");
      } else await press(key);
      if (typed !== undefined) {
        await waitFor("document.activeElement === document.getElementById('rule-number')");
        for (const symbol of [...typed, "\uE007"]) await press(symbol);
      }
      const lines = each ? cells.map((cell) => `# ${kind} ${name(cell)}`) : [`# ${[kind, word ?? number, ...cells.map(name)].filter(Boolean).join(" ")}`];
      await waitFor(`document.querySelectorAll('#puzzle-grid g.rule[data-kind="${kind}"]').length === ${before + lines.length}`);
      // Drawn as the editor draws its kind: the newest rule of the kind has its mark.
      assert.ok(await run(`return [...document.querySelectorAll('#puzzle-grid g.rule[data-kind="${kind}"]')].at(-1).querySelector('${shape}') !== null;`), `${context}: ${shape} drawn`);
      const [verdict, text] = await answer();
      for (const line of lines) assert.ok(text.split("\n").includes(line), `${context}: ${line} in\n${text}`);
      const counted = spawnSync(sudoku, ["count", "-"], { input: `${text}\n`, encoding: "utf8" });
      assert.equal(counted.status, 0, counted.stderr);
      assert.equal(counted.stdout.trim(), count, `${context}: sudoku count`);
      assert.equal(verdict, count, `${context}: the page's count`);
      if (count === "0") {
        // Taken away again (the last rule on the cell pressed first), the puzzle has its solution back.
        await press("\uE017");
        await waitFor(`document.querySelectorAll('#puzzle-grid g.rule[data-kind="${kind}"]').length === ${before + lines.length - 1}`);
      }
    }
    // Drawn as the editor draws each kind.
    const shapes = await run(`const of = (kind, selector) => document.querySelectorAll('#puzzle-grid g.rule[data-kind="' + kind + '"] ' + selector).length;
      return { white: of('difference', 'circle.dot-white'), gap: of('difference', 'text'), v: [...document.querySelectorAll('#puzzle-grid g.rule[data-kind=xv] text')].map((text) => text.textContent),
        odd: of('odd', 'circle.parity'), maximum: of('maximum', 'polyline.extreme') };`);
    assert.deepEqual(shapes, { white: 1, gap: 1, v: ["V"], odd: 2, maximum: 4 });
    const kept = cases.filter(({ count }) => count === "1").reduce((sum, { cells, each }) => sum + (each ? cells.length : 1), 0);
    assert.equal(await run("return document.querySelectorAll('#puzzle-grid g.rule').length;"), kept, "the rules kept");
  });

  it("benches a bundled corpus with fast and dlx, and reports the load time", async () => {
    await open(`?puzzle=${PUZZLE}&engines=fast,dlx&view=bench`);
    const ready = Number(await run("return document.body.dataset.readyMs;"));
    console.log(`page ready (engines loaded) ${ready} ms after navigation`);
    await run("document.getElementById('bench-corpus').value = '1'; document.getElementById('bench-passes').value = '1';");
    await click("bench-button");
    await waitFor("document.querySelectorAll('#bench-table tbody tr[data-puzzles-per-second]').length === 2", 120000);
    const rows = await run("return [...document.querySelectorAll('#bench-table tbody tr')].map((row) => ({...row.dataset}));");
    for (const row of rows) {
      assert.equal(row.unique, row.puzzles, `${row.engine}: every puzzle unique and checked`);
      assert.ok(Number(row.puzzlesPerSecond) > 0);
    }
    const corpusFile = process.env.BENCH_CORPUS;
    if (corpusFile) {
      const input = await command("POST", "/element", { using: "css selector", value: "#bench-file" });
      const element = Object.values(input)[0];
      await command("POST", `/element/${element}/value`, { text: resolve(corpusFile) });
      await run("document.getElementById('bench-passes').value = '5';");
      await click("bench-button");
      await waitFor("document.querySelectorAll('#bench-table tbody tr[data-puzzles-per-second]').length === 2", 600000);
      const figures = await run("return [...document.querySelectorAll('#bench-table tbody tr')].map((row) => ({...row.dataset}));");
      for (const row of figures) console.log(`${corpusFile}: ${row.engine} ${Math.round(row.puzzlesPerSecond)} puzzles/s in Chromium (${row.puzzles} puzzles, median of 5 passes)`);
    }
  });
});
