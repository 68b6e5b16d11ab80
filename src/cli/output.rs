//! Standard output for the subcommands, with one policy for write errors.
//!
//! `println!` panics when stdout is a closed pipe (`relprove … | head -1`)
//! and a plain `writeln!` whose result is dropped hides a full disk
//! (`relprove check F > /dev/full` exiting 0). [`Stdout`] handles both the
//! way `cat` and `grep` do:
//! * a closed pipe (`EPIPE`) is a normal end: nothing is printed and the
//!   process ends with status 0 ([`OnClose::Exit`]), or, for `export`, whose
//!   files must all be written whatever happens to stdout, the rest of the
//!   output is dropped and the command goes on ([`OnClose::Continue`]);
//! * any other write error is reported once on stderr and makes the exit
//!   status [`Exit::Input`] (2): at once with [`OnClose::Exit`], after the
//!   command otherwise finished with [`OnClose::Continue`].
//!
//! Writes through [`Stdout`] therefore never fail from the caller's point
//! of view, so callers need not (and do not) handle their results.

use std::io::{self, ErrorKind, Write};

use super::exit::Exit;

/// What to do once stdout cannot be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnClose {
    /// End the process (status 0 for a closed pipe, 2 otherwise).
    Exit,
    /// Drop further output and let the command finish its other work.
    Continue,
}

/// What happened to stdout so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Open,
    /// The reader went away: a normal end.
    Closed,
    /// A real write error (reported on stderr already).
    Failed,
}

/// The process's stdout, with the policy above. Line-buffered like `std`'s
/// (each `write` goes straight to the locked std handle).
pub struct Stdout {
    policy: OnClose,
    state: State,
}

impl Stdout {
    pub fn new(policy: OnClose) -> Stdout {
        Stdout {
            policy,
            state: State::Open,
        }
    }

    /// The exit status to end with, given the command's own: a real write
    /// error overrides a success.
    pub fn exit_code(&mut self, code: Exit) -> Exit {
        let _ = self.flush();
        match self.state {
            State::Failed if code == Exit::Ok => Exit::Input,
            _ => code,
        }
    }

    fn fail(&mut self, e: &io::Error) {
        if e.kind() == ErrorKind::BrokenPipe {
            self.state = State::Closed;
            if self.policy == OnClose::Exit {
                std::process::exit(0);
            }
        } else {
            eprintln!("relprove: cannot write to standard output: {e}");
            self.state = State::Failed;
            if self.policy == OnClose::Exit {
                std::process::exit(i32::from(Exit::Input.code()));
            }
        }
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.state == State::Open {
            if let Err(e) = io::stdout().lock().write_all(buf) {
                self.fail(&e);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.state == State::Open {
            if let Err(e) = io::stdout().lock().flush() {
                self.fail(&e);
            }
        }
        Ok(())
    }
}

/// `writeln!` to a [`Stdout`]: its result carries nothing (see the module
/// documentation), so it is dropped here, once.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = ::std::io::Write::write_fmt($out, format_args!("{}\n", format_args!($($arg)*)));
    }};
}
pub(crate) use outln;

/// `println!` through a [`Stdout`] that ends the process on a closed pipe
/// (status 0) or a write error (status 2), for subcommands that print as
/// they go.
macro_rules! stdoutln {
    ($($arg:tt)*) => {{
        $crate::cli::output::outln!(
            &mut $crate::cli::output::Stdout::new($crate::cli::output::OnClose::Exit),
            $($arg)*
        );
    }};
}
pub(crate) use stdoutln;

/// `print!` with the policy of [`stdoutln!`].
macro_rules! stdout {
    ($($arg:tt)*) => {{
        let _ = ::std::io::Write::write_fmt(
            &mut $crate::cli::output::Stdout::new($crate::cli::output::OnClose::Exit),
            format_args!($($arg)*),
        );
    }};
}
pub(crate) use stdout;
