//! Source files, spans and diagnostics.
//!
//! Every phase reports user errors as plain data — a [`Diagnostic`] with a
//! primary [`Span`], optional secondary labels and an optional hint — and this
//! module is the one place that turns them into text (with
//! `codespan-reporting`). Phases never print.

use std::fmt;
use std::path::{Path, PathBuf};

use codespan_reporting::diagnostic as cr;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The file the range is in.
    pub file: FileId,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset just past the last byte.
    pub end: u32,
}

impl Span {
    /// The bytes `start..end` of `file`.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }
    /// The smallest span covering both (they must be in the same file).
    pub fn to(self, other: Span) -> Span {
        debug_assert_eq!(self.file, other.file);
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
    /// A span for things the tool synthesises (no source text).
    pub const DUMMY: Span = Span {
        file: FileId(u32::MAX),
        start: 0,
        end: 0,
    };
    /// Whether this span points at no source text (its file is that of [`Span::DUMMY`]).
    pub fn is_dummy(&self) -> bool {
        self.file.0 == u32::MAX
    }
}

/// All source files read during one run, so that spans can be rendered.
#[derive(Default, Debug)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

/// One source file read during a run: its names and its text.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as the user should see it (relative when the user gave it so).
    pub name: String,
    /// The path the file was read from (what [`SourceMap::find`] looks up).
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    /// Not UTF-8, read as Latin-1: where its first byte that is not UTF-8
    /// is (line, column; see [`read_alloy_source`]).
    pub latin1_from: Option<(usize, usize)>,
}

impl SourceMap {
    /// An empty source map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }
    /// Add a file under its display name and path; returns its new id.
    pub fn add(
        &mut self,
        name: impl Into<String>,
        path: impl Into<PathBuf>,
        text: String,
    ) -> FileId {
        self.files.push(SourceFile {
            name: name.into(),
            path: path.into(),
            text,
            latin1_from: None,
        });
        FileId(self.files.len() as u32 - 1)
    }
    /// Record that file `id` was read as Latin-1 (see [`read_alloy_source`]).
    pub fn mark_latin1(&mut self, id: FileId, first_bad: (usize, usize)) {
        self.files[id.0 as usize].latin1_from = Some(first_bad);
    }
    /// One line per file read as Latin-1, for the user to see.
    pub fn latin1_notes(&self) -> Vec<String> {
        self.files
            .iter()
            .filter_map(|f| {
                let (line, column) = f.latin1_from?;
                Some(format!(
                    "note: {} is not UTF-8 (the first bad byte is at line {line}, column {column}): read as Latin-1 (ISO-8859-1), as the Alloy Analyzer reads it",
                    f.name
                ))
            })
            .collect()
    }
    /// The file with id `id` (panics on an id from another map).
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }
    /// The id of the file read from `path`, if it was read.
    pub fn find(&self, path: &Path) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.path == path)
            .map(|i| FileId(i as u32))
    }
    /// Every file with its id, in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }
    /// The source text a span covers ("" for a dummy span).
    pub fn snippet(&self, span: Span) -> &str {
        if span.is_dummy() {
            return "";
        }
        let text = &self.get(span.file).text;
        text.get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }
    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (usize, usize) {
        let text = &self.get(file).text;
        let offset = (offset as usize).min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rfind('\n').map_or(before.chars().count(), |nl| {
            before[nl + 1..].chars().count()
        }) + 1;
        (line, col)
    }
    /// `file:line:col` of a span's start.
    pub fn location(&self, span: Span) -> String {
        if span.is_dummy() {
            return "<generated>".to_string();
        }
        let (l, c) = self.line_col(span.file, span.start);
        format!("{}:{}:{}", self.get(span.file).name, l, c)
    }
}

/// The largest input file read by default (`--max-input` raises it): an
/// endless input (`/dev/zero`) or a huge one stops with an error instead
/// of filling memory (issue 34). Real inputs are far below it: the largest
/// generated litmus module is a few MB.
pub const DEFAULT_MAX_INPUT: u64 = 256 << 20;

static MAX_INPUT: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(DEFAULT_MAX_INPUT);

/// Set the largest input file [`read_input`] reads, for the process (the
/// CLI's `--max-input`).
pub fn set_max_input(bytes: u64) {
    MAX_INPUT.store(bytes, std::sync::atomic::Ordering::Relaxed);
}

/// The largest input file [`read_input`] reads.
pub fn max_input() -> u64 {
    MAX_INPUT.load(std::sync::atomic::Ordering::Relaxed)
}

/// Why a source file could not be read as text.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// The file is larger than the input limit (bytes).
    TooLarge {
        /// The input limit in force, in bytes.
        limit: u64,
    },
    /// The first byte that is not part of valid UTF-8, 1-based.
    NotUtf8 {
        /// The 1-based line of the first bad byte.
        line: usize,
        /// The 1-based column, in characters, of the first bad byte.
        column: usize,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::TooLarge { limit } => write!(
                f,
                "larger than the input limit of {limit} bytes (raise it with --max-input SIZE)"
            ),
            ReadError::NotUtf8 { line, column } => write!(
                f,
                "not valid UTF-8: the first bad byte is at line {line}, column {column} (save the file as UTF-8)"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ReadError> for std::io::Error {
    /// An I/O error keeps its kind; the others are invalid data.
    fn from(e: ReadError) -> Self {
        match e {
            ReadError::Io(e) => e,
            e => std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()),
        }
    }
}

/// Read a source file as text: a leading UTF-8 byte-order mark is dropped
/// (editors on Windows write one), and bytes that are not UTF-8 are
/// reported with the line and column of the first bad one.
pub fn read_source(path: &Path) -> Result<String, ReadError> {
    decode_source(read_input(path)?)
}

/// Read an Alloy model as the Analyzer reads it: as [`read_source`], but a
/// file that is not UTF-8 is read as Latin-1 (ISO-8859-1, every byte one
/// character; the Analyzer's last resort after UTF-8 and the platform's
/// charset, UTF-8 here), with the line and column of its first bad byte.
pub fn read_alloy_source(path: &Path) -> Result<(String, Option<(usize, usize)>), ReadError> {
    let bytes = read_input(path)?;
    match decode_source(bytes.clone()) {
        Ok(text) => Ok((text, None)),
        Err(ReadError::NotUtf8 { line, column }) => Ok((
            bytes.iter().map(|&b| char::from(b)).collect(),
            Some((line, column)),
        )),
        Err(e) => Err(e),
    }
}

/// The bytes of an input file, at most [`max_input`] of them: reading
/// stops one byte past the limit, so an endless file is not read to the
/// end.
pub fn read_input(path: &Path) -> Result<Vec<u8>, ReadError> {
    use std::io::Read as _;
    let limit = max_input();
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// The text of a source file's bytes (see [`read_source`]).
pub fn decode_source(mut bytes: Vec<u8>) -> Result<String, ReadError> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        // The prefix is valid UTF-8, so it counts characters correctly.
        let before = String::from_utf8_lossy(&e.as_bytes()[..good]);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ReadError::NotUtf8 { line, column }
    })
}

/// Which phase found the problem; part of the rendered error code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Reading or writing files.
    Io,
    /// Lexing and parsing.
    Syntax,
    /// Resolving names: modules, declarations, names and commands.
    Resolve,
    /// Type checking: arities, and formulas versus expressions.
    Type,
    /// Computing scopes and the bounds of relations.
    Bounds,
    /// Translating to SAT, or evaluating in an instance.
    Translate,
    /// Exporting a proof (e.g. to Coq).
    Export,
    /// Running litmus tests.
    Litmus,
    /// The SAT solver failed (an external solver that cannot be run, or
    /// whose output is not a DIMACS answer).
    Solver,
    /// A broken invariant of relprove (a bug), found while working: the
    /// CLI exits with 4.
    Internal,
    /// A time or memory limit stopped the work (not an input error: the
    /// CLI exits with 3, as for an unknown verdict).
    Limit,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Io => "io",
            Phase::Syntax => "syntax",
            Phase::Resolve => "resolve",
            Phase::Type => "type",
            Phase::Bounds => "bounds",
            Phase::Translate => "translate",
            Phase::Export => "export",
            Phase::Litmus => "litmus",
            Phase::Solver => "solver",
            Phase::Internal => "internal",
            Phase::Limit => "limit",
        })
    }
}

/// How serious a [`Diagnostic`] is: it decides the header [`render`]
/// writes (`error[phase]`, `warning[phase]`, `note`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Something worth showing that is not wrong (the formulas of an unsat
    /// core, a file read as Latin-1).
    Note,
    /// Suspicious but not fatal.
    Warning,
    /// The work could not be done as asked.
    Error,
}

/// A user-facing error, warning or note: data only, rendered by [`render`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is ([`Severity::Error`] unless set).
    pub severity: Severity,
    /// The phase that found the problem.
    pub phase: Phase,
    /// The headline message.
    pub message: String,
    /// The primary location; `None` for errors without a source position
    /// (e.g. a file that cannot be read).
    pub span: Option<Span>,
    /// Text under the primary underline.
    pub label: String,
    /// Secondary locations ("first declared here").
    pub notes: Vec<(Span, String)>,
    /// (`Box<str>`: keeps a `Diagnostic`, and every `Result` carrying
    /// one, within clippy's size limit for error variants.)
    pub hint: Option<Box<str>>,
    /// Diagnostics about text the user did not write (a module relprove
    /// generated, e.g. for a litmus test), in that text's own source map,
    /// that caused this one: [`render`] appends them to the message.
    pub cause: Option<Box<Cause>>,
}

/// The diagnostics behind a [`Diagnostic`], with the sources their spans
/// point into (kept as data, so that no span is lost before rendering).
#[derive(Clone, Debug)]
pub struct Cause {
    /// The source map that the spans of `diagnostics` point into.
    pub sources: std::sync::Arc<SourceMap>,
    /// The diagnostics that caused the one this is attached to.
    pub diagnostics: Vec<Diagnostic>,
}

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        std::sync::Arc::ptr_eq(&self.sources, &other.sources)
            && self.diagnostics == other.diagnostics
    }
}

impl Eq for Cause {}

impl Diagnostic {
    /// An error of `phase` at `span` (no location when `span` is dummy),
    /// with no label, notes or hint yet.
    pub fn new(phase: Phase, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            phase,
            message: message.into(),
            span: if span.is_dummy() { None } else { Some(span) },
            label: String::new(),
            notes: Vec::new(),
            hint: None,
            cause: None,
        }
    }
    /// An error of `phase` with no source location.
    pub fn without_span(phase: Phase, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            phase,
            message: message.into(),
            span: None,
            label: String::new(),
            notes: Vec::new(),
            hint: None,
            cause: None,
        }
    }
    /// This diagnostic with severity `severity`.
    pub fn severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }
    /// This diagnostic with `label` under its primary span.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }
    /// This diagnostic with a secondary label `text` at `span` (dropped when `span` is dummy).
    pub fn note(mut self, span: Span, text: impl Into<String>) -> Self {
        if !span.is_dummy() {
            self.notes.push((span, text.into()));
        }
        self
    }
    /// This diagnostic with hint `hint`.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into().into_boxed_str());
        self
    }
    /// This diagnostic, caused by `cause`.
    pub fn caused_by(mut self, cause: Cause) -> Self {
        self.cause = Some(Box::new(cause));
        self
    }
    /// The message with the rendered cause appended (as [`render`] shows
    /// it; the cause without colour), for one-line outputs such as JSON.
    pub fn full_message(&self) -> String {
        match &self.cause {
            None => self.message.clone(),
            Some(c) => format!(
                "{}{}",
                self.message,
                render(&c.sources, &c.diagnostics, false)
            ),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.severity {
            Severity::Error => write!(f, "{} error: {}", self.phase, self.full_message()),
            Severity::Warning => write!(f, "{} warning: {}", self.phase, self.full_message()),
            Severity::Note => write!(f, "note: {}", self.full_message()),
        }
    }
}

impl std::error::Error for Diagnostic {}

/// A batch of diagnostics from one phase (phases report all they find).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// Render diagnostics as text: `error[phase]: message`, then
/// `┌─ file:line:col`, the source line with the offending text underlined,
/// secondary labels and the hint. `color` selects ANSI colours.
pub fn render(sources: &SourceMap, diags: &[Diagnostic], color: bool) -> String {
    let mut files = SimpleFiles::new();
    for (_, f) in sources.files() {
        files.add(f.name.clone(), f.text.clone());
    }
    let config = term::Config::default();
    let mut out: Vec<u8> = Vec::new();
    for d in diags {
        if on_long_line(sources, d) {
            out.extend_from_slice(render_excerpt(sources, d).as_bytes());
            continue;
        }
        let mut labels = Vec::new();
        if let Some(span) = d.span {
            labels.push(
                cr::Label::primary(span.file.0 as usize, span.start as usize..span.end as usize)
                    .with_message(d.label.clone()),
            );
        }
        for (span, text) in &d.notes {
            labels.push(
                cr::Label::secondary(span.file.0 as usize, span.start as usize..span.end as usize)
                    .with_message(text.clone()),
            );
        }
        let mut notes = Vec::new();
        if let Some(h) = &d.hint {
            notes.push(format!("hint: {h}"));
        }
        let diag = match d.severity {
            Severity::Error => cr::Diagnostic::error().with_code(d.phase.to_string()),
            Severity::Warning => cr::Diagnostic::warning().with_code(d.phase.to_string()),
            Severity::Note => cr::Diagnostic::note(),
        }
        .with_message(d.full_message())
        .with_labels(labels)
        .with_notes(notes);
        if color {
            let mut w = term::termcolor::Ansi::new(&mut out);
            let _ = term::emit(&mut w, &config, &files, &diag);
        } else {
            let mut w = term::termcolor::NoColor::new(&mut out);
            let _ = term::emit(&mut w, &config, &files, &diag);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Render source excerpts that are not errors (e.g. the formulas of an
/// unsat core): one `note: message` block per span, underlined as
/// [`render`] does.
pub fn render_notes(sources: &SourceMap, notes: &[(Span, String)], color: bool) -> String {
    let mut files = SimpleFiles::new();
    for (_, f) in sources.files() {
        files.add(f.name.clone(), f.text.clone());
    }
    let config = term::Config::default();
    let mut out: Vec<u8> = Vec::new();
    for (span, message) in notes {
        let probe =
            Diagnostic::new(Phase::Translate, *span, message.clone()).severity(Severity::Note);
        if span.is_dummy() || on_long_line(sources, &probe) {
            out.extend_from_slice(render_excerpt(sources, &probe).as_bytes());
            continue;
        }
        let diag = cr::Diagnostic::note()
            .with_message(message.clone())
            .with_labels(vec![cr::Label::primary(
                span.file.0 as usize,
                span.start as usize..span.end as usize,
            )]);
        if color {
            let mut w = term::termcolor::Ansi::new(&mut out);
            let _ = term::emit(&mut w, &config, &files, &diag);
        } else {
            let mut w = term::termcolor::NoColor::new(&mut out);
            let _ = term::emit(&mut w, &config, &files, &diag);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Source lines longer than this are shown as an excerpt around the span
/// (a generated model can put 200 KB on one line).
const MAX_LINE: usize = 240;
/// Characters of context shown on each side of a span on a long line.
const CONTEXT: usize = 60;

/// The line of `offset` in `text`, as a byte range.
fn line_range(text: &str, offset: usize) -> std::ops::Range<usize> {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    start..end
}

/// Whether a span of `d` lies on a line too long to print whole.
fn on_long_line(sources: &SourceMap, d: &Diagnostic) -> bool {
    d.span
        .iter()
        .chain(d.notes.iter().map(|(s, _)| s))
        .filter(|s| (s.file.0 as usize) < sources.files.len())
        .any(|s| {
            let text = &sources.get(s.file).text;
            let r = line_range(text, s.start as usize);
            r.end - r.start > MAX_LINE
        })
}

/// `d` in the layout of [`render`], with at most [`CONTEXT`] characters
/// of its line on each side of the primary span (and of the span itself),
/// and the secondary labels as `file:line:col` notes.
fn render_excerpt(sources: &SourceMap, d: &Diagnostic) -> String {
    let mut out = match d.severity {
        Severity::Error => format!("error[{}]: {}\n", d.phase, d.full_message()),
        Severity::Warning => format!("warning[{}]: {}\n", d.phase, d.full_message()),
        Severity::Note => format!("note: {}\n", d.full_message()),
    };
    if let Some(span) = d.span.filter(|s| (s.file.0 as usize) < sources.files.len()) {
        let text = &sources.get(span.file).text;
        let start = (span.start as usize).min(text.len());
        let line = line_range(text, start);
        let end = (span.end as usize).clamp(start, line.end);
        let before: Vec<char> = text[line.start..start].chars().collect();
        let inside: Vec<char> = text[start..end].chars().collect();
        let after: Vec<char> = text[end..line.end].chars().collect();
        let take_before = before.len().min(CONTEXT);
        let take_inside = inside.len().min(CONTEXT);
        let take_after = after.len().min(CONTEXT);
        let mut shown = String::new();
        if take_before < before.len() {
            shown.push('…');
        }
        shown.extend(&before[before.len() - take_before..]);
        let col = shown.chars().count();
        shown.extend(&inside[..take_inside]);
        if take_inside < inside.len() {
            shown.push('…');
        }
        shown.extend(&after[..take_after]);
        if take_after < after.len() || take_inside < inside.len() {
            shown.push('…');
        }
        let (l, _) = sources.line_col(span.file, span.start);
        let gutter = " ".repeat(l.to_string().len());
        out.push_str(&format!("{gutter} ┌─ {}\n", sources.location(span)));
        out.push_str(&format!("{gutter} │\n"));
        out.push_str(&format!("{l} │ {shown}\n"));
        let carets = "^".repeat(take_inside.max(1));
        let marks = format!("{gutter} │ {}{carets} {}", " ".repeat(col), d.label);
        out.push_str(marks.trim_end());
        out.push('\n');
    }
    for (span, text) in &d.notes {
        out.push_str(&format!("  = note: {}: {text}\n", sources.location(*span)));
    }
    if let Some(h) = &d.hint {
        out.push_str(&format!("  = hint: {h}\n"));
    }
    out.push('\n');
    out
}
