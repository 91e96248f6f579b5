//! Reading a line from a source that is not trusted, with a bound on what it may make this
//! process hold.
//!
//! A file of NUL bytes, a binary file given by mistake or an engine from outside that writes
//! without end has no line ends: reading "a line" from it with [`BufRead::read_until`] would
//! hold it all. [`read_line`] keeps at most a given number of bytes of a line and says when
//! the line was longer; what is done then is the caller's (refuse the file, fail the engine,
//! or [`skip_line`] and go on, as a server answering requests does).

use std::io::{self, BufRead};

/// What [`read_line`] read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Line {
    /// A line of at most the bound's bytes, without its end (`\n`, or `\r\n`), or the last
    /// line of the input when it has no end.
    Whole,
    /// A line longer than the bound: its first bound bytes were kept, and the rest of it (one
    /// byte or more) is still unread.
    TooLong,
    /// The end of the input: nothing was read.
    End,
}

/// Reads one line of `input` into `line` (cleared first), keeping at most `max` bytes of it.
///
/// The bound counts the bytes before the `\n`, so a line of `max` bytes and its end is
/// [`Line::Whole`]. A line's end is taken off: its `\n`, and a `\r` before it (a file written
/// on Windows); a `\r` elsewhere, such as at the end of an input that ends without a `\n`,
/// is kept. No check of the bytes is made here (UTF-8, control characters): the callers'
/// messages name what they expect. An interrupted read is retried; any other error is
/// returned, with `line` holding what was read so far.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    line.clear();
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(if read_any { Line::Whole } else { Line::End });
        }
        read_any = true;
        let room = max - line.len();
        // Up to the room left, and one byte more: a `\n` there still ends a line of `max`
        // bytes; any other byte there makes the line too long.
        let seen = &available[..available.len().min(room + 1)];
        match seen.iter().position(|&byte| byte == b'\n') {
            Some(end) => {
                line.extend_from_slice(&seen[..end]);
                input.consume(end + 1);
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Ok(Line::Whole);
            }
            None if seen.len() > room => {
                line.extend_from_slice(&seen[..room]);
                input.consume(room);
                return Ok(Line::TooLong);
            }
            None => {
                let taken = seen.len();
                line.extend_from_slice(seen);
                input.consume(taken);
            }
        }
    }
}

/// Reads the rest of the current line and drops it, up to and including its `\n` (or to the
/// end of the input), holding at most a few kilobytes of it: after [`Line::TooLong`], the
/// next [`read_line`] then reads the next line.
pub fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    let mut piece = Vec::new();
    while read_line(input, &mut piece, SKIPPED_AT_ONCE)? == Line::TooLong {}
    Ok(())
}

/// The bytes [`skip_line`] holds at a time.
const SKIPPED_AT_ONCE: usize = 8192;

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    /// Every line of `bytes` read with bound `max` through a buffer of `capacity` bytes (so
    /// that lines cross the buffer's refills), each line too long skipped: what was read and
    /// kept, until the end.
    fn lines(bytes: &[u8], max: usize, capacity: usize) -> Vec<(Line, Vec<u8>)> {
        let mut input = BufReader::with_capacity(capacity, bytes);
        let mut line = Vec::new();
        let mut read = Vec::new();
        loop {
            let kind = read_line(&mut input, &mut line, max).unwrap();
            if kind == Line::End {
                return read;
            }
            if kind == Line::TooLong {
                skip_line(&mut input).unwrap();
            }
            read.push((kind, line.clone()));
        }
    }

    /// `lines` at several buffer sizes, which must all read the same.
    fn lines_at_every_capacity(bytes: &[u8], max: usize) -> Vec<(Line, Vec<u8>)> {
        let read = lines(bytes, max, 64);
        for capacity in [1, 2, 3, 5, 8] {
            assert_eq!(lines(bytes, max, capacity), read, "buffer of {capacity} bytes");
        }
        read
    }

    fn whole(text: &str) -> (Line, Vec<u8>) {
        (Line::Whole, text.as_bytes().to_vec())
    }

    #[test]
    fn an_empty_input_is_the_end_at_once() {
        assert_eq!(lines_at_every_capacity(b"", 4), []);
        let mut line = b"left over".to_vec();
        assert_eq!(read_line(&mut &b""[..], &mut line, 4).unwrap(), Line::End);
        assert!(line.is_empty());
    }

    #[test]
    fn a_line_at_the_bound_is_whole_and_one_byte_more_is_too_long() {
        assert_eq!(lines_at_every_capacity(b"abcd\nnext\n", 4), [whole("abcd"), whole("next")]);
        assert_eq!(
            lines_at_every_capacity(b"abcde\nnext\n", 4),
            [(Line::TooLong, b"abcd".to_vec()), whole("next")]
        );
        // The last line, without its end, is bounded the same way.
        assert_eq!(lines_at_every_capacity(b"abcd", 4), [whole("abcd")]);
        assert_eq!(lines_at_every_capacity(b"abcde", 4), [(Line::TooLong, b"abcd".to_vec())]);
    }

    #[test]
    fn a_long_line_is_never_held_beyond_the_bound() {
        let long = vec![0u8; 100_000];
        let mut input = BufReader::with_capacity(4096, &long[..]);
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line, 10).unwrap(), Line::TooLong);
        assert_eq!(line.len(), 10);
        // The rest is unread until skipped.
        let mut rest = Vec::new();
        input.read_to_end(&mut rest).unwrap();
        assert_eq!(rest.len(), 100_000 - 10);
    }

    #[test]
    fn a_last_line_without_its_end_is_whole() {
        assert_eq!(lines_at_every_capacity(b"one\ntwo", 8), [whole("one"), whole("two")]);
        assert_eq!(lines_at_every_capacity(b"one\n", 8), [whole("one")]);
    }

    #[test]
    fn blank_lines_are_lines() {
        assert_eq!(lines_at_every_capacity(b"\n\r\nx\n", 8), [whole(""), whole(""), whole("x")]);
    }

    #[test]
    fn crlf_ends_a_line_and_other_carriage_returns_are_kept() {
        assert_eq!(lines_at_every_capacity(b"ab\r\ncd\n", 8), [whole("ab"), whole("cd")]);
        assert_eq!(lines_at_every_capacity(b"a\rb\r\r\nc\r", 8), [whole("a\rb\r"), whole("c\r")]);
        // The bound counts the `\r` of a line's end: the line is the bytes before `\n`.
        assert_eq!(lines_at_every_capacity(b"abcd\r\n", 4), [(Line::TooLong, b"abcd".to_vec())]);
        assert_eq!(lines_at_every_capacity(b"abc\r\n", 4), [whole("abc")]);
    }

    #[test]
    fn bytes_are_passed_on_unchecked() {
        let bytes = b"\xff\xfe\x00\n\xc3\n";
        assert_eq!(
            lines_at_every_capacity(bytes, 8),
            [(Line::Whole, b"\xff\xfe\x00".to_vec()), (Line::Whole, b"\xc3".to_vec())]
        );
    }

    #[test]
    fn skipping_ends_after_the_line_or_at_the_end_of_the_input() {
        let mut input = &b"rest of a line\nnext\n"[..];
        skip_line(&mut input).unwrap();
        assert_eq!(input, b"next\n");
        let mut input = &b"no end"[..];
        skip_line(&mut input).unwrap();
        assert!(input.is_empty());
        // A line far longer than what is skipped at once.
        let mut long = vec![b'x'; 10 * SKIPPED_AT_ONCE + 1];
        long.extend_from_slice(b"\nnext\n");
        let mut input = &long[..];
        skip_line(&mut input).unwrap();
        assert_eq!(input, b"next\n");
    }

    /// A source that is interrupted before each byte it gives.
    struct Interrupting<'a> {
        bytes: &'a [u8],
        interrupt: bool,
    }

    impl Read for Interrupting<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let one = buffer.len().min(1);
            self.bytes.read(&mut buffer[..one])
        }
    }

    #[test]
    fn interrupted_reads_are_retried_and_other_errors_returned() {
        let source = Interrupting { bytes: b"ab\ncd", interrupt: false };
        let mut input = BufReader::new(source);
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), Line::Whole);
        assert_eq!(line, b"ab");
        skip_line(&mut input).unwrap();
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), Line::End);

        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("broken pipe"))
            }
        }
        let error = read_line(&mut BufReader::new(Broken), &mut line, 8).unwrap_err();
        assert_eq!(error.to_string(), "broken pipe");
        assert!(skip_line(&mut BufReader::new(Broken)).is_err());
    }
}
