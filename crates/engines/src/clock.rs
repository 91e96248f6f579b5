//! The clock around a run of solves, the same wherever an engine is called: the bench harness
//! around an engine in its own process, and a worker process (`sudoku serve`) around the
//! library it hosts.
//!
//! Each call is timed alone ([`std::time::Instant`] around it), and what the scheduler does
//! to the thread is kept out of the times. A thread that runs solves back to back on a busy
//! machine is taken off its core now and then, and the call it was in then counts the time
//! other programs ran: a few milliseconds in a call of microseconds. A process that sleeps
//! between short batches (a worker waiting on its pipe) is rarely taken off inside a call, so
//! the same code once read up to three times as fast through a worker as in the harness on a
//! loaded machine. Here calls run in batches of [`BATCH`] calls, or fewer when they take
//! [`BATCH_NANOS`] together; the thread's count of involuntary context switches is read
//! before and after each batch ([`preemptions`]), and a batch during which it moved is solved
//! again, up to [`ATTEMPTS`] times in all. The batch keeps the times of its first attempt the
//! scheduler left alone, or, when every attempt was interrupted (a call longer than the
//! scheduler's time slice, on a core shared with a busy program), each call's shortest time
//! over the attempts. Solving again is bounded: a batch is solved again only while the time
//! spent so (on one [`Clock`]) is at most a quarter of the time of the first attempts, so a
//! slow engine on a busy machine (a millisecond a call, interrupted every few calls) costs at
//! most a quarter more, and the calls left interrupted are counted ([`Retimed::interrupted`]).
//!
//! Measured on the workbench's machine (2 cores, a virtual machine), reading the count costs
//! 0.4–1.1 µs, once between batches, outside every call's time; the thread's CPU clock
//! (`CLOCK_THREAD_CPUTIME_ID`) would cost 1.4–1.7 µs at each end of every call, a tenth of a
//! fast engine's solve, and is not used.

/// The most calls timed between two reads of the thread's context switches: few enough that
/// a batch of microsecond solves is rarely interrupted and cheap to solve again, enough that
/// reading the count is a small cost beside the batch.
pub const BATCH: usize = 16;

/// A batch ends once its calls took this long (ns), however few: slower calls are solved
/// again one at a time, not sixteen.
pub const BATCH_NANOS: u64 = 1_000_000;

/// The most times a batch is solved, the first included.
pub const ATTEMPTS: u32 = 3;

/// Batches are solved again only while the time spent solving again is at most this
/// fraction (1 / `AGAIN_SHARE`) of the first attempts' time.
const AGAIN_SHARE: u64 = 4;

/// The involuntary context switches of the calling thread so far (Linux: `getrusage` of the
/// thread); `None` where the system does not say (or under Miri, which cannot call it), and
/// then no batch is solved again.
pub fn preemptions() -> Option<u64> {
    #[cfg(all(target_os = "linux", not(miri)))]
    {
        // SAFETY: `getrusage` writes the structure given, which lives across the call; a
        // zeroed `rusage` is a valid value of it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut usage) } == 0 {
            return u64::try_from(usage.ru_nivcsw).ok();
        }
        None
    }
    #[cfg(not(all(target_os = "linux", not(miri))))]
    None
}

/// The CPU time of the whole process so far (user and system, every thread), in seconds:
/// `getrusage` of the process; `None` where the system does not say (or under Miri). What a
/// long job reports as its cost, since other programs' time slices on a busy machine are not
/// part of it.
pub fn process_cpu_seconds() -> Option<f64> {
    #[cfg(all(unix, not(miri)))]
    {
        // SAFETY: `getrusage` writes the structure given, which lives across the call; a
        // zeroed `rusage` is a valid value of it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
            return None;
        }
        let seconds = |time: libc::timeval| time.tv_sec as f64 + time.tv_usec as f64 / 1e6;
        Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
    #[cfg(not(all(unix, not(miri))))]
    None
}

/// What the clock did over a run of calls.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Retimed {
    /// Calls whose batch the scheduler interrupted on its first attempt (counted once each,
    /// however many attempts).
    pub calls: u64,
    /// Of those, calls whose batch was interrupted on every attempt made (or was not solved
    /// again, the time for it spent): their times are their shortest over the attempts, which
    /// may still hold another program's time.
    pub interrupted: u64,
}

/// The clock of a run of calls (a bench pass, a worker's life): what it spent on first
/// attempts and on solving again, which bounds the latter, and what it solved again.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Time of the first attempts, ns.
    first: u64,
    /// Time of the attempts after the first, ns.
    again: u64,
    /// What was solved again, so far.
    pub retimed: Retimed,
}

impl Clock {
    /// Times `count` calls, in order, in batches, solving again a batch the scheduler
    /// interrupted (see the module documentation). `call(index, first)` makes call `index`
    /// and returns its time in ns (`first`: the first attempt of its batch, whose answers the
    /// caller keeps; a later attempt is for its time only); `read` is the count of context
    /// switches ([`preemptions`], or a stand-in in tests). Returns each call's time.
    pub fn time_calls(
        &mut self,
        count: usize,
        mut read: impl FnMut() -> Option<u64>,
        mut call: impl FnMut(usize, bool) -> u64,
    ) -> Vec<u64> {
        // Whether the count moved between two reads (unknown: as if it did not).
        let moved = |before: Option<u64>, after: Option<u64>| matches!((before, after), (Some(before), Some(after)) if after != before);
        let mut times = vec![0u64; count];
        let mut start = 0;
        while start < count {
            let before = read();
            let (mut end, mut took) = (start, 0u64);
            while end < count && end - start < BATCH && took < BATCH_NANOS {
                times[end] = call(end, true);
                took = took.saturating_add(times[end]);
                end += 1;
            }
            let mut interrupted = moved(before, read());
            self.first = self.first.saturating_add(took);
            let calls = (end - start) as u64;
            if interrupted {
                self.retimed.calls += calls;
            }
            let mut tries = 1;
            while interrupted && tries < ATTEMPTS && self.again <= self.first / AGAIN_SHARE {
                tries += 1;
                let mut attempt = [0u64; BATCH];
                let before = read();
                for (time, index) in attempt.iter_mut().zip(start..end) {
                    *time = call(index, false);
                    self.again = self.again.saturating_add(*time);
                }
                interrupted = moved(before, read());
                let kept = &mut times[start..end];
                if interrupted {
                    for (kept, &time) in kept.iter_mut().zip(&attempt) {
                        *kept = (*kept).min(time);
                    }
                } else {
                    kept.copy_from_slice(&attempt[..kept.len()]);
                }
            }
            if interrupted {
                self.retimed.interrupted += calls;
            }
            start = end;
        }
        times
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::{Cell, RefCell};

    /// Times `count` calls on a fresh clock, with a stand-in for the thread's count of
    /// context switches that moves during the attempts `interrupted` says (numbered from 0
    /// over the whole run), and calls of `time(index, attempt)` ns. Returns the times, what
    /// was solved again, and every call made (its index, and whether it was a first attempt).
    fn run(
        count: usize,
        interrupted: &dyn Fn(u32) -> bool,
        time: &dyn Fn(usize, u32) -> u64,
    ) -> (Vec<u64>, Retimed, Vec<(usize, bool)>) {
        let switches = Cell::new(0u64);
        let reads = Cell::new(0u32);
        let calls = RefCell::new(Vec::new());
        let mut clock = Clock::default();
        let times = clock.time_calls(
            count,
            || {
                // Reads come in pairs, before and after each attempt.
                let read = reads.get();
                reads.set(read + 1);
                if read % 2 == 1 && interrupted(read / 2) {
                    switches.set(switches.get() + 1);
                }
                Some(switches.get())
            },
            |index, first| {
                calls.borrow_mut().push((index, first));
                time(index, reads.get() / 2)
            },
        );
        (times, clock.retimed, calls.into_inner())
    }

    #[test]
    fn a_batch_left_alone_is_solved_once() {
        let (times, retimed, calls) = run(40, &|_| false, &|index, _| index as u64 + 1);
        assert_eq!(times, (1..=40).collect::<Vec<u64>>());
        assert_eq!(retimed, Retimed::default());
        assert_eq!(calls, (0..40).map(|index| (index, true)).collect::<Vec<_>>());
    }

    #[test]
    fn an_interrupted_batch_takes_the_times_of_its_next_clean_attempt() {
        // The second batch (calls 16 to 31) is interrupted on its first attempt, where one of
        // its calls took 50 µs; its second attempt (attempt 2 of the run) is left alone and
        // runs a little slower than the first on the other calls, which it keeps all the same.
        let (times, retimed, calls) =
            run(40, &|attempt| attempt == 1, &|index, attempt| match (index, attempt) {
                (20, 1) => 50_000,
                (_, 2) => 1_100,
                _ => 1_000,
            });
        assert_eq!(times[20], 1_100, "the preempted call is timed again");
        assert!(times[16..32].iter().all(|&time| time == 1_100), "the clean attempt's times");
        assert!(times[..16].iter().chain(&times[32..]).all(|&time| time == 1_000));
        assert_eq!(retimed, Retimed { calls: 16, interrupted: 0 });
        assert_eq!(calls.len(), 56);
        assert_eq!(calls.iter().filter(|(_, first)| !first).count(), 16, "answers kept once");
    }

    #[test]
    fn a_batch_interrupted_every_time_keeps_each_calls_shortest() {
        // Ten calls, one batch, interrupted on every attempt: solved again once (the second
        // time would spend more than a quarter of the first attempt's time again).
        let (times, retimed, calls) = run(10, &|_| true, &|index, attempt| {
            if index == attempt as usize { 9_000 } else { 100 + attempt as u64 }
        });
        assert_eq!(calls.len(), 20);
        assert_eq!(times, [101, 100, 100, 100, 100, 100, 100, 100, 100, 100]);
        assert_eq!(retimed, Retimed { calls: 10, interrupted: 10 });
    }

    #[test]
    fn slow_calls_are_batched_alone_and_solving_again_is_bounded() {
        // Calls of 2 ms, every attempt interrupted: each call is a batch of its own, and the
        // calls made again stay within a quarter of the first ones (and one batch).
        let (times, retimed, calls) = run(100, &|_| true, &|_, _| 2_000_000);
        assert_eq!(times, vec![2_000_000; 100]);
        let again = calls.iter().filter(|(_, first)| !first).count();
        assert!((20..=26).contains(&again), "{again} calls made again");
        assert_eq!(retimed, Retimed { calls: 100, interrupted: 100 });
    }

    #[test]
    fn without_a_count_every_batch_is_solved_once() {
        let mut clock = Clock::default();
        let times = clock.time_calls(
            20,
            || None,
            |index, first| {
                assert!(first);
                index as u64
            },
        );
        assert_eq!(times, (0..20).collect::<Vec<u64>>());
        assert_eq!(clock.retimed, Retimed::default());
    }

    #[test]
    fn linux_counts_a_threads_context_switches() {
        if cfg!(all(target_os = "linux", not(miri))) {
            let before = preemptions().expect("getrusage of the thread");
            std::thread::sleep(std::time::Duration::from_millis(1));
            assert!(preemptions().unwrap() >= before, "the count never goes back");
        } else {
            println!(
                "skipped: only Linux counts a thread's context switches here, and not under Miri"
            );
        }
    }
}
