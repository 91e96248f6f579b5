//! `sudoku engines`.

use clap::Args;

use super::external::ExternalArgs;

/// `sudoku engines`.
#[derive(Args, Debug, Clone, Default)]
pub struct EnginesArgs {
    #[command(flatten)]
    pub external: ExternalArgs,

    /// Start each engine from outside to read what it says of itself (its sizes, what it
    /// reports, how it is timed); without it, declarations are listed as written and nothing
    /// runs.
    #[arg(long)]
    pub probe: bool,
}
