//! The workbench in a web page: the engines raced on a puzzle, the human path stepped through,
//! a search animated, and a corpus benched, all in the browser from one WebAssembly module.
//!
//! This crate adds no solving code. It converts at the boundary only: text in through
//! sudoku-core's reader, engines from the registry (`sudoku_engines::ENGINES`), explanations
//! from sudoku-logic, puzzles like the loaded one from sudoku-generate, searches watched through `sudoku_engines::observe`, and JSON out for the
//! page's script. Each function of [`wasm`] takes text and returns one JSON document, either
//! the answer or `{"error": "..."}` with one line naming the problem and its place; the page
//! runs them in a Web Worker, so a long solve never freezes it.
//!
//! Everything but the `wasm_bindgen` wrappers is plain Rust, tested natively
//! (`cargo test` in `web/`).

pub mod answers;
pub mod bench;
pub mod explain;
pub mod generate;
pub mod layout;
pub mod puzzle;
pub mod race;
pub mod search;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

use serde::Serialize;

/// The JSON of `answer`, or of `{"error": message}` when it is an error.
pub fn to_json<T: Serialize>(answer: Result<T, String>) -> String {
    let value = match answer {
        Ok(value) => serde_json::to_value(value).map_err(|error| error.to_string()),
        Err(message) => Err(message),
    };
    value.unwrap_or_else(|message| serde_json::json!({ "error": message })).to_string()
}

#[cfg(test)]
mod tests {
    use super::to_json;

    #[test]
    fn an_error_is_one_json_field_whatever_its_text() {
        let error = to_json::<u8>(Err("found '\"' at line 1".to_owned()));
        let value: serde_json::Value = serde_json::from_str(&error).unwrap();
        assert_eq!(value, serde_json::json!({ "error": "found '\"' at line 1" }));
        assert_eq!(to_json(Ok([1, 2])), "[1,2]");
    }
}
