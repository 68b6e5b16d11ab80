//! The limits of one command — a deadline and a memory ceiling — as one
//! object that every phase (bounds, translation, CNF conversion, solving)
//! consults from its inner loops.
//!
//! [`Budget::tick`] is meant for the innermost loops: it only bumps a
//! counter, and reads the clock and the allocation counter every
//! [`TICKS_PER_CHECK`] calls, so a stop comes within a few microseconds of
//! work after the limit passes. [`Budget::reserve`] is for the places that
//! can size what they are about to allocate (a universe, a product of
//! relations, a solver's clause database): they ask first and fail with a
//! [`Exhausted::Memory`] that says what did not fit.
//!
//! Memory is measured, not guessed, where the binary installs
//! [`CountingAlloc`] as its global allocator (`relprove` does): the bytes
//! live on the Rust heap are then known at every check. Memory the SAT
//! solver allocates in C++ is not seen by it, so the solver's share is
//! estimated from the CNF before loading it ([`Budget::reserve`]).
//!
//! [`Progress`] carries what the command is doing (phase, CNF size,
//! conflicts) to whoever displays it; the library only stores numbers.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Calls of [`Budget::tick`] between two real checks.
pub const TICKS_PER_CHECK: u32 = 1024;

/// The default `--max-memory`: well under the RAM of a small machine.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// Which limit stopped a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The deadline passed.
    Time,
    /// The command needs more memory than allowed.
    Memory(MemoryNeed),
}

/// What did not fit, for the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryNeed {
    /// What was being built (`the bounds of field \`r\``, `the CNF`).
    pub what: String,
    /// Bytes in use plus bytes asked for.
    pub bytes: u64,
    /// The ceiling (`--max-memory`), in bytes.
    pub limit: u64,
}

impl std::fmt::Display for Exhausted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exhausted::Time => write!(f, "time limit"),
            Exhausted::Memory(m) => write!(
                f,
                "memory limit: {} would need about {} (limit {})",
                m.what,
                human_bytes(m.bytes),
                human_bytes(m.limit)
            ),
        }
    }
}

/// The most worker threads any pool starts (`--jobs`): far above the
/// cores of any machine relprove runs on, far below what makes starting
/// them a hang (`--jobs 99999999` never ended, issue 34).
pub const MAX_WORKERS: usize = 1024;

/// Worker threads for `tasks` tasks when `--jobs` asked for `jobs`: at
/// least one, no more than there are tasks, at most [`MAX_WORKERS`].
///
/// ```
/// use relprove_engine::budget::workers;
/// assert_eq!(workers(99_999_999, 1), 1);
/// assert_eq!(workers(0, 10), 1);
/// assert_eq!(workers(4, 10), 4);
/// assert_eq!(workers(usize::MAX, 1 << 20), relprove_engine::budget::MAX_WORKERS);
/// ```
pub fn workers(jobs: usize, tasks: usize) -> usize {
    jobs.clamp(1, MAX_WORKERS).min(tasks.max(1))
}

/// `1.5 GiB`, `300 MiB`, `12 KiB`, `7 B`.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else if v >= 100.0 {
        format!("{v:.0} {}", UNITS[u])
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// Parse `--max-memory` values: `4G`, `512M`, `2GiB`, `100000` (bytes).
pub fn parse_bytes(s: &str) -> Option<u64> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let v: f64 = num.parse().ok()?;
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => return None,
    };
    let bytes = v * mult as f64;
    (bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64).then_some(bytes as u64)
}

/// The phases a command goes through, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Stage {
    /// Computing the bounds.
    Bounds = 0,
    /// Building the circuit.
    Translate = 1,
    /// Turning the circuit into clauses.
    Cnf = 2,
    /// The SAT solver.
    Solve = 3,
    /// Re-checking an answer with the independent evaluator.
    Evaluate = 4,
}

impl Stage {
    /// Its name in messages (`time limit (during solving)`).
    pub fn word(self) -> &'static str {
        match self {
            Stage::Bounds => "bounds",
            Stage::Translate => "translating",
            Stage::Cnf => "CNF",
            Stage::Solve => "solving",
            Stage::Evaluate => "evaluating",
        }
    }
    /// The phase, as a noun (`time limit (during translation)`).
    pub fn phase_name(self) -> &'static str {
        match self {
            Stage::Bounds => "bounds computation",
            Stage::Translate => "translation",
            Stage::Cnf => "CNF conversion",
            Stage::Solve => "solving",
            Stage::Evaluate => "evaluation",
        }
    }
    fn from_u8(v: u8) -> Stage {
        match v {
            0 => Stage::Bounds,
            1 => Stage::Translate,
            2 => Stage::Cnf,
            3 => Stage::Solve,
            _ => Stage::Evaluate,
        }
    }
}

/// What a running command is doing, readable from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    stage: AtomicU8,
    /// Circuit gates built so far (translation).
    pub gates: AtomicU64,
    /// CNF variables so far.
    pub variables: AtomicU64,
    /// CNF clauses so far.
    pub clauses: AtomicU64,
    /// Conflicts of the built-in solver so far.
    pub conflicts: AtomicU64,
    /// Set by another thread to stop the built-in solvers that share this
    /// record (cube workers stop at the first satisfiable cube).
    pub cancel: std::sync::atomic::AtomicBool,
}

impl Progress {
    /// Enter stage `s`.
    pub fn set_stage(&self, s: Stage) {
        self.stage.store(s as u8, Ordering::Relaxed);
    }
    /// The current stage.
    pub fn stage(&self) -> Stage {
        Stage::from_u8(self.stage.load(Ordering::Relaxed))
    }
    /// Back to the first stage with every counter at zero (the next
    /// command of a run).
    pub fn reset(&self) {
        self.set_stage(Stage::Bounds);
        for c in [&self.gates, &self.variables, &self.clauses, &self.conflicts] {
            c.store(0, Ordering::Relaxed);
        }
    }
}

/// The limits of one command. Cheap to clone (the counters are per copy;
/// the progress record is shared).
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Option<Instant>,
    max_bytes: u64,
    /// Bytes promised to memory the allocator does not see (the solver).
    external: u64,
    ticks: Cell<u32>,
    /// What the command is doing, for a status line (shared by copies).
    pub progress: Arc<Progress>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::unlimited()
    }
}

impl Budget {
    /// No deadline, no memory ceiling.
    pub fn unlimited() -> Budget {
        Budget {
            deadline: None,
            max_bytes: u64::MAX,
            external: 0,
            ticks: Cell::new(0),
            progress: Arc::default(),
        }
    }

    /// A deadline `timeout` from now (saturating far in the future) and a
    /// memory ceiling (`None`: none).
    pub fn new(timeout: Option<Duration>, max_bytes: Option<u64>) -> Budget {
        let now = Instant::now();
        Budget {
            deadline: timeout.map(|t| deadline_after(now, t)),
            max_bytes: max_bytes.unwrap_or(u64::MAX),
            ..Budget::unlimited()
        }
    }

    /// This budget reporting into `p`.
    pub fn with_progress(mut self, p: Arc<Progress>) -> Budget {
        self.progress = p;
        self
    }

    /// When the time is up (`None`: never).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// A copy whose deadline is at most `limit` from now (the same memory
    /// ceiling and progress record).
    pub fn until(&self, limit: Duration) -> Budget {
        let now = Instant::now();
        let d = now.checked_add(limit).unwrap_or(now);
        Budget {
            deadline: Some(self.deadline.map_or(d, |own| own.min(d))),
            ..self.clone()
        }
    }

    /// Time left before the deadline (`None`: no deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// The memory ceiling in bytes (`None`: none).
    pub fn max_bytes(&self) -> Option<u64> {
        (self.max_bytes != u64::MAX).then_some(self.max_bytes)
    }

    /// Count one unit of work; every [`TICKS_PER_CHECK`] units, [`check`](Self::check).
    #[inline]
    pub fn tick(&self) -> Result<(), Exhausted> {
        let t = self.ticks.get().wrapping_add(1);
        self.ticks.set(t);
        if t.is_multiple_of(TICKS_PER_CHECK) {
            self.check()
        } else {
            Ok(())
        }
    }

    /// Read the clock and the heap now.
    pub fn check(&self) -> Result<(), Exhausted> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Exhausted::Time);
        }
        if self.max_bytes != u64::MAX {
            let used = allocated_bytes().saturating_add(self.external);
            if used > self.max_bytes {
                return Err(Exhausted::Memory(MemoryNeed {
                    what: format!("{} phase", self.progress.stage().word()),
                    bytes: used,
                    limit: self.max_bytes,
                }));
            }
        }
        Ok(())
    }

    /// Ask for `bytes` more before allocating them; `what` names them.
    pub fn reserve(&self, bytes: u64, what: impl FnOnce() -> String) -> Result<(), Exhausted> {
        if self.max_bytes == u64::MAX {
            return Ok(());
        }
        let total = allocated_bytes()
            .saturating_add(self.external)
            .saturating_add(bytes);
        if total > self.max_bytes {
            return Err(Exhausted::Memory(MemoryNeed {
                what: what(),
                bytes: total,
                limit: self.max_bytes,
            }));
        }
        Ok(())
    }

    /// Like [`reserve`](Self::reserve), and keep counting `bytes` as used
    /// in later checks (memory outside the Rust heap).
    pub fn reserve_external(
        &mut self,
        bytes: u64,
        what: impl FnOnce() -> String,
    ) -> Result<(), Exhausted> {
        self.reserve(bytes, what)?;
        self.external = self.external.saturating_add(bytes);
        Ok(())
    }
}

/// `start + t`, saturating far in the future (a huge `--timeout` must not
/// overflow `Instant`).
pub fn deadline_after(start: Instant, t: Duration) -> Instant {
    start
        .checked_add(t)
        .unwrap_or_else(|| start + Duration::from_secs(100 * 365 * 86_400))
}

// ---------------------------------------------------------------------
// Heap accounting

static ALLOCATED: AtomicIsize = AtomicIsize::new(0);

/// Bytes a thread may allocate or free before it adds them to
/// [`ALLOCATED`]: one shared atomic updated on every call made the
/// allocator a hot spot with two worker threads (the cache line moved
/// between cores on each allocation), so each thread keeps its running
/// difference and publishes it in steps of this size. The global figure
/// is off by at most this much per thread, far below any memory limit.
const FLUSH_BYTES: isize = 256 << 10;

thread_local! {
    // `const` and no destructor: usable from the allocator, at any point
    // of a thread's life, without allocating.
    static PENDING: Cell<isize> = const { Cell::new(0) };
}

fn account(delta: isize) {
    let published = PENDING.try_with(|p| {
        let d = p.get() + delta;
        if d.abs() >= FLUSH_BYTES {
            p.set(0);
            ALLOCATED.fetch_add(d, Ordering::Relaxed);
        } else {
            p.set(d);
        }
    });
    if published.is_err() {
        // The thread's locals are gone (thread exit): count directly.
        ALLOCATED.fetch_add(delta, Ordering::Relaxed);
    }
}

/// Bytes live on the Rust heap, when [`CountingAlloc`] is the global
/// allocator (0 otherwise: only estimates then apply), up to
/// [`FLUSH_BYTES`] per thread not yet published.
pub fn allocated_bytes() -> u64 {
    let pending = PENDING.try_with(Cell::get).unwrap_or(0);
    (ALLOCATED.load(Ordering::Relaxed) + pending).max(0) as u64
}

/// The allocator `CountingAlloc` forwards to: mimalloc, which takes the
/// many small, short-lived allocations of translation (matrices, gate
/// lists) at a fraction of glibc malloc's cost (issue 21: allocation was a
/// third of the litmus folder's profile).
static INNER: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The heap allocator (mimalloc), counting the bytes it holds (a
/// thread-local add per call, published in steps of [`FLUSH_BYTES`]).
pub struct CountingAlloc;

// SAFETY: every call is forwarded unchanged to `INNER`; the counter is a
// side effect only, and `account` never allocates.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = INNER.alloc(layout);
        if !p.is_null() {
            account(layout.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = INNER.alloc_zeroed(layout);
        if !p.is_null() {
            account(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        INNER.dealloc(ptr, layout);
        account(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = INNER.realloc(ptr, layout, new_size);
        if !p.is_null() {
            account(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_print() {
        assert_eq!(parse_bytes("4G"), Some(4 << 30));
        assert_eq!(parse_bytes("512MiB"), Some(512 << 20));
        assert_eq!(parse_bytes("1.5k"), Some(1536));
        assert_eq!(parse_bytes("100"), Some(100));
        assert_eq!(parse_bytes("0"), None);
        assert_eq!(parse_bytes("-3G"), None);
        assert_eq!(parse_bytes("4X"), None);
        assert_eq!(parse_bytes("1e30"), None);
        assert_eq!(human_bytes(4 << 30), "4.0 GiB");
        assert_eq!(human_bytes(300 << 20), "300 MiB");
        assert_eq!(human_bytes(7), "7 B");
    }

    #[test]
    fn deadline_stops_ticks_and_memory_reservations_are_refused() {
        let b = Budget::new(Some(Duration::ZERO), None);
        let mut hit = false;
        for _ in 0..TICKS_PER_CHECK {
            if b.tick() == Err(Exhausted::Time) {
                hit = true;
            }
        }
        assert!(hit);
        let b = Budget::new(None, Some(1 << 20));
        assert!(b.reserve(1 << 10, || "x".into()).is_ok());
        match b.reserve(1 << 30, || "the bounds of `r`".into()) {
            Err(Exhausted::Memory(m)) => assert_eq!(m.what, "the bounds of `r`"),
            r => panic!("{r:?}"),
        }
        // A timeout too large for `Instant` saturates instead of panicking.
        let b = Budget::new(Some(Duration::from_secs(u64::MAX)), None);
        assert!(b.check().is_ok());
    }
}
