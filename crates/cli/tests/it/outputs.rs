//! Output paths that are not plain files, and runs that end early: `--out` never harms what it
//! names. Devices and FIFOs are written in place, symlinks followed, modes kept; an
//! interrupted `sudoku generate` leaves the previous file and no partial one; generating to
//! standard output streams.
#![cfg(unix)]

use crate::common;

use std::io::{BufRead, BufReader, Read};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{PATIENCE, repository, sudoku, wait_for};

/// A corpus of 20 puzzles, so that `sudoku bench` finishes at once.
fn tiny_corpus(directory: &Path) -> PathBuf {
    let shipped =
        std::fs::read_to_string(repository().join("data/corpus/generated-10000.txt")).unwrap();
    let puzzles: Vec<&str> =
        shipped.lines().filter(|line| !line.starts_with('#')).take(20).collect();
    let path = directory.join("tiny.txt");
    std::fs::write(&path, puzzles.join("\n") + "\n").unwrap();
    path
}

fn bench_out(corpus: &Path, out: &Path) -> Output {
    let (corpus, out) = (corpus.to_str().unwrap(), out.to_str().unwrap());
    sudoku(&["bench", corpus, "--engines", "fast", "-j", "1", "--out", out], b"")
}

fn generate_out(out: &Path) -> Output {
    sudoku(&["generate", "--count", "3", "--seed", "1", "--out", out.to_str().unwrap()], b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn is_root() -> bool {
    let output = Command::new("id").arg("-u").output().unwrap();
    text(&output.stdout).trim() == "0"
}

/// Runs `command` (a tool such as `mknod`), failing the test when it fails.
fn run(command: &str, args: &[&str]) {
    let status = Command::new(command).args(args).status().unwrap();
    assert!(status.success(), "{command} {args:?}: {status}");
}

fn partial_files(directory: &Path) -> Vec<String> {
    std::fs::read_dir(directory)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".partial"))
        .collect()
}

#[test]
fn a_character_device_stays_a_device() {
    if !is_root() {
        eprintln!("skipped: making a device node needs root");
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let corpus = tiny_corpus(directory.path());
    let null = directory.path().join("null");
    run("mknod", &[null.to_str().unwrap(), "c", "1", "3"]);
    let is_device = || std::fs::metadata(&null).unwrap().file_type().is_char_device();

    let output = bench_out(&corpus, &null);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(is_device(), "bench --out replaced the device");
    let output = generate_out(&null);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(is_device(), "generate --out replaced the device");
    assert!(partial_files(directory.path()).is_empty());
}

#[test]
fn a_full_device_is_an_error_that_names_it() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let corpus = tiny_corpus(directory.path());
    for output in [bench_out(&corpus, full), generate_out(full)] {
        assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
        let stderr = text(&output.stderr);
        let errors: Vec<&str> = stderr.lines().filter(|line| line.starts_with("sudoku:")).collect();
        assert_eq!(errors.len(), 1, "{stderr}");
        assert!(errors[0].starts_with("sudoku: cannot write /dev/full: "), "{stderr}");
    }
    assert!(std::fs::metadata(full).unwrap().file_type().is_char_device());
}

#[test]
fn a_fifo_receives_the_report() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = tiny_corpus(directory.path());
    let fifo = directory.path().join("report.fifo");
    run("mkfifo", &[fifo.to_str().unwrap()]);
    let (sender, received) = std::sync::mpsc::channel();
    let reading = fifo.clone();
    // Opening a FIFO for reading waits for its writer; should the writer never come, the
    // thread is left behind and the test fails on the timeout below.
    std::thread::spawn(move || {
        let mut report = String::new();
        std::fs::File::open(&reading).unwrap().read_to_string(&mut report).unwrap();
        let _ = sender.send(report);
    });
    let output = bench_out(&corpus, &fifo);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let report = received.recv_timeout(PATIENCE).expect("nothing came through the FIFO");
    assert!(report.lines().any(|line| line.starts_with("fast")), "{report}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(partial_files(directory.path()).is_empty());
}

#[test]
fn a_symlink_stays_a_link_and_its_target_gets_the_output() {
    let directory = tempfile::tempdir().unwrap();
    let results = directory.path().join("results");
    std::fs::create_dir(&results).unwrap();
    let target = results.join("puzzles.txt");
    std::fs::write(&target, "old\n").unwrap();
    let link = directory.path().join("latest.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();

    let output = generate_out(&link);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let written = std::fs::read_to_string(&target).unwrap();
    assert!(written.starts_with("# sudoku generate --count 3 --seed 1\n"), "{written}");
    assert!(partial_files(&results).is_empty() && partial_files(directory.path()).is_empty());
}

#[test]
fn an_existing_file_keeps_its_mode() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = tiny_corpus(directory.path());
    for (name, mode) in [("report.txt", 0o640), ("shared.txt", 0o664)] {
        let path = directory.path().join(name);
        std::fs::write(&path, "old\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        let output = bench_out(&corpus, &path);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_ne!(std::fs::read_to_string(&path).unwrap(), "old\n");
        let kept = std::fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(kept, mode, "{name}: {kept:o}");
    }
}

#[test]
fn sigterm_during_generate_leaves_the_previous_file_and_no_partial_one() {
    let directory = tempfile::tempdir().unwrap();
    let out = directory.path().join("corpus.txt");
    std::fs::write(&out, "the previous corpus\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["generate", "--count", "200000", "--seed", "1", "--out", out.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + PATIENCE;
    while partial_files(directory.path()).is_empty() {
        if Instant::now() > deadline || child.try_wait().unwrap().is_some() {
            let _ = child.kill();
            panic!("no temporary file appeared while generating");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    run("kill", &["-TERM", &child.id().to_string()]);
    let status = wait_for(&mut child);
    assert!(!status.success(), "{status}");
    assert_eq!(status.code(), Some(128 + 15), "{status}");
    assert_eq!(partial_files(directory.path()), Vec::<String>::new());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the previous corpus\n");
}

#[test]
fn generating_to_standard_output_streams_and_stops_quietly_when_the_reader_goes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["generate", "--count", "100000", "--seed", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert_eq!(first, "# sudoku generate --count 100000 --seed 1");
    let puzzle = lines.find(|line| !line.as_ref().unwrap().starts_with('#')).unwrap().unwrap();
    assert_eq!(puzzle.len(), 81);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first puzzle came only when all 100,000 were made"
    );
    drop(lines);
    let status = wait_for(&mut child);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_ne!(status.code(), Some(101), "{stderr}");
    assert_eq!(status.code(), Some(0), "a closed pipe ends quietly: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
