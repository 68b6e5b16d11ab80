//! Name resolution, module loading and arity/type inference: the untyped
//! syntax tree ([`crate::syntax::ast`]) becomes the typed [`crate::ir`].
//!
//! The phases, in order (each one a file):
//! 1. [`loader`]: read the root file and every module it opens, instantiate
//!    parameterised modules (the same module with the same sig arguments is
//!    one instance), and allocate an id for every declared sig, field, fun,
//!    pred and assert.
//! 2. [`sigs`]: the sig hierarchy (`extends`, `in A + B`), then field
//!    declarations (which may mention `this` and earlier fields).
//! 3. [`sigs`]: fun and pred signatures, then the bodies of facts (sig facts
//!    wrapped as `all this: S | F`), preds, funs and asserts, and the
//!    commands of the root module.
//!
//! Expressions are resolved in [`exprs`]: each name may have several
//! meanings (fields of different sigs with one name, overloaded funs); the
//! resolver keeps every meaning whose arities fit and picks the one whose
//! column types ([`types`]) are relevant in context, as Alloy does. User
//! errors are data ([`error::ResolveError`]) turned into
//! [`Diagnostic`]s in one place.
//!
//! Conventions a consumer of the IR should know:
//! * Declaration multiplicities default as in Alloy's grammar (`one` for a
//!   unary bound, `set` otherwise) also for fun/pred parameters and fun
//!   results; Alloy does not enforce those at call sites, and neither should
//!   later stages (`total[r, s]` with a set `s` declared `bag: univ`).
//! * A set whose type is `Int` used where a number is expected becomes
//!   [`ir::IntExprKind::Sum`]; a number used as a set becomes
//!   [`ir::ExprKind::IntToAtom`]. `a = b` compares integers when either side
//!   is an integer expression (`#s`, a literal, arithmetic), sets otherwise.
//! * `plus minus mul div rem` are built in; `lib/util/integer.als` defines
//!   the rest of Alloy's integer library on top of them. A model that does
//!   not resolve, with some name found nowhere, is resolved again with
//!   util/integer loaded for every module, as the Analyzer loads it
//!   ([`resolve_root`]).
//! * Column types are the Analyzer's ([`types`]): a sig's own, so that
//!   same-named fields of sibling subsigs are told apart.
//! * The root module's parameters (e.g. loading `src11.als` on its own)
//!   become fresh top-level sigs named after the parameters.
//! * Sig labels are Alloy's: plain in the root module, otherwise prefixed
//!   with the path of aliases through which the instance was first opened
//!   (`hw/Event`, `so/Ord`).
//!
//! Rejected on purpose, each with a diagnostic: the `sum x: e | n`
//! quantifier, shift operators, `let` bound to a formula, `seq`/`steps`
//! scopes, recursive funs/preds, a field declaration that uses a field
//! declared after it.

mod builtins;
mod calls;
mod env;
pub mod error;
mod exprs;
mod loader;
mod macros;
mod meta;
mod sigs;
pub mod types;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::diag::{Diagnostic, FileId, SourceMap, Span};
use crate::ir::{self, Model, ModuleId, SigId, VarId};
use crate::syntax::ast;

pub use error::ResolveError;
use types::Type;

/// Where to find the `util/...` library modules.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// The folder holding `util/ordering.als` etc. `None`: the environment
    /// variable `RELPROVE_LIB`, else `<exe dir>/../../lib` when it exists,
    /// else the `lib/` folder of this source tree.
    pub lib_dir: Option<PathBuf>,
    /// Module paths bound to files, looked up before any folder: an
    /// `open NAME` whose path is exactly `NAME` loads the file. A generated
    /// module can so open models that lie in different folders (`relprove
    /// diff` opens its two models as `lt_model_a` and `lt_model_b`).
    pub module_files: Vec<(String, PathBuf)>,
}

impl LoadOptions {
    /// The library folder these options select (see [`LoadOptions::lib_dir`]).
    pub fn resolved_lib_dir(&self) -> PathBuf {
        if let Some(d) = &self.lib_dir {
            return d.clone();
        }
        if let Some(d) = std::env::var_os("RELPROVE_LIB") {
            return PathBuf::from(d);
        }
        if let Ok(exe) = std::env::current_exe() {
            if let Some(d) = exe.parent().and_then(Path::parent).and_then(Path::parent) {
                let lib = d.join("lib");
                if lib.join("util").is_dir() {
                    return lib;
                }
            }
        }
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lib")
    }
}

/// Load the Alloy file at `path` and every module it opens, and resolve it
/// into a [`Model`]. Every file read is added to `sources` (so diagnostics can
/// be rendered with [`crate::diag::render`]).
pub fn load_model(
    path: &Path,
    sources: &mut SourceMap,
    opts: &LoadOptions,
) -> Result<Model, Vec<Diagnostic>> {
    let (text, latin1) = match crate::diag::read_alloy_source(path) {
        Ok(t) => t,
        Err(e) => {
            return Err(vec![ResolveError::Unreadable {
                path: path.display().to_string(),
                error: e.to_string(),
            }
            .into_diagnostic()])
        }
    };
    let file = sources.add(path.display().to_string(), path, text);
    if let Some(first_bad) = latin1 {
        sources.mark_latin1(file, first_bad);
    }
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    resolve_root(sources, opts, dir, file, path.to_path_buf())
}

/// Like [`load_model`] for text held in memory (generated models, tests).
/// `name` is used in diagnostics; `open`s are looked up relative to the
/// directory part of `name` (the current directory when it has none) and
/// then in the library folder.
pub fn load_source(
    name: &str,
    text: &str,
    sources: &mut SourceMap,
    opts: &LoadOptions,
) -> Result<Model, Vec<Diagnostic>> {
    let path = PathBuf::from(name);
    let file = sources.add(name, &path, text.to_string());
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    resolve_root(sources, opts, dir, file, path)
}

/// Resolve the root file; when that fails and some name was not found, once
/// more with util/integer loaded as the Analyzer loads it for every module
/// (`sub[a, b]`, `gt[a, b]` without an `open util/integer`). Its names are
/// then the last resort of a lookup that finds nothing else (see
/// [`Resolver::lookup_global`]), so a model that resolves without it is
/// never changed by it. When the second try fails too, the first try's
/// errors are reported.
fn resolve_root(
    sources: &mut SourceMap,
    opts: &LoadOptions,
    dir: PathBuf,
    file: FileId,
    path: PathBuf,
) -> Result<Model, Vec<Diagnostic>> {
    let attempt = |sources: &mut SourceMap, meta: bool, implicit_integer: bool| {
        let mut r = Resolver::new(sources, opts, dir.clone());
        r.meta = meta;
        r.implicit_integer = implicit_integer;
        r.run(file, path.clone())
    };
    let (mut first, mut unknown_seen, meta) = attempt(sources, false, false);
    if meta {
        // A `$` somewhere: the Analyzer declares its meta sigs in every
        // module, which only a second reading can do for the modules read
        // before that name.
        (first, unknown_seen, _) = attempt(sources, true, false);
    }
    match first {
        Err(errors) if unknown_seen => attempt(sources, meta, true).0.map_err(|_| errors),
        r => r,
    }
}

/// Per-module-instance state.
struct ModInfo {
    ast: Rc<ast::File>,
    ns: env::Namespace,
    /// This module first, then every module reachable through `open`s.
    visible: Vec<ModuleId>,
    /// Modules this one opens only with `private open`: they are not
    /// visible from the modules that open this one.
    private_opens: Vec<ModuleId>,
}

/// Where a sig was declared, and its type.
struct SigInfo {
    module: ModuleId,
    /// (paragraph index, name index) of its declaration; `None` for the
    /// fresh sigs standing for the root module's parameters.
    decl: Option<(usize, usize)>,
    ty: Type,
    fields: Vec<ir::FieldId>,
}

struct FieldInfo {
    /// (paragraph, field-decl, name) indices in the sig's module.
    decl: (usize, usize, usize),
    /// `None` until the declaration has been resolved.
    ty: Option<Type>,
}

/// A fun or pred, as far as calls need to know it.
struct CallableInfo {
    module: ModuleId,
    paragraph: usize,
    /// `None` until its parameters have been resolved.
    params: Option<Vec<(usize, Type)>>,
    result: Option<Type>,
    span: Span,
}

pub(crate) struct Resolver<'s> {
    sources: &'s mut SourceMap,
    lib_dir: PathBuf,
    module_files: Vec<(String, PathBuf)>,
    root_dir: PathBuf,
    model: Model,
    mods: Vec<ModInfo>,
    /// (canonical path, sig arguments) → instance.
    instances: BTreeMap<(PathBuf, Vec<env::ModArg>), ModuleId>,
    /// Files being loaded (for cyclic opens).
    loading: Vec<PathBuf>,
    /// Every alias path through which each instance was opened.
    paths: Vec<Vec<String>>,
    sig_info: Vec<SigInfo>,
    field_info: Vec<FieldInfo>,
    fun_info: Vec<CallableInfo>,
    pred_info: Vec<CallableInfo>,
    /// Nesting of `let` macro expansions (guards against recursion).
    macro_depth: usize,
    /// Names of every `let` macro of every module.
    macro_names: std::collections::BTreeSet<String>,
    /// Load util/integer for every module (see [`resolve_root`]).
    implicit_integer: bool,
    /// The util/integer instance so loaded, when `implicit_integer`.
    integer_module: Option<ModuleId>,
    /// Some unqualified name was found nowhere.
    unknown_seen: std::cell::Cell<bool>,
    /// Some file read wrote a name with a `$` (see [`meta`]).
    dollar_seen: bool,
    /// Declare the meta sigs (see [`meta`]).
    meta: bool,
    errors: Vec<Diagnostic>,
}

impl<'s> Resolver<'s> {
    fn new(sources: &'s mut SourceMap, opts: &LoadOptions, root_dir: PathBuf) -> Self {
        Resolver {
            sources,
            lib_dir: opts.resolved_lib_dir(),
            module_files: opts.module_files.clone(),
            root_dir,
            model: Model::default(),
            mods: Vec::new(),
            instances: BTreeMap::new(),
            loading: Vec::new(),
            paths: Vec::new(),
            sig_info: Vec::new(),
            field_info: Vec::new(),
            fun_info: Vec::new(),
            pred_info: Vec::new(),
            macro_depth: 0,
            macro_names: Default::default(),
            implicit_integer: false,
            integer_module: None,
            unknown_seen: Default::default(),
            dollar_seen: false,
            meta: false,
            errors: Vec::new(),
        }
    }

    /// The model, whether some unqualified name was found nowhere, and
    /// whether some file wrote a name with a `$`.
    fn run(mut self, file: FileId, path: PathBuf) -> (Result<Model, Vec<Diagnostic>>, bool, bool) {
        let result = self.resolve(file, path);
        (result, self.unknown_seen.get(), self.dollar_seen)
    }

    fn resolve(&mut self, file: FileId, path: PathBuf) -> Result<Model, Vec<Diagnostic>> {
        self.load_root(file, path);
        if !self.errors.is_empty() {
            return Err(std::mem::take(&mut self.errors));
        }
        self.relabel_instances();
        self.compute_visible();
        self.check_open_arg_paths();
        if !self.errors.is_empty() {
            return Err(std::mem::take(&mut self.errors));
        }
        self.macro_names = self
            .mods
            .iter()
            .flat_map(|md| md.ast.paragraphs.iter())
            .filter_map(|p| match p {
                ast::Paragraph::Macro(d) => Some(d.name.name.clone()),
                _ => None,
            })
            .collect();
        self.resolve_hierarchy();
        if !self.errors.is_empty() {
            return Err(std::mem::take(&mut self.errors));
        }
        self.resolve_fields();
        self.resolve_signatures();
        if !self.errors.is_empty() {
            return Err(std::mem::take(&mut self.errors));
        }
        self.resolve_bodies();
        if self.meta {
            self.meta_facts();
        }
        if self.errors.is_empty() {
            self.check_recursion();
        }
        if !self.errors.is_empty() {
            return Err(std::mem::take(&mut self.errors));
        }
        Ok(std::mem::take(&mut self.model))
    }

    fn error(&mut self, e: ResolveError) {
        if e != ResolveError::Reported || self.errors.is_empty() {
            // (`Reported` with nothing recorded would be a resolver bug; it
            // still must not let a broken model through.)
            self.errors.push(e.into_diagnostic());
        }
    }

    fn new_var(&mut self, name: &str, arity: usize, span: Span) -> VarId {
        self.model.vars.push(ir::Var {
            name: name.to_string(),
            arity,
            span,
        });
        VarId(self.model.vars.len() as u32 - 1)
    }

    fn sig_type(&self, s: SigId) -> Type {
        self.sig_info[s.index()].ty.clone()
    }
}
