//! `protocol` engines (being written).

use std::time::Duration;

use sudoku_engines::EngineInfo;

use crate::Declaration;

/// The engine `declaration` declares, with `time_limit` per puzzle.
pub fn engine_info(declaration: &Declaration, time_limit: Duration) -> EngineInfo {
    let _ = (declaration, time_limit);
    todo!()
}

/// Serves `engine` over the protocol (being written).
pub fn serve(
    engine: &EngineInfo,
    input: impl std::io::BufRead,
    output: impl std::io::Write,
) -> std::io::Result<()> {
    let _ = (engine, input, output);
    todo!()
}
