//! A CNF formula, the data between the translation (which writes it) and
//! the SAT back ends (which read it): clauses and literals only.

use std::io::Write;

use crate::budget::Budget;

/// A CNF formula: clauses stored flat, each terminated by 0 (as in DIMACS).
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    /// Variables `1..=num_vars`.
    pub num_vars: u32,
    /// The clauses' DIMACS literals, each clause ended by 0.
    pub clauses: Vec<i32>,
    /// How many clauses `clauses` holds.
    pub num_clauses: usize,
}

impl Cnf {
    /// Append one clause (non-zero DIMACS literals).
    pub fn add(&mut self, clause: &[i32]) {
        self.clauses.extend_from_slice(clause);
        self.clauses.push(0);
        self.num_clauses += 1;
    }
    /// No clause at all.
    pub fn is_empty(&self) -> bool {
        self.num_clauses == 0
    }
    /// The clauses, without their terminating 0.
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
    /// Total number of literals.
    pub fn num_literals(&self) -> usize {
        self.clauses.len() - self.num_clauses
    }
    /// Write the formula in DIMACS CNF format.
    pub fn write_dimacs(&self, out: &mut impl Write) -> std::io::Result<()> {
        self.write_dimacs_within(out, &Budget::unlimited())
    }
    /// [`Cnf::write_dimacs`], stopping (with an `Interrupted` error) when
    /// `budget` runs out.
    pub fn write_dimacs_within(
        &self,
        out: &mut impl Write,
        budget: &Budget,
    ) -> std::io::Result<()> {
        writeln!(out, "p cnf {} {}", self.num_vars, self.num_clauses)?;
        let mut line = String::new();
        for &l in &self.clauses {
            if budget.tick().is_err() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::Interrupted,
                    "limit reached",
                ));
            }
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
