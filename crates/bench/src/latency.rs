//! Solve times in flat memory: one latency histogram, not a vector of every time.
//!
//! [`Latencies`] wraps an HdrHistogram: times in nanoseconds from 1 ns to [`HIGHEST_NANOS`]
//! with three significant digits, so every percentile is within 0.1% of the exact one, and a
//! histogram takes the same few hundred kilobytes for ten puzzles or ten million. Histograms
//! add up exactly: the chunks of a file, the passes of a run, and the shards of a run merged
//! with `sudoku bench merge`, give the histogram one pass over the whole file would have given.
//!
//! In JSON a histogram is one string: the HdrHistogram V2 compressed encoding in base64, the
//! form other HdrHistogram tools read.
//!
//! A histogram read back from a file is untrusted: its header announces the bounds, and so the
//! memory, of the histogram it holds, and a 56-character string can announce gigabytes.
//! [`Latencies::decode`] therefore reads the header itself, inflates at most what a histogram
//! of this harness's bounds can take, requires exactly these bounds, and walks every count
//! before HdrHistogram builds anything. A histogram never holds more than [`MAX_COUNT`] times
//! in all (refused when read, refused when added), so every count it holds can be encoded again.

use std::fmt;
use std::io::Read;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use hdrhistogram::Histogram;
use hdrhistogram::serialization::{Deserializer, Serializer, V2DeflateSerializer};
use serde::{Deserialize, Serialize};

/// The longest time a histogram tells apart: an hour. Longer solves count as an hour.
pub const HIGHEST_NANOS: u64 = 3_600_000_000_000;

/// Significant decimal digits kept: percentiles are within 0.1%.
const SIGNIFICANT_DIGITS: u8 = 3;

/// The most times a histogram holds in all: the largest count the V2 encoding can write.
pub const MAX_COUNT: u64 = i64::MAX as u64;

/// The V2 encoding's cookies (HdrHistogram's `V2_COOKIE` and `V2_COMPRESSED_COOKIE`).
const V2_COOKIE: u32 = 0x1c84_9303 | 0x10;
const V2_COMPRESSED_COOKIE: u32 = 0x1c84_9304 | 0x10;

/// Bytes of the V2 header: cookie, payload length, normalizing offset, significant digits,
/// lowest and highest value, integer-to-double ratio.
const V2_HEADER: usize = 4 + 4 + 4 + 4 + 8 + 8 + 8;

/// The longest a LEB128 count of the V2 encoding is.
const MAX_VARINT: usize = 9;

/// A histogram of solve times in nanoseconds.
#[derive(Clone, PartialEq)]
pub struct Latencies(Histogram<u64>);

/// Why two histograms could not be added.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LatencyError {
    /// Together they would hold more than [`MAX_COUNT`] times.
    #[error("together the histograms would hold more than {MAX_COUNT} times")]
    TooManyTimes,
}

impl Default for Latencies {
    fn default() -> Self {
        Latencies::new()
    }
}

impl fmt::Debug for Latencies {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Latencies({} times", self.len())?;
        if !self.is_empty() {
            write!(formatter, ", {} to {} ns", self.0.min(), self.0.max())?;
        }
        write!(formatter, ")")
    }
}

impl Latencies {
    /// An empty histogram.
    pub fn new() -> Latencies {
        Latencies(
            Histogram::new_with_bounds(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS)
                .expect("the bounds are constants, and valid"),
        )
    }

    /// Counts one time. Zero counts as 1 ns and anything above [`HIGHEST_NANOS`] as that.
    /// Past [`MAX_COUNT`] times (centuries of solving) a time is not counted.
    pub fn record(&mut self, nanos: u64) {
        if self.len() < MAX_COUNT {
            self.0.saturating_record(nanos.clamp(1, HIGHEST_NANOS));
        }
    }

    /// Adds every time of `other`; refused, leaving `self` as it was, when both together would
    /// hold more than [`MAX_COUNT`] times.
    pub fn add(&mut self, other: &Latencies) -> Result<(), LatencyError> {
        match self.len().checked_add(other.len()) {
            Some(total) if total <= MAX_COUNT => {}
            _ => return Err(LatencyError::TooManyTimes),
        }
        // Same bounds on both sides, so HdrHistogram adds bucket by bucket and cannot fail;
        // its error is still passed on rather than unwrapped.
        self.0.add(&other.0).map_err(|_| LatencyError::TooManyTimes)
    }

    /// How many times were counted.
    pub fn len(&self) -> u64 {
        self.0.len()
    }

    /// Whether no time was counted.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The time at `quantile` (0 to 1) by nearest rank, in ns (0 when empty).
    pub fn quantile_nanos(&self, quantile: f64) -> u64 {
        if self.is_empty() { 0 } else { self.0.value_at_quantile(quantile) }
    }

    /// The median time, ns.
    pub fn median_nanos(&self) -> u64 {
        self.quantile_nanos(0.5)
    }

    /// The longest time, ns (0 when empty).
    pub fn max_nanos(&self) -> u64 {
        if self.is_empty() { 0 } else { self.0.max() }
    }

    /// Every distinct time counted, shortest first, with how many times it was counted. Each
    /// time is its bucket's highest value (within 0.1% of the true times).
    pub fn counts(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.0.iter_recorded().map(|value| (value.value_iterated_to(), value.count_at_value()))
    }

    /// The V2 compressed encoding, in base64. The encoder refuses only counts above
    /// [`MAX_COUNT`], which no `Latencies` holds ([`Latencies::record`], [`Latencies::add`]
    /// and [`Latencies::decode`] keep every histogram within it); were it ever to refuse, the
    /// text is empty, which no reader takes for a histogram.
    pub fn encode(&self) -> String {
        let mut bytes = Vec::new();
        match V2DeflateSerializer::new().serialize(&self.0, &mut bytes) {
            Ok(_) => BASE64.encode(bytes),
            Err(_) => String::new(),
        }
    }

    /// Reads back what [`Latencies::encode`] wrote, as untrusted input: the error says, in
    /// words, what is wrong. Nothing is allocated beyond the size of a histogram of this
    /// harness's bounds, whatever the text announces.
    pub fn decode(text: &str) -> Result<Latencies, String> {
        let bytes = BASE64.decode(text.trim()).map_err(|error| {
            format!("not base64 ({})", error.to_string().trim_end_matches('.').to_lowercase())
        })?;
        Latencies::decode_bytes(&bytes)
    }

    /// Reads the V2 compressed encoding itself (what [`Latencies::decode`] reads once out of
    /// base64), as untrusted input.
    pub fn decode_bytes(bytes: &[u8]) -> Result<Latencies, String> {
        let inner = inflate(bytes)?;
        check_header(&inner)?;
        check_counts(&inner[V2_HEADER..], buckets())?;
        // Everything HdrHistogram could trip on was checked above: its bounds are ours, every
        // count fits, and the counts end within the histogram.
        let read: Histogram<u64> = Deserializer::new()
            .deserialize(&mut inner.as_slice())
            .map_err(|_| "not a histogram this harness can read".to_owned())?;
        let mut latencies = Latencies::new();
        if read.len() > MAX_COUNT {
            return Err(format!("it holds more than {MAX_COUNT} times in all"));
        }
        latencies.add(&Latencies(read)).map_err(|error| error.to_string())?;
        Ok(latencies)
    }
}

/// How many buckets (counts) a histogram of this harness's bounds has.
fn buckets() -> usize {
    static BUCKETS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *BUCKETS.get_or_init(|| Latencies::new().0.distinct_values())
}

/// The uncompressed V2 encoding inside `bytes` (a V2 compressed encoding), inflated to at most
/// what a histogram of this harness's bounds can take.
fn inflate(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if bytes.len() < 8 {
        return Err(format!(
            "too short to be a histogram ({} bytes; the header alone takes 8)",
            bytes.len()
        ));
    }
    let cookie = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    if cookie != V2_COMPRESSED_COOKIE {
        return Err(format!(
            "not an HdrHistogram V2 compressed histogram (it begins with {cookie:#010x}, not \
             {V2_COMPRESSED_COOKIE:#010x})"
        ));
    }
    let length = u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    let compressed = &bytes[8..];
    if u64::from(length) != compressed.len() as u64 {
        return Err(format!(
            "its header announces {length} compressed bytes, but {} follow",
            compressed.len()
        ));
    }
    let limit = V2_HEADER + buckets() * MAX_VARINT;
    let mut inner = Vec::new();
    flate2::read::ZlibDecoder::new(compressed)
        .take(limit as u64 + 1)
        .read_to_end(&mut inner)
        .map_err(|_| "its compressed part is not valid zlib data".to_owned())?;
    if inner.len() > limit {
        return Err(format!(
            "it inflates to more than {limit} bytes, more than any histogram of 1 ns to 1 h \
             holds"
        ));
    }
    Ok(inner)
}

/// Checks the V2 header of `inner`: its cookie, its payload length against the bytes that
/// follow, and bounds equal to this harness's.
fn check_header(inner: &[u8]) -> Result<(), String> {
    if inner.len() < V2_HEADER {
        return Err(format!(
            "its histogram header is cut short ({} bytes of {V2_HEADER})",
            inner.len()
        ));
    }
    let u32_at = |at: usize| u32::from_be_bytes(inner[at..at + 4].try_into().unwrap_or([0; 4]));
    let u64_at = |at: usize| u64::from_be_bytes(inner[at..at + 8].try_into().unwrap_or([0; 8]));
    if u32_at(0) != V2_COOKIE {
        return Err(format!(
            "its inflated part is not an HdrHistogram V2 histogram (it begins with {:#010x})",
            u32_at(0)
        ));
    }
    let payload = u32_at(4);
    if u64::from(payload) != (inner.len() - V2_HEADER) as u64 {
        return Err(format!(
            "its header announces {payload} bytes of counts, but {} follow",
            inner.len() - V2_HEADER
        ));
    }
    if u32_at(8) != 0 {
        return Err("it uses a normalizing index offset, which this harness never writes".into());
    }
    let (digits, lowest, highest) = (u32_at(12), u64_at(16), u64_at(24));
    if (digits, lowest, highest) != (u32::from(SIGNIFICANT_DIGITS), 1, HIGHEST_NANOS) {
        return Err(format!(
            "its bounds are {lowest} to {highest} ns at {digits} significant digits; this \
             harness writes and reads only 1 to {HIGHEST_NANOS} ns at {SIGNIFICANT_DIGITS}"
        ));
    }
    if f64::from_bits(u64_at(32)) != 1.0 {
        return Err("it converts its values to doubles, which this harness never writes".into());
    }
    Ok(())
}

/// Walks the counts of a V2 payload (LEB128, zig-zag: a count, or a run of zero counts when
/// negative): they must end within `slots` buckets and add up to at most [`MAX_COUNT`].
fn check_counts(payload: &[u8], slots: usize) -> Result<(), String> {
    let (mut at, mut index, mut total) = (0usize, 0u64, 0u64);
    while at < payload.len() {
        let mut value = 0u64;
        let mut read = 0;
        loop {
            let Some(&byte) = payload.get(at + read) else {
                return Err("its counts end in the middle of a number".to_owned());
            };
            if read == MAX_VARINT - 1 {
                // The ninth byte of the encoding keeps all its eight bits.
                value |= u64::from(byte) << 56;
                read += 1;
                break;
            }
            value |= u64::from(byte & 0x7f) << (7 * read);
            read += 1;
            if byte & 0x80 == 0 {
                break;
            }
        }
        at += read;
        let decoded = ((value >> 1) as i64) ^ -((value & 1) as i64);
        let step = if decoded < 0 {
            decoded.unsigned_abs()
        } else {
            total = total
                .checked_add(decoded as u64)
                .filter(|&sum| sum <= MAX_COUNT)
                .ok_or_else(|| format!("its counts add up to more than {MAX_COUNT} times"))?;
            1
        };
        index = index.checked_add(step).filter(|&end| end <= slots as u64).ok_or_else(|| {
            format!("it holds more counts than the {slots} buckets its bounds have")
        })?;
    }
    Ok(())
}

impl Serialize for Latencies {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.encode())
    }
}

impl<'de> Deserialize<'de> for Latencies {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Latencies::decode(&text)
            .map_err(|reason| serde::de::Error::custom(format!("not a valid histogram: {reason}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_within_a_thousandth_and_extremes_are_clamped() {
        let mut latencies = Latencies::new();
        for nanos in 1..=10_000u64 {
            latencies.record(nanos * 1000);
        }
        let median = latencies.median_nanos() as f64;
        assert!((median / 5_000_000.0 - 1.0).abs() < 0.001, "{median}");
        let p99 = latencies.quantile_nanos(0.99) as f64;
        assert!((p99 / 9_900_000.0 - 1.0).abs() < 0.001, "{p99}");
        latencies.record(0);
        latencies.record(u64::MAX);
        assert_eq!(latencies.len(), 10_002);
        assert!(latencies.max_nanos() >= HIGHEST_NANOS);
        assert_eq!(Latencies::new().median_nanos(), 0);
    }

    #[test]
    fn histograms_add_and_read_back_exactly() {
        let (mut one, mut two, mut both) = (Latencies::new(), Latencies::new(), Latencies::new());
        for nanos in [3u64, 70, 70, 1_500, 2_000_000] {
            one.record(nanos);
            both.record(nanos);
        }
        for nanos in [9u64, 80_000, 5_000_000_000] {
            two.record(nanos);
            both.record(nanos);
        }
        one.add(&two).unwrap();
        assert_eq!(one, both);
        let json = serde_json::to_string(&both).unwrap();
        let back: Latencies = serde_json::from_str(&json).unwrap();
        assert_eq!(back, both);
        let counted: u64 = back.counts().map(|(_, count)| count).sum();
        assert_eq!(counted, 8);
        assert!(Latencies::decode("not base64!").is_err());
        assert!(Latencies::decode("AAAA").is_err());
    }

    #[test]
    fn a_header_announcing_four_gib_is_refused_before_anything_is_allocated() {
        let forged = "HISTFAAAACB4nJNpmSz8HwgYIIAZSjMCmW4GOxYw2H+ACAAA168IRw==";
        let message = Latencies::decode(forged).unwrap_err();
        assert!(message.contains("4294967295 bytes of counts, but 0 follow"), "{message}");
        // A whole histogram never inflates past what its buckets can take.
        let full = Latencies::new();
        assert!(full.encode().len() < V2_HEADER + buckets() * MAX_VARINT);
    }
}
