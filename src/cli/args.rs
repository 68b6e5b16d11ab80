//! Value parsers for command-line numbers, so that every bad value gets a
//! message that says what is expected (clap's default for `--scope -1` is
//! a tip to write `-- -1`, and `Duration::from_secs_f64` panics on `1e20`).
//!
//! Durations (`check --timeout`, `prove`/`export --time-limit`) follow one
//! rule: a positive number of seconds; zero, negative numbers and NaN are
//! rejected; anything above [`MAX_SECS`] (about 31 years, `inf` included)
//! is treated as [`MAX_SECS`], which no run reaches, so a deadline computed
//! from it can never overflow.

use std::path::Path;
use std::time::Duration;

use relprove_engine::diag::{Diagnostic, FileId, SourceMap};

use super::exit::Exit;

/// The largest duration any time limit stands for: 10^9 seconds.
pub const MAX_SECS: f64 = 1e9;

/// `SECS`: a positive number of seconds, saturated at [`MAX_SECS`].
pub fn seconds(s: &str) -> Result<Duration, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds (e.g. 10 or 0.5)"))?;
    if t.is_nan() || t <= 0.0 {
        return Err(format!(
            "a time limit must be a positive number of seconds, not `{s}`"
        ));
    }
    Ok(Duration::from_secs_f64(t.min(MAX_SECS)))
}

/// A positive whole number (`--scope`, `--jobs`, `--node-limit`).
pub fn positive<T>(s: &str) -> Result<T, String>
where
    T: TryFrom<u64>,
{
    let bad = || format!("expected a whole number of at least 1, not `{s}`");
    let n: i128 = s.trim().parse().map_err(|_| bad())?;
    if n < 1 {
        return Err(bad());
    }
    let too_big = || format!("`{s}` is too large");
    let n = u64::try_from(n).map_err(|_| too_big())?;
    T::try_from(n).map_err(|_| too_big())
}

/// `--jobs N`, or one per core.
pub fn jobs(j: Option<usize>) -> usize {
    j.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// `--max-memory SIZE` in bytes; `None` after saying why it is not a size.
pub fn max_memory(size: &str) -> Option<u64> {
    let bytes = relprove_engine::budget::parse_bytes(size);
    if bytes.is_none() {
        eprintln!(
            "relprove: --max-memory `{size}`: expected a size such as 4G, 512M or 100000 (bytes)"
        );
    }
    bytes
}

/// Read a side file of a run (`--expect`, `--expect-diff`) into `sources`
/// and parse it with `parse`. A file that cannot be read or parsed is
/// reported on stderr, and the run ends with [`Exit::Input`].
pub fn side_file<T>(
    sources: &mut SourceMap,
    path: &Path,
    parse: impl FnOnce(FileId, &str) -> Result<T, Diagnostic>,
) -> Result<T, Exit> {
    let text = relprove_engine::diag::read_source(path).map_err(|e| {
        eprintln!("error[io]: cannot read {}: {e}", path.display());
        Exit::Input
    })?;
    let id = sources.add(path.display().to_string(), path, text.clone());
    parse(id, &text).map_err(|d| super::report::error(sources, d, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_rejects_and_saturates() {
        assert_eq!(seconds("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["0", "-1", "-0", "NaN", "x", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        for big in ["1e19", "1e20", "inf", "1e400"] {
            assert_eq!(
                seconds(big),
                Ok(Duration::from_secs(1_000_000_000)),
                "{big}"
            );
        }
    }

    #[test]
    fn positive_rejects_zero_and_negatives() {
        assert_eq!(positive::<u32>("3"), Ok(3));
        assert!(positive::<u32>("0").is_err());
        assert!(positive::<u32>("-1").unwrap_err().contains("at least 1"));
        assert!(positive::<u32>("99999999999")
            .unwrap_err()
            .contains("too large"));
        assert_eq!(positive::<usize>("12"), Ok(12));
    }
}
