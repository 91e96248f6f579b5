//! Solve times in flat memory: a latency histogram per pass, not a vector of every time.
//!
//! [`Latencies`] wraps an HdrHistogram: times in nanoseconds from 1 ns to [`HIGHEST_NANOS`]
//! with three significant digits, so every percentile is within 0.1% of the exact one, and a
//! histogram takes the same few hundred kilobytes for ten puzzles or ten million. Histograms
//! add up exactly: the chunks of a file, and the shards of a run merged with
//! `sudoku bench merge`, give the histogram one pass over the whole file would have given.
//!
//! In JSON a histogram is one string: the HdrHistogram V2 compressed encoding in base64, the
//! form other HdrHistogram tools read.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use hdrhistogram::Histogram;
use hdrhistogram::serialization::{Deserializer, Serializer, V2DeflateSerializer};
use serde::{Deserialize, Serialize};

/// The longest time a histogram tells apart: an hour. Longer solves count as an hour.
pub const HIGHEST_NANOS: u64 = 3_600_000_000_000;

/// Significant decimal digits kept: percentiles are within 0.1%.
const SIGNIFICANT_DIGITS: u8 = 3;

/// A histogram of solve times in nanoseconds.
#[derive(Clone, PartialEq)]
pub struct Latencies(Histogram<u64>);

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
                .expect("the bounds are valid"),
        )
    }

    /// Counts one time. Zero counts as 1 ns and anything above [`HIGHEST_NANOS`] as that.
    pub fn record(&mut self, nanos: u64) {
        self.0.saturating_record(nanos.clamp(1, HIGHEST_NANOS));
    }

    /// Adds every time of `other`.
    pub fn add(&mut self, other: &Latencies) {
        self.0.add(&other.0).expect("histograms of the same bounds always add");
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

    /// The V2 compressed encoding, in base64.
    pub fn encode(&self) -> String {
        let mut bytes = Vec::new();
        V2DeflateSerializer::new()
            .serialize(&self.0, &mut bytes)
            .expect("writing into memory cannot fail");
        BASE64.encode(bytes)
    }

    /// Reads back what [`Latencies::encode`] wrote.
    pub fn decode(text: &str) -> Result<Latencies, String> {
        let bytes = BASE64.decode(text).map_err(|error| format!("not base64: {error}"))?;
        let read: Histogram<u64> = Deserializer::new()
            .deserialize(&mut bytes.as_slice())
            .map_err(|error| format!("not an HdrHistogram: {error:?}"))?;
        let mut latencies = Latencies::new();
        latencies.0.add(&read).map_err(|error| format!("times out of range: {error:?}"))?;
        Ok(latencies)
    }
}

impl Serialize for Latencies {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.encode())
    }
}

impl<'de> Deserialize<'de> for Latencies {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Latencies::decode(&text).map_err(serde::de::Error::custom)
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
        one.add(&two);
        assert_eq!(one, both);
        let json = serde_json::to_string(&both).unwrap();
        let back: Latencies = serde_json::from_str(&json).unwrap();
        assert_eq!(back, both);
        let counted: u64 = back.counts().map(|(_, count)| count).sum();
        assert_eq!(counted, 8);
        assert!(Latencies::decode("not base64!").is_err());
        assert!(Latencies::decode("AAAA").is_err());
    }
}
