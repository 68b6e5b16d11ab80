//! What `check` and `check --all` (src/cli/enumerate.rs) share: the
//! output formats, the display options, and the status line of a running
//! command.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use relprove_engine::budget::Progress;
use relprove_engine::ir::CommandKind;

/// Output formats of `relprove check` (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    Dot,
    /// The instance as Coq definitions (docs/theorem3.md); one command (-c).
    // (over the model's Coq export: relprove_proof::export::coq::instance_file)
    Coq,
}

/// What `check` prints besides the verdicts.
pub struct Display {
    pub format: Format,
    /// Print every instance in full, also expected ones.
    pub show_instances: bool,
    /// Compute, verify and show an unsat core for commands without instance.
    pub core: bool,
    /// Show progress on stderr while a command runs.
    pub progress: bool,
    pub color: bool,
    /// `--graph DIR`: one DOT (and SVG) file per instance.
    pub graph: Option<super::graph::GraphDir>,
    /// `--all` (`Some(None)`) or `--max-instances N` (`Some(Some(N))`):
    /// enumerate instances instead of deciding (src/cli/enumerate.rs).
    pub enumerate: Option<Option<usize>>,
}

/// `check` or `run`.
pub(super) fn kind_word(k: CommandKind) -> &'static str {
    match k {
        CommandKind::Check => "check",
        CommandKind::Run => "run",
    }
}

/// What a running command is doing, on stderr: a status line redrawn
/// about once a second on a terminal, else a plain line every 10 s
/// (after the first 5 s). Stops (and clears its line) when dropped.
pub(super) struct StatusLine {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl StatusLine {
    pub(super) fn start(name: String, progress: Arc<Progress>) -> StatusLine {
        let stop = Arc::new(AtomicBool::new(false));
        let s2 = stop.clone();
        let handle = std::thread::spawn(move || {
            let tty = std::io::stderr().is_terminal();
            let t0 = Instant::now();
            let mut drawn = false;
            let (first, every) = if tty { (1, 1) } else { (5, 10) };
            let mut next = first;
            loop {
                let due = Duration::from_secs(next).saturating_sub(t0.elapsed());
                std::thread::park_timeout(due);
                if s2.load(Ordering::Relaxed) {
                    break;
                }
                if t0.elapsed().as_secs() < next {
                    continue;
                }
                let text = status_text(&name, t0.elapsed(), &progress);
                let mut err = std::io::stderr().lock();
                if tty {
                    let _ = write!(err, "\r\x1b[2K{text}");
                    drawn = true;
                } else {
                    let _ = writeln!(err, "{text}");
                }
                let _ = err.flush();
                next += every;
            }
            if drawn {
                let _ = write!(std::io::stderr(), "\r\x1b[2K");
            }
        });
        StatusLine {
            stop,
            handle: Some(handle),
        }
    }
}

impl Drop for StatusLine {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            h.thread().unpark();
            let _ = h.join();
        }
    }
}

/// `relprove: coherence: solving, 12 s, 1.2M vars, 4.5M clauses, 35k conflicts`
fn status_text(name: &str, elapsed: Duration, p: &Progress) -> String {
    use relprove_engine::budget::Stage;
    let n = |a: &std::sync::atomic::AtomicU64| short(a.load(Ordering::Relaxed));
    let mut s = format!(
        "relprove: {name}: {}, {} s",
        p.stage().word(),
        elapsed.as_secs()
    );
    match p.stage() {
        Stage::Translate => s.push_str(&format!(", {} gates", n(&p.gates))),
        Stage::Cnf | Stage::Solve | Stage::Evaluate => {
            s.push_str(&format!(
                ", {} vars, {} clauses",
                n(&p.variables),
                n(&p.clauses)
            ));
            if p.stage() != Stage::Cnf {
                s.push_str(&format!(", {} conflicts", n(&p.conflicts)));
            }
        }
        Stage::Bounds => {}
    }
    s
}

/// `950`, `12k`, `4.5M`.
fn short(v: u64) -> String {
    match v {
        0..=9_999 => v.to_string(),
        10_000..=999_999 => format!("{}k", v / 1000),
        _ => format!("{:.1}M", v as f64 / 1e6),
    }
}
