//! Reading files, `open` resolution and module instantiation; allocation of
//! ids for every declaration.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::env::{BuiltinArg, ModArg, Namespace};
use super::error::{BuiltinRole, ResolveError};
use super::types::Type;
use super::{CallableInfo, FieldInfo, ModInfo, Resolver, SigInfo};
use crate::diag::{FileId, Span};
use crate::ir::{self, AssertId, FieldId, FunId, ModuleId, PredId, SigId};
use crate::syntax::{self, ast};

impl Resolver<'_> {
    pub(super) fn load_root(&mut self, file: FileId, path: PathBuf) {
        let Some(ast) = self.parse(file) else { return };
        self.root_dir = alloy_root_dir(&self.root_dir, ast.header.as_ref().map(|h| &h.name));
        let key = canonical(&path);
        self.loading.push(key.clone());
        let root = self.instantiate(file, path.clone(), ast, Vec::new(), String::new(), None);
        if let (Some(root), true) = (root, self.implicit_integer) {
            self.integer_module = self.open_implicit_integer(root, &path);
        }
        self.loading.pop();
    }

    /// util/integer, found as `open util/integer` in the root module would
    /// find it (beside the model, at its root, in the library), but bound to
    /// no alias: its names are only a last resort of lookups
    /// ([`Resolver::lookup_global`]).
    fn open_implicit_integer(&mut self, root: ModuleId, path: &Path) -> Option<ModuleId> {
        let span = self.model.modules[root.index()].span;
        let open = ast::Open {
            path: ast::Name {
                parts: vec!["util".into(), "integer".into()],
                span,
            },
            args: Vec::new(),
            alias: None,
            private: false,
            span,
        };
        self.open(root, path, &open, "integer")
    }

    fn parse(&mut self, file: FileId) -> Option<ast::File> {
        let text = self.sources.get(file).text.clone();
        match syntax::parse_file(&text, file) {
            Ok(f) => {
                self.dollar_seen |= f.dollar_use.is_some();
                Some(f)
            }
            Err(diags) => {
                self.errors.extend(diags);
                None
            }
        }
    }

    /// Create the instance of a parsed module with the given sig arguments
    /// (`open` is `None` for the root module).
    fn instantiate(
        &mut self,
        file: FileId,
        path: PathBuf,
        ast: ast::File,
        args: Vec<ModArg>,
        label_prefix: String,
        open: Option<&ast::Open>,
    ) -> Option<ModuleId> {
        let mut ast = ast;
        if let Some(span) = ast.seq_use {
            // As the Analyzer does, a module that declares `seq e` opens
            // util/sequniv as `seq` (its first, last, elems, ...).
            let aliased = |o: &ast::Open| o.alias.as_ref().is_some_and(|a| a.name == "seq");
            if !ast.opens.iter().any(aliased) {
                ast.opens.push(ast::Open {
                    path: ast::Name {
                        parts: vec!["util".into(), "sequniv".into()],
                        span,
                    },
                    args: Vec::new(),
                    alias: Some(ast::Ident {
                        name: "seq".into(),
                        span,
                    }),
                    private: false,
                    span,
                });
            }
        }
        // As the Analyzer does, each `enum E { … }` opens util/ordering[E]
        // (its atoms in the order written, `first`, `next`, …), under the
        // alias the Analyzer gives an open without one: `open$N`, N counting
        // this module's opens with the implicit util/integer first.
        let enums: Vec<ast::Ident> = ast
            .paragraphs
            .iter()
            .filter_map(|p| match p {
                ast::Paragraph::Enum(e) => Some(e.name.clone()),
                _ => None,
            })
            .collect();
        for e in enums {
            let n = ast.opens.len() + 2;
            ast.opens.push(ast::Open {
                path: ast::Name {
                    parts: vec!["util".into(), "ordering".into()],
                    span: e.span,
                },
                args: vec![ast::Name {
                    parts: vec![e.name.clone()],
                    span: e.span,
                }],
                alias: Some(ast::Ident {
                    name: format!("open${n}"),
                    span: e.span,
                }),
                private: false,
                span: e.span,
            });
        }
        if self.meta {
            let at = Span::new(file, 0, 0);
            ast.paragraphs
                .extend(super::meta::paragraphs(&ast, open.is_none(), at));
        }
        let ast = Rc::new(ast);
        let mid = ModuleId(self.model.modules.len() as u32);
        let name = match &ast.header {
            Some(h) => h.name.text(),
            None => path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
        let header_span = ast
            .header
            .as_ref()
            .map_or(Span::new(file, 0, 0), |h| h.span);
        let formals: Vec<&(ast::Ident, bool)> =
            ast.header.iter().flat_map(|h| h.params.iter()).collect();
        let mut ns = Namespace::default();
        let mut params: Vec<(String, SigId)> = Vec::new();
        match open {
            Some(o) if o.args.len() != formals.len() => {
                self.error(ResolveError::ModuleArgCount {
                    module: name,
                    expected: formals.len(),
                    found: o.args.len(),
                    span: o.span,
                    params: header_span,
                });
                return None;
            }
            Some(_) => {
                for ((p, _), a) in formals.iter().zip(&args) {
                    match a {
                        ModArg::Sig(s) => {
                            params.push((p.name.clone(), *s));
                            ns.sigs.insert(p.name.clone(), (*s, p.span));
                        }
                        // (not a sig: the IR's module parameters are sigs;
                        // uses of the parameter resolve to `Int`/`univ`)
                        ModArg::Builtin(b) => {
                            ns.builtin_params.insert(p.name.clone(), (*b, p.span));
                        }
                    }
                }
            }
            None => {
                // The root module's parameters stand for fresh top-level sigs.
                for (p, _) in &formals {
                    let sid = self.push_sig(mid, &p.name, &p.name, p.span, None);
                    params.push((p.name.clone(), sid));
                    if let Some((_, first)) = ns.sigs.insert(p.name.clone(), (sid, p.span)) {
                        self.error(ResolveError::Duplicate {
                            what: "module parameter",
                            name: p.name.clone(),
                            span: p.span,
                            first,
                        });
                    }
                }
            }
        }
        let exact_params = formals
            .iter()
            .zip(&params)
            .filter(|((_, exact), _)| *exact)
            .map(|(_, (_, s))| *s)
            .collect();
        if path.starts_with(&self.lib_dir) {
            self.model.library_modules.push(mid);
        }
        self.model.modules.push(ir::Module {
            name,
            path: path.clone(),
            label_prefix: label_prefix.clone(),
            params,
            exact_params,
            opens: Vec::new(),
            span: header_span,
        });
        self.mods.push(ModInfo {
            ast: ast.clone(),
            ns,
            visible: Vec::new(),
            private_opens: Vec::new(),
        });
        self.paths.push(vec![label_prefix.clone()]);
        self.allocate(mid, &ast, &label_prefix);
        // Opens, in order; arguments are resolved against what is known so far.
        // An open's arguments may name sigs of modules opened after it, so
        // opens whose arguments do not resolve yet wait for the others.
        let mut pending: Vec<&ast::Open> = ast.opens.iter().collect();
        loop {
            let before = pending.len();
            let mut ready = Vec::new();
            pending.retain(|o| {
                if o.args
                    .iter()
                    .all(|a| self.lookup_module_arg(mid, a).is_ok())
                {
                    ready.push(*o);
                    false
                } else {
                    true
                }
            });
            if ready.is_empty() {
                break;
            }
            for o in ready {
                self.open_and_bind(mid, &path, o);
            }
            if pending.len() == before {
                break;
            }
        }
        // The rest report their argument errors.
        for o in pending {
            self.open_and_bind(mid, &path, o);
        }
        Some(mid)
    }

    /// Alloy resolves the arguments of `open`s before it merges the
    /// instances of a module opened along two paths (`open m` and `open n`
    /// where n opens m too, or `open m as a` and `open m as b`): a sig of
    /// such a module named in an argument is ambiguous there (the Analyzer:
    /// `The name "Event" is ambiguous`), though it is one sig everywhere
    /// else. relprove merges instances as it loads them, so this pass,
    /// over the whole open graph, reports what the Analyzer reports.
    pub(super) fn check_open_arg_paths(&mut self) {
        for m in 0..self.mods.len() {
            let mid = ModuleId(m as u32);
            let ast = self.mods[m].ast.clone();
            for a in ast.opens.iter().flat_map(|o| &o.args) {
                let name = a.last();
                // local sigs and parameters: no path involved
                let ns = &self.mods[m].ns;
                if a.is_qualified()
                    || ns.sigs.contains_key(name)
                    || ns.builtin_params.contains_key(name)
                    || BuiltinArg::named(name).is_some()
                {
                    continue;
                }
                let mut holders = Vec::new();
                self.paths_declaring(mid, mid, name, "", &mut holders, 0);
                if holders.len() >= 2 {
                    self.error(ResolveError::Ambiguous {
                        name: name.to_string(),
                        span: a.span,
                        candidates: holders,
                    });
                }
            }
        }
    }

    /// The open paths from `root` (aliases joined by `/`) to modules that
    /// declare sig `name`, counting a module once per path (two at most).
    fn paths_declaring(
        &self,
        root: ModuleId,
        cur: ModuleId,
        name: &str,
        prefix: &str,
        out: &mut Vec<String>,
        depth: usize,
    ) {
        if out.len() >= 2 || depth > 64 {
            return;
        }
        for (alias, child) in &self.model.modules[cur.index()].opens {
            // (`private open` hides a module from the opener's openers)
            if cur != root && self.mods[cur.index()].private_opens.contains(child) {
                continue;
            }
            let path = if prefix.is_empty() {
                alias.clone()
            } else {
                format!("{prefix}/{alias}")
            };
            if let Some((sid, _)) = self.mods[child.index()].ns.sigs.get(name) {
                if self.model.sigs[sid.index()].module == *child {
                    out.push(format!("sig `{path}/{name}`"));
                }
            }
            self.paths_declaring(root, *child, name, &path, out, depth + 1);
        }
    }

    /// The alias of an open, as Alloy chooses it: the one written after
    /// `as`, else the last part of the path when no other open of this
    /// module uses that name, else `open$N` (N = position of the open).
    fn alias_of(&self, mid: ModuleId, o: &ast::Open) -> String {
        if let Some(a) = &o.alias {
            return a.name.clone();
        }
        let file = &self.mods[mid.index()].ast;
        let base = o.path.last().to_string();
        let explicit = file
            .opens
            .iter()
            .any(|x| x.alias.as_ref().is_some_and(|a| a.name == base));
        let taken = self.mods[mid.index()].ns.aliases.contains_key(&base);
        if explicit || taken {
            let n = file
                .opens
                .iter()
                .position(|x| std::ptr::eq(x, o))
                .unwrap_or(0)
                + 1;
            format!("open${n}")
        } else {
            base
        }
    }

    fn open_and_bind(&mut self, mid: ModuleId, path: &Path, o: &ast::Open) {
        {
            let alias = self.alias_of(mid, o);
            let Some(child) = self.open(mid, path, o, &alias) else {
                return;
            };
            let span = o.alias.as_ref().map_or(o.path.span, |a| a.span);
            let private = &mut self.mods[mid.index()].private_opens;
            if o.private {
                if !self.model.modules[mid.index()]
                    .opens
                    .iter()
                    .any(|(_, c)| *c == child)
                {
                    private.push(child);
                }
            } else {
                private.retain(|&c| c != child);
            }
            if let Some((prev, first)) = self.mods[mid.index()].ns.aliases.get(&alias).cloned() {
                if prev != child {
                    self.error(ResolveError::DuplicateAlias { alias, span, first });
                }
                return;
            }
            self.mods[mid.index()]
                .ns
                .aliases
                .insert(alias.clone(), (child, span));
            self.model.modules[mid.index()].opens.push((alias, child));
        }
    }

    fn open(
        &mut self,
        opener: ModuleId,
        opener_path: &Path,
        o: &ast::Open,
        alias: &str,
    ) -> Option<ModuleId> {
        let mut args = Vec::new();
        let mut ok = true;
        for a in &o.args {
            match self.lookup_module_arg(opener, a) {
                // util/ordering over `Int`: the Analyzer rejects the model
                // (the ordering's `next` is then ambiguous with util/integer's).
                Ok(ModArg::Builtin(BuiltinArg::Int)) if o.path.text() == "util/ordering" => {
                    self.error(ResolveError::BuiltinSig {
                        name: "Int".into(),
                        role: BuiltinRole::OrderingArg,
                        span: a.span,
                    });
                    ok = false;
                }
                Ok(arg) => args.push(arg),
                Err(e) => {
                    self.error(match e {
                        ResolveError::NotASig { name, span, .. } => {
                            ResolveError::ModuleArgNotSig { name, span }
                        }
                        e => self.builtin_sig_error(e, a, BuiltinRole::ModuleArg),
                    });
                    ok = false;
                }
            }
        }
        if !ok {
            return None;
        }
        let rel: PathBuf = o
            .path
            .parts
            .iter()
            .collect::<PathBuf>()
            .with_extension("als");
        let opener_dir = opener_path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let bound = self
            .module_files
            .iter()
            .find(|(name, _)| *name == o.path.text())
            .map(|(_, file)| file.clone());
        let mut tried: Vec<PathBuf> = bound.into_iter().collect();
        tried.push(opener_dir.join(&rel));
        let opener_name = &self.model.modules[opener.index()].name;
        let analyzer = alloy_module_path(opener_name, opener_path, &o.path.parts);
        for p in [Some(self.root_dir.join(&rel)), analyzer]
            .into_iter()
            .flatten()
        {
            if !tried.contains(&p) {
                tried.push(p);
            }
        }
        tried.push(self.lib_dir.join(&rel));
        let Some(found) = tried.iter().find(|p| p.is_file()).cloned() else {
            self.error(ResolveError::MissingModule {
                path: o.path.text(),
                tried,
                span: o.span,
            });
            return None;
        };
        let key = canonical(&found);
        let opener_prefix = &self.model.modules[opener.index()].label_prefix;
        let prefix = if opener_prefix.is_empty() {
            alias.to_string()
        } else {
            format!("{opener_prefix}/{alias}")
        };
        if let Some(id) = self.instances.get(&(key.clone(), args.clone())).copied() {
            self.paths[id.index()].push(prefix);
            return Some(id);
        }
        if self.loading.contains(&key) {
            self.error(ResolveError::CyclicOpen {
                path: o.path.text(),
                span: o.span,
            });
            return None;
        }
        let file = match self.sources.find(&found) {
            Some(f) => f,
            None => match crate::diag::read_alloy_source(&found) {
                Ok((text, latin1)) => {
                    let id = self.sources.add(found.display().to_string(), &found, text);
                    if let Some(first_bad) = latin1 {
                        self.sources.mark_latin1(id, first_bad);
                    }
                    id
                }
                Err(e) => {
                    self.error(ResolveError::Unreadable {
                        path: found.display().to_string(),
                        error: e.to_string(),
                    });
                    return None;
                }
            },
        };
        let ast = self.parse(file)?;
        self.loading.push(key.clone());
        let id = self.instantiate(file, found, ast, args.clone(), prefix, Some(o));
        self.loading.pop();
        if let Some(id) = id {
            self.instances.insert((key, args), id);
        }
        id
    }

    /// A module instance reached through several alias paths is labelled
    /// by the preferred one, as Alloy does when it merges instances: paths
    /// without a generated `open$N` alias first, then fewer `/`, then
    /// alphabetical order. Sig labels follow.
    pub(super) fn relabel_instances(&mut self) {
        for m in 1..self.model.modules.len() {
            let best = self.paths[m]
                .iter()
                .min_by_key(|p| (p.contains('$'), p.matches('/').count(), (*p).clone()))
                .cloned()
                .unwrap_or_default();
            if best == self.model.modules[m].label_prefix {
                continue;
            }
            self.model.modules[m].label_prefix = best.clone();
            for s in 0..self.model.sigs.len() {
                if self.sig_info[s].module.index() == m && self.sig_info[s].decl.is_some() {
                    let label = format!("{best}/{}", self.model.sigs[s].name);
                    self.model.sigs[s].label = label;
                }
            }
        }
    }

    fn push_sig(
        &mut self,
        m: ModuleId,
        name: &str,
        label_prefix: &str,
        span: Span,
        decl: Option<(usize, usize)>,
    ) -> SigId {
        let sid = SigId(self.model.sigs.len() as u32);
        let label = if label_prefix.is_empty() || decl.is_none() {
            name.to_string()
        } else {
            format!("{label_prefix}/{name}")
        };
        self.model.sigs.push(ir::Sig {
            name: name.to_string(),
            label,
            module: m,
            kind: ir::SigKind::TopLevel,
            is_abstract: false,
            mult: None,
            in_int: false,
            is_enum: false,
            span,
        });
        self.sig_info.push(SigInfo {
            module: m,
            decl,
            // (set by `resolve_hierarchy` once every sig's parents are known)
            ty: Type::univ(1),
            fields: Vec::new(),
        });
        sid
    }

    /// Ids for every sig, field, fun, pred and assert of a module. Their
    /// contents are filled in by the later phases.
    fn allocate(&mut self, m: ModuleId, file: &ast::File, prefix: &str) {
        let placeholder = ir::Expr::new(ir::ExprKind::Univ, 1, Span::DUMMY);
        let truth = ir::Formula::new(ir::FormulaKind::True, Span::DUMMY);
        for (pi, para) in file.paragraphs.iter().enumerate() {
            match para {
                ast::Paragraph::Sig(d) => {
                    for (ni, n) in d.names.iter().enumerate() {
                        let sid = self.push_sig(m, &n.name, prefix, n.span, Some((pi, ni)));
                        self.declare_sig(m, &n.name, sid, n.span);
                        let mut seen: Vec<(String, Span)> = Vec::new();
                        for (fi, fd) in d.fields.iter().enumerate() {
                            let decl_group = self.model.fields.len() as u32;
                            for (fni, f) in fd.names.iter().enumerate() {
                                if let Some((_, first)) = seen.iter().find(|(x, _)| *x == f.name) {
                                    self.error(ResolveError::Duplicate {
                                        what: "field",
                                        name: f.name.clone(),
                                        span: f.span,
                                        first: *first,
                                    });
                                    continue;
                                }
                                seen.push((f.name.clone(), f.span));
                                let fid = FieldId(self.model.fields.len() as u32);
                                let this_var = self.new_var("this", 1, n.span);
                                self.model.fields.push(ir::Field {
                                    name: f.name.clone(),
                                    sig: sid,
                                    decl: ir::Decl {
                                        mult: ir::Mult::Set,
                                        bound: placeholder.clone(),
                                    },
                                    this_var,
                                    disj: fd.disj,
                                    decl_group,
                                    disj_values: fd.disj_bound,
                                    arity: 2,
                                    span: f.span,
                                });
                                self.field_info.push(FieldInfo {
                                    decl: (pi, fi, fni),
                                    ty: None,
                                });
                                self.sig_info[sid.index()].fields.push(fid);
                                self.mods[m.index()]
                                    .ns
                                    .fields
                                    .entry(f.name.clone())
                                    .or_default()
                                    .push(fid);
                            }
                        }
                    }
                }
                ast::Paragraph::Enum(e) => {
                    let sid =
                        self.push_sig(m, &e.name.name, prefix, e.name.span, Some((pi, usize::MAX)));
                    self.declare_sig(m, &e.name.name, sid, e.name.span);
                    for (ni, mem) in e.members.iter().enumerate() {
                        let c = self.push_sig(m, &mem.name, prefix, mem.span, Some((pi, ni)));
                        self.declare_sig(m, &mem.name, c, mem.span);
                    }
                }
                ast::Paragraph::Pred(p) => {
                    let id = PredId(self.model.preds.len() as u32);
                    self.model.preds.push(ir::Pred {
                        name: p.name.name.clone(),
                        module: m,
                        params: Vec::new(),
                        body: truth.clone(),
                        span: p.name.span,
                    });
                    self.pred_info.push(CallableInfo {
                        module: m,
                        paragraph: pi,
                        params: None,
                        result: None,
                        span: p.name.span,
                    });
                    self.mods[m.index()]
                        .ns
                        .preds
                        .entry(p.name.name.clone())
                        .or_default()
                        .push(id);
                }
                ast::Paragraph::Fun(f) => {
                    let id = FunId(self.model.funs.len() as u32);
                    self.model.funs.push(ir::Fun {
                        name: f.name.name.clone(),
                        module: m,
                        params: Vec::new(),
                        result: ir::Decl {
                            mult: ir::Mult::Set,
                            bound: placeholder.clone(),
                        },
                        body: placeholder.clone(),
                        span: f.name.span,
                    });
                    self.fun_info.push(CallableInfo {
                        module: m,
                        paragraph: pi,
                        params: None,
                        result: None,
                        span: f.name.span,
                    });
                    self.mods[m.index()]
                        .ns
                        .funs
                        .entry(f.name.name.clone())
                        .or_default()
                        .push(id);
                }
                ast::Paragraph::Assert(a) => {
                    let id = AssertId(self.model.asserts.len() as u32);
                    let (name, span) = match &a.name {
                        Some(n) => (n.name.clone(), n.span),
                        None => (format!("assert${}", id.0 + 1), a.span),
                    };
                    self.model.asserts.push(ir::Assert {
                        name: name.clone(),
                        module: m,
                        body: truth.clone(),
                        span,
                    });
                    if let Some((_, first)) = self.mods[m.index()]
                        .ns
                        .asserts
                        .insert(name.clone(), (id, span))
                    {
                        self.error(ResolveError::Duplicate {
                            what: "assertion",
                            name,
                            span,
                            first,
                        });
                    }
                }
                ast::Paragraph::Fact(_) | ast::Paragraph::Command(_) | ast::Paragraph::Macro(_) => {
                }
            }
        }
    }

    fn declare_sig(&mut self, m: ModuleId, name: &str, sid: SigId, span: Span) {
        if let Some((_, first)) = self.mods[m.index()].ns.sigs.get(name).cloned() {
            self.error(ResolveError::Duplicate {
                what: "sig",
                name: name.to_string(),
                span,
                first,
            });
        } else {
            self.mods[m.index()]
                .ns
                .sigs
                .insert(name.to_string(), (sid, span));
        }
    }
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Alloy's root directory: a root module declared `module a/b/m` in
/// `DIR/a/b/m.als` opens modules relative to `DIR` (as well as relative to
/// the opening file). When the directory does not end in the module name's
/// leading parts, the file's own directory is kept.
fn alloy_root_dir(file_dir: &Path, name: Option<&ast::Name>) -> PathBuf {
    let Some(name) = name else {
        return file_dir.to_path_buf();
    };
    let leading = &name.parts[..name.parts.len().saturating_sub(1)];
    let mut dir = file_dir.to_path_buf();
    for (i, part) in leading.iter().rev().enumerate() {
        if dir.file_name().is_none() {
            // The path as written ran out (`main.als` given from its own
            // folder): walk the rest on the absolute path, and go up as
            // many folders from the path as written.
            return rest_from_absolute(file_dir, &dir, &leading[..leading.len() - i]);
        }
        if dir.file_name().map(|n| n == part.as_str()) != Some(true) {
            return file_dir.to_path_buf();
        }
        dir.pop();
    }
    dir
}

/// [`alloy_root_dir`]'s walk over the `parts` still to match, on the
/// absolute form of `dir` (where the written path `file_dir` ran out).
fn rest_from_absolute(file_dir: &Path, dir: &Path, parts: &[String]) -> PathBuf {
    let here = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(mut abs) = std::fs::canonicalize(here) else {
        return file_dir.to_path_buf();
    };
    let mut out = dir.to_path_buf();
    for part in parts.iter().rev() {
        if abs.file_name().map(|n| n == part.as_str()) != Some(true) {
            return file_dir.to_path_buf();
        }
        abs.pop();
        out.push("..");
    }
    out
}

/// Where the Analyzer looks for `open B` written in module `A` read from
/// `file_a` (its `CompUtil.computeModulePath`): the leading components the
/// two module names share are dropped, and the rest of B is taken relative
/// to the folder that the rest of A is relative to. So `open VSR/flash` in
/// `module VSR/concreteFilesystem` is `flash.als` beside it.
fn alloy_module_path(module_a: &str, file_a: &Path, module_b: &[String]) -> Option<PathBuf> {
    let mut a: Vec<&str> = module_a.split('/').collect();
    let mut b: Vec<&str> = module_b.iter().map(String::as_str).collect();
    while a.len() > 1 && b.len() > 1 && a[0] == b[0] {
        a.remove(0);
        b.remove(0);
    }
    let mut dir = file_a.parent()?;
    for _ in 1..a.len() {
        dir = dir.parent()?;
    }
    Some(
        dir.join(b.iter().collect::<PathBuf>())
            .with_extension("als"),
    )
}
