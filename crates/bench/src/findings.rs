//! What a bench run (or a merge, or a comparison of runs) found, as data: what it has to say,
//! in order ([`Message`]), and the verdict that becomes the exit code ([`Conclusion`]).
//!
//! The steps of [`crate::plan`] and [`crate::ran`] print nothing themselves: each adds its
//! messages to a [`Log`], and the front end says them (the command line on its standard
//! streams) before it takes the next step, so that what is found before the run is shown
//! before anything is timed.

/// One thing a step has to say.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Message {
    /// A problem, in one line: the run refused, a file unreadable, an output unwritable, or
    /// what the run found (disagreements, failures). The command line says it on standard
    /// error after `sudoku: `.
    Problem(String),
    /// A note for people, on standard error (how many puzzles could not be read, a baseline
    /// saved): the command line wraps it to its width.
    Note(String),
    /// A line about one puzzle, on standard error as it is (a read error, an engine's
    /// failure): one line each, for people and for `grep` alike.
    Row(String),
    /// Text for people on standard error, as it is (the verdicts of the gates, when standard
    /// output holds CSV or JSON).
    Text(String),
    /// Text for standard output (the report, and the verdicts of the gates beside a table).
    Out(Vec<u8>),
}

/// What the run found so far, for the verdict.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Findings {
    /// Engines disagreed on some puzzle, or an answer failed the check.
    pub disagreements: bool,
    /// Bad input or usage: an unreadable file or puzzle, an unwritable output, a gate that
    /// compared less than it was given.
    pub bad_input: bool,
    /// Some engine from outside failed on some puzzle.
    pub failures: bool,
    /// Slower than a baseline beyond the threshold, or a counter changed.
    pub regression: bool,
}

/// The verdict of a run, the first that applies in this order: a disagreement, bad input, an
/// engine's failure, a regression; else it passed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Conclusion {
    /// Engines disagree on a puzzle, or an answer failed the check.
    Disagreement,
    /// Bad input or usage.
    BadInput,
    /// An engine from outside failed on some puzzle.
    EngineFailed,
    /// Slower than the baseline beyond the threshold, or a counter changed.
    Regression,
    /// None of those.
    Passed,
}

impl Findings {
    /// The verdict.
    pub fn conclusion(&self) -> Conclusion {
        if self.disagreements {
            Conclusion::Disagreement
        } else if self.bad_input {
            Conclusion::BadInput
        } else if self.failures {
            Conclusion::EngineFailed
        } else if self.regression {
            Conclusion::Regression
        } else {
            Conclusion::Passed
        }
    }
}

/// The messages of the steps taken, not yet said, and what was found.
#[derive(Debug, Default)]
pub struct Log {
    messages: Vec<Message>,
    /// What was found so far.
    pub findings: Findings,
}

impl Log {
    /// An empty log.
    pub fn new() -> Log {
        Log::default()
    }

    /// A problem: bad input, and its line.
    pub fn problem(&mut self, line: impl Into<String>) {
        self.findings.bad_input = true;
        self.messages.push(Message::Problem(line.into()));
    }

    /// A line that says what the run found, as a problem is said; what it found is recorded
    /// by the caller.
    pub fn warning(&mut self, line: impl Into<String>) {
        self.messages.push(Message::Problem(line.into()));
    }

    /// A note for people.
    pub fn note(&mut self, line: impl Into<String>) {
        self.messages.push(Message::Note(line.into()));
    }

    /// A line about one puzzle.
    pub fn row(&mut self, line: impl Into<String>) {
        self.messages.push(Message::Row(line.into()));
    }

    /// Text for people: on standard output when `to_stdout`, else on standard error.
    pub fn text(&mut self, text: String, to_stdout: bool) {
        self.messages.push(if to_stdout {
            Message::Out(text.into_bytes())
        } else {
            Message::Text(text)
        });
    }

    /// The messages not yet said, in order; the log keeps none.
    pub fn take(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.messages)
    }

    /// The messages not yet said, in order.
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    /// The verdict so far.
    pub fn conclusion(&self) -> Conclusion {
        self.findings.conclusion()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_finding_in_order_is_the_verdict() {
        let mut findings = Findings::default();
        assert_eq!(findings.conclusion(), Conclusion::Passed);
        findings.regression = true;
        assert_eq!(findings.conclusion(), Conclusion::Regression);
        findings.failures = true;
        assert_eq!(findings.conclusion(), Conclusion::EngineFailed);
        findings.bad_input = true;
        assert_eq!(findings.conclusion(), Conclusion::BadInput);
        findings.disagreements = true;
        assert_eq!(findings.conclusion(), Conclusion::Disagreement);
    }

    #[test]
    fn a_problem_is_bad_input_and_messages_are_said_once_in_order() {
        let mut log = Log::new();
        log.note("read");
        log.problem("cannot write");
        log.text("table\n".to_owned(), true);
        assert!(log.findings.bad_input);
        assert_eq!(
            log.take(),
            [
                Message::Note("read".into()),
                Message::Problem("cannot write".into()),
                Message::Out(b"table\n".to_vec())
            ]
        );
        assert!(log.take().is_empty());
    }
}
