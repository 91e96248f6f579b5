//! `protocol` engines: a long-lived process speaking the line protocol of
//! `docs/engine-protocol.md`, and [`serve`], which serves any built-in engine over it.
//!
//! The page is the protocol's reference; this module keeps to it. In short: the harness greets
//! the engine with `sudoku-protocol 1`; the engine names itself and what it can do and ends
//! with `ready`; then `solve ID LIMIT BUDGET PUZZLE` requests, each answered, in order, by
//! `answer ID COUNT STATUS [SOLUTION] [KEY=VALUE...]` or `error ID MESSAGE`.
//!
//! The program is started once when the engine is registered (the probe), to learn its sizes
//! and capabilities; that process serves the first engine value made, so a run of one thread
//! starts it once. Each engine value owns its process; a failure costs the puzzle it happened
//! on, and the next puzzle starts the program again (`client`).

mod client;
mod serve;
mod wire;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use sudoku_core::{Failure, Features, Size};
use sudoku_engines::{EngineInfo, Origin, Timing};

use crate::Declaration;

pub use client::{HANDSHAKE_LIMIT, MAX_FAILED_STARTS, WINDOW, WINDOW_BYTES};
pub use serve::{refuse, serve};
pub use wire::VERSION;

/// The engine `declaration` declares, with `time_limit` per puzzle (wall clock).
///
/// The program is started once here to read its handshake (within [`HANDSHAKE_LIMIT`]): its
/// sizes (unless the declaration gives them), whether it counts, whether it reports
/// statistics and honours a node budget (both make it instrumented), and whether it reports
/// its own time (then it is timed by its word, [`Timing::EngineReported`], else by the round
/// trip). If that fails, the engine is still registered, for the declared sizes or 9×9, and
/// every solve fails with the same failure: a broken engine costs itself its puzzles, never
/// the run.
pub fn engine_info(declaration: &Declaration, time_limit: Duration) -> EngineInfo {
    let origin = Origin::External {
        kind: "protocol",
        declared: declaration.declared.clone(),
        command: shell_words::join(&declaration.command),
    };
    let describe = |name: Option<&str>| match name {
        Some(name) => format!("{name}, over the line protocol"),
        None => "an engine over the line protocol".to_owned(),
    };
    let program = Program { command: declaration.command.clone(), origin, describe: &describe };
    engine_info_of(declaration, program, time_limit)
}

/// The program a protocol engine runs, where it comes from, and how its description reads
/// given the name it gives itself.
pub(crate) struct Program<'a> {
    /// The command line.
    pub command: Vec<String>,
    /// What `sudoku engines` shows of its origin.
    pub origin: Origin,
    /// Its description, from the name its handshake gives (if any).
    pub describe: &'a dyn Fn(Option<&str>) -> String,
}

/// [`engine_info`] for `program`, which may be another than the declaration's command (a
/// worker hosting a library).
pub(crate) fn engine_info_of(
    declaration: &Declaration,
    program: Program<'_>,
    time_limit: Duration,
) -> EngineInfo {
    let Program { command, origin, describe } = program;
    let probe = client::Connection::open(&command, Instant::now() + HANDSHAKE_LIMIT);
    let (handshake, failure) = match &probe {
        Ok(connection) => (connection.handshake.clone(), None),
        Err(failure) => (wire::Handshake::default(), Some(failure.clone())),
    };
    let listed: Vec<Size> = match (&declaration.sizes, &failure) {
        (Some(declared), _) => declared.clone(),
        (None, None) => handshake.sizes.clone(),
        (None, Some(_)) => vec![Size::NINE],
    };
    let (smallest, largest) = orders_of(&listed);
    let description = declaration.description.clone().unwrap_or_else(|| match &failure {
        None => describe(handshake.name.as_deref()),
        Some(failure) => format!("{} that did not start ({failure})", describe(None)),
    });
    let timing = if handshake.time { Timing::EngineReported } else { Timing::RoundTrip };
    let counts = handshake.counts;
    let instrumented = handshake.budget && handshake.stats;
    let setup = Arc::new(client::Setup {
        command,
        time_limit,
        probe: Mutex::new(probe.ok()),
        probe_failure: failure.map(|failure| Failure {
            kind: failure.kind,
            message: format!("at registration: {}", failure.message),
        }),
    });
    let info =
        EngineInfo::external(declaration.name.clone(), description, origin, timing, move || {
            let probe = setup.probe.lock().unwrap_or_else(PoisonError::into_inner).take();
            Box::new(client::ProtocolEngine::new(Arc::clone(&setup), probe))
        })
        .with_orders(smallest, largest)
        .with_capabilities(counts, instrumented)
        .with_guesses(handshake.guesses);
    // An engine that declares no layouts is given classic grids only.
    if handshake.layouts { info.with_features(Features::LAYOUTS) } else { info }
}

/// The box orders of a list of sizes, as a range: the registry holds a range, so a list with a
/// gap keeps the run of consecutive sizes that holds 9×9 (or else the longest, smallest
/// first), never a size the engine did not list.
pub(crate) fn orders_of(sizes: &[Size]) -> (u8, u8) {
    let mut orders: Vec<usize> = sizes.iter().filter_map(|size| size.square_order()).collect();
    orders.sort_unstable();
    orders.dedup();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for order in orders {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == order => *last = order,
            _ => runs.push((order, order)),
        }
    }
    let nine = 3;
    let chosen = runs
        .iter()
        .find(|(first, last)| (*first..=*last).contains(&nine))
        .or_else(|| runs.iter().max_by_key(|(first, last)| (last - first, usize::MAX - first)))
        .copied()
        .unwrap_or((nine, nine));
    // Orders are 2..=8: they fit.
    (chosen.0 as u8, chosen.1 as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(sides: &[usize]) -> Vec<Size> {
        sides.iter().map(|&side| Size::from_side(side).unwrap()).collect()
    }

    #[test]
    fn a_list_of_sizes_becomes_a_range_without_gaps() {
        assert_eq!(orders_of(&sizes(&[9])), (3, 3));
        assert_eq!(orders_of(&sizes(&[16, 4, 9])), (2, 4));
        assert_eq!(orders_of(&sizes(&[4, 9, 25, 36, 49])), (2, 3));
        assert_eq!(orders_of(&sizes(&[4, 25, 36])), (5, 6));
        assert_eq!(orders_of(&sizes(&[4, 16])), (2, 2));
        assert_eq!(orders_of(&[]), (3, 3));
    }
}
