//! The values the command line chooses among read back by their names, and a wrong name
//! answered with every choice.

use std::fmt::Debug;
use std::str::FromStr;

use sudoku_bench::Mode;
use sudoku_bench::chart::ChartKind;
use sudoku_bench::compare::CompareFormat;
use sudoku_bench::output::OutputFormat;

/// Every value of `all` reads back from its name, no two share a name, and an unknown name
/// is refused with one line that lists every name.
fn names_read_back<T>(all: &[T], name: fn(T) -> &'static str, what: &str)
where
    T: Copy + PartialEq + Debug + FromStr<Err = String>,
{
    for &value in all {
        assert_eq!(name(value).parse::<T>(), Ok(value));
    }
    let mut names: Vec<&str> = all.iter().map(|&value| name(value)).collect();
    let error = "Table".parse::<T>().unwrap_err();
    assert_eq!(error, format!("unknown {what} 'Table' (one of {})", names.join(", ")));
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), all.len(), "two {what}s share a name");
}

#[test]
fn every_mode_format_and_chart_kind_reads_back_by_its_name() {
    names_read_back(&Mode::ALL, Mode::name, "mode");
    names_read_back(&OutputFormat::ALL, OutputFormat::name, "report format");
    names_read_back(&CompareFormat::ALL, CompareFormat::name, "comparison format");
    names_read_back(&ChartKind::ALL, ChartKind::name, "chart");
}

#[test]
fn every_format_has_a_help_line() {
    let helps = OutputFormat::ALL.map(OutputFormat::help).into_iter();
    for help in helps.chain(CompareFormat::ALL.map(CompareFormat::help)) {
        assert!(!help.is_empty() && !help.contains('\n'), "{help:?}");
    }
}
