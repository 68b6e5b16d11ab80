//! Building and running the harness where `nvcc` and a GPU exist: the
//! emitted `run.sh` under a wall-clock watchdog, its output in `run.log`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::emit;
use super::error::GpuError;

/// The tools a real run needs, found on PATH.
#[derive(Clone, Debug)]
pub struct Tools {
    /// Path of `nvcc` (the CUDA compiler; `NVCC` of the scripts).
    pub nvcc: PathBuf,
    /// Path of `cuobjdump` (the SASS dump for the check; `CUOBJDUMP` of
    /// the scripts).
    pub cuobjdump: PathBuf,
}

/// Find `nvcc` and `cuobjdump`, and check that a GPU is present
/// (`nvidia-smi -L` lists one).
pub fn find_tools() -> Result<Tools, GpuError> {
    let tool = |name: &str| {
        which::which(name).map_err(|_| GpuError::Tool {
            tool: name.to_string(),
            message: "not found on PATH (install the CUDA toolkit, or use --dry-run)".into(),
        })
    };
    let nvcc = tool("nvcc")?;
    let cuobjdump = tool("cuobjdump")?;
    let smi = which::which("nvidia-smi").map_err(|_| GpuError::Tool {
        tool: "GPU".into(),
        message: "no NVIDIA GPU: nvidia-smi is not on PATH (use --dry-run to test without one)"
            .into(),
    })?;
    let out = Command::new(smi)
        .arg("-L")
        .output()
        .map_err(|e| GpuError::Tool {
            tool: "nvidia-smi".into(),
            message: e.to_string(),
        })?;
    let listing = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || !listing.lines().any(|l| l.starts_with("GPU ")) {
        return Err(GpuError::Tool {
            tool: "GPU".into(),
            message: format!(
                "no NVIDIA GPU found (nvidia-smi -L: {})",
                String::from_utf8_lossy(&out.stderr).trim()
            ),
        });
    }
    Ok(Tools { nvcc, cuobjdump })
}

/// The incantations the runner knows (`litmus_runner --stress`).
pub const INCANTATIONS: [&str; 4] = ["mem", "bank", "sync", "rand"];

/// A `--stress` list: comma-separated incantations, or `none`.
pub fn parse_stress(list: &str) -> Result<Stress, String> {
    let mut out = Vec::new();
    for s in list.split(',').map(str::trim) {
        if s.is_empty() || s == "none" {
            continue;
        }
        if !INCANTATIONS.contains(&s) {
            return Err(format!(
                "unknown incantation `{s}` (known: {}, or none)",
                INCANTATIONS.join(", ")
            ));
        }
        out.push(s.to_string());
    }
    Ok(Stress(out))
}

/// The incantations of a run, checked by [`parse_stress`] (a value parser of
/// `gpu run --stress`, so a bad name is a usage error, exit 2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stress(pub Vec<String>);

/// Run `DIR/run.sh` (build, SASS dump, every test `seconds` long, with the
/// incantations `stress`, from [`parse_stress`]); killed after
/// `limit`. Output goes to `DIR/run.log`.
pub fn run_harness(
    dir: &Path,
    tools: &Tools,
    arch: &str,
    seconds: f64,
    stress: &[String],
    limit: Duration,
) -> Result<(), GpuError> {
    let stress = if stress.is_empty() {
        "none".to_string()
    } else {
        stress.join(",")
    };
    let log_path = dir.join("run.log");
    let log = std::fs::File::create(&log_path).map_err(|e| GpuError::io(&log_path, e))?;
    let log2 = log.try_clone().map_err(|e| GpuError::io(&log_path, e))?;
    let mut child = Command::new("sh")
        .arg(emit::RUN_FILE)
        .arg("--stress")
        .arg(&stress)
        .current_dir(dir)
        .env("TIME", format!("{seconds}"))
        .env("ARCH", arch)
        .env("NVCC", &tools.nvcc)
        .env("CUOBJDUMP", &tools.cuobjdump)
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(log2)
        .spawn()
        .map_err(|e| GpuError::Tool {
            tool: "sh run.sh".into(),
            message: e.to_string(),
        })?;
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(GpuError::Tool {
                    tool: "run.sh".into(),
                    message: format!(
                        "killed after {} s (the time limit); see {}",
                        limit.as_secs(),
                        log_path.display()
                    ),
                });
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(200)),
            Err(e) => {
                return Err(GpuError::Tool {
                    tool: "run.sh".into(),
                    message: e.to_string(),
                })
            }
        }
    };
    if !status.success() {
        let text = std::fs::read_to_string(&log_path).unwrap_or_default();
        let tail: Vec<&str> = text.lines().rev().take(15).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(GpuError::Tool {
            tool: "run.sh".into(),
            message: format!(
                "failed ({status}); last lines of {}:\n{}",
                log_path.display(),
                tail.join("\n")
            ),
        });
    }
    Ok(())
}
