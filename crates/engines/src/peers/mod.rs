//! Peers: published Sudoku solvers wrapped as engines, to compare against in one run.
//!
//! Each peer adapts one published crate to [`sudoku_core::Engine`], so the command line
//! and the bench harness run it exactly like the project's own engines. Each sits behind its
//! own cargo feature, off by default (`peers` turns on all three), and its own module
//! (modules of features left off are not compiled, so they are named here without links):
//! - `jczsolve` (`peer-jczsolve`): the `sudoku` crate, a port of JCZSolve;
//! - `dlx_crate` (`peer-dlx`): the `dlx` crate's dancing links;
//! - `dancing_links` (`peer-dancing-links`): the `dancing-links` crate's exact-cover solver.
//!
//! The two exact-cover peers get the same clue-pruned model (`pruned_model`): the clues'
//! effects are worked out once, so the crates search only what the clues leave open.
//!
//! Peers are **uninstrumented**: the crates expose no node or guess counts and no way to stop a
//! search early except between solutions, so their statistics read zero and they ignore node
//! budgets (the registry marks them with [`EngineInfo::uninstrumented`]). Solution counts and
//! first solutions follow the [`Engine`](sudoku_core::Engine) contract like any engine's.
//!
//! **Licences.** `dlx` and `dancing-links` are MIT OR Apache-2.0, like this workspace. The
//! `sudoku` crate is AGPL-3.0: a binary built with `peer-jczsolve` is a combined work that may
//! only be distributed under the AGPL-3.0, with its source offered to its users. Without that
//! feature no AGPL code is compiled in.
//!
//! [`EngineInfo::uninstrumented`]: crate::EngineInfo::uninstrumented

#[cfg(feature = "peer-dancing-links")]
pub mod dancing_links;
#[cfg(feature = "peer-dlx")]
pub mod dlx_crate;
#[cfg(feature = "peer-jczsolve")]
pub mod jczsolve;
#[cfg(any(feature = "peer-dlx", feature = "peer-dancing-links"))]
pub mod pruned_model;
