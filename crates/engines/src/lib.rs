//! Every solving engine of the workbench, behind one trait, listed in one registry.
//!
//! The command line, the bench harness and the benchmarks know engines only through
//! [`ENGINES`]: a name, a one-line description and a constructor. Adding an engine is one new
//! module implementing [`sudoku_core::Engine`] and one entry of a few lines in [`ENGINES`].
//!
//! Each engine module reads top to bottom on its own:
//! - [`naive`]: plain backtracking, row-major, scan to check (the baseline);
//! - [`bitmask`]: row/column/box bit sets, row-major or fewest-candidates-first;
//! - [`dlx`]: Knuth's Algorithm X with dancing links on the exact-cover matrix;
//! - [`fast`]: bit-parallel propagation on per-digit band words, with guessing (9×9 only);
//! - [`cdcl`]: conflict-driven clause learning on the rules, on bit sets, for every size;
//! - [`propagate`]: propagation on bit-set candidates with weighted-degree branching, for
//!   every size (the default at 4×4 and 16×16; `cdcl` is from 25×25 on, [`default_engine_for`]);
//! - [`norvig`]: Norvig's "Solving Every Sudoku Puzzle" (eliminate, only choice, fewest values
//!   first, state copied per branch), for every size;
//! - [`alldiff`]: constraint programming with domain-consistent all-different on every unit
//!   (Régin's matching and components), for every size;
//! - [`sat`]: the standard CNF encoding solved by a CDCL SAT solver (the `batsat` crate), clues
//!   applied first (`sat`) or as unit clauses (`sat-plain`), for every size; the same formula
//!   as DIMACS clauses for solvers in other programs ([`sat::encode`]);
//! - `peers` (cargo features `peer-*`, off by default): published solver crates wrapped as
//!   engines, to compare against in one run.
//!
//! `naive`, `bitmask` and `dlx` can also be watched as they search ([`observe`]), at no cost to
//! the searches that are not.

pub mod alldiff;
pub mod bitmask;
mod branch;
pub mod cdcl;
pub mod clock;
mod constraints;
pub mod dlx;
pub mod fast;
mod geometry;
pub mod naive;
pub mod norvig;
pub mod observe;
#[cfg(any(feature = "peer-jczsolve", feature = "peer-dlx", feature = "peer-dancing-links"))]
pub mod peers;
pub mod propagate;
#[cfg(test)]
mod samples;
pub mod sat;
#[cfg(all(test, not(miri)))]
mod testing;
#[cfg(all(test, not(miri)))]
mod testing_variants;

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, LazyLock};

use sudoku_core::{Engine, Feature, Features, Grid, GridKind, Limits, Outcome, Size};

/// How an engine is made: a plain function for the built-in engines (so the registry of
/// built-in engines can be a `static`), or a closure holding what an engine from outside needs
/// (its command, its library, its time limit).
#[derive(Clone)]
enum Constructor {
    Plain(fn() -> Box<dyn Engine>),
    Shared(Arc<dyn Fn() -> Box<dyn Engine> + Send + Sync>),
}

/// Where an engine comes from, for `sudoku engines` and reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Origin {
    /// Compiled into this program.
    BuiltIn,
    /// Declared at run time: its kind (`protocol`, `judge`, `dimacs`...) and where it was
    /// declared (`sudoku-engines.toml:3`, `--external`).
    External {
        /// The kind of external engine.
        kind: &'static str,
        /// Where the declaration was read.
        declared: String,
        /// What runs: the command line, or the library.
        command: String,
    },
}

/// How the harness times an engine's solves, which reports state beside the figures: an
/// engine in another process costs a pipe round trip or a process start that an engine in
/// this process does not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Timing {
    /// The call into the engine, in this process.
    InProcess,
    /// The time the engine reports for each solve (its own clock).
    EngineReported,
    /// A request's round trip to a process that stays up, pipe included.
    RoundTrip,
    /// A whole process, started for each puzzle: start-up and reading included.
    WholeProcess,
}

impl Timing {
    /// The name reports use: `in-process`, `engine-reported`, `round-trip`, `whole-process`.
    pub fn name(self) -> &'static str {
        match self {
            Timing::InProcess => "in-process",
            Timing::EngineReported => "engine-reported",
            Timing::RoundTrip => "round-trip",
            Timing::WholeProcess => "whole-process",
        }
    }
}

/// A registered engine: what it is called, what it does, and how to make one.
#[derive(Clone)]
pub struct EngineInfo {
    /// The name used on the command line and in reports.
    pub name: Cow<'static, str>,
    /// One line saying what the engine does.
    pub description: Cow<'static, str>,
    /// Whether the engine counts nodes and guesses and honours a node budget. Peers that wrap
    /// published crates cannot: their statistics read zero and they search without a budget,
    /// so reports show their statistics as unavailable.
    pub instrumented: bool,
    /// Whether the engine reports its guesses: every instrumented engine does, and an engine
    /// may report guesses alone, without nodes or a budget (tdoku's solver function type).
    pub guesses: bool,
    /// Whether the engine gives the solution it finds. One that only counts (some of the
    /// published solvers of tdoku's collection) is judged on its count alone.
    pub solutions: bool,
    /// Whether the engine counts solutions beyond the first. One that cannot (a judge program,
    /// which prints one solution) is asked for the first only, whatever the mode, and
    /// compared with the others on that alone.
    pub counts: bool,
    /// Where the engine comes from.
    pub origin: Origin,
    /// How its solves are timed.
    pub timing: Timing,
    /// The box orders the engine solves, smallest and largest (9×9 is order 3).
    orders: (u8, u8),
    /// Whether the engine also solves grids of rectangular boxes (6×6 with boxes of 2×3, ...)
    /// whose sides lie between those of its smallest and largest orders. Engines from outside
    /// never do: nothing in their declarations says they would.
    rectangles: bool,
    /// What the engine takes beyond classic grids of its sizes ([`Features`]): layouts
    /// (irregular regions, extra groups, pairs that must differ, starting candidates:
    /// [`sudoku_core::Layout`]) and the kinds of constraint it solves. Engines from outside
    /// take layouts only if they declare it, and never a constraint.
    features: Features,
    construct: Constructor,
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
            name: Cow::Borrowed(name),
            description: Cow::Borrowed(description),
            instrumented: true,
            guesses: true,
            solutions: true,
            counts: true,
            origin: Origin::BuiltIn,
            timing: Timing::InProcess,
            orders: (3, 3),
            rectangles: false,
            features: Features::NONE,
            construct: Constructor::Plain(construct),
            variant: None,
        }
    }

    /// An engine from outside this program, declared at run time: called `name`, made by
    /// `construct` (each thread makes its own), from `origin`, timed as `timing`. It is not
    /// instrumented and counts nothing until said otherwise
    /// ([`EngineInfo::with_capabilities`]).
    pub fn external(
        name: String,
        description: String,
        origin: Origin,
        timing: Timing,
        construct: impl Fn() -> Box<dyn Engine> + Send + Sync + 'static,
    ) -> Self {
        EngineInfo {
            name: Cow::Owned(name),
            description: Cow::Owned(description),
            instrumented: false,
            guesses: false,
            solutions: true,
            counts: false,
            origin,
            timing,
            orders: (3, 3),
            rectangles: false,
            features: Features::NONE,
            construct: Constructor::Shared(Arc::new(construct)),
            variant: None,
        }
    }

    /// The same engine, saying whether it counts beyond the first solution and whether it
    /// reports statistics and honours a node budget.
    pub fn with_capabilities(self, counts: bool, instrumented: bool) -> Self {
        EngineInfo { counts, instrumented, guesses: instrumented, ..self }
    }

    /// The same engine, giving counts without solutions: judged on its counts alone.
    pub fn without_solutions(self) -> Self {
        EngineInfo { solutions: false, ..self }
    }

    /// The same engine, reporting its guesses (alone, when it is not instrumented) if
    /// `guesses`; unchanged otherwise.
    pub fn with_guesses(self, guesses: bool) -> Self {
        EngineInfo { guesses: self.guesses || guesses, ..self }
    }

    /// The same engine, solving grids of box orders `smallest..=largest` (an engine is
    /// registered for 9×9 only unless it says so).
    pub fn with_orders(self, smallest: u8, largest: u8) -> Self {
        EngineInfo { orders: (smallest, largest), ..self }
    }

    /// The same engine, solving grids of rectangular boxes too (6×6, 8×8, 12×12, ...) between
    /// the sides of its smallest and largest box orders.
    pub fn with_rectangles(self) -> Self {
        EngineInfo { rectangles: true, ..self }
    }

    /// The same engine, taking `features` beyond classic grids of its sizes (layouts, kinds
    /// of constraint) in place of those it took.
    pub fn with_features(self, features: Features) -> Self {
        EngineInfo { features, ..self }
    }

    /// What the engine takes beyond classic grids of its sizes.
    pub fn features(&self) -> Features {
        self.features
    }

    /// Whether the engine solves `puzzle`: its size, and all its layout asks
    /// ([`Grid::needs`]). Callers check this before giving it a puzzle: an engine may assume
    /// the puzzles it takes.
    pub fn takes(&self, puzzle: &Grid) -> bool {
        self.supports(puzzle.size()) && self.features.covers(puzzle.needs())
    }

    /// Whether the engine solves the grids of `kind` ([`EngineInfo::takes`] for every grid of
    /// that kind).
    pub fn takes_kind(&self, kind: &GridKind) -> bool {
        self.supports(kind.size()) && self.features.covers(kind.needs())
    }

    /// Why the engine does not take `puzzle`, for people: the sizes it solves, the layouts, or
    /// the first kind of rule it does not take, with the built-in engines that take the
    /// puzzle; `None` when it takes it.
    pub fn refusal(&self, puzzle: &Grid) -> Option<String> {
        let size = puzzle.size();
        if !self.supports(size) {
            return Some(format!(
                "engine '{}' solves {} grids, not {size}",
                self.name,
                self.sizes_text()
            ));
        }
        let layout = puzzle.layout()?;
        let missing = self.features.first_missing(puzzle.needs())?;
        let takers: Vec<&str> =
            ENGINES.iter().filter(|info| info.takes(puzzle)).map(|info| &*info.name).collect();
        let takers = if takers.is_empty() { "none".to_owned() } else { takers.join(", ") };
        Some(match missing {
            Feature::Layouts => format!(
                "engine '{}' solves classic grids only, not {} (engines that do: {takers})",
                self.name,
                layout.name(),
            ),
            Feature::Constraint(_) => format!(
                "engine '{}' does not take {} ({}; engines that do: {takers})",
                self.name,
                missing.name(),
                layout.name(),
            ),
        })
    }

    /// The box orders the engine solves, smallest and largest.
    pub fn orders(&self) -> (u8, u8) {
        self.orders
    }

    /// Whether the engine solves grids of rectangular boxes.
    pub fn rectangles(&self) -> bool {
        self.rectangles
    }

    /// Whether the engine solves grids of `size`. Callers check this before giving it a
    /// puzzle: an engine may assume the sizes it supports.
    pub fn supports(&self, size: Size) -> bool {
        let (smallest, largest) = (usize::from(self.orders.0), usize::from(self.orders.1));
        match size.square_order() {
            Some(order) => (smallest..=largest).contains(&order),
            None => {
                self.rectangles && (smallest * smallest..=largest * largest).contains(&size.side())
            }
        }
    }

    /// The sizes the engine solves, smallest first.
    pub fn sizes(&self) -> impl Iterator<Item = Size> + '_ {
        Size::all().filter(|&size| self.supports(size))
    }

    /// The sizes where this engine is the one used when none is named ([`default_engine_for`]),
    /// smallest first; none for most engines.
    pub fn default_sizes(&self) -> impl Iterator<Item = Size> + '_ {
        Size::all().filter(|&size| default_engine_for(size).name == self.name)
    }

    /// The sides with rectangular boxes where this engine is the default, as the first and the
    /// last with their usual boxes (`6×6` and `24×24`); `None` where it is not the default at
    /// any. The defaults by side make one run of sides per engine.
    pub fn default_rectangles(&self) -> Option<(Size, Size)> {
        let mut sizes =
            self.default_sizes().filter(|size| !size.is_square() && size.has_usual_boxes());
        let first = sizes.next()?;
        Some((first, sizes.last().unwrap_or(first)))
    }

    /// The sizes the engine solves, for people: `9×9`, `4×4 to 64×64`, or `4×4 to 64×64,
    /// boxes square or rectangular`, then `, any layout` if it takes layouts, and `and every
    /// constraint` or `and some constraints` if it takes those.
    pub fn sizes_text(&self) -> String {
        let squares: Vec<Size> =
            Size::SQUARES.into_iter().filter(|&size| self.supports(size)).collect();
        let text = match squares[..] {
            [only] => only.to_string(),
            [first, .., last] => format!("{first} to {last}"),
            [] => "none".to_owned(),
        };
        let text = if self.rectangles && squares.len() > 1 {
            format!("{text}, boxes square or rectangular")
        } else {
            text
        };
        if self.features == Features::ALL {
            format!("{text}, any layout and every constraint")
        } else if self.features.iter().any(|feature| feature != Feature::Layouts) {
            format!("{text}, any layout and some constraints")
        } else if self.features.has(Feature::Layouts) {
            format!("{text}, any layout")
        } else {
            text
        }
    }

    /// The same engine, with a way to say which variant of its code runs on this machine (a
    /// SIMD path chosen at run time, say), for reports.
    pub fn with_variant(self, variant: fn() -> &'static str) -> Self {
        EngineInfo { variant: Some(variant), ..self }
    }

    /// Which variant of the engine's code runs on this machine, for engines that have several.
    pub fn variant(&self) -> Option<&'static str> {
        self.variant.map(|variant| variant())
    }

    /// The same engine, marked as reporting no statistics and ignoring node budgets.
    pub fn uninstrumented(self) -> Self {
        EngineInfo { instrumented: false, guesses: false, ..self }
    }

    /// Whether the engine is compiled into this program.
    pub fn is_built_in(&self) -> bool {
        self.origin == Origin::BuiltIn
    }

    /// The same engine, each value of it handed to `wrap` when made, and what `wrap` returns
    /// used instead: how a caller puts something around every solve (a check that the run
    /// was cancelled, say) while the name, capabilities and sizes stay the engine's own.
    pub fn wrapped(
        self,
        wrap: impl Fn(Box<dyn Engine>) -> Box<dyn Engine> + Send + Sync + 'static,
    ) -> Self {
        let inner = self.construct.clone();
        let construct = move || {
            wrap(match &inner {
                Constructor::Plain(construct) => construct(),
                Constructor::Shared(construct) => construct(),
            })
        };
        EngineInfo { construct: Constructor::Shared(Arc::new(construct)), ..self }
    }

    /// A new engine value. Each thread makes its own: engines own their scratch memory (an
    /// engine from outside, its process).
    pub fn create(&self) -> Box<dyn Engine> {
        match &self.construct {
            Constructor::Plain(construct) => construct(),
            Constructor::Shared(construct) => construct(),
        }
    }
}

impl fmt::Debug for EngineInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineInfo").field("name", &self.name).finish_non_exhaustive()
    }
}

/// Every engine a run knows: the built-in ones ([`ENGINES`]), then the ones declared from
/// outside, in the order declared. Built when the program starts; commands look engines up
/// here and nowhere else.
#[derive(Clone, Debug)]
pub struct Registry {
    engines: Vec<EngineInfo>,
}

impl Registry {
    /// The built-in engines only.
    pub fn built_in() -> Registry {
        Registry { engines: ENGINES.clone() }
    }

    /// Adds an engine from outside; refused when its name is taken.
    pub fn add(&mut self, info: EngineInfo) -> Result<(), String> {
        if let Some(known) = self.engines.iter().find(|known| known.name == info.name) {
            return Err(match &known.origin {
                Origin::BuiltIn => format!("engine '{}' is a built-in engine's name", info.name),
                Origin::External { declared, .. } => {
                    format!("engine '{}' is declared twice (first at {declared})", info.name)
                }
            });
        }
        self.engines.push(info);
        Ok(())
    }

    /// Every engine, built-in first.
    pub fn engines(&self) -> &[EngineInfo] {
        &self.engines
    }

    /// The engine called `name`.
    pub fn find(&self, name: &str) -> Result<&EngineInfo, UnknownEngine> {
        self.engines.iter().find(|info| info.name == name).ok_or_else(|| UnknownEngine {
            name: name.to_owned(),
            known: self.engines.iter().map(|info| info.name.to_string()).collect(),
        })
    }
}

/// Every built-in engine, from the baseline up.
pub static ENGINES: LazyLock<Vec<EngineInfo>> = LazyLock::new(|| {
    vec![
        EngineInfo::new(
            "naive",
            "plain backtracking: row-major, values in increasing order, each checked by scanning",
            || Box::new(naive::Naive),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new("bitmask", "backtracking over row/column/box bit sets, row-major", || {
            Box::new(bitmask::Bitmask::new(bitmask::CellOrder::RowMajor))
        })
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "bitmask-mrv",
            "bit-set backtracking, filling the cell with the fewest candidates first",
            || Box::new(bitmask::Bitmask::new(bitmask::CellOrder::FewestCandidates)),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "dlx",
            "Knuth's Algorithm X with dancing links on the exact-cover matrix (4·side² items)",
            || Box::new(dlx::Dlx::new()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::LAYOUTS),
        EngineInfo::new(
            "fast",
            "bit-parallel propagation (band/stack rules, naked singles) on 27-bit band words",
            || Box::new(fast::Fast::new()),
        )
        .with_variant(|| fast::SimdPath::detect().name()),
        EngineInfo::new(
            "propagate",
            "propagation on u64 candidate sets (singles, locked candidates, every constraint's \
             propagators), dom/wdeg branching",
            || Box::new(propagate::Propagate::new()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "cdcl",
            "conflict-driven clause learning on the rules (bit-set propagation, VSIDS, restarts)",
            || Box::new(cdcl::Cdcl::new()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "norvig",
            "Norvig's propagation (eliminate, only choice) and search on the fewest values",
            || Box::new(norvig::Norvig::new()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "alldiff",
            "CP: domain-consistent all-different on every unit (Régin's matching filter)",
            || Box::new(alldiff::Alldiff::new()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "sat",
            "SAT: the standard CNF encoding, clues applied first, solved by batsat (CDCL)",
            || Box::new(sat::Sat::default()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "sat-plain",
            "SAT: the standard CNF encoding with clues as unit clauses, solved by batsat",
            || Box::new(sat::SatPlain::default()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(Features::ALL),
        EngineInfo::new(
            "logic",
            "human techniques (singles to forcing chains), easiest first; guesses only when stuck",
            || Box::new(sudoku_logic::Logic::new()),
        )
        .with_orders(2, 8)
        .with_rectangles()
        .with_features(sudoku_logic::FEATURES),
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
    ]
});

/// The engine used when none is named: the fastest registered.
pub const DEFAULT_ENGINE: &str = "fast";

/// The engines used when none is named, by the side they are the fastest from (measured: see
/// the results beyond 9×9 in docs/results.md): `propagate` on 4×4, `fast` on 9×9, `propagate` on
/// 16×16 (a little ahead of `cdcl` on the shipped minimal puzzles), and `cdcl` from 25×25 on,
/// where learning is worth orders of magnitude. A size the engine of its row does not solve
/// (`fast` solves 9×9 alone) takes the row above: `propagate` from 6×6 to 24×24 with
/// rectangular boxes.
const DEFAULT_ENGINES: [(usize, &str); 4] =
    [(4, "propagate"), (9, "fast"), (16, "propagate"), (25, "cdcl")];

/// The same for grids with a layout (jigsaw, X, windoku, disjoint groups, a knight's and a
/// king's move, extra groups, pencilmarks): `propagate` up to 12×12 (at 9×9 it leads on four
/// of the five shipped kinds and on published jigsaws, `cdcl` on the shipped minimal jigsaws,
/// each by under 2×; at 12×12 the two are within a tenth of each other on every rule), and
/// `cdcl` from 16×16 on, where `propagate` runs out of a 100,000-node budget on every shipped
/// minimal jigsaw, on every minimal windoku puzzle and the empty windoku grid, on most
/// disjoint and half the anti-knight ones, all of which `cdcl` solves, and takes twice
/// `cdcl`'s time on the X and anti-king ones it solves too (see the results' "Other
/// layouts").
const DEFAULT_LAYOUT_ENGINES: [(usize, &str); 2] = [(4, "propagate"), (16, "cdcl")];

/// The default engine of a grid with rules with numbers and lines (killer cages, thermometers,
/// ...), whatever its side: `cdcl`. It and `sat` finished every converted puzzle of the
/// Interactive Sudoku Solver's killer, thermometer, renban and little-killer collections, `cdcl`
/// in less CPU time on the killers; `propagate`, faster on the killers, ran out of two million
/// nodes on hard thermometers and renban lines (see the results' "Variants").
const DEFAULT_RULE_ENGINES: [(usize, &str); 1] = [(4, "cdcl")];

/// The built-in engine called `name` (engines from outside are found through a [`Registry`]).
pub fn find(name: &str) -> Result<&'static EngineInfo, UnknownEngine> {
    ENGINES.iter().find(|info| info.name == name).ok_or_else(|| UnknownEngine {
        name: name.to_owned(),
        known: ENGINES.iter().map(|info| info.name.to_string()).collect(),
    })
}

/// The engine used when none is named.
pub fn default_engine() -> &'static EngineInfo {
    find(DEFAULT_ENGINE).expect("DEFAULT_ENGINE names a registered engine")
}

/// The engine used for a classic puzzle of `size` when none is named: the fastest that solves
/// it.
pub fn default_engine_for(size: Size) -> &'static EngineInfo {
    default_engine_in(&DEFAULT_ENGINES, size, |info| info.supports(size))
}

/// The engine used for `puzzle` when none is named: the fastest that takes its size and its
/// layout. A classic grid takes the engine of its size; a grid with a layout, that of its
/// side's row of the layouts' table (`propagate` up to 12×12, `cdcl` from 16×16); a grid with
/// rules with numbers and lines, `cdcl`. Both tables were chosen by measurement.
pub fn default_engine_for_puzzle(puzzle: &Grid) -> &'static EngineInfo {
    if puzzle.is_classic() {
        return default_engine_for(puzzle.size());
    }
    let rules = puzzle.layout().is_some_and(|layout| !layout.constraints().is_empty());
    let table: &[(usize, &str)] =
        if rules { &DEFAULT_RULE_ENGINES } else { &DEFAULT_LAYOUT_ENGINES };
    default_engine_in(table, puzzle.size(), |info| info.takes(puzzle))
}

/// The engine of `table` (of defaults by side) for `size` that `takes` (the row of the side,
/// else the rows above it), else the first registered engine that does.
fn default_engine_in(
    table: &[(usize, &str)],
    size: Size,
    takes: impl Fn(&EngineInfo) -> bool,
) -> &'static EngineInfo {
    table
        .iter()
        .rev()
        .filter(|&&(from, _)| from <= size.side())
        .filter_map(|&(_, name)| find(name).ok())
        .find(|info| takes(info))
        .or_else(|| ENGINES.iter().find(|info| takes(info)))
        .expect("some registered engine solves every size and layout")
}

/// Engine values by size and layout, each made when a puzzle that needs it first comes: those
/// of one engine, or of the default engine of each puzzle ([`default_engine_for_puzzle`]).
/// What every command that answers puzzles of mixed sizes and layouts keeps (one per thread):
/// a second puzzle of a size reuses its engine's scratch memory.
#[derive(Default)]
pub struct EnginesBySize {
    /// The engine named, if any.
    chosen: Option<&'static EngineInfo>,
    made: Vec<(Size, &'static EngineInfo, Box<dyn Engine>)>,
}

impl EnginesBySize {
    /// Values of `chosen`, or of the default engine of each puzzle when `None`.
    pub fn new(chosen: Option<&'static EngineInfo>) -> EnginesBySize {
        EnginesBySize { chosen, made: Vec::new() }
    }

    /// The engine for `puzzle`, and its entry; the entry alone when it does not take the
    /// puzzle's size or layout (only a chosen engine may not).
    pub fn for_puzzle(
        &mut self,
        puzzle: &Grid,
    ) -> Result<(&'static EngineInfo, &mut dyn Engine), &'static EngineInfo> {
        let info = self.chosen.unwrap_or_else(|| default_engine_for_puzzle(puzzle));
        if !info.takes(puzzle) {
            return Err(info);
        }
        let size = puzzle.size();
        let index = match self
            .made
            .iter()
            .position(|(made, made_info, _)| *made == size && made_info.name == info.name)
        {
            Some(index) => index,
            None => {
                self.made.push((size, info, info.create()));
                self.made.len() - 1
            }
        };
        let (_, info, engine) = &mut self.made[index];
        Ok((info, engine.as_mut()))
    }

    /// `puzzle` solved within `limits` by its default engine (for a counter of solutions,
    /// such as the one a walk up the ladder of techniques is given).
    ///
    /// # Panics
    /// If a chosen engine does not take the puzzle.
    pub fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        match self.for_puzzle(puzzle) {
            Ok((_, engine)) => engine.solve(puzzle, limits),
            Err(info) => panic!("engine '{}' does not solve {} grids", info.name, puzzle.size()),
        }
    }
}

/// Which engine each size gets when none is named, in words, from the table
/// [`default_engine_for`] reads: "`propagate` at 4×4 and 16×16, `fast` at 9×9, `cdcl` from
/// 25×25 on". Help texts take it from here, so they cannot fall behind the registry.
pub fn default_engines_text() -> String {
    // The engines in the order of the smallest size each is the default at.
    let mut by_engine: Vec<(&str, Vec<Size>)> = Vec::new();
    // The classic sizes; grids of rectangular boxes are said apart, after them.
    for size in Size::SQUARES {
        let info = default_engine_for(size);
        if by_engine.iter().all(|(engine, _)| *engine != info.name) {
            by_engine.push((&info.name, info.default_sizes().filter(|s| s.is_square()).collect()));
        }
    }
    let largest = Size::SQUARES[Size::SQUARES.len() - 1];
    let parts: Vec<String> = by_engine
        .iter()
        .map(|(name, sizes)| {
            let order = |size: &Size| size.square_order().unwrap_or(0);
            let contiguous = sizes.windows(2).all(|pair| order(&pair[1]) == order(&pair[0]) + 1);
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
    // Rectangular boxes by the run of sides each engine is the default at.
    let mut rectangular: Vec<String> = Vec::new();
    for size in Size::all().filter(|size| !size.is_square()) {
        let info = default_engine_for(size);
        if let Some((from, to)) = info.default_rectangles()
            && from == size
        {
            rectangular.push(format!("`{}` from {from} to {to}", info.name));
        }
    }
    let layouts: Vec<String> = DEFAULT_LAYOUT_ENGINES
        .iter()
        .map(|&(side, name)| format!("`{name}` from {side}×{side}"))
        .collect();
    format!(
        "{}; with rectangular boxes, {}; with a layout, {}",
        parts.join(", "),
        rectangular.join(", "),
        layouts.join(", ")
    )
}

/// The engines that exist only behind a cargo feature of their own, by name; the `peers`
/// feature turns them all on. A build without the feature does not know them otherwise, so
/// asking for one would read as a typo.
const FEATURE_ENGINES: [&str; 3] = ["peer-jczsolve", "peer-dlx", "peer-dancing-links"];

/// An engine name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine {
    /// The name asked for.
    pub name: String,
    /// The names the registry knows, in its order.
    pub known: Vec<String>,
}

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(explanation) = not_in_this_build(&self.name) {
            return f.write_str(&explanation);
        }
        write!(f, "unknown engine '{}'; the engines are: {}", self.name, self.known.join(", "))
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
    #[cfg(not(miri))]
    use sudoku_core::{Layout, Rule};

    /// Every engine the registry says takes layouts solves and counts puzzles of each rule,
    /// of irregular regions and of starting candidates as a plain backtracker counts them; and
    /// the engines that work on units all take them.
    // A search over many puzzles, through the `testing` module Miri runs without.
    #[test]
    #[cfg(not(miri))]
    fn engines_that_take_layouts_count_their_puzzles_as_a_plain_backtracker_does() {
        let layouts = |info: &&EngineInfo| info.features().has(Feature::Layouts);
        let takers: Vec<&str> = ENGINES.iter().filter(layouts).map(|info| &*info.name).collect();
        assert_eq!(takers, LAYOUT_ENGINES);
        for info in ENGINES.iter().filter(layouts) {
            // The solutions the puzzles are made from are drawn by `cdcl`: row-major
            // backtracking may take minutes to draw its own.
            testing::layout_counts_agree_with_a_plain_backtracker(
                &mut *info.create(),
                &mut *find("cdcl").unwrap().create(),
                3,
                &[40, 55, 70],
            );
        }
    }

    /// Every engine that takes constraints counts random 4×4 and 6×6 puzzles with every kind
    /// of them as a plain backtracker that knows the rules only by the core's checker does.
    #[test]
    #[cfg(not(miri))]
    fn engines_that_take_constraints_count_their_puzzles_as_a_plain_backtracker_does() {
        for name in [
            "sat",
            "sat-plain",
            "naive",
            "bitmask",
            "bitmask-mrv",
            "cdcl",
            "norvig",
            "alldiff",
            "propagate",
        ] {
            let info = find(name).unwrap();
            for (seed, kind) in sudoku_core::ConstraintKind::ALL.into_iter().enumerate() {
                testing::variant_counts_agree_with_a_plain_backtracker(
                    &mut *info.create(),
                    &[kind],
                    6,
                    seed as u64,
                );
            }
            testing::variant_counts_agree_with_a_plain_backtracker(
                &mut *info.create(),
                &sudoku_core::ConstraintKind::ALL,
                40,
                99,
            );
        }
    }

    /// Every solution each engine that takes constraints finds of 9×9 puzzles of many short
    /// rules (the first, and one avoiding the first's value in each cell) keeps every rule.
    #[test]
    #[cfg(not(miri))]
    fn engines_that_take_constraints_give_solutions_that_keep_every_rule() {
        for name in ["sat", "bitmask-mrv", "cdcl", "norvig", "alldiff", "propagate"] {
            crate::testing_variants::every_solution_found_keeps_every_rule(
                &mut *find(name).unwrap().create(),
                2,
            );
        }
    }

    /// The engines that take grids of any layout, in the registry's order.
    #[cfg(not(miri))]
    const LAYOUT_ENGINES: &[&str] = &[
        "naive",
        "bitmask",
        "bitmask-mrv",
        "dlx",
        "propagate",
        "cdcl",
        "norvig",
        "alldiff",
        "sat",
        "sat-plain",
        "logic",
    ];

    // The registry's bookkeeping, with no `unsafe` code of its own (the engine it wraps has its
    // own tests under Miri): left out of the Miri run, where it took a tenth of the time.
    #[test]
    #[cfg(not(miri))]
    fn a_wrapped_engine_keeps_its_entry_and_solves_through_the_wrapper() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        struct Counting(Box<dyn Engine>, Arc<AtomicUsize>);
        impl Engine for Counting {
            fn solve(
                &mut self,
                puzzle: &sudoku_core::Grid,
                limits: sudoku_core::Limits,
            ) -> sudoku_core::Outcome {
                self.1.fetch_add(1, Ordering::Relaxed);
                self.0.solve(puzzle, limits)
            }
        }
        let solves = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&solves);
        let original = find("dlx").unwrap().clone();
        let wrapped = original.clone().wrapped(move |engine| {
            Box::new(Counting(engine, Arc::clone(&seen))) as Box<dyn Engine>
        });
        assert_eq!(
            (&wrapped.name, wrapped.orders(), wrapped.counts),
            (&original.name, original.orders(), original.counts)
        );
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let puzzle = sudoku_core::parse_one(line.as_bytes()).unwrap().grid;
        let outcome = wrapped.create().solve(&puzzle, sudoku_core::Limits::UNIQUE);
        assert_eq!(outcome.count, 1);
        assert_eq!(solves.load(Ordering::Relaxed), 1);
    }

    // Text from the registry's table, no `unsafe` code: left out of the Miri run.
    #[test]
    #[cfg(not(miri))]
    fn the_default_engines_are_named_as_the_table_has_them() {
        assert_eq!(
            default_engines_text(),
            "`propagate` at 4×4 and 16×16, `fast` at 9×9, `cdcl` from 25×25 on; with rectangular \
             boxes, `propagate` from 6×6 to 24×24, `cdcl` from 28×28 to 56×56; with a layout, \
             `propagate` from 4×4, `cdcl` from 16×16"
        );
    }

    // Layouts up to 25×25 built, and no unsafe code on the way: minutes under Miri.
    #[test]
    #[cfg(not(miri))]
    fn layouts_take_the_default_of_their_own_table() {
        let layout = |side: usize, jigsaw: bool, rules: &[Rule]| {
            let size = Size::from_side(side).unwrap();
            // Regions one row of boxes down: irregular, yet each a connected region of side cells.
            let regions: Vec<u32> = (0..size.cells())
                .map(|cell| ((cell + side) % size.cells() / side) as u32)
                .collect();
            let regions = jigsaw.then_some(regions);
            let layout = Layout::new(size, regions.as_deref(), rules, &[], None).unwrap();
            Grid::empty(size).with_layout(Some(std::sync::Arc::new(layout)))
        };
        let name = |grid: &Grid| default_engine_for_puzzle(grid).name.to_string();
        assert_eq!(name(&layout(9, true, &[])), "propagate");
        assert_eq!(name(&layout(16, true, &[])), "cdcl");
        assert_eq!(name(&layout(25, true, &[])), "cdcl");
        // propagate runs out of nodes on 16×16 windoku, disjoint and anti-knight puzzles that
        // cdcl solves, and takes twice its time on the others.
        for rules in [Rule::Diagonals, Rule::Windoku, Rule::Disjoint, Rule::AntiKnight] {
            assert_eq!(name(&layout(16, false, &[rules])), "cdcl", "{rules}");
            assert_eq!(name(&layout(9, false, &[rules])), "propagate", "{rules}");
        }
        assert_eq!(name(&layout(12, false, &[Rule::AntiKing])), "propagate");
        assert_eq!(name(&layout(25, false, &[Rule::AntiKing])), "cdcl");
    }

    // A search by `cdcl`, whose code is safe: Miri runs without it.
    #[test]
    #[cfg(not(miri))]
    fn a_grid_with_rules_with_numbers_and_lines_takes_an_engine_whose_count_keeps_them() {
        let cage = sudoku_core::constraint::parse_directive("killer 3 r1c1 r1c2").unwrap();
        let layout = Layout::classic(Size::NINE).with_constraints(cage).unwrap();
        let grid = Grid::empty(Size::NINE).with_layout(Some(std::sync::Arc::new(layout)));
        assert_eq!(default_engine_for_puzzle(&grid).name, "cdcl");
        let outcome = EnginesBySize::default().solve(&grid, Limits::count_up_to(1));
        let solution = outcome.solution.expect("a solution");
        assert_eq!(solution.get(0) + solution.get(1), 3, "the cage's sum kept");
    }

    #[test]
    fn every_size_has_a_default_engine_that_solves_it() {
        for size in Size::all() {
            let engine = default_engine_for(size);
            assert!(engine.supports(size), "{} for {size}", engine.name);
            let expected = match size.side() {
                9 => "fast",
                ..=24 => "propagate",
                _ => "cdcl",
            };
            assert_eq!(engine.name, expected, "{size}");
        }
    }

    #[test]
    fn engines_by_size_make_each_sizes_engine_once_and_refuse_a_size_not_solved() {
        let mut engines = EnginesBySize::default();
        for side in [9, 4, 9] {
            let size = Size::from_side(side).unwrap();
            let (info, _) = engines.for_puzzle(&Grid::empty(size)).unwrap();
            assert_eq!(info.name, default_engine_for(size).name);
        }
        assert_eq!(engines.made.len(), 2, "one value per size met");
        let solved = engines.solve(&Grid::empty(Size::from_side(4).unwrap()), Limits::UNIQUE);
        assert_eq!(solved.count, 2);
        let mut fast_only = EnginesBySize::new(Some(find("fast").unwrap()));
        let sixteen = Grid::empty(Size::from_side(16).unwrap());
        let refused = fast_only.for_puzzle(&sixteen).map(|_| ());
        assert_eq!(refused.unwrap_err().name, "fast");
    }

    // As above: bookkeeping, left out of the Miri run.
    #[test]
    #[cfg(not(miri))]
    fn each_engine_gives_the_sizes_where_it_is_the_default() {
        let sizes_of = |name: &str| -> Vec<usize> {
            find(name).unwrap().default_sizes().filter_map(Size::square_order).collect()
        };
        assert_eq!(sizes_of("propagate"), [2, 4]);
        assert_eq!(sizes_of("fast"), [3]);
        assert_eq!(sizes_of("cdcl"), [5, 6, 7, 8]);
        assert_eq!(sizes_of("dlx"), [0; 0]);
        // Every size is the default of exactly one engine.
        let mut all: Vec<Size> = ENGINES.iter().flat_map(EngineInfo::default_sizes).collect();
        all.sort();
        assert_eq!(all, Size::all().collect::<Vec<_>>());
    }

    #[test]
    fn every_feature_engine_is_registered_when_its_feature_is_on() {
        let registered = |name| ENGINES.iter().any(|info| info.name == name);
        assert_eq!(registered("peer-jczsolve"), cfg!(feature = "peer-jczsolve"));
        assert_eq!(registered("peer-dlx"), cfg!(feature = "peer-dlx"));
        assert_eq!(registered("peer-dancing-links"), cfg!(feature = "peer-dancing-links"));
        // And no other peer is registered without being listed.
        for info in ENGINES.iter().filter(|info| info.name.starts_with("peer-")) {
            assert!(FEATURE_ENGINES.contains(&&*info.name), "{}", info.name);
        }
    }

    #[test]
    fn a_missing_feature_engine_names_its_feature() {
        let unknown = |name: &str| UnknownEngine { name: name.to_owned(), known: Vec::new() };
        let unknown = |name: &str| unknown(name).to_string();
        for name in FEATURE_ENGINES {
            let message = unknown(name);
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
        assert!(unknown("quantum").starts_with("unknown engine"));
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
