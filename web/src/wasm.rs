//! The functions the page's worker calls: text in, one JSON document out (see the crate's
//! documentation).

use wasm_bindgen::prelude::wasm_bindgen;

use crate::to_json;

/// Sets up the module: panics are written to the console with their message and place.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Every built-in engine: name, description, sides, whether its search can be watched.
#[wasm_bindgen]
pub fn engines() -> String {
    to_json(Ok(crate::race::offered()))
}

/// The first puzzle of `text` as the page draws it, or where reading it failed.
#[wasm_bindgen]
pub fn parse(text: &str) -> String {
    to_json(crate::puzzle::show(text))
}

/// The first puzzle of `text` (its size, layout and alphabet) with the cells entered on the
/// page's board, `entries` (JSON, a value or a list of candidates per cell), as the page draws
/// it: a pencilmark puzzle when candidates are marked.
#[wasm_bindgen]
pub fn edit(text: &str, entries: &str) -> String {
    to_json(crate::puzzle::edit(text, entries))
}

/// Engine `engine`'s answer to the first puzzle of `text`, counting up to `max_solutions`
/// within `budget` nodes (0: no budget).
#[wasm_bindgen]
pub fn solve(engine: &str, text: &str, max_solutions: u32, budget: f64) -> String {
    to_json(crate::race::solve(engine, text, max_solutions, budget_of(budget)))
}

/// The human path through the first puzzle of `text` up the ladder of `scale` (`workbench`
/// or `explainer`), and its rating.
#[wasm_bindgen]
pub fn explain(text: &str, scale: &str) -> String {
    to_json(crate::explain::explain(text, scale))
}

/// The search of `engine` on the first puzzle of `text`, within `budget` nodes (0: none), at
/// most `cap` events kept.
#[wasm_bindgen]
pub fn search(engine: &str, text: &str, budget: f64, cap: u32) -> String {
    to_json(crate::search::record(engine, text, budget_of(budget), cap as usize))
}

/// A puzzle like the first of `text`, of band `band` and clue symmetry `symmetry` (`""` for
/// the puzzle's own), puzzle number `seed` of the generator.
#[wasm_bindgen]
pub fn like(text: &str, band: &str, symmetry: &str, seed: f64) -> String {
    to_json(crate::generate::like(text, band, symmetry, seed.max(0.0) as u64))
}

/// The setter's answers for the first puzzle of `text`: the count of solutions (two that
/// differ when there are more than one) and the true candidates, each solve within `budget`
/// nodes (0: none).
#[wasm_bindgen]
pub fn answers(text: &str, budget: f64) -> String {
    to_json(crate::answers::answers(text, budget_of(budget)))
}

/// The first puzzle of `text` with the rule of the `#` line `line` added.
#[wasm_bindgen]
pub fn add_rule(text: &str, line: &str) -> String {
    to_json(crate::puzzle::add_rule(text, line))
}

/// The first puzzle of `text` without its rule number `index` (from 0).
#[wasm_bindgen]
pub fn remove_rule(text: &str, index: u32) -> String {
    to_json(crate::puzzle::remove_rule(text, index as usize))
}

/// `engine` over every puzzle of `text`, `passes` times.
#[wasm_bindgen]
pub fn bench(engine: &str, text: &str, passes: u32) -> String {
    to_json(crate::bench::bench(engine, text, passes as usize))
}

/// A budget from the page: a positive whole number of nodes, or none.
fn budget_of(budget: f64) -> Option<u64> {
    (budget >= 1.0).then_some(budget as u64)
}
