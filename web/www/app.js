// The page: reads the puzzle and the choices (from the form or the link), asks the worker
// (worker.js, the WebAssembly engines) for answers, and draws them. No solving happens here:
// this file only draws what the engines answered and plays back what a search recorded.

const $ = (id) => document.getElementById(id);
const VIEWS = ["race", "explain", "search", "bench"];
/** The most events a recorded search keeps: enough for most 9×9 searches by every engine. */
const EVENT_CAP = 200000;
/** Events per second at each step of the speed slider (the last: as fast as frames allow). */
const SPEEDS = [1, 2, 5, 10, 30, 100, 300, 1000, 3000, 10000, Infinity];

const state = {
  // The parsed puzzle: {side, box_rows, box_cols, cells, line, text, symbols, format, clues,
  // layout: {name, words, regions, groups, rules, candidates}}; `text` (its line after its
  // layout's lines) is what the engines are given and links carry.
  puzzle: null,
  entries: [], // the puzzle board's cells as entered: a value (0: empty) or an array of candidates
  selected: -1, // the puzzle board's selected cell
  candidateMode: false, // whether a digit toggles a candidate of the selected cell (else sets its value)
  drawMode: false, // whether the puzzle board selects cells for a rule (else a cell for a value)
  drawing: [], // the cells selected for a rule, in the order selected
  answers: null, // the setter's answers: {text, result} for the puzzle of that text
  engines: [], // every engine the worker offers
  chosen: ["fast", "dlx"], // engines to race and bench
  view: "race",
  explanation: null,
  scale: "workbench", // the explanation's ladder: "workbench" or "explainer" (Sudoku Explainer's)
  step: 0,
  watch: "dlx",
  recording: null,
  samples: [], // {name, label, puzzles: [lines]}
};

// ---------------------------------------------------------------- the worker

/**
 * A worker running the engines (worker.js), with the calls waiting for its answers. Stopping
 * it (`restart`) ends its work and starts another: after a panic, or when the person stops a
 * long search. The page keeps two: one for the views, one for the setter's answers, so that
 * either runs while the other waits.
 */
class EngineWorker {
  constructor(onBroken) {
    this.onBroken = onBroken;
    this.nextId = 1;
    this.waiting = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker("worker.js", { type: "module" });
    this.worker.onmessage = ({ data }) => {
      const pending = this.waiting.get(data.id);
      if (!pending) return;
      this.waiting.delete(data.id);
      if (data.panicked) this.restart();
      if ("error" in data) pending.reject(new Error(data.error));
      else pending.resolve(data.result);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      const message = event.message || "the engines could not be loaded";
      for (const pending of this.waiting.values()) pending.reject(new Error(message));
      this.waiting.clear();
      this.onBroken(message);
    };
  }

  /** Ends the worker (its work with it) and starts another. */
  restart() {
    this.worker.terminate();
    for (const pending of this.waiting.values()) pending.reject(new Error("stopped"));
    this.waiting.clear();
    this.start();
  }

  call(op, args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }
}

let views = null; // the views' worker
let setter = null; // the setter's answers' worker, started when first asked

const workerBroken = (message) => {
  $("load-status").textContent = `Error: ${message}`;
};

function startWorker() {
  views = new EngineWorker(workerBroken);
}

function setterWorker() {
  setter ??= new EngineWorker(workerBroken);
  return setter;
}

/** Ends the views' worker (its work with it) and starts another: after a panic, or to stop. */
function restartWorker() {
  views.restart();
}

function call(op, args) {
  return views.call(op, args);
}

// ---------------------------------------------------------------- the link

function readLink() {
  const params = new URLSearchParams(location.search);
  const engines = params.get("engines");
  if (engines) state.chosen = engines.split(",").map((name) => name.trim()).filter(Boolean);
  const view = params.get("view");
  if (VIEWS.includes(view)) state.view = view;
  const watch = params.get("watch");
  if (watch) state.watch = watch;
  if (params.get("scale") === "explainer") state.scale = "explainer";
  $("answers-live").checked = params.get("live") === "1";
  $("explain-scale").value = state.scale;
  const step = Number.parseInt(params.get("step") ?? "", 10);
  if (Number.isFinite(step)) state.step = Math.max(0, step);
  const speed = Number.parseInt(params.get("speed") ?? "", 10);
  if (Number.isFinite(speed)) $("search-speed").value = String(speed);
  // An f-puzzles link's own query (`?load=N4Ig...`) names a puzzle too; its `+` stays a `+`.
  const load = location.search.match(/[?&]load=([^&]*)/);
  return params.get("puzzle") ?? (load ? decodeURIComponent(load[1]) : null);
}

/** The page's state as a link: the puzzle, the engines and the view, and the view's own choice. */
function link() {
  const params = new URLSearchParams();
  if (state.puzzle) params.set("puzzle", state.puzzle.text);
  params.set("engines", state.chosen.join(","));
  params.set("view", state.view);
  if ($("answers-live").checked) params.set("live", "1");
  if (state.view === "explain" && state.scale !== "workbench") params.set("scale", state.scale);
  if (state.view === "explain" && state.step > 0) params.set("step", String(state.step));
  if (state.view === "search") {
    params.set("watch", state.watch);
    params.set("speed", $("search-speed").value);
  }
  return `${location.pathname}?${params.toString().replaceAll("%2C", ",")}`;
}

function updateLink() {
  const url = link();
  history.replaceState(null, "", url);
  $("permalink").href = url;
}

// ---------------------------------------------------------------- boards

/**
 * Draws an empty board of `side` into `wrap` and returns its cells. Each cell can show a value
 * or a grid of candidates; callers set classes for highlights.
 */
/**
 * The shape of the boxes of a grid of `side`: the current puzzle's when it has that side
 * (6×6 has boxes of 2 rows by 3 columns), else square ones.
 */
function boxShape(side) {
  if (state.puzzle && state.puzzle.side === side) {
    return { rows: state.puzzle.box_rows, cols: state.puzzle.box_cols };
  }
  const order = Math.round(Math.sqrt(side));
  return { rows: order, cols: order };
}

/** The groups of a layout the boards shade: the diagonals, the windows and the extra groups. */
const SHADED = { x: "group-x", windoku: "group-windoku", extra: "group-extra" };

/** The current puzzle's layout (computed by the module), for a board of `side`; else none. */
function layoutOf(side) {
  return state.puzzle && state.puzzle.side === side ? state.puzzle.layout : null;
}

/**
 * Draws an empty board of `side` into `wrap` and returns its cells. A thick border runs between
 * two cells of different regions (boxes, or a jigsaw's regions) of the current puzzle's layout,
 * and the cells of its diagonals, windows and extra groups are shaded.
 */
function makeBoard(wrap, side) {
  wrap.replaceChildren();
  const shape = boxShape(side);
  const layout = layoutOf(side);
  // A cell's region: the layout's, or the box it is in.
  const region = (cell) => {
    if (layout) return layout.regions[cell];
    const row = Math.floor(cell / side);
    const col = cell % side;
    return Math.floor(row / shape.rows) * shape.rows + Math.floor(col / shape.cols);
  };
  const groups = Array.from({ length: side * side }, () => []);
  for (const group of layout?.groups ?? []) {
    if (!(group.kind in SHADED)) continue;
    for (const cell of group.cells) groups[cell].push(SHADED[group.kind]);
  }
  const board = document.createElement("div");
  board.className = "board";
  board.setAttribute("role", "grid");
  board.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  // Rows of equal height whatever they hold: an empty row would shrink to share the rest.
  board.style.gridTemplateRows = `repeat(${side}, minmax(0, 1fr))`;
  board.style.fontSize = `${Math.max(0.35, 55 / side)}cqi`;
  const cells = [];
  for (let cell = 0; cell < side * side; cell++) {
    const row = Math.floor(cell / side);
    const col = cell % side;
    const div = document.createElement("div");
    div.className = "cell";
    if (col !== side - 1 && region(cell) !== region(cell + 1)) div.classList.add("box-right");
    if (row !== side - 1 && region(cell) !== region(cell + side)) div.classList.add("box-bottom");
    div.classList.add(...new Set(groups[cell]));
    div.dataset.cell = String(cell);
    div.setAttribute("aria-label", `r${row + 1}c${col + 1}`);
    board.append(div);
    cells.push(div);
  }
  wrap.append(board);
  const drawn = { element: board, side, shape, cells };
  // Clues outside the grid (little killers, sandwiches) get a cell's room around the board.
  board.classList.toggle("with-clues", hasOutsideClues(layout, side));
  board.style.margin = hasOutsideClues(layout, side) ? `${100 / (side + 2)}%` : "";
  drawRules(drawn, layout);
  // A cell with a cage's sum in its corner keeps its candidates below the sum.
  for (const rule of layout?.constraints ?? []) {
    if (rule.kind !== "killer" || rule.number === null) continue;
    const [row, col] = rule.cells.reduce((first, cell) => (cell[0] < first[0] || (cell[0] === first[0] && cell[1] < first[1]) ? cell : first));
    cells[row * side + col].classList.add("cage-corner");
  }
  return drawn;
}

// ---------------------------------------------------------------- the rules drawn

/** Whether a place `[row, col]` lies outside a grid of `side` (a clue beside it). */
const outside = ([row, col], side) => row < 0 || col < 0 || row >= side || col >= side;

/** Whether the layout has a clue outside the grid: the board then leaves a cell's room around it. */
function hasOutsideClues(layout, side) {
  return (layout?.constraints ?? []).some((rule) => rule.cells.some((place) => outside(place, side)));
}

/** The colour of each kind of line, as the f-puzzles editor draws them. */
const LINE_COLOURS = {
  whispers: "#5fd05f",
  renban: "#e060e0",
  palindrome: "#b0b0b0",
  "region-sum": "#2eb8f0",
  entropic: "#f0a030",
  zipper: "#9a9aff",
};

/**
 * Draws the rules with numbers and lines of `layout` over `board` as one SVG whose unit is a
 * cell (row r, column c spans x c..c+1, y r..r+1), in the editor's conventions: cages dashed
 * inside their cells with the sum in the corner of the first cell, thermometers grey with a bulb,
 * arrows with a circle and a head, dots and X/V on edges, coloured lines, odd circles and even
 * squares, quadruples at corners, clues outside the grid. Each rule is one `<g class="rule">`
 * holding `data-kind` (the core's word) and `data-index` (its place in the layout's list), and
 * a title with its `#` line. The drawing lets clicks through to the cells.
 */
function drawRules(board, layout) {
  const rules = layout?.constraints ?? [];
  if (rules.length === 0) return;
  const { side } = board;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "rules");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${rules.length} rules drawn`);
  const make = (parent, name, attributes, text) => {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    if (text !== undefined) element.textContent = text;
    parent.append(element);
    return element;
  };
  const centre = ([row, col]) => [col + 0.5, row + 0.5];
  const points = (places) => places.map((place) => centre(place).join(",")).join(" ");
  const label = (group, [x, y], text, size, className = "rule-text") =>
    make(group, "text", { x, y, "font-size": size, class: className, "text-anchor": "middle", "dominant-baseline": "central" }, text);
  const head = (group, [x0, y0], [x1, y1], size, attributes) => {
    const length = Math.hypot(x1 - x0, y1 - y0) || 1;
    const [dx, dy] = [(x1 - x0) / length, (y1 - y0) / length];
    const wing = (turn) => [x1 - size * (dx * Math.cos(turn) - dy * Math.sin(turn)), y1 - size * (dy * Math.cos(turn) + dx * Math.sin(turn))];
    make(group, "polyline", { points: [wing(0.6), [x1, y1], wing(-0.6)].map((p) => p.join(",")).join(" "), ...attributes });
  };
  rules.forEach((rule, index) => {
    const group = make(svg, "g", { class: `rule rule-${rule.kind}`, "data-kind": rule.kind, "data-index": index });
    make(group, "title", {}, rule.line);
    const cells = rule.cells;
    switch (rule.kind) {
      case "killer":
        drawCage(group, cells, rule.number, make);
        break;
      case "thermo":
      case "slow-thermo": {
        const attributes = { points: points(cells), class: "thermo", fill: "none", "stroke-width": 0.3 };
        if (rule.kind === "slow-thermo") attributes["stroke-dasharray"] = "0.3 0.15";
        make(group, "circle", { cx: centre(cells[0])[0], cy: centre(cells[0])[1], r: 0.38, class: "thermo-bulb" });
        if (cells.length > 1) make(group, "polyline", attributes);
        break;
      }
      case "arrow": {
        const rows = cells.map(([row]) => row);
        const cols = cells.map(([, col]) => col);
        const [top, left] = [Math.min(...rows), Math.min(...cols)];
        const [bottom, right] = [Math.max(...rows) + 1, Math.max(...cols) + 1];
        make(group, "rect", { x: left + 0.1, y: top + 0.1, width: right - left - 0.2, height: bottom - top - 0.2, rx: 0.4, class: "arrow-circle" });
        for (const line of rule.lines) {
          if (line.length === 0) continue;
          // From the circle's cell nearest the line's first, at the circle's edge.
          const first = centre(line[0]);
          const from = cells.map(centre).reduce((best, point) =>
            Math.hypot(point[0] - first[0], point[1] - first[1]) < Math.hypot(best[0] - first[0], best[1] - first[1]) ? point : best);
          const length = Math.hypot(first[0] - from[0], first[1] - from[1]) || 1;
          const start = [from[0] + ((first[0] - from[0]) * 0.4) / length, from[1] + ((first[1] - from[1]) * 0.4) / length];
          const path = [start, ...line.map(centre)];
          make(group, "polyline", { points: path.map((p) => p.join(",")).join(" "), class: "arrow-line" });
          head(group, path[path.length - 2], path[path.length - 1], 0.3, { class: "arrow-line" });
        }
        break;
      }
      case "difference":
      case "ratio":
      case "xv": {
        const [a, b] = cells.map(centre);
        const middle = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        if (rule.kind === "xv") {
          label(group, middle, rule.number === 5 ? "V" : "X", 0.38, "rule-text xv");
        } else {
          make(group, "circle", { cx: middle[0], cy: middle[1], r: 0.13, class: rule.kind === "ratio" ? "dot-black" : "dot-white" });
          const plain = rule.kind === "ratio" ? 2 : 1;
          if (rule.number !== plain) label(group, middle, String(rule.number), 0.16, rule.kind === "ratio" ? "rule-text on-black" : "rule-text");
        }
        break;
      }
      case "little-killer": {
        const [x, y] = centre(cells[0]);
        const step = { UR: [1, -1], UL: [-1, -1], DR: [1, 1], DL: [-1, 1] }[rule.direction];
        label(group, [x - step[0] * 0.12, y - step[1] * 0.12], String(rule.number), 0.32);
        const from = [x + step[0] * 0.2, y + step[1] * 0.2];
        const to = [x + step[0] * 0.42, y + step[1] * 0.42];
        make(group, "line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "arrow-line" });
        head(group, from, to, 0.12, { class: "arrow-line" });
        break;
      }
      case "sandwich":
      case "x-sum":
      case "skyscraper":
        label(group, centre(cells[0]), String(rule.number), 0.42, `rule-text clue-${rule.kind}`);
        break;
      case "odd": {
        const [x, y] = centre(cells[0]);
        make(group, "circle", { cx: x, cy: y, r: 0.38, class: "parity" });
        break;
      }
      case "even": {
        const [row, col] = cells[0];
        make(group, "rect", { x: col + 0.14, y: row + 0.14, width: 0.72, height: 0.72, class: "parity" });
        break;
      }
      case "minimum":
      case "maximum": {
        const [x, y] = centre(cells[0]);
        const inward = rule.kind === "minimum";
        for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
          const tip = inward ? 0.3 : 0.46;
          const base = inward ? 0.46 : 0.3;
          const wing = [[x + dx * base - dy * 0.1, y + dy * base - dx * 0.1], [x + dx * tip, y + dy * tip], [x + dx * base + dy * 0.1, y + dy * base + dx * 0.1]];
          make(group, "polyline", { points: wing.map((p) => p.join(",")).join(" "), class: "extreme" });
        }
        break;
      }
      case "between": {
        make(group, "polyline", { points: points(cells), class: "between-line" });
        for (const end of [cells[0], cells[cells.length - 1]]) {
          const [x, y] = centre(end);
          make(group, "circle", { cx: x, cy: y, r: 0.4, class: "between-end" });
        }
        break;
      }
      case "quadruple": {
        const x = Math.max(...cells.map(([, col]) => col));
        const y = Math.max(...cells.map(([row]) => row));
        make(group, "circle", { cx: x, cy: y, r: 0.24, class: "quadruple" });
        const values = rule.values;
        const per = values.length > 2 ? 2 : values.length;
        values.forEach((value, at) => {
          const [dx, dy] = values.length === 1 ? [0, 0] : [((at % per) - (per - 1) / 2) * 0.2, (Math.floor(at / per) - (Math.ceil(values.length / per) - 1) / 2) * 0.2];
          label(group, [x + dx, y + dy], String(value), 0.16);
        });
        break;
      }
      case "clone":
      case "row-indexer":
      case "column-indexer":
      case "box-indexer":
        for (const [row, col] of [...cells, ...rule.lines.flat()]) {
          make(group, "rect", { x: col, y: row, width: 1, height: 1, class: `shade-${rule.kind}` });
        }
        break;
      default:
        if (rule.kind in LINE_COLOURS && cells.length) {
          make(group, "polyline", { points: points(cells), fill: "none", stroke: LINE_COLOURS[rule.kind], "stroke-width": 0.25, "stroke-linecap": "round", "stroke-linejoin": "round", class: "rule-line", opacity: 0.8 });
        }
    }
  });
  board.element.append(svg);
}

/**
 * A killer cage: a dashed outline a little inside its cells (each side of a cell that borders a
 * cell out of the cage, its ends meeting the sides of its neighbours), and its sum small in the
 * top-left corner of its first cell in reading order.
 */
function drawCage(group, cells, sum, make) {
  const inset = 0.08;
  const inCage = new Set(cells.map(([row, col]) => `${row},${col}`));
  const has = (row, col) => inCage.has(`${row},${col}`);
  const segments = [];
  for (const [row, col] of cells) {
    const [cx, cy] = [col + 0.5, row + 0.5];
    // Each side: its outward normal; its two ends run along the tangent either way.
    for (const [nr, nc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      if (has(row + nr, col + nc)) continue;
      const ends = [[nc, nr], [-nc, -nr]].map(([tr, tc]) => {
        let along = 0.5 - inset;
        if (has(row + tr, col + tc)) along = has(row + tr + nr, col + tc + nc) ? 0.5 + inset : 0.5;
        return [cx + nc * (0.5 - inset) + tc * along, cy + nr * (0.5 - inset) + tr * along];
      });
      segments.push(`M${ends[0].join(" ")}L${ends[1].join(" ")}`);
    }
  }
  make(group, "path", { d: segments.join(""), class: "cage" });
  if (sum === null || sum === undefined) return;
  const [row, col] = cells.reduce((first, cell) => (cell[0] < first[0] || (cell[0] === first[0] && cell[1] < first[1]) ? cell : first));
  const text = String(sum);
  make(group, "rect", { x: col + 0.04, y: row + 0.04, width: 0.06 + 0.14 * text.length, height: 0.24, class: "cage-sum-back" });
  make(group, "text", { x: col + 0.07, y: row + 0.16, "font-size": 0.22, "dominant-baseline": "central", class: "cage-sum" }, text);
}

/** Shows `value` in `cell` (written with `symbols`), as a clue or not. */
function showValue(div, value, symbols, isClue) {
  div.replaceChildren();
  div.textContent = value ? symbols[value - 1] : "";
  div.classList.toggle("clue", Boolean(value) && isClue);
  div.classList.toggle("value", Boolean(value) && !isClue);
}

/** Shows candidate values in `cell`, each with the class `marks(value)` returns, if any. */
function showCandidates(div, values, side, symbols, marks = () => "") {
  // A cell's candidates are laid out as its grid's boxes are: `cols` to a row.
  const shape = boxShape(side);
  const grid = document.createElement("div");
  grid.className = "cands";
  grid.style.gridTemplateColumns = `repeat(${shape.cols}, 1fr)`;
  grid.style.fontSize = `${100 / Math.max(shape.rows, shape.cols)}%`;
  const present = new Set(values);
  for (let value = 1; value <= side; value++) {
    const span = document.createElement("span");
    span.className = "cand";
    if (present.has(value)) {
      span.textContent = symbols[value - 1];
      const mark = marks(value);
      if (mark) span.classList.add(mark);
    }
    grid.append(span);
  }
  div.replaceChildren(grid);
  div.classList.remove("clue", "value");
}

// ---------------------------------------------------------------- the puzzle

async function loadPuzzle(text) {
  const error = $("puzzle-error");
  try {
    state.puzzle = await call("parse", { text });
    error.hidden = true;
    error.textContent = "";
  } catch (failure) {
    state.puzzle = null;
    error.textContent = `Cannot read the puzzle: ${failure.message}`;
    error.hidden = false;
    $("puzzle-info").textContent = "";
    $("puzzle-grid").replaceChildren();
    $("layout-caption").replaceChildren();
    updateEngineBoxes();
    updateLink();
    return false;
  }
  state.entries = entriesOf(state.puzzle);
  state.selected = -1;
  puzzleChanged();
  return true;
}

/**
 * The cells of `puzzle` as the board enters them: each cell's candidates when the puzzle gives
 * them (a pencilmark puzzle), else its values.
 */
function entriesOf(puzzle) {
  const candidates = puzzle.layout.candidates;
  return candidates ? candidates.map((values) => [...values]) : [...puzzle.cells];
}

/** After a puzzle is loaded or edited: the board, the caption, and every view's answers cleared. */
function puzzleChanged() {
  const { side, clues, format, layout } = state.puzzle;
  const marks = layout.candidates ? `${layout.candidates.flat().length} candidates` : `${clues} clues`;
  const named = layout.words.length ? ` ${layout.words.join(" ")}` : "";
  $("puzzle-info").textContent = `${side}×${side}${named}, ${marks}, read as ${format}.`;
  state.drawing = [];
  drawPuzzleBoard();
  showCaption();
  scheduleAnswers();
  state.explanation = null;
  state.recording = null;
  stopPlayback();
  clearRace();
  updateEngineBoxes();
  updateLink();
}

/** The layout's name and what each of its rules asks, under the puzzle board. */
function showCaption() {
  const caption = $("layout-caption");
  const { layout } = state.puzzle;
  caption.replaceChildren();
  caption.dataset.layout = layout.words.join(" ");
  if (layout.rules.length === 0) return;
  const title = document.createElement("p");
  title.textContent = `Layout: ${layout.name}.`;
  const list = document.createElement("ul");
  for (const rule of layout.rules) {
    const item = document.createElement("li");
    item.textContent = rule;
    list.append(item);
  }
  caption.append(title, list);
}

// ---------------------------------------------------------------- the puzzle board

/**
 * Draws the puzzle board from the cells entered: values large, candidates small (a given
 * pencilmark puzzle's too), the selected cell outlined.
 */
function drawPuzzleBoard() {
  const { side, symbols } = state.puzzle;
  // Drawn again (after an answer, say), a focused board keeps the focus and so its keys.
  const focused = $("puzzle-grid").contains(document.activeElement);
  const board = makeBoard($("puzzle-grid"), side);
  board.element.tabIndex = 0;
  board.element.setAttribute("aria-label", "The puzzle: select a cell, then type a value or, in candidate mode, a candidate");
  // Dragging across cells selects them rather than scrolling the page.
  board.element.classList.toggle("drawing-mode", state.drawMode);
  const answered = state.answers?.text === state.puzzle.text ? state.answers.result.candidates : null;
  state.entries.forEach((entry, cell) => {
    const div = board.cells[cell];
    if (Array.isArray(entry)) showCandidates(div, entry, side, symbols);
    else if (entry === 0 && answered) {
      // The true candidates, pencilled in.
      showCandidates(div, answered[cell], side, symbols, () => "true-cand");
      div.dataset.trueCandidates = answered[cell].join(",");
    } else showValue(div, entry, symbols, true);
    div.classList.toggle("selected", cell === state.selected);
    div.classList.toggle("drawing", state.drawing.includes(cell));
    div.setAttribute("aria-selected", String(cell === state.selected));
  });
  board.element.addEventListener("click", (event) => {
    const div = event.target.closest(".cell");
    if (!div || state.drawMode) return;
    state.selected = Number(div.dataset.cell);
    drawPuzzleBoard();
    $("puzzle-grid").querySelector(".board").focus();
  });
  wireDrawing(board);
  board.element.addEventListener("keydown", boardKey);
  drawDigitPad();
  if (focused) board.element.focus({ preventScroll: true });
}

/** The digit pad: a button per value, entering it in the selected cell as the keyboard does. */
function drawDigitPad() {
  const pad = $("digit-pad");
  const { side, symbols } = state.puzzle;
  if (pad.dataset.side === String(side) && pad.dataset.symbols === symbols.join("")) return;
  pad.dataset.side = String(side);
  pad.dataset.symbols = symbols.join("");
  pad.replaceChildren();
  for (let value = 1; value <= side; value++) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = symbols[value - 1];
    button.dataset.value = String(value);
    button.addEventListener("click", () => enter(value));
    pad.append(button);
  }
  const clear = document.createElement("button");
  clear.type = "button";
  clear.textContent = "Clear";
  clear.addEventListener("click", () => enter(0));
  pad.append(clear);
}

/** The puzzle board's keys: arrows move, a value's symbol enters it, Backspace, Delete, 0 or . clear. */
function boardKey(event) {
  if (!state.puzzle || event.ctrlKey || event.metaKey || event.altKey) return;
  if (state.drawMode && drawKey(event)) return;
  const { side, symbols } = state.puzzle;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -side, ArrowDown: side };
  if (event.key in moves) {
    event.preventDefault();
    const from = state.selected < 0 ? 0 : state.selected;
    const to = from + moves[event.key];
    if (to >= 0 && to < side * side) state.selected = to;
    else if (state.selected < 0) state.selected = 0;
    drawPuzzleBoard();
    $("puzzle-grid").querySelector(".board").focus();
    return;
  }
  // A value's symbol first: `0` is one in the alphabets that start from it.
  const value = symbols.findIndex((symbol) => symbol.toUpperCase() === event.key.toUpperCase()) + 1;
  if (value > 0 || ["Backspace", "Delete", "0", "."].includes(event.key)) {
    event.preventDefault();
    enter(value);
  }
}

/**
 * Enters `value` in the selected cell (0 clears it): in candidate mode toggles that candidate
 * (a cell not marked yet starts with none), else sets the value. The module then makes the
 * puzzle of the cells entered (a pencilmark puzzle when a cell has candidates), which the views
 * are given from then on.
 */
async function enter(value) {
  const cell = state.selected;
  if (!state.puzzle || cell < 0) {
    $("edit-status").textContent = "Select a cell first.";
    return;
  }
  const entries = [...state.entries];
  const current = entries[cell];
  if (value === 0) entries[cell] = 0;
  else if (!state.candidateMode) entries[cell] = current === value ? 0 : value;
  else {
    const marks = new Set(Array.isArray(current) ? current : current ? [current] : []);
    if (marks.has(value)) marks.delete(value);
    else marks.add(value);
    entries[cell] = [...marks].sort((a, b) => a - b);
  }
  try {
    const edited = await call("edit", { text: state.puzzle.text, entries: JSON.stringify(entries) });
    state.puzzle = edited;
    state.entries = entries;
    $("puzzle-text").value = edited.text;
    $("edit-status").textContent = "";
    puzzleChanged();
    $("puzzle-grid").querySelector(".board").focus();
  } catch (failure) {
    $("edit-status").textContent = `Not entered: ${failure.message}`;
  }
}

function setCandidateMode(on) {
  state.candidateMode = on;
  const button = $("candidate-mode");
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? "Candidates: on" : "Candidates: off";
}

function supports(engine, side) {
  return side >= engine.sides[0] && side <= engine.sides[1];
}

function updateEngineBoxes() {
  const side = state.puzzle?.side ?? 9;
  for (const box of $("engine-boxes").querySelectorAll("input")) {
    const engine = state.engines.find((known) => known.name === box.value);
    const fits = supports(engine, side);
    // An engine that does not take the puzzle's layout stays choosable: the race then shows
    // its refusal, in the registry's words, as this title does.
    const refusal = state.puzzle?.refusals.find(([name]) => name === engine.name)?.[1];
    box.disabled = !fits;
    box.parentElement.classList.toggle("unsupported", Boolean(refusal) || !fits);
    box.parentElement.title = fits ? (refusal ?? engine.description) : `${engine.description} (not ${side}×${side})`;
  }
  const select = $("search-engine");
  for (const option of select.options) {
    const engine = state.engines.find((known) => known.name === option.value);
    option.disabled = !supports(engine, side);
  }
}

function buildEngineChoices() {
  const boxes = $("engine-boxes");
  boxes.replaceChildren();
  for (const engine of state.engines) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = engine.name;
    box.checked = state.chosen.includes(engine.name);
    box.addEventListener("change", () => {
      state.chosen = [...boxes.querySelectorAll("input:checked")].map((input) => input.value);
      updateLink();
    });
    label.append(box, ` ${engine.name}`);
    boxes.append(label);
  }
  const select = $("search-engine");
  for (const engine of state.engines.filter((known) => known.watchable)) {
    const option = new Option(engine.name, engine.name);
    select.append(option);
  }
  if (!state.engines.some((engine) => engine.watchable && engine.name === state.watch)) state.watch = "dlx";
  select.value = state.watch;
  select.addEventListener("change", () => {
    state.watch = select.value;
    state.recording = null;
    stopPlayback();
    updateLink();
  });
}

/**
 * The puzzles of a sample, one line each after the `# layout` lines in force for it (from the
 * last `# layout` line before it: its `# regions` block and `# extra` lines), so that each loads
 * with its layout. Other comments come before the first `# layout` line and are left out.
 */
function puzzlesOf(text) {
  const puzzles = [];
  let header = [];
  for (const line of text.split("\n").map((each) => each.trim())) {
    if (line.startsWith("# layout")) header = [line];
    else if (line.startsWith("#")) {
      if (header.length) header.push(line);
    } else if (line) {
      puzzles.push([...header, line].join("\n"));
    }
  }
  return puzzles;
}

async function loadSamples() {
  const select = $("sample-select");
  const corpora = $("bench-corpus");
  let index;
  try {
    index = await (await fetch("samples/index.json")).json();
  } catch {
    return;
  }
  for (const sample of index) {
    const text = await (await fetch(`samples/${sample.file}`)).text();
    const lines = puzzlesOf(text);
    state.samples.push({ ...sample, lines, text });
    const group = document.createElement("optgroup");
    group.label = sample.label;
    lines.forEach((line, number) => {
      group.append(new Option(`${sample.label} #${number + 1}`, `${state.samples.length - 1}:${number}`));
    });
    select.append(group);
    corpora.append(new Option(`${sample.label} (${lines.length} puzzles)`, String(state.samples.length - 1)));
  }
}

// ---------------------------------------------------------------- drawing rules

/** The name of `cell` in a rule line: `r1c1`. */
function cellName(cell) {
  const { side } = state.puzzle;
  return `r${Math.floor(cell / side) + 1}c${(cell % side) + 1}`;
}

function setDrawMode(on) {
  state.drawMode = on;
  state.drawing = [];
  const button = $("draw-mode");
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? "Draw rules: on" : "Draw rules: off";
  $("draw-tools").hidden = !on;
  if (state.puzzle) drawPuzzleBoard();
}

/** Marks the cells selected for a rule on the board, without drawing it again. */
function showDrawing() {
  for (const div of $("puzzle-grid").querySelectorAll(".cell")) {
    div.classList.toggle("drawing", state.drawing.includes(Number(div.dataset.cell)));
  }
}

/**
 * In drawing mode: a press on a cell starts a selection and dragging adds each cell passed
 * over, in order; with shift or ctrl a press adds the cell to the selection (or takes it out).
 */
function wireDrawing(board) {
  let dragging = false;
  const cellAt = (event) => {
    const div = document.elementFromPoint(event.clientX, event.clientY)?.closest?.(".cell");
    return div && board.element.contains(div) ? Number(div.dataset.cell) : -1;
  };
  board.element.addEventListener("pointerdown", (event) => {
    if (!state.drawMode) return;
    const cell = cellAt(event);
    if (cell < 0) return;
    event.preventDefault();
    board.element.focus();
    state.selected = cell;
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      const at = state.drawing.indexOf(cell);
      if (at >= 0) state.drawing.splice(at, 1);
      else state.drawing.push(cell);
    } else {
      state.drawing = [cell];
      dragging = true;
    }
    showDrawing();
  });
  board.element.addEventListener("pointermove", (event) => {
    if (!state.drawMode || !dragging) return;
    const cell = cellAt(event);
    if (cell >= 0 && !state.drawing.includes(cell)) {
      state.drawing.push(cell);
      showDrawing();
    }
  });
  const stop = () => {
    dragging = false;
  };
  board.element.addEventListener("pointerup", stop);
  board.element.addEventListener("pointerleave", stop);
}

/**
 * The rules the drawing mode makes, in the tool row's order: each kind's group in the row's
 * list, its name and key, what its cells must be (`cells`: any; `line`: two or more in order;
 * `between`: three or more; `arrow`: its circle, then its line; `pair`: two side by side;
 * `block`: a 2×2 block; `each`: a rule on each cell), and the number it takes from the number
 * field, if any (`ask`: its key asks for the number; the others' keys ask with Shift).
 */
const DRAW_KINDS = {
  killer: { group: "Cages", name: "Cage", key: "k", shape: "cells", number: "sum", placeholder: "none", ask: true },
  quadruple: { group: "Cages", name: "Quadruple", key: "q", shape: "block", number: "values", placeholder: "e.g. 1 2", ask: true },
  thermo: { group: "Lines", name: "Thermometer", key: "t", shape: "line" },
  "slow-thermo": { group: "Lines", name: "Slow thermometer", key: "s", shape: "line" },
  arrow: { group: "Lines", name: "Arrow", key: "a", shape: "arrow" },
  whispers: { group: "Lines", name: "Whispers", key: "w", shape: "line", number: "gap", placeholder: "5" },
  renban: { group: "Lines", name: "Renban", key: "r", shape: "line" },
  palindrome: { group: "Lines", name: "Palindrome", key: "p", shape: "line" },
  between: { group: "Lines", name: "Between line", key: "b", shape: "between" },
  "region-sum": { group: "Lines", name: "Region-sum line", key: "u", shape: "line" },
  entropic: { group: "Lines", name: "Entropic line", key: "n", shape: "line" },
  zipper: { group: "Lines", name: "Zipper line", key: "z", shape: "line" },
  difference: { group: "Between two cells", name: "White dot", key: "d", shape: "pair", number: "gap", placeholder: "1" },
  ratio: { group: "Between two cells", name: "Black dot", key: "f", shape: "pair", number: "ratio", placeholder: "2" },
  x: { group: "Between two cells", name: "X", key: "x", shape: "pair", line: "xv x" },
  v: { group: "Between two cells", name: "V", key: "v", shape: "pair", line: "xv v" },
  odd: { group: "Each cell", name: "Odd", key: "o", shape: "each" },
  even: { group: "Each cell", name: "Even", key: "e", shape: "each" },
  minimum: { group: "Each cell", name: "Minimum", key: "<", shape: "each" },
  maximum: { group: "Each cell", name: "Maximum", key: ">", shape: "each" },
};

/** Fills the tool row's list of rules from `DRAW_KINDS`, each with its key. */
function buildRuleKinds() {
  const select = $("rule-kind");
  const groups = new Map();
  for (const [kind, { group, name, key }] of Object.entries(DRAW_KINDS)) {
    if (!groups.has(group)) {
      const element = document.createElement("optgroup");
      element.label = group;
      groups.set(group, element);
      select.append(element);
    }
    groups.get(group).append(new Option(`${name} (${key.toUpperCase()})`, kind));
  }
  showRuleKind();
}

/** The number field as the rule chosen takes it: its label and example, or off. */
function showRuleKind() {
  const { number, placeholder } = DRAW_KINDS[$("rule-kind").value];
  const field = $("rule-number");
  $("rule-number-label").textContent = number ?? "number";
  field.disabled = !number;
  field.placeholder = placeholder ?? "";
}

/** The drawing mode's keys; whether the key was one of them. */
function drawKey(event) {
  const key = event.key.toLowerCase();
  const kind = Object.keys(DRAW_KINDS).find((name) => DRAW_KINDS[name].key === key);
  if (kind) {
    $("rule-kind").value = kind;
    showRuleKind();
    const { number, ask } = DRAW_KINDS[kind];
    if (ask || (number && event.shiftKey)) askNumber(kind);
    else makeRule(kind);
  } else if (event.key === "Delete" || event.key === "Backspace") deleteRule();
  else if (event.key === "Escape") {
    state.drawing = [];
    showDrawing();
  } else if (event.key === " " || event.key === "Enter") {
    // The keyboard's way to select: the cursor's cell added to the selection.
    if (state.selected >= 0 && !state.drawing.includes(state.selected)) state.drawing.push(state.selected);
    showDrawing();
  } else return false;
  event.preventDefault();
  return true;
}

/** The number field focused for a rule of `kind` over the cells selected, made with Enter. */
function askNumber(kind) {
  if (state.drawing.length === 0) {
    $("edit-status").textContent = "Select the rule's cells first.";
    return;
  }
  const { name, shape, number, ask } = DRAW_KINDS[kind];
  const optional = shape === "block" ? "" : ` (left empty: ${ask ? "a cage without a sum" : `the plain ${name.toLowerCase()}`})`;
  const field = $("rule-number");
  $("edit-status").textContent = `Type the ${name.toLowerCase()}'s ${number} and press Enter${optional}.`;
  field.focus();
  field.select();
}

/** The values of a quadruple as typed: `1 2`, `1,2`, or `12` when every value is one digit. */
function quadrupleValues(typed, side) {
  let words = typed.split(/[\s,]+/).filter(Boolean);
  if (words.length === 1 && side <= 9) words = [...words[0]];
  const values = words.map(Number);
  const fits = values.length >= 1 && values.length <= 4 && values.every((value) => Number.isInteger(value) && value >= 1 && value <= side);
  return fits ? values : null;
}

/** The `#` line of a rule of `kind` over the cells selected, or why there is none (one line). */
function ruleLine(kind) {
  const { side } = state.puzzle;
  const { name, shape, number, line = kind } = DRAW_KINDS[kind];
  const cells = state.drawing.map(cellName);
  const places = state.drawing.map((cell) => [Math.floor(cell / side), cell % side]);
  if (cells.length === 0) return { problem: "Select the rule's cells first." };
  const typed = number ? $("rule-number").value.trim() : "";
  if (shape === "block") {
    const rows = new Set(places.map(([row]) => row));
    const cols = new Set(places.map(([, col]) => col));
    const block = cells.length === 4 && rows.size === 2 && cols.size === 2 && Math.max(...rows) - Math.min(...rows) === 1 && Math.max(...cols) - Math.min(...cols) === 1;
    if (!block) return { problem: `A quadruple goes on a 2×2 block: select its four cells (${cells.length} selected).` };
    const values = quadrupleValues(typed, side);
    if (!values) return { problem: `Type the quadruple's values, one to four of 1-${side} (such as 1 2), then press Enter.` };
    return { line: `quadruple ${values.join(" ")} ${cells.join(" ")}` };
  }
  if (typed && !/^[1-9][0-9]{0,3}$/.test(typed)) return { problem: `The ${name.toLowerCase()}'s ${number} is a whole number from 1, or left empty: not '${typed}'.` };
  const words = [line, ...(typed ? [typed] : [])];
  switch (shape) {
    case "arrow":
      if (cells.length < 2) return { problem: "An arrow needs its circle and at least one cell of its line." };
      return { line: `arrow ${cells[0]} : ${cells.slice(1).join(" ")}` };
    case "pair": {
      const [a, b] = places;
      const beside = cells.length === 2 && Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
      if (!beside) return { problem: `${/^[XV]$/.test(name) ? `An ${name}` : `A ${name.toLowerCase()}`} goes between two cells side by side: select two orthogonally adjacent cells (${cells.length} selected${cells.length === 2 ? ", not side by side" : ""}).` };
      break;
    }
    case "line":
      if (cells.length < 2) return { problem: `A ${name.toLowerCase()} needs at least two cells.` };
      break;
    case "between":
      if (cells.length < 3) return { problem: "A between line needs its two ends and at least one cell between them." };
      break;
    default:
  }
  return { line: `${words.join(" ")} ${cells.join(" ")}` };
}

/** Adds the rule of `kind` over the cells selected to the puzzle, as a rule line of its text. */
async function makeRule(kind) {
  if (!state.puzzle) return;
  const { line, problem } = ruleLine(kind);
  if (problem) {
    $("edit-status").textContent = problem;
    return;
  }
  try {
    changeRules(await call("add_rule", { text: state.puzzle.text, line }));
    $("rule-number").value = "";
    $("edit-status").textContent = "";
    $("draw-status").textContent = `Added: ${line}.`;
  } catch (failure) {
    $("edit-status").textContent = `Not added: ${failure.message}`;
  }
}

/** Removes the last rule on the first cell selected (or the cursor's cell). */
async function deleteRule() {
  if (!state.puzzle) return;
  const cell = state.drawing[0] ?? state.selected;
  const { side, layout } = state.puzzle;
  const place = [Math.floor(cell / side), cell % side];
  const on = (rule) => [...rule.cells, ...rule.lines.flat()].some(([row, col]) => row === place[0] && col === place[1]);
  const index = layout.constraints.findLastIndex(on);
  if (cell < 0 || index < 0) {
    $("edit-status").textContent = "No rule on the cell selected.";
    return;
  }
  const { line } = layout.constraints[index];
  try {
    changeRules(await call("remove_rule", { text: state.puzzle.text, index }));
    $("edit-status").textContent = "";
    $("draw-status").textContent = `Removed: ${line}.`;
  } catch (failure) {
    $("edit-status").textContent = `Not removed: ${failure.message}`;
  }
}

/** After a rule is added or removed: the puzzle, its text and its link, and every view. */
function changeRules(puzzle) {
  state.puzzle = puzzle;
  state.entries = entriesOf(puzzle);
  $("puzzle-text").value = puzzle.text;
  puzzleChanged();
  $("puzzle-grid").querySelector(".board").focus();
}

// ---------------------------------------------------------------- answers for the setter

let answersTimer = null; // the wait before live answers run
let answersRun = 0; // the latest run asked for
let answersClock = null; // the status's ticking while a run goes on

/** After a change: with live answers on, a run shortly (a change before then waits again). */
function scheduleAnswers() {
  clearTimeout(answersTimer);
  if (!$("answers-live").checked) return;
  answersTimer = setTimeout(runAnswers, 300);
}

/**
 * Counts the puzzle's solutions and finds its true candidates in the setter's worker, which a
 * run still going is stopped for; the status says how long it has gone on, and Stop ends it.
 */
async function runAnswers() {
  if (!state.puzzle) return;
  const text = state.puzzle.text;
  const run = ++answersRun;
  const worker = setterWorker();
  if ($("answers-stop").disabled === false) worker.restart();
  const status = $("answers-status");
  const budget = Number($("answers-budget").value) || 0;
  const started = performance.now();
  status.dataset.state = "running";
  status.textContent = "Counting the solutions and finding the true candidates…";
  $("answers-stop").disabled = false;
  clearInterval(answersClock);
  answersClock = setInterval(() => {
    const seconds = Math.round((performance.now() - started) / 1000);
    status.textContent = `Counting the solutions and finding the true candidates… ${seconds} s so far (Stop ends it).`;
  }, 1000);
  try {
    const result = await worker.call("answers", { text, budget });
    if (run !== answersRun) return;
    state.answers = { text, result };
    showAnswers(result, performance.now() - started);
  } catch (failure) {
    if (run !== answersRun) return;
    status.dataset.state = "error";
    status.textContent = failure.message === "stopped" ? "Stopped." : `Error: ${failure.message}`;
  } finally {
    if (run === answersRun) {
      clearInterval(answersClock);
      $("answers-stop").disabled = true;
    }
  }
}

function stopAnswers() {
  answersRun++;
  clearInterval(answersClock);
  setterWorker().restart();
  $("answers-stop").disabled = true;
  $("answers-status").dataset.state = "stopped";
  $("answers-status").textContent = "Stopped.";
}

/** The setter's answers: the count, a second solution where there are two, the candidates pencilled in. */
function showAnswers(result, ms) {
  const status = $("answers-status");
  const { side, symbols } = state.puzzle;
  const budget = Number($("answers-budget").value) || 0;
  status.dataset.state = "done";
  status.dataset.verdict = result.verdict;
  // The puzzle answered, for scripts to tell this answer from an earlier one.
  status.dataset.text = state.answers.text;
  const cost = `${result.engine}, ${result.solves.toLocaleString("en")} solves, ${result.nodes.toLocaleString("en")} nodes, ${Math.round(ms)} ms`;
  let said;
  if (result.budget_exhausted) {
    said = `The search ran out of its budget (${budget.toLocaleString("en")} node${budget === 1 ? "" : "s"} per solve)${result.verdict.startsWith("gave up") ? `: the count is not known (${result.verdict})` : `: ${result.verdict === "1" ? "one solution" : result.verdict === "0" ? "no solution" : "more than one solution"}, but the true candidates are not known`}. Raise the budget to know more.`;
  } else if (result.verdict === "0") said = "No solution.";
  else if (result.verdict === "1") said = "One solution: the puzzle is unique.";
  else {
    const named = result.differs.slice(0, 9).map(cellName).join(" ");
    const more = result.differs.length > 9 ? " …" : "";
    said = `More than one solution: two of them differ in ${result.differs.length} cells (${named}${more}), the second shown below with those cells tinted.`;
  }
  status.textContent = `${said} (${cost})`;
  const grid = $("answers-grid");
  grid.replaceChildren();
  delete grid.dataset.solution;
  delete grid.dataset.other;
  if (result.other) {
    grid.dataset.solution = result.solution;
    grid.dataset.other = result.other;
    const board = makeBoard(grid, side);
    [...result.other].forEach((symbol, cell) => {
      showValue(board.cells[cell], symbols.indexOf(symbol) + 1, symbols, state.puzzle.cells[cell] !== 0);
      board.cells[cell].classList.toggle("differs", result.differs.includes(cell));
    });
  }
  drawPuzzleBoard();
}

// ---------------------------------------------------------------- race

function clearRace() {
  $("race-table").tBodies[0].replaceChildren();
  $("race-verdict").textContent = "";
  $("race-status").textContent = "";
  $("race-grid").replaceChildren();
}

function formatTime(micros) {
  if (micros < 1000) return `${micros.toFixed(1)} µs`;
  if (micros < 1e6) return `${(micros / 1000).toFixed(2)} ms`;
  return `${(micros / 1e6).toFixed(2)} s`;
}

const number = (value) => (value === null || value === undefined ? "–" : value.toLocaleString("en"));

async function race() {
  if (!state.puzzle) return;
  clearRace();
  const budget = Number($("race-budget").value) || 0;
  const names = state.chosen.filter((name) => {
    const engine = state.engines.find((known) => known.name === name);
    return engine && supports(engine, state.puzzle.side);
  });
  if (names.length === 0) {
    $("race-status").textContent = "Choose at least one engine that solves this size.";
    return;
  }
  const body = $("race-table").tBodies[0];
  $("race-button").disabled = true;
  $("race-stop").disabled = false;
  const answers = [];
  let refused = 0;
  try {
    for (const [index, name] of names.entries()) {
      $("race-status").textContent = `Solving with ${name} (${index + 1} of ${names.length})…`;
      const row = body.insertRow();
      row.dataset.engine = name;
      row.insertCell().textContent = name;
      // An engine that does not take the puzzle's rules is not asked: it refuses, in the
      // registry's words, and that is no failure.
      const refusal = state.puzzle.refusals.find(([refusing]) => refusing === name)?.[1];
      if (refusal) {
        row.dataset.refused = "true";
        row.dataset.solution = "";
        const cell = row.insertCell();
        cell.colSpan = 5;
        cell.className = "refused";
        cell.textContent = `refuses: ${refusal}`;
        refused++;
        continue;
      }
      try {
        const answer = await call("solve", { engine: name, text: state.puzzle.text, maxSolutions: 2, budget });
        answers.push(answer);
        row.dataset.solution = answer.solution ?? "";
        row.dataset.count = String(answer.count);
        row.dataset.verdict = answer.verdict;
        const solutions = answer.budget_exhausted ? `gave up (${answer.verdict})` : answer.verdict;
        for (const text of [solutions, number(answer.nodes), number(answer.guesses), formatTime(answer.micros)]) {
          row.insertCell().textContent = text;
        }
        const check = row.insertCell();
        check.textContent = answer.solution ? (answer.check ? `wrong: ${answer.check}` : "ok") : "–";
        check.className = answer.check ? "bad" : answer.solution ? "good" : "";
      } catch (failure) {
        row.dataset.solution = "";
        const cell = row.insertCell();
        cell.colSpan = 5;
        cell.className = "bad";
        cell.textContent = failure.message;
        if (failure.message === "stopped") break;
      }
    }
  } finally {
    $("race-button").disabled = false;
    $("race-stop").disabled = true;
  }
  const refusing = refused ? ` (${refused} refused the puzzle's rules)` : "";
  $("race-status").textContent = `${answers.length} of ${names.length} engines answered${refusing}.`;
  judgeRace(answers);
}

/** Calls out engines that disagree: on the number of solutions, or on the one solution. */
function judgeRace(answers) {
  const finished = answers.filter((answer) => !answer.budget_exhausted);
  const verdicts = new Set(finished.map((answer) => answer.verdict));
  const unique = finished.filter((answer) => answer.count === 1);
  const solutions = new Set(unique.map((answer) => answer.solution));
  const wrong = answers.filter((answer) => answer.check);
  const verdict = $("race-verdict");
  if (verdicts.size > 1 || solutions.size > 1 || wrong.length) {
    verdict.className = "error";
    const majority = [...verdicts][0];
    for (const row of $("race-table").tBodies[0].rows) {
      const answer = answers.find((known) => known.engine === row.dataset.engine);
      if (answer && (answer.verdict !== majority || answer.check)) row.classList.add("disagrees");
    }
    verdict.textContent = `Disagreement: ${[...verdicts].join(" vs ")} solutions${wrong.length ? `; wrong answers from ${wrong.map((a) => a.engine).join(", ")}` : ""}${solutions.size > 1 ? "; different solutions" : ""}.`;
  } else if (finished.length) {
    verdict.className = "";
    const [only] = verdicts;
    verdict.textContent = only === "1" ? "Every engine that finished found the same one solution." : `Every engine that finished agrees: ${only} solutions.`;
  }
  const shown = answers.find((answer) => answer.solution && !answer.check);
  if (shown) {
    const board = makeBoard($("race-grid"), state.puzzle.side);
    const symbols = state.puzzle.symbols;
    [...shown.solution].forEach((symbol, cell) => {
      const value = symbols.indexOf(symbol) + 1;
      showValue(board.cells[cell], value, symbols, state.puzzle.cells[cell] !== 0);
    });
  }
}

// ---------------------------------------------------------------- explain

async function explain() {
  if (!state.puzzle) return;
  if (!state.explanation) {
    $("explain-step").textContent = "Finding the path…";
    try {
      state.explanation = await call("explain", { text: state.puzzle.text, scale: state.scale });
    } catch (failure) {
      $("explain-step").textContent = `Error: ${failure.message}`;
      return;
    }
  }
  const { explanation } = state;
  const band = explanation.band.replace(/^\d-/, "");
  $("explain-rating").textContent = `Rating ${explanation.difficulty.toFixed(1)} (${band})${explanation.hardest ? `, hardest step: ${explanation.hardest}` : ""}; ${explanation.steps.length} steps; solutions: ${explanation.solutions}; the path ends ${explanation.end}.`;
  $("explain-jump").max = String(explanation.steps.length);
  state.step = Math.min(state.step, explanation.steps.length);
  showStep();
}

/**
 * Makes a puzzle like the loaded one (its band and clue symmetry, or those chosen), with the
 * generator `sudoku generate` uses, and loads it. Each press asks for the next puzzle number,
 * so pressing again gives another.
 */
async function makeLike() {
  if (!state.puzzle) return;
  const info = $("like-info");
  const button = $("like-button");
  button.disabled = true;
  info.textContent = "Searching…";
  state.likeSeed = (state.likeSeed ?? 0) + 1;
  try {
    const made = await call("like", {
      text: state.puzzle.text,
      band: $("like-band").value,
      symmetry: $("like-symmetry").value,
      seed: state.likeSeed,
    });
    $("puzzle-text").value = made.puzzle;
    if (await loadPuzzle(made.puzzle)) showView("explain");
    info.textContent = `Made: ${made.band.replace(/^\d-/, "")}, ${made.symmetry} symmetry, ${made.clues} clues (${made.attempts} candidates judged).`;
  } catch (failure) {
    info.textContent = `Error: ${failure.message}`;
  } finally {
    button.disabled = false;
  }
}

/**
 * Shows step `state.step`: steps 0..n-1 are the path's steps, drawn on the board they apply
 * to; step n is the board the path left.
 */
function showStep() {
  const { explanation, step } = state;
  if (!explanation) return;
  const total = explanation.steps.length;
  $("explain-jump").value = String(step);
  $("explain-count").textContent = `of ${total}`;
  $("explain-first").disabled = $("explain-back").disabled = step === 0;
  $("explain-next").disabled = $("explain-last").disabled = step >= total;
  const board = makeBoard($("explain-grid"), explanation.side);
  const { symbols, clues, side } = explanation;
  const current = explanation.steps[step];
  const cells = current ? current.board : explanation.board;
  const panel = $("explain-step");
  panel.dataset.step = String(step);
  panel.dataset.end = step >= total ? explanation.end : "";
  if (current) {
    const pattern = new Map(current.pattern.map(([cell, values]) => [cell, new Set(values)]));
    const placed = new Map(current.placements.map(([cell, value]) => [cell, value]));
    const removed = new Map();
    for (const [cell, value] of current.eliminations) {
      if (!removed.has(cell)) removed.set(cell, new Set());
      removed.get(cell).add(value);
    }
    const houses = housesCells(current.units, side);
    const links = linkMarks(current.branches ?? []);
    cells.forEach((content, cell) => {
      const div = board.cells[cell];
      div.classList.toggle("house", houses.has(cell));
      if (typeof content === "number") {
        showValue(div, content, symbols, clues[cell] !== 0);
        return;
      }
      showCandidates(div, content, side, symbols, (value) => {
        if (placed.get(cell) === value) return "placed";
        if (removed.get(cell)?.has(value)) return "removed";
        const link = links.get(cell * side + value - 1);
        if (link) return link;
        if (pattern.get(cell)?.has(value)) return "pattern";
        return "";
      });
      if (pattern.has(cell)) div.classList.add("pattern");
      if (placed.has(cell)) div.classList.add("placed");
    });
    drawLinks(board, current.branches ?? []);
    panel.replaceChildren();
    const title = document.createElement("p");
    const name = document.createElement("span");
    name.className = "technique";
    name.textContent = current.technique;
    title.append(`Step ${step + 1} of ${total}: `, name, ` (difficulty ${current.difficulty.toFixed(1)})`);
    const text = document.createElement("p");
    text.className = "text";
    text.textContent = current.text;
    panel.append(title, text);
  } else {
    cells.forEach((content, cell) => {
      const div = board.cells[cell];
      if (typeof content === "number") showValue(div, content, symbols, clues[cell] !== 0);
      else showCandidates(div, content, side, symbols);
    });
    panel.textContent = {
      solved: "The end: the grid is solved.",
      stuck: "The end: no technique applies; the rest needs guessing.",
      broken: "The end: the puzzle has no solution.",
      "not explained": "Not explained: counting the solutions, or the chains, ran out of budget first.",
    }[explanation.end];
  }
  updateLink();
}

/**
 * The class of each candidate a chain's branches turn on or off (`link-on`, `link-off`, or
 * `link-both` for one a contradiction turns both ways), keyed by cell × side + value − 1.
 */
function linkMarks(branches) {
  const side = state.explanation.side;
  const marks = new Map();
  for (const [cell, value, on] of branches.flat()) {
    const key = cell * side + value - 1;
    const mark = on ? "link-on" : "link-off";
    const before = marks.get(key);
    marks.set(key, before && before !== mark ? "link-both" : mark);
  }
  return marks;
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * Draws a chain's links over `board` as arrows, each from a candidate to the one it implies:
 * solid where a candidate off turns the next on (a strong link: one of the two is true), dashed
 * where a candidate on turns the next off (a weak link: both cannot be). Every branch is drawn.
 * The drawing's unit is a candidate's width and height: a cell is `cols` units wide and `rows`
 * tall (a box's columns and rows), and value v sits in its small grid at column (v − 1) mod
 * cols, row ⌊(v − 1) / cols⌋, as showCandidates lays them out. Each arrow bends a little to its
 * left, so a link drawn both ways shows twice.
 */
function drawLinks(board, branches) {
  if (branches.length === 0) return;
  const { side, shape } = board;
  const { rows, cols } = shape;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "links");
  svg.setAttribute("viewBox", `0 0 ${side * cols} ${side * rows}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML =
    '<defs><marker id="link-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto">' +
    '<path d="M0 0 L10 5 L0 10 z"/></marker></defs>';
  const centre = ([cell, value]) => [
    (cell % side) * cols + ((value - 1) % cols) + 0.5,
    Math.floor(cell / side) * rows + Math.floor((value - 1) / cols) + 0.5,
  ];
  for (const branch of branches) {
    for (let k = 1; k < branch.length; k++) {
      const [x1, y1] = centre(branch[k - 1]);
      const [x2, y2] = centre(branch[k]);
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [dx, dy] = [(x2 - x1) / length, (y2 - y1) / length];
      // Both ends a third of a candidate short of its centre, clear of its digit.
      const gap = 0.35;
      const bend = Math.min(0.2 * length, 1.5);
      const path = document.createElementNS(SVG, "path");
      path.setAttribute(
        "d",
        `M ${x1 + dx * gap} ${y1 + dy * gap} Q ${(x1 + x2) / 2 + dy * bend} ${(y1 + y2) / 2 - dx * bend} ${x2 - dx * gap} ${y2 - dy * gap}`,
      );
      path.setAttribute("class", branch[k][2] ? "link strong" : "link weak");
      path.setAttribute("marker-end", "url(#link-head)");
      svg.append(path);
    }
  }
  board.element.append(svg);
}

/**
 * The cells of houses named as the engines name them: `row 3`, `column 5`, `box 7`, and a
 * layout's `region 2`, `diagonal 1`, `window 4`, `extra region 1` (by the module's regions and
 * groups of the puzzle).
 */
function housesCells(units, side) {
  const layout = layoutOf(side);
  const cells = new Set();
  for (const unit of units) {
    const split = unit.lastIndexOf(" ");
    const kind = unit.slice(0, split);
    const index = Number(unit.slice(split + 1)) - 1;
    for (let k = 0; k < side; k++) {
      if (kind === "row") cells.add(index * side + k);
      else if (kind === "column") cells.add(k * side + index);
    }
    if (kind === "box" || kind === "region") {
      // Boxes are numbered row by row, as the module numbers the regions of a classic grid.
      layout?.regions.forEach((region, cell) => region === index && cells.add(cell));
    }
    for (const cell of layout?.groups.find((group) => group.name === unit)?.cells ?? []) cells.add(cell);
  }
  return cells;
}

function goToStep(step) {
  if (!state.explanation) return;
  state.step = Math.max(0, Math.min(step, state.explanation.steps.length));
  showStep();
}

// ---------------------------------------------------------------- search

const playback = {
  index: 0, // the next event to apply
  nodes: 0,
  depth: 0,
  backtracks: 0,
  values: [],
  candidates: [], // per cell, the values dlx's matrix still holds
  board: null,
  branchCell: -1,
  branchValues: [],
  levels: [], // per placement not taken back: the branch cell, its values and dlx's item
  item: "", // what dlx branches on, as text
  itemChanged: false,
  running: false,
  frame: 0,
  last: 0,
  credit: 0,
  dirty: new Set(),
};

async function record() {
  if (!state.puzzle) return;
  stopPlayback();
  state.watch = $("search-engine").value;
  const budget = Number($("search-budget").value) || 0;
  $("search-status").textContent = `Recording the search of ${state.watch}…`;
  $("search-record").disabled = true;
  try {
    state.recording = await call("search", { engine: state.watch, text: state.puzzle.text, budget, cap: EVENT_CAP });
  } catch (failure) {
    $("search-status").textContent = `Error: ${failure.message}`;
    return;
  } finally {
    $("search-record").disabled = false;
  }
  resetPlayback();
  updateLink();
}

function resetPlayback() {
  const recording = state.recording;
  if (!recording) return;
  stopPlayback();
  Object.assign(playback, {
    index: 0,
    nodes: 1, // the root
    depth: 0,
    backtracks: 0,
    values: [...recording.clues],
    candidates: recording.candidates.map((values) => new Set(values)),
    branchCell: -1,
    branchValues: [],
    levels: [],
    item: "",
    itemChanged: false,
  });
  playback.board = makeBoard($("search-grid"), recording.side);
  for (let cell = 0; cell < recording.clues.length; cell++) drawSearchCell(cell);
  const { nodes, events, capped, budget_exhausted: gaveUp } = recording;
  let status = `Recorded ${events.length.toLocaleString("en")} events; the engine visited ${nodes.toLocaleString("en")} nodes${gaveUp ? " and gave up at the budget" : ""}.`;
  if (capped) status += ` Only the first ${EVENT_CAP.toLocaleString("en")} events were kept: the animation stops before the search did.`;
  $("search-status").textContent = status;
  $("search-status").dataset.engineNodes = String(nodes);
  $("search-play").disabled = $("search-step").disabled = $("search-restart").disabled = false;
  $("view-search").dataset.done = "false";
  $("search-item").textContent = "";
  drawCounters();
}

function drawSearchCell(cell) {
  const recording = state.recording;
  const div = playback.board.cells[cell];
  const value = playback.values[cell];
  div.classList.toggle("current", cell === playback.branchCell);
  div.classList.remove("dead");
  if (value) {
    showValue(div, value, recording.symbols, recording.clues[cell] !== 0);
    return;
  }
  if (recording.engine === "dlx") {
    showCandidates(div, [...playback.candidates[cell]], recording.side, recording.symbols);
  } else if (cell === playback.branchCell) {
    showCandidates(div, playback.branchValues, recording.side, recording.symbols, () => "trying");
    // A cell the search reached with no value left to try: a dead end.
    div.classList.toggle("dead", playback.branchValues.length === 0);
  } else {
    showValue(div, 0, recording.symbols, false);
  }
}

/** Shows what `dlx` branches on (a text), at the next frame's drawing. */
function showItem(text) {
  playback.item = text;
  playback.itemChanged = true;
}

/** Applies one event to the playback state, marking the cells it changes. */
function apply(event) {
  const dirty = playback.dirty;
  const moveBranch = (cell, values) => {
    if (playback.branchCell >= 0) dirty.add(playback.branchCell);
    playback.branchCell = cell;
    playback.branchValues = values;
    if (cell >= 0) dirty.add(cell);
  };
  switch (event.kind) {
    case "branch":
      moveBranch(event.cell, event.values);
      break;
    case "place":
      // What this level branched on, for when the search comes back to it.
      playback.levels.push({ cell: playback.branchCell, values: playback.branchValues, item: playback.item });
      playback.values[event.cell] = event.value;
      playback.nodes += 1;
      playback.depth += 1;
      if (state.recording.engine === "dlx") moveBranch(event.cell, []);
      dirty.add(event.cell);
      break;
    case "unplace": {
      playback.values[event.cell] = 0;
      playback.depth -= 1;
      playback.backtracks += 1;
      dirty.add(event.cell);
      const level = playback.levels.pop();
      moveBranch(level.cell, level.values);
      showItem(level.item);
      break;
    }
    case "hide":
      playback.candidates[event.cell].delete(event.value);
      dirty.add(event.cell);
      break;
    case "restore":
      playback.candidates[event.cell].add(event.value);
      dirty.add(event.cell);
      break;
    case "item":
      showItem(`item: ${event.constraint}; options: ${event.options.map(([cell, value]) => `r${Math.floor(cell / state.recording.side) + 1}c${(cell % state.recording.side) + 1}=${state.recording.symbols[value - 1]}`).join(", ") || "none"}`);
      break;
    case "dead-end":
      break;
    case "solution":
      moveBranch(-1, []);
      break;
  }
}

function drawCounters() {
  const total = state.recording?.events.length ?? 0;
  $("search-nodes").textContent = playback.nodes.toLocaleString("en");
  $("search-nodes").dataset.value = String(playback.nodes);
  $("search-depth").textContent = String(playback.depth);
  $("search-backtracks").textContent = playback.backtracks.toLocaleString("en");
  $("search-event").textContent = `${playback.index.toLocaleString("en")} / ${total.toLocaleString("en")}`;
}

/** Applies up to `count` events, then redraws what changed. */
function advance(count) {
  const events = state.recording.events;
  const end = Math.min(events.length, playback.index + count);
  while (playback.index < end) apply(events[playback.index++]);
  for (const cell of playback.dirty) drawSearchCell(cell);
  playback.dirty.clear();
  if (playback.itemChanged) {
    $("search-item").textContent = playback.item;
    playback.itemChanged = false;
  }
  drawCounters();
  if (playback.index >= events.length) finishPlayback();
}

function finishPlayback() {
  stopPlayback();
  const recording = state.recording;
  $("view-search").dataset.done = "true";
  $("search-play").disabled = $("search-step").disabled = true;
  const last = recording.events.at(-1);
  const ending = recording.capped
    ? "The recorded events end here (capped)."
    : last?.kind === "solution"
      ? "Solved."
      : recording.budget_exhausted
        ? "The search gave up at the node budget."
        : "No solution.";
  $("search-status").textContent = `${ending} Nodes: ${playback.nodes.toLocaleString("en")} shown, ${recording.nodes.toLocaleString("en")} by the engine.`;
}

function stopPlayback() {
  playback.running = false;
  cancelAnimationFrame(playback.frame);
  $("search-play").textContent = "Play";
}

function play() {
  if (!state.recording) return;
  if (playback.running) {
    stopPlayback();
    return;
  }
  if (playback.index >= state.recording.events.length) resetPlayback();
  playback.running = true;
  playback.last = performance.now();
  playback.credit = 0;
  $("search-play").textContent = "Pause";
  const tick = (now) => {
    if (!playback.running) return;
    const rate = SPEEDS[Number($("search-speed").value)];
    if (rate === Infinity) {
      advance(20000);
    } else {
      playback.credit += ((now - playback.last) / 1000) * rate;
      const whole = Math.floor(playback.credit);
      playback.credit -= whole;
      if (whole > 0) advance(whole);
    }
    playback.last = now;
    if (playback.running) playback.frame = requestAnimationFrame(tick);
  };
  playback.frame = requestAnimationFrame(tick);
}

function showSpeed() {
  const rate = SPEEDS[Number($("search-speed").value)];
  $("search-speed-text").textContent = rate === Infinity ? "fastest" : `${rate.toLocaleString("en")} events/s`;
}

// ---------------------------------------------------------------- bench

async function bench() {
  const file = $("bench-file").files[0];
  let text;
  let name;
  if (file) {
    text = await file.text();
    name = file.name;
  } else {
    const sample = state.samples[Number($("bench-corpus").value)];
    if (!sample) return;
    text = sample.text;
    name = sample.label;
  }
  const passes = Math.max(1, Number($("bench-passes").value) || 1);
  const body = $("bench-table").tBodies[0];
  body.replaceChildren();
  $("bench-button").disabled = true;
  try {
    for (const engine of state.chosen) {
      $("bench-status").textContent = `Benching ${engine} on ${name}…`;
      const row = body.insertRow();
      row.dataset.engine = engine;
      row.insertCell().textContent = engine;
      try {
        const figures = await call("bench", { engine, text, passes });
        row.dataset.puzzlesPerSecond = String(figures.puzzles_per_second);
        row.dataset.puzzles = String(figures.puzzles);
        row.dataset.unique = String(figures.unique);
        for (const text of [
          number(figures.puzzles),
          number(figures.unique),
          String(figures.passes),
          figures.seconds.toFixed(3),
          Math.round(figures.puzzles_per_second).toLocaleString("en"),
        ]) {
          row.insertCell().textContent = text;
        }
      } catch (failure) {
        const cell = row.insertCell();
        cell.colSpan = 5;
        cell.className = "bad";
        cell.textContent = failure.message;
      }
    }
    $("bench-status").textContent = `Done: ${name}.`;
  } finally {
    $("bench-button").disabled = false;
  }
}

// ---------------------------------------------------------------- views

function showView(view, { run = true } = {}) {
  state.view = view;
  for (const name of VIEWS) {
    $(`view-${name}`).hidden = name !== view;
    const tab = $(`tab-${name}`);
    tab.setAttribute("aria-selected", String(name === view));
    tab.tabIndex = name === view ? 0 : -1;
  }
  if (view !== "search") stopPlayback();
  updateLink();
  if (!run || !state.puzzle) return;
  if (view === "race" && $("race-table").tBodies[0].rows.length === 0) race();
  if (view === "explain") explain();
  if (view === "search" && !state.recording) record();
}

function wire() {
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    tab.addEventListener("click", () => showView(tab.dataset.view));
    tab.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = VIEWS[(VIEWS.indexOf(tab.dataset.view) + step + VIEWS.length) % VIEWS.length];
      showView(next);
      $(`tab-${next}`).focus();
    });
  }
  $("load-button").addEventListener("click", async () => {
    const picked = $("sample-select").value;
    if (picked) {
      const [sample, line] = picked.split(":").map(Number);
      $("puzzle-text").value = state.samples[sample].lines[line];
      // Picked once: what is typed next is loaded as typed.
      $("sample-select").value = "";
    }
    if (await loadPuzzle($("puzzle-text").value)) showView(state.view);
  });
  $("sample-select").addEventListener("change", () => $("load-button").click());
  $("puzzle-text").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) $("load-button").click();
  });
  $("race-button").addEventListener("click", race);
  $("race-stop").addEventListener("click", restartWorker);
  $("like-button").addEventListener("click", makeLike);
  $("explain-first").addEventListener("click", () => goToStep(0));
  $("explain-back").addEventListener("click", () => goToStep(state.step - 1));
  $("explain-next").addEventListener("click", () => goToStep(state.step + 1));
  $("explain-last").addEventListener("click", () => goToStep(Infinity));
  $("explain-scale").addEventListener("change", () => {
    state.scale = $("explain-scale").value;
    state.explanation = null;
    explain();
  });
  $("explain-jump").addEventListener("change", () => goToStep(Number($("explain-jump").value) || 0));
  $("view-explain").addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT") return;
    const moves = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: Infinity };
    if (event.key in moves) {
      event.preventDefault();
      goToStep(moves[event.key]);
    }
  });
  $("search-record").addEventListener("click", record);
  $("search-play").addEventListener("click", play);
  $("search-step").addEventListener("click", () => {
    stopPlayback();
    advance(1);
  });
  $("search-restart").addEventListener("click", resetPlayback);
  $("search-speed").addEventListener("input", () => {
    showSpeed();
    updateLink();
  });
  $("bench-button").addEventListener("click", bench);
  $("candidate-mode").addEventListener("click", () => setCandidateMode(!state.candidateMode));
  $("draw-mode").addEventListener("click", () => setDrawMode(!state.drawMode));
  buildRuleKinds();
  $("rule-kind").addEventListener("change", showRuleKind);
  $("rule-add").addEventListener("click", () => makeRule($("rule-kind").value));
  $("rule-delete").addEventListener("click", deleteRule);
  $("rule-number").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      makeRule($("rule-kind").value);
    } else if (event.key === "Escape") $("puzzle-grid").querySelector(".board")?.focus();
  });
  $("answers-live").addEventListener("change", () => {
    updateLink();
    if ($("answers-live").checked) runAnswers();
  });
  $("answers-button").addEventListener("click", runAnswers);
  $("answers-stop").addEventListener("click", stopAnswers);
}

async function main() {
  const started = performance.now();
  startWorker();
  wire();
  const linked = readLink();
  showSpeed();
  showView(state.view, { run: false });
  try {
    state.engines = await call("engines");
  } catch (failure) {
    $("load-status").textContent = `The engines could not be loaded: ${failure.message}`;
    return;
  }
  buildEngineChoices();
  const samples = loadSamples();
  const ready = performance.now();
  document.body.dataset.readyMs = String(Math.round(ready));
  $("load-status").textContent = `Engines ready in ${Math.round(ready)} ms after the page started (${Math.round(ready - started)} ms to load the WebAssembly); ${state.engines.length} engines.`;
  await samples;
  let text = linked;
  if (!text) text = state.samples.find((sample) => sample.side === 9)?.lines[0] ?? "";
  $("puzzle-text").value = text;
  if (text && (await loadPuzzle(text))) showView(state.view);
  document.body.dataset.ready = "true";
}

main();
