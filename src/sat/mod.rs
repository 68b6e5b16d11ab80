//! SAT back ends behind one interface: CaDiCaL (linked through the `cadical`
//! crate) and `dimacs:CMD`, which writes the problem to a DIMACS file, runs
//! an external solver on it and reads back its model.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod cadical;
pub use self::cadical::Cadical;

/// A CNF formula: clauses stored flat, each terminated by 0 (as in DIMACS).
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    pub num_vars: u32,
    pub clauses: Vec<i32>,
    pub num_clauses: usize,
}

impl Cnf {
    pub fn add(&mut self, clause: &[i32]) {
        self.clauses.extend_from_slice(clause);
        self.clauses.push(0);
        self.num_clauses += 1;
    }
    pub fn clause_iter(&self) -> impl Iterator<Item = &[i32]> {
        self.clauses.split(|&l| l == 0).take(self.num_clauses)
    }
    /// Whether `model` (indexed by variable, `model[0]` unused) satisfies
    /// every clause.
    pub fn satisfied_by(&self, model: &[bool]) -> bool {
        self.clause_iter().all(|cl| {
            cl.iter()
                .any(|&l| model[l.unsigned_abs() as usize] == (l > 0))
        })
    }
    pub fn write_dimacs(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "p cnf {} {}", self.num_vars, self.num_clauses)?;
        let mut line = String::new();
        for &l in &self.clauses {
            line.push_str(itoa(l).as_str());
            if l == 0 {
                line.push('\n');
                out.write_all(line.as_bytes())?;
                line.clear();
            } else {
                line.push(' ');
            }
        }
        Ok(())
    }
}

fn itoa(l: i32) -> String {
    l.to_string()
}

/// The answer of a solver. A model is indexed by variable (`model[0]` is unused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    Sat(Vec<bool>),
    Unsat,
    /// Time limit hit, or the solver gave up.
    Unknown(String),
}

pub trait SatSolver {
    fn name(&self) -> String;
    fn solve(&mut self, cnf: &Cnf, timeout: Option<Duration>) -> Result<SatResult, String>;
}

/// Parse `--solver` values: `cadical`, `cadical:CONFIG` (`sat`, `unsat`,
/// `plain`, `default`) or `dimacs:CMD`.
pub fn solver_from_spec(spec: &str) -> Result<Box<dyn SatSolver>, String> {
    if spec == "cadical" {
        Ok(Box::new(Cadical::default()))
    } else if let Some(cfg) = spec.strip_prefix("cadical:") {
        if !matches!(cfg, "default" | "plain" | "sat" | "unsat") {
            return Err(format!(
                "unknown CaDiCaL configuration `{cfg}` (default, plain, sat, unsat)"
            ));
        }
        Ok(Box::new(Cadical {
            config: Some(cfg.to_string()),
            ..Cadical::default()
        }))
    } else if let Some(cmd) = spec.strip_prefix("dimacs:") {
        if cmd.trim().is_empty() {
            return Err("`dimacs:` needs a command, e.g. `dimacs:kissat`".into());
        }
        Ok(Box::new(Dimacs {
            command: cmd.to_string(),
        }))
    } else {
        Err(format!(
            "unknown solver `{spec}` (expected `cadical` or `dimacs:CMD`)"
        ))
    }
}

/// An external solver: `CMD FILE`, reading `s ...` / `v ...` lines.
pub struct Dimacs {
    pub command: String,
}

impl SatSolver for Dimacs {
    fn name(&self) -> String {
        format!("dimacs:{}", self.command)
    }
    fn solve(&mut self, cnf: &Cnf, timeout: Option<Duration>) -> Result<SatResult, String> {
        let mut file = tempfile::Builder::new()
            .prefix("relprove-")
            .suffix(".cnf")
            .tempfile()
            .map_err(|e| format!("cannot create DIMACS file: {e}"))?;
        {
            let mut w = std::io::BufWriter::new(file.as_file_mut());
            cnf.write_dimacs(&mut w)
                .map_err(|e| format!("cannot write DIMACS file: {e}"))?;
            w.flush()
                .map_err(|e| format!("cannot write DIMACS file: {e}"))?;
        }
        let mut words = self.command.split_whitespace();
        let prog = words.next().ok_or("empty solver command")?;
        let out_file = tempfile::tempfile().map_err(|e| e.to_string())?;
        let mut child = Command::new(prog)
            .args(words)
            .arg(file.path())
            .stdin(Stdio::null())
            .stdout(out_file.try_clone().map_err(|e| e.to_string())?)
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run solver `{prog}`: {e}"))?;
        let start = Instant::now();
        loop {
            match child.try_wait().map_err(|e| e.to_string())? {
                Some(_) => break,
                None => {
                    if let Some(t) = timeout {
                        if start.elapsed() >= t {
                            let _ = child.kill();
                            let _ = child.wait();
                            return Ok(SatResult::Unknown("time limit".into()));
                        }
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
        let mut out_file = out_file;
        use std::io::{Read, Seek};
        out_file
            .seek(std::io::SeekFrom::Start(0))
            .map_err(|e| e.to_string())?;
        let mut text = String::new();
        out_file
            .read_to_string(&mut text)
            .map_err(|e| e.to_string())?;
        parse_solver_output(&text, cnf.num_vars)
    }
}

/// Parse the SAT-competition output format.
pub fn parse_solver_output(text: &str, num_vars: u32) -> Result<SatResult, String> {
    let mut status = None;
    let mut model = vec![false; num_vars as usize + 1];
    for line in text.lines() {
        let line = line.trim();
        if let Some(s) = line.strip_prefix("s ") {
            status = Some(s.trim().to_string());
        } else if let Some(v) = line.strip_prefix("v ") {
            for w in v.split_whitespace() {
                let l: i64 = w
                    .parse()
                    .map_err(|_| format!("bad literal `{w}` in solver output"))?;
                let idx = l.unsigned_abs() as usize;
                if idx != 0 && idx <= num_vars as usize {
                    model[idx] = l > 0;
                }
            }
        }
    }
    match status.as_deref() {
        Some("SATISFIABLE") => Ok(SatResult::Sat(model)),
        Some("UNSATISFIABLE") => Ok(SatResult::Unsat),
        Some(s) => Ok(SatResult::Unknown(format!("solver said `{s}`"))),
        None => Err("the external solver printed no `s` line".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pigeons(n: i32) -> Cnf {
        // n+1 pigeons into n holes: unsat. var(p,h) = p*n+h+1
        let mut c = Cnf::default();
        c.num_vars = ((n + 1) * n) as u32;
        for p in 0..=n {
            let cl: Vec<i32> = (0..n).map(|h| p * n + h + 1).collect();
            c.add(&cl);
        }
        for h in 0..n {
            for p in 0..=n {
                for q in p + 1..=n {
                    c.add(&[-(p * n + h + 1), -(q * n + h + 1)]);
                }
            }
        }
        c
    }

    #[test]
    fn cadical_sat_and_unsat() {
        let mut c = Cnf::default();
        c.num_vars = 3;
        c.add(&[1, 2]);
        c.add(&[-1, 3]);
        c.add(&[-3, -2]);
        match Cadical::default().solve(&c, None).unwrap() {
            SatResult::Sat(m) => assert!(c.satisfied_by(&m)),
            r => panic!("{r:?}"),
        }
        assert_eq!(
            (Cadical {
                config: Some("unsat".into()),
                ..Cadical::default()
            })
            .solve(&pigeons(4), None)
            .unwrap(),
            SatResult::Unsat
        );
    }

    #[test]
    fn random_cnfs_models_satisfy_every_clause_and_verdicts_match_brute_force() {
        let mut state = 12345u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as i32
        };
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..300 {
            let n = 12;
            let m = 40 + next().rem_euclid(25);
            let mut c = Cnf {
                num_vars: n as u32,
                ..Default::default()
            };
            for _ in 0..m {
                let cl: Vec<i32> = (0..3)
                    .map(|_| {
                        let v = 1 + next().rem_euclid(n);
                        if next() % 2 == 0 {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect();
                c.add(&cl);
            }
            let brute = (0u32..1 << n).any(|bits| {
                let model: Vec<bool> = (0..=n)
                    .map(|v| v > 0 && (bits >> (v - 1)) & 1 == 1)
                    .collect();
                c.satisfied_by(&model)
            });
            match Cadical::default().solve(&c, None).unwrap() {
                SatResult::Sat(model) => {
                    assert!(c.satisfied_by(&model));
                    assert!(brute);
                    sat += 1;
                }
                SatResult::Unsat => {
                    assert!(!brute);
                    unsat += 1;
                }
                r => panic!("{r:?}"),
            }
        }
        assert!(
            sat > 20 && unsat > 20,
            "both verdicts exercised: {sat} sat, {unsat} unsat"
        );
    }

    #[test]
    fn parse_output() {
        let r = parse_solver_output("c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", 3).unwrap();
        assert_eq!(r, SatResult::Sat(vec![false, true, false, true]));
        assert_eq!(
            parse_solver_output("s UNSATISFIABLE\n", 3).unwrap(),
            SatResult::Unsat
        );
        assert!(parse_solver_output("nothing", 3).is_err());
    }

    #[test]
    fn dimacs_backend_with_shell_solver() {
        // A fake external solver: prints a fixed answer; checks the plumbing
        // (file argument, output parsing).
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("fake.sh");
        std::fs::write(
            &script,
            "#!/bin/sh\ngrep -q '^p cnf 2 1' \"$1\" && echo 's SATISFIABLE' && echo 'v -1 2 0'\n",
        )
        .unwrap();
        let mut s = solver_from_spec(&format!("dimacs:sh {}", script.display())).unwrap();
        let mut c = Cnf::default();
        c.num_vars = 2;
        c.add(&[-1, 2]);
        assert_eq!(
            s.solve(&c, None).unwrap(),
            SatResult::Sat(vec![false, false, true])
        );
    }
}
