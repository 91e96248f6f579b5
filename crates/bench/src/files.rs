//! Output files are written whole or not at all.
//!
//! A report, chart or baseline cut short by a full disk or an interrupted run would be worse
//! than none: a truncated baseline would fail every later comparison in confusing ways. So the
//! bytes go to a temporary file in the destination's directory, which is then renamed over the
//! destination: on the same file system a rename replaces the old file in one step.

use std::io::{self, Write};
use std::path::Path;

/// Writes `contents` to `path` atomically, replacing any file there. With `create_parents`,
/// missing directories on the way are made first.
pub fn write_atomically(path: &Path, contents: &[u8], create_parents: bool) -> io::Result<()> {
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if create_parents {
        std::fs::create_dir_all(directory)?;
    }
    let mut temporary = tempfile::Builder::new()
        .prefix(".sudoku-bench-")
        .suffix(".partial")
        .tempfile_in(directory)?;
    temporary.write_all(contents)?;
    temporary.as_file().sync_all()?;
    // Temporary files are private (0600); a report is an ordinary file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        temporary.as_file().set_permissions(std::fs::Permissions::from_mode(0o644))?;
    }
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_files_and_leaves_no_temporary_behind() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("nested/report.json");
        assert!(
            write_atomically(&path, b"first", false).is_err(),
            "no parent, not asked to make it"
        );
        write_atomically(&path, b"first", true).unwrap();
        write_atomically(&path, b"second", false).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["report.json"]);
    }
}

// SHIM (replaced by the real implementation)
/// shim
#[derive(Debug)]
pub struct OutputError(String);
impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
/// shim
pub fn check_destination(_path: &Path, _create_parents: bool) -> Result<(), OutputError> {
    Ok(())
}
/// shim
pub fn write_whole(path: &Path, contents: &[u8], create_parents: bool) -> Result<(), OutputError> {
    write_atomically(path, contents, create_parents)
        .map_err(|e| OutputError(format!("cannot write {}: {e}", path.display())))
}
/// shim
pub fn same_destination(a: &Path, b: &Path) -> bool {
    a == b
}
/// shim
pub fn is_stream(_path: &Path) -> bool {
    false
}
