//! The rows written as a run goes: [`RowWriter`], an [`Observer`] of the harness.

use std::io::{self, Write};

use sudoku_core::GridKind;

use super::row::{Row, RowFormat, rows};
use crate::Observer;
use crate::corpus::Corpus;
use crate::measure::EngineRun;

/// Writes every row it is shown; after the first write error it writes nothing more and keeps
/// the error for [`RowWriter::finish`].
pub struct RowWriter<W: Write> {
    /// The digest of the file being run.
    digest: Option<String>,
    csv: Option<csv::Writer<W>>,
    lines: Option<W>,
    error: Option<io::Error>,
    rows: u64,
}

impl<W: Write> RowWriter<W> {
    /// A writer of `format` into `out`.
    pub fn new(out: W, format: RowFormat) -> RowWriter<W> {
        let (csv, lines) = match format {
            RowFormat::Csv => (Some(csv::Writer::from_writer(out)), None),
            RowFormat::JsonLines => (None, Some(out)),
        };
        RowWriter { digest: None, csv, lines, error: None, rows: 0 }
    }

    /// Writes one row.
    pub fn write(&mut self, row: &Row) {
        if self.error.is_some() {
            return;
        }
        let written = match (&mut self.csv, &mut self.lines) {
            (Some(csv), _) => csv.serialize(row).map_err(io::Error::other),
            (None, Some(out)) => serde_json::to_writer(&mut *out, row)
                .map_err(io::Error::other)
                .and_then(|()| out.write_all(b"\n")),
            (None, None) => Ok(()),
        };
        match written {
            Ok(()) => self.rows += 1,
            Err(error) => self.error = Some(error),
        }
    }

    /// Flushes and returns the output and the number of rows, or the first error.
    pub fn finish(self) -> io::Result<(W, u64)> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let out = match (self.csv, self.lines) {
            (Some(csv), _) => csv.into_inner().map_err(|error| error.into_error())?,
            (None, Some(out)) => out,
            (None, None) => unreachable!("a writer has one of its outputs"),
        };
        Ok((out, self.rows))
    }
}

impl<W: Write> Observer for RowWriter<W> {
    fn file(&mut self, corpus: &Corpus) {
        self.digest = Some(corpus.digest());
    }

    fn chunk(&mut self, chunk: &Corpus, kind: &GridKind, runs: &[EngineRun<'_>]) {
        let digest = self.digest.take();
        for row in rows(chunk, kind, runs, digest.as_deref()) {
            self.write(&row);
        }
        self.digest = digest;
    }
}
