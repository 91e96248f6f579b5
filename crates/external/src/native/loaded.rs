//! A library loaded in this process, as the loaders of each kind ([`super::abi`],
//! [`super::tdoku`]) hand it to the engine entries that serve it.

use std::sync::Arc;

use sudoku_core::{Engine, Features, Size};
use sudoku_engines::{EngineInfo, Origin, Timing};

/// A library loaded in this process: what it says of itself and how to make an engine of it.
pub struct Loaded {
    /// Its name, as it gives it (tdoku's functions: the symbol).
    pub name: String,
    /// What it says it is, if it says.
    pub description: Option<String>,
    /// The sizes it solves.
    pub sizes: Vec<Size>,
    /// Whether it counts solutions beyond the first.
    pub counts: bool,
    /// Whether it reports nodes and guesses and honours a node budget.
    pub instrumented: bool,
    /// Whether it reports guesses (alone, when not instrumented: tdoku's function type).
    pub guesses: bool,
    /// Whether it solves grids of any layout (`SUDOKU_ENGINE_LAYOUTS`); else it is given
    /// classic grids only.
    pub layouts: bool,
    /// Makes an engine value (one for each thread).
    pub(super) make: Arc<dyn Fn() -> Box<dyn Engine> + Send + Sync>,
}

impl Loaded {
    /// The registry entry of an engine of this library: called `name`, solving `sizes`, with
    /// the capabilities the library says it has.
    pub(super) fn entry(
        &self,
        name: String,
        description: String,
        origin: Origin,
        timing: Timing,
        sizes: &[Size],
    ) -> EngineInfo {
        let (smallest, largest) = crate::protocol::orders_of(sizes);
        let make = Arc::clone(&self.make);
        let info = EngineInfo::external(name, description, origin, timing, move || make())
            .with_orders(smallest, largest)
            .with_capabilities(self.counts, self.instrumented)
            .with_guesses(self.guesses);
        // In a worker, the served entry's layouts become the handshake's `feature layouts`,
        // which gives the harness's entry its layouts in turn.
        if self.layouts { info.with_features(Features::LAYOUTS) } else { info }
    }
}

/// A libloading error with what the system said (its source), on one line.
pub(crate) fn with_source(error: &libloading::Error) -> String {
    match std::error::Error::source(error) {
        Some(source) => format!("{error}: {source}"),
        None => error.to_string(),
    }
}

/// The sizes of a bit set of box orders (bit n: side n*n).
pub(super) fn sizes_of_orders(orders: u32) -> Vec<Size> {
    Size::SQUARES
        .into_iter()
        .filter(|size| size.square_order().is_some_and(|order| orders & (1 << order) != 0))
        .collect()
}
