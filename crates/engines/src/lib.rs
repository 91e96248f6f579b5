//! Every solving engine of the workbench, behind one trait, listed in one registry.
//!
//! The command line, the bench harness and the benchmarks know engines only through
//! [`ENGINES`]: a name, a one-line description and a constructor. Adding an engine is one new
//! module implementing [`sudoku_core::Engine`] and one line in [`ENGINES`].
//!
//! Each engine module reads top to bottom on its own:
//! - [`naive`]: plain backtracking, row-major, scan to check (the baseline);
//! - [`bitmask`]: row/column/box bit sets, row-major or fewest-candidates-first;
//! - [`dlx`]: Knuth's Algorithm X with dancing links on the exact-cover matrix;
//! - [`fast`]: bit-parallel propagation on per-digit band words, with guessing (9×9 only);
//! - [`cdcl`]: conflict-driven clause learning on the rules, on bit sets, for every size;
//! - [`propagate`]: propagation on bit-set candidates with weighted-degree branching, for
//!   every size (the fastest beyond 9×9);
//! - [`norvig`]: Norvig's "Solving Every Sudoku Puzzle" (eliminate, only choice, fewest values
//!   first, state copied per branch), for every size;
//! - [`alldiff`]: constraint programming with domain-consistent all-different on every unit
//!   (Régin's matching and components), for every size;
//! - [`sat`]: the standard CNF encoding solved by a CDCL SAT solver (the `batsat` crate), clues
//!   applied first (`sat`) or as unit clauses (`sat-plain`), for every size;
//! - `peers` (cargo features `peer-*`, off by default): published solver crates wrapped as
//!   engines, to compare against in one run.

pub mod alldiff;
pub mod bitmask;
mod branch;
pub mod cdcl;
pub mod dlx;
pub mod fast;
mod geometry;
pub mod naive;
pub mod norvig;
#[cfg(any(feature = "peer-jczsolve", feature = "peer-dlx", feature = "peer-dancing-links"))]
pub mod peers;
pub mod propagate;
#[cfg(test)]
mod samples;
pub mod sat;
#[cfg(all(test, not(miri)))]
mod testing;

use std::fmt;

use sudoku_core::{Engine, Size};

/// A registered engine: what it is called, what it does, and how to make one.
pub struct EngineInfo {
    /// The name used on the command line and in reports.
    pub name: &'static str,
    /// One line saying what the engine does.
    pub description: &'static str,
    /// Whether the engine counts nodes and guesses and honours a node budget. Peers that wrap
    /// published crates cannot: their statistics read zero and they search without a budget,
    /// so reports show their statistics as unavailable.
    pub instrumented: bool,
    /// The box orders the engine solves, smallest and largest (9×9 is order 3).
    orders: (u8, u8),
    construct: fn() -> Box<dyn Engine>,
    variant: Option<fn() -> &'static str>,
}

impl EngineInfo {
    /// An instrumented engine called `name`, made by `construct`. Tests use this to register
    /// engines of their own (a deliberately wrong one, say) with the harness.
    pub const fn new(
        name: &'static str,
        description: &'static str,
        construct: fn() -> Box<dyn Engine>,
    ) -> Self {
        EngineInfo {
            name,
            description,
            instrumented: true,
            orders: (3, 3),
            construct,
            variant: None,
        }
    }

    /// The same engine, solving grids of box orders `smallest..=largest` (an engine is
    /// registered for 9×9 only unless it says so).
    pub const fn with_orders(self, smallest: u8, largest: u8) -> Self {
        EngineInfo { orders: (smallest, largest), ..self }
    }

    /// Whether the engine solves grids of `size`. Callers check this before giving it a
    /// puzzle: an engine may assume the sizes it supports.
    pub fn supports(&self, size: Size) -> bool {
        (usize::from(self.orders.0)..=usize::from(self.orders.1)).contains(&size.order())
    }

    /// The sizes the engine solves, smallest first.
    pub fn sizes(&self) -> impl Iterator<Item = Size> + '_ {
        Size::ALL.into_iter().filter(|&size| self.supports(size))
    }

    /// The sizes the engine solves, for people: `9×9`, or `4×4 to 64×64`.
    pub fn sizes_text(&self) -> String {
        let sizes: Vec<Size> = self.sizes().collect();
        match sizes[..] {
            [only] => only.to_string(),
            [first, .., last] => format!("{first} to {last}"),
            [] => "none".to_owned(),
        }
    }

    /// The same engine, with a way to say which variant of its code runs on this machine (a
    /// SIMD path chosen at run time, say), for reports.
    pub const fn with_variant(self, variant: fn() -> &'static str) -> Self {
        EngineInfo { variant: Some(variant), ..self }
    }

    /// Which variant of the engine's code runs on this machine, for engines that have several.
    pub fn variant(&self) -> Option<&'static str> {
        self.variant.map(|variant| variant())
    }

    /// The same engine, marked as reporting no statistics and ignoring node budgets.
    pub const fn uninstrumented(self) -> Self {
        EngineInfo { instrumented: false, ..self }
    }

    /// A new engine value. Each thread makes its own: engines own their scratch memory.
    pub fn create(&self) -> Box<dyn Engine> {
        (self.construct)()
    }
}

impl fmt::Debug for EngineInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineInfo").field("name", &self.name).finish_non_exhaustive()
    }
}

/// Every engine, from the baseline up.
pub static ENGINES: &[EngineInfo] = &[
    EngineInfo::new(
        "naive",
        "plain backtracking: row-major, values in increasing order, each checked by scanning",
        || Box::new(naive::Naive),
    )
    .with_orders(2, 8),
    EngineInfo::new("bitmask", "backtracking over row/column/box bit sets, row-major", || {
        Box::new(bitmask::Bitmask::new(bitmask::CellOrder::RowMajor))
    })
    .with_orders(2, 8),
    EngineInfo::new(
        "bitmask-mrv",
        "bit-set backtracking, filling the cell with the fewest candidates first",
        || Box::new(bitmask::Bitmask::new(bitmask::CellOrder::FewestCandidates)),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "dlx",
        "Knuth's Algorithm X with dancing links on the exact-cover matrix (4·side² items)",
        || Box::new(dlx::Dlx::new()),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "fast",
        "bit-parallel propagation (band/stack rules, naked singles) on 27-bit band words",
        || Box::new(fast::Fast::new()),
    )
    .with_variant(|| fast::Path::detect().name()),
    EngineInfo::new(
        "propagate",
        "propagation on u64 candidate sets (singles, locked candidates), dom/wdeg branching",
        || Box::new(propagate::Propagate::new()),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "cdcl",
        "conflict-driven clause learning on the rules (bit-set propagation, VSIDS, restarts)",
        || Box::new(cdcl::Cdcl::new()),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "norvig",
        "Norvig's propagation (eliminate, only choice) and search on the fewest values",
        || Box::new(norvig::Norvig::new()),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "alldiff",
        "CP: domain-consistent all-different on every unit (Régin's matching filter)",
        || Box::new(alldiff::Alldiff::new()),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "sat",
        "SAT: the standard CNF encoding, clues applied first, solved by batsat (CDCL)",
        || Box::new(sat::Sat::default()),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "sat-plain",
        "SAT: the standard CNF encoding with clues as unit clauses, solved by batsat",
        || Box::new(sat::SatPlain::default()),
    )
    .with_orders(2, 8),
    EngineInfo::new(
        "logic",
        "human techniques (singles to forcing chains), easiest first; guesses only when stuck",
        || Box::new(sudoku_logic::Logic::new()),
    )
    .with_orders(2, 8),
    #[cfg(feature = "peer-jczsolve")]
    EngineInfo::new(
        "peer-jczsolve",
        "the sudoku crate's port of JCZSolve (AGPL-3.0): bit-parallel bands by digit",
        || Box::new(peers::jczsolve::JczSolve),
    )
    .uninstrumented(),
    #[cfg(feature = "peer-dlx")]
    EngineInfo::new(
        "peer-dlx",
        "the dlx crate's dancing links on the clue-pruned exact-cover matrix",
        || Box::new(peers::dlx_crate::DlxCrate),
    )
    .with_orders(2, 8)
    .uninstrumented(),
    #[cfg(feature = "peer-dancing-links")]
    EngineInfo::new(
        "peer-dancing-links",
        "the dancing-links crate's exact-cover solver on the clue-pruned matrix",
        || Box::new(peers::dancing_links::DancingLinks),
    )
    .with_orders(2, 8)
    .uninstrumented(),
];

/// The engine used when none is named: the fastest registered.
pub const DEFAULT_ENGINE: &str = "fast";

/// The engines used when none is named, by the box order they are the fastest from (measured:
/// see the results beyond 9×9 in docs/results.md): `propagate` on 4×4, `fast` on 9×9, `propagate` on
/// 16×16 (a little ahead of `cdcl` on the shipped minimal puzzles), and `cdcl` from 25×25 on,
/// where learning is worth orders of magnitude.
const DEFAULT_ENGINES: [(usize, &str); 4] =
    [(2, "propagate"), (3, "fast"), (4, "propagate"), (5, "cdcl")];

/// The engine called `name`.
pub fn find(name: &str) -> Result<&'static EngineInfo, UnknownEngine> {
    ENGINES.iter().find(|info| info.name == name).ok_or_else(|| UnknownEngine(name.to_owned()))
}

/// The engine used when none is named.
pub fn default_engine() -> &'static EngineInfo {
    find(DEFAULT_ENGINE).expect("DEFAULT_ENGINE names a registered engine")
}

/// The engine used for a puzzle of `size` when none is named: the fastest that solves it.
pub fn default_engine_for(size: Size) -> &'static EngineInfo {
    DEFAULT_ENGINES
        .iter()
        .rev()
        .find(|&&(from, _)| from <= size.order())
        .and_then(|&(_, name)| find(name).ok())
        .filter(|info| info.supports(size))
        .or_else(|| ENGINES.iter().find(|info| info.supports(size)))
        .expect("some registered engine solves every size")
}

/// Which engine each size gets when none is named, in words, from the table
/// [`default_engine_for`] reads: "`propagate` at 4×4 and 16×16, `fast` at 9×9, `cdcl` from
/// 25×25 on". Help texts take it from here, so they cannot fall behind the registry.
pub fn default_engines_text() -> String {
    let mut by_engine: Vec<(&str, Vec<Size>)> = Vec::new();
    for size in Size::ALL {
        let name = default_engine_for(size).name;
        match by_engine.iter_mut().find(|(engine, _)| *engine == name) {
            Some((_, sizes)) => sizes.push(size),
            None => by_engine.push((name, vec![size])),
        }
    }
    let largest = Size::ALL[Size::ALL.len() - 1];
    let parts: Vec<String> = by_engine
        .iter()
        .map(|(name, sizes)| {
            let contiguous = sizes.windows(2).all(|pair| pair[1].order() == pair[0].order() + 1);
            let sizes_text = match sizes.as_slice() {
                [first, .., last] if sizes.len() > 2 && contiguous && *last == largest => {
                    format!("from {first} on")
                }
                [only] => format!("at {only}"),
                [rest @ .., last] => {
                    let rest: Vec<String> = rest.iter().map(Size::to_string).collect();
                    format!("at {} and {last}", rest.join(", "))
                }
                [] => unreachable!("every engine listed has a size"),
            };
            format!("`{name}` {sizes_text}")
        })
        .collect();
    parts.join(", ")
}

/// The engines that exist only behind a cargo feature of their own, by name; the `peers`
/// feature turns them all on. A build without the feature does not know them otherwise, so
/// asking for one would read as a typo.
const FEATURE_ENGINES: [&str; 3] = ["peer-jczsolve", "peer-dlx", "peer-dancing-links"];

/// An engine name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine(pub String);

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(explanation) = not_in_this_build(&self.0) {
            return f.write_str(&explanation);
        }
        write!(f, "unknown engine '{}'; the engines are: ", self.0)?;
        for (index, info) in ENGINES.iter().enumerate() {
            let separator = if index == 0 { "" } else { ", " };
            write!(f, "{separator}{}", info.name)?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownEngine {}

/// For the name of an engine that needs a cargo feature this build was made without, what to
/// build instead; `None` for any other name.
fn not_in_this_build(name: &str) -> Option<String> {
    let feature = FEATURE_ENGINES.into_iter().find(|&feature| feature == name)?;
    if ENGINES.iter().any(|info| info.name == name) {
        return None;
    }
    Some(format!(
        "engine '{name}' is not in this build: it needs the cargo feature {feature} (or peers), \
         e.g. cargo run --release --features peers -- ..."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_engines_are_named_as_the_table_has_them() {
        assert_eq!(
            default_engines_text(),
            "`propagate` at 4×4 and 16×16, `fast` at 9×9, `cdcl` from 25×25 on"
        );
    }

    #[test]
    fn every_size_has_a_default_engine_that_solves_it() {
        for size in Size::ALL {
            let engine = default_engine_for(size);
            assert!(engine.supports(size), "{} for {size}", engine.name);
            let expected = match size.order() {
                3 => "fast",
                2 | 4 => "propagate",
                _ => "cdcl",
            };
            assert_eq!(engine.name, expected, "{size}");
        }
    }

    #[test]
    fn every_feature_engine_is_registered_when_its_feature_is_on() {
        let registered = |name| ENGINES.iter().any(|info| info.name == name);
        assert_eq!(registered("peer-jczsolve"), cfg!(feature = "peer-jczsolve"));
        assert_eq!(registered("peer-dlx"), cfg!(feature = "peer-dlx"));
        assert_eq!(registered("peer-dancing-links"), cfg!(feature = "peer-dancing-links"));
        // And no other peer is registered without being listed.
        for info in ENGINES.iter().filter(|info| info.name.starts_with("peer-")) {
            assert!(FEATURE_ENGINES.contains(&info.name), "{}", info.name);
        }
    }

    #[test]
    fn a_missing_feature_engine_names_its_feature() {
        for name in FEATURE_ENGINES {
            let message = UnknownEngine(name.to_owned()).to_string();
            if ENGINES.iter().any(|info| info.name == name) {
                assert!(message.starts_with("unknown engine"), "{message}");
            } else {
                assert_eq!(
                    message,
                    format!(
                        "engine '{name}' is not in this build: it needs the cargo feature {name} \
                         (or peers), e.g. cargo run --release --features peers -- ..."
                    )
                );
            }
        }
        assert!(UnknownEngine("quantum".to_owned()).to_string().starts_with("unknown engine"));
    }

    #[cfg(not(feature = "peer-dlx"))]
    #[test]
    fn asking_for_peer_dlx_without_its_feature_says_how_to_get_it() {
        let message = find("peer-dlx").unwrap_err().to_string();
        assert_eq!(
            message,
            "engine 'peer-dlx' is not in this build: it needs the cargo feature peer-dlx \
             (or peers), e.g. cargo run --release --features peers -- ..."
        );
    }
}
