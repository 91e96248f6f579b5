//! What a thread keeps for reuse: the searches make and drop thousands of walks, graphs and
//! tables a puzzle, each with lists whose growing and zeroing would otherwise cost more than
//! the search that reads them. Each kind has a pool of its own (a `thread_local!` list); a
//! value dropped goes back to its pool ([`give`]), and the next one is taken from it
//! ([`take`]).

use std::cell::RefCell;
use std::thread::LocalKey;

/// A thread's kept values of one kind.
pub(super) type Pool<T> = LocalKey<RefCell<Vec<T>>>;

/// A value kept in `pool`, or a new one made by `make` when none is.
pub(super) fn take<T>(pool: &'static Pool<T>, make: impl FnOnce() -> T) -> T {
    pool.with(|pool| pool.borrow_mut().pop()).unwrap_or_else(make)
}

/// Keeps `value` in `pool` for the next [`take`], unless `most` are kept already. A thread
/// ending drops its pools first; a value given back after that is freed.
pub(super) fn give<T>(pool: &'static Pool<T>, value: T, most: usize) {
    let _ = pool.try_with(|pool| {
        let mut pool = pool.borrow_mut();
        if pool.len() < most {
            pool.push(value);
        }
    });
}
