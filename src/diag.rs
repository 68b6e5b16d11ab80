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
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
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
    pub fn is_dummy(&self) -> bool {
        self.file.0 == u32::MAX
    }
}

/// All source files read during one run, so that spans can be rendered.
#[derive(Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

pub struct SourceFile {
    /// The path as the user should see it (relative when the user gave it so).
    pub name: String,
    pub path: PathBuf,
    pub text: String,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }
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
        });
        FileId(self.files.len() as u32 - 1)
    }
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }
    pub fn find(&self, path: &Path) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.path == path)
            .map(|i| FileId(i as u32))
    }
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

/// Which phase found the problem; part of the rendered error code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Io,
    Syntax,
    Resolve,
    Type,
    Bounds,
    Translate,
    Export,
    Litmus,
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
        })
    }
}

/// A user-facing error: data only, rendered by [`render`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub phase: Phase,
    pub message: String,
    /// The primary location; `None` for errors without a source position
    /// (e.g. a file that cannot be read).
    pub span: Option<Span>,
    /// Text under the primary underline.
    pub label: String,
    /// Secondary locations ("first declared here").
    pub notes: Vec<(Span, String)>,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn new(phase: Phase, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            phase,
            message: message.into(),
            span: if span.is_dummy() { None } else { Some(span) },
            label: String::new(),
            notes: Vec::new(),
            hint: None,
        }
    }
    pub fn without_span(phase: Phase, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            phase,
            message: message.into(),
            span: None,
            label: String::new(),
            notes: Vec::new(),
            hint: None,
        }
    }
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }
    pub fn note(mut self, span: Span, text: impl Into<String>) -> Self {
        if !span.is_dummy() {
            self.notes.push((span, text.into()));
        }
        self
    }
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} error: {}", self.phase, self.message)
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
        let diag = cr::Diagnostic::error()
            .with_code(d.phase.to_string())
            .with_message(d.message.clone())
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
