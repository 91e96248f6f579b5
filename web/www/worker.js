// The engines run here, off the page's thread, so that a long solve never freezes it.
// Each message is {id, op, args}; each reply {id, result} or {id, error, panicked}. After a
// panic the module is left as the trap found it: the page then ends this worker and starts
// another.
import init, * as engines from "./pkg/sudoku_workbench_web.js";

const ready = init();
// console_error_panic_hook writes a panic's message with console.error: keep the last one, to
// show with the error.
let lastConsoleError = "";
const consoleError = console.error.bind(console);
console.error = (...parts) => {
  lastConsoleError = parts.map(String).join(" ");
  consoleError(...parts);
};

const operations = {
  engines: () => engines.engines(),
  parse: ({ text }) => engines.parse(text),
  edit: ({ text, entries }) => engines.edit(text, entries),
  add_rule: ({ text, line }) => engines.add_rule(text, line),
  remove_rule: ({ text, index }) => engines.remove_rule(text, index),
  answers: ({ text, budget }) => engines.answers(text, budget),
  solve: ({ engine, text, maxSolutions, budget }) => engines.solve(engine, text, maxSolutions, budget),
  explain: ({ text, scale }) => engines.explain(text, scale ?? "workbench"),
  search: ({ engine, text, budget, cap }) => engines.search(engine, text, budget, cap),
  bench: ({ engine, text, passes }) => engines.bench(engine, text, passes),
  like: ({ text, band, symmetry, seed }) => engines.like(text, band, symmetry, seed),
};

self.onmessage = async ({ data: { id, op, args } }) => {
  try {
    await ready;
    const answer = JSON.parse(operations[op](args ?? {}));
    if (answer && typeof answer === "object" && "error" in answer && Object.keys(answer).length === 1) {
      self.postMessage({ id, error: answer.error });
    } else {
      self.postMessage({ id, result: answer });
    }
  } catch (thrown) {
    const message = lastConsoleError.split("\n")[0] || String(thrown);
    self.postMessage({ id, error: `the engine stopped: ${message}`, panicked: true });
  }
};
