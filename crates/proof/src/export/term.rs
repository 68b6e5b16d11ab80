//! What the printer (printer.rs, walk.rs) and both back ends share besides
//! the walk: documents (`pretty` combinators with balanced appends), the
//! naming of a model's files and declarations ([`Naming`]), the order of
//! modules and of preds and funs, source comments, relprove's header line,
//! and the one printer of the rewriter's terms (`rewrite_term`).

use std::collections::{BTreeMap, BTreeSet};

use pretty::RcDoc;

use crate::rewrite::lang::{Rel as RwRel, Term as RwTerm};
use crate::rewrite::proof::{Dir, Step};
use relprove_engine::diag::{Diagnostic, Phase, SourceMap, Span};
use relprove_engine::ir::*;

use super::ExportError;

pub(super) type D = RcDoc<'static, ()>;

/// Width the generated text is laid out at.
pub const WIDTH: usize = 100;

pub(super) fn err(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Phase::Export, span, msg)
}

#[derive(Clone)]
pub(super) enum VarRepr {
    /// A single atom `x : A` (used as a set through `single x`).
    Atom(String),
    /// A relation `x : rel A n`.
    Rel(String),
}

// ---------------------------------------------------------------------------
// documents

pub(super) fn t(s: impl Into<String>) -> D {
    RcDoc::text(s.into())
}

/// The concatenation of `docs`, as a balanced tree of appends: a document
/// is a tree that `pretty` walks (and drops) recursively, so a list of
/// 10,000 conjuncts appended one by one would be 10,000 levels deep.
pub(super) fn concat(docs: Vec<D>) -> D {
    let mut level = docs;
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len() / 2 + 1);
        let mut it = level.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => a.append(b),
                None => a,
            });
        }
        level = next;
    }
    level.pop().unwrap_or_else(RcDoc::nil)
}

/// `docs` with `sep` between them (a balanced [`RcDoc::intersperse`]).
pub(super) fn intersperse(docs: Vec<D>, sep: D) -> D {
    let mut pieces = Vec::with_capacity(docs.len() * 2);
    for (i, d) in docs.into_iter().enumerate() {
        if i > 0 {
            pieces.push(sep.clone());
        }
        pieces.push(d);
    }
    concat(pieces)
}

/// `(head arg1 arg2 ...)`, breaking after the head when too long.
pub(super) fn app(head: impl Into<String>, args: Vec<D>) -> D {
    if args.is_empty() {
        return t(head);
    }
    let mut rest = Vec::with_capacity(args.len() * 2);
    for a in args {
        rest.push(RcDoc::line());
        rest.push(a);
    }
    t("(")
        .append(t(head))
        .append(concat(rest).nest(2))
        .append(t(")"))
        .group()
}

/// `(head k1 k2 arg1 ...)` with the arities `k1 k2` kept on the head's line.
pub(super) fn appk(head: impl Into<String>, ks: &[usize], args: Vec<D>) -> D {
    let mut h = head.into();
    for k in ks {
        h.push_str(&format!(" {k}"));
    }
    app(h, args)
}

pub(super) fn num(n: usize) -> D {
    t(n.to_string())
}

/// `(f1 OP f2 OP ...)` with line breaks before operators.
pub(super) fn connective(op: &str, fs: Vec<D>, unit: &str) -> D {
    match fs.len() {
        0 => t(unit),
        1 => concat(fs),
        _ => {
            let sep = RcDoc::line().append(t(format!("{op} ")));
            t("(")
                .append(intersperse(fs, sep).nest(1))
                .append(t(")"))
                .group()
        }
    }
}

pub(super) fn binder_block(kw: &str, binders: D, sep: &str, body: D) -> D {
    t(format!("({kw} "))
        .append(binders)
        .append(t(sep.to_string()))
        .append(RcDoc::line().append(body).nest(2))
        .append(t(")"))
        .group()
}

pub(super) fn render(d: &D) -> String {
    let mut out = Vec::new();
    d.render(WIDTH, &mut out)
        .expect("rendering to a Vec cannot fail");
    String::from_utf8(out).expect("documents are UTF-8")
}

// ---------------------------------------------------------------------------
// names and source text

/// An identifier for an Alloy name: the last segment of a module path,
/// every character other than a letter, a digit, `_` or `'` replaced by
/// `_`, and an `x` put first unless `may_start` accepts the first character.
pub(super) fn identifier(name: &str, may_start: fn(char) -> bool) -> String {
    let name = name.rsplit('/').next().unwrap_or(name);
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '\'' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !s.starts_with(may_start) {
        s.insert(0, 'x');
    }
    s
}

/// The name of a model's root module (`model` for a model without modules).
pub(super) fn root_module_name(model: &Model) -> &str {
    model.modules.first().map_or("model", |m| m.name.as_str())
}

/// Allocates globally unique identifiers (all files of one model share a
/// namespace, since the root imports them all).
#[derive(Clone)]
pub(super) struct Names {
    pub(super) taken: BTreeSet<String>,
    sanitize: fn(&str) -> String,
}

impl Names {
    /// `taken`: the back end's reserved words; `sanitize`: its identifiers.
    pub(super) fn new(taken: BTreeSet<String>, sanitize: fn(&str) -> String) -> Names {
        Names { taken, sanitize }
    }
    pub(super) fn fresh(&mut self, base: &str) -> String {
        let base = (self.sanitize)(base);
        let mut cand = base.clone();
        let mut n = 1;
        while self.taken.contains(&cand) {
            cand = format!("{base}_{n}");
            n += 1;
        }
        self.taken.insert(cand.clone());
        cand
    }
}

/// The identifiers of a model's files, records, modules and declarations
/// (allocated in the same order by both back ends).
///
/// An opened module's file is shared by every model that opens the module
/// (and by every instance of it within one model): its file stem
/// (`<module>_module`) and every identifier in it are allocated from the
/// module and the modules it opens alone, never from the root, so that the
/// file's contents do not depend on who opens it. The root's identifiers are
/// allocated afterwards, avoiding all of them.
pub(super) struct Naming {
    /// The root file's identifiers (everything any file of the model defines).
    pub(super) names: Names,
    /// Per opened module: what its file defines or binds (reserved words,
    /// the identifiers of the modules it opens, its own); empty for the root.
    pub(super) local: Vec<BTreeSet<String>>,
    pub(super) root_name: String,
    /// Per module: file stem, record type, root-record field.
    pub(super) file: Vec<String>,
    pub(super) record: Vec<String>,
    pub(super) root_field: Vec<String>,
    /// Per module: the binder of each module it opens (transitively) in its
    /// definitions.
    pub(super) inst_binder: Vec<BTreeMap<ModuleId, String>>,
    /// Per module: every module it opens, transitively, opened modules
    /// before the modules that open them (in `open` order), then itself.
    pub(super) deps: Vec<Vec<ModuleId>>,
    pub(super) param_name: Vec<Vec<String>>,
    pub(super) sig: Vec<String>,
    pub(super) field: Vec<String>,
    pub(super) fun: Vec<String>,
    pub(super) pred: Vec<String>,
    pub(super) fact: Vec<String>,
    pub(super) module_facts: Vec<String>,
    pub(super) statement: Vec<String>,
    pub(super) inline_stmt: Vec<Option<String>>,
    /// The smallest bitwidth of the model's commands (Alloy's default 4).
    pub(super) bitwidth: u32,
    /// Modules whose shared files would clash (reported by the back ends).
    pub(super) problems: Vec<Diagnostic>,
}

/// A module's dependencies: everything it opens, transitively, in
/// post-order (opened modules first, in `open` order), then itself.
fn module_deps(m: &Model, k: ModuleId) -> Vec<ModuleId> {
    fn visit(m: &Model, k: ModuleId, seen: &mut BTreeSet<ModuleId>, order: &mut Vec<ModuleId>) {
        if !seen.insert(k) {
            return;
        }
        for (_, o) in &m.module(k).opens {
            visit(m, *o, seen, order);
        }
        order.push(k);
    }
    let mut order = Vec::new();
    visit(m, k, &mut BTreeSet::new(), &mut order);
    order
}

/// Field `f` of module `k` keeps its plain name unless another field of the
/// module (`count`) or an identifier already taken has it.
fn field_base(
    m: &Model,
    f: &Field,
    prefix: &str,
    count: usize,
    taken: &BTreeSet<String>,
) -> String {
    let pre = |n: &str| {
        if prefix.is_empty() {
            n.to_string()
        } else {
            format!("{prefix}_{n}")
        }
    };
    let base = if count > 1 || taken.contains(&pre(&f.name)) {
        format!("{}_{}", m.sig(f.sig).name, f.name)
    } else {
        f.name.clone()
    };
    pre(&base)
}

/// What naming the opened modules leaves for the root, per module: its
/// prefix, the identifiers its file defines (what a file that imports it
/// sees), and everything else it reserves (binders).
struct Opened {
    prefix: Vec<String>,
    defines: Vec<BTreeSet<String>>,
    binders: Vec<BTreeSet<String>>,
}

impl Naming {
    pub(super) fn new(m: &Model, names: Names, root_name: String) -> Naming {
        let nm = m.modules.len();
        let nf = m.fields.len();
        let reserved = names.taken.clone();
        let deps: Vec<Vec<ModuleId>> = (0..nm)
            .map(|k| module_deps(m, ModuleId(k as u32)))
            .collect();
        let mut n = Naming {
            names,
            local: vec![BTreeSet::new(); nm],
            root_name: root_name.clone(),
            file: vec![String::new(); nm],
            record: vec![String::new(); nm],
            root_field: vec![String::new(); nm],
            inst_binder: vec![BTreeMap::new(); nm],
            deps,
            param_name: vec![Vec::new(); nm],
            sig: vec![String::new(); m.sigs.len()],
            field: vec![String::new(); nf],
            fun: vec![String::new(); m.funs.len()],
            pred: vec![String::new(); m.preds.len()],
            fact: vec![String::new(); m.facts.len()],
            module_facts: vec![String::new(); nm],
            statement: Vec::new(),
            inline_stmt: Vec::new(),
            bitwidth: m
                .commands
                .iter()
                .map(|c| c.scope.bitwidth.unwrap_or(4))
                .min()
                .unwrap_or(4)
                .clamp(1, 32),
            problems: Vec::new(),
        };
        if nm == 0 {
            return n; // the back ends report a model without modules
        }
        // The opened modules, each on its own (dependencies first), then the root.
        let mut opened = Opened {
            prefix: vec![String::new(); nm],
            defines: vec![BTreeSet::new(); nm],
            binders: vec![BTreeSet::new(); nm],
        };
        for k in module_order(m).into_iter().filter(|&k| k != 0) {
            n.name_opened(m, k, &reserved, &mut opened);
        }
        n.check_clashes(m, &opened.defines);
        n.name_root(m, &opened);
        n
    }

    /// The identifiers of opened module `k` (its file stem, record,
    /// binders, declarations), from what it opens alone.
    fn name_opened(&mut self, m: &Model, k: usize, reserved: &BTreeSet<String>, o: &mut Opened) {
        let id = ModuleId(k as u32);
        let mut local = Names {
            taken: reserved.clone(),
            sanitize: self.names.sanitize,
        };
        for d in self.deps[k].iter().filter(|&&d| d != id) {
            local.taken.extend(o.defines[d.index()].iter().cloned());
        }
        let visible = local.taken.clone();
        let p = local.fresh(&m.module(id).name);
        self.file[k] = local.fresh(&format!("{p}_module"));
        self.record[k] = local.fresh(&format!("{p}_Inst"));
        for &d in self.deps[k].iter().filter(|&&d| d != id) {
            let b = local.fresh(&format!("i_{}", o.prefix[d.index()]));
            self.inst_binder[k].insert(d, b);
        }
        self.param_name[k] = m
            .module(id)
            .params
            .iter()
            .map(|(q, _)| local.fresh(q))
            .collect();
        for (s, sig) in m.sigs.iter().enumerate().filter(|(_, s)| s.module == id) {
            self.sig[s] = local.fresh(&format!("{p}_{}", sig.name));
        }
        let own_fields: Vec<usize> = (0..m.fields.len())
            .filter(|&f| m.sig(m.fields[f].sig).module == id)
            .collect();
        for &f in &own_fields {
            let fd = &m.fields[f];
            let count = own_fields
                .iter()
                .filter(|&&g| m.fields[g].name == fd.name)
                .count();
            self.field[f] = local.fresh(&field_base(m, fd, &p, count, &local.taken));
        }
        for (f, fun) in m.funs.iter().enumerate().filter(|(_, f)| f.module == id) {
            self.fun[f] = local.fresh(&format!("{p}_{}", fun.name));
        }
        for (q, pred) in m.preds.iter().enumerate().filter(|(_, q)| q.module == id) {
            self.pred[q] = local.fresh(&format!("{p}_{}", pred.name));
        }
        let mut anon = 0;
        for (f, fact) in m.facts.iter().enumerate().filter(|(_, f)| f.module == id) {
            self.fact[f] = local.fresh(&format!("{p}_{}", fact_base(m, fact, &mut anon)));
        }
        self.module_facts[k] = local.fresh(&format!("{p}_facts"));
        let own: BTreeSet<String> = local.taken.difference(&visible).cloned().collect();
        o.binders[k] = self.inst_binder[k]
            .values()
            .chain(&self.param_name[k])
            .cloned()
            .collect();
        o.binders[k].insert(p.clone());
        o.defines[k] = own.difference(&o.binders[k]).cloned().collect();
        self.local[k] = local.taken;
        o.prefix[k] = p;
    }

    /// Files of different modules must not clash, nor their identifiers
    /// (the root imports them all): one definition per name.
    fn check_clashes(&mut self, m: &Model, defines: &[BTreeSet<String>]) {
        let mut stems: BTreeMap<&str, usize> = BTreeMap::new();
        let mut owner: BTreeMap<&str, usize> = BTreeMap::new();
        for (k, own) in defines.iter().enumerate().skip(1) {
            let first = *stems.entry(self.file[k].as_str()).or_insert(k);
            if first != k {
                continue; // another instance of the same module: one shared file
            }
            if self.file[k] == self.root_name {
                self.problems.push(Diagnostic::without_span(
                    Phase::Export,
                    format!("module `{}` would be exported as `{}`, the name of the model's own file", m.module(ModuleId(k as u32)).name, self.root_name),
                ).hint("rename the model's root module"));
            }
            for name in own {
                match owner.get(name.as_str()) {
                    Some(&j) if self.file[j] != self.file[k] => self.problems.push(Diagnostic::without_span(
                        Phase::Export,
                        format!(
                            "modules `{}` and `{}` both define `{name}` in their exported files ({} and {})",
                            m.module(ModuleId(j as u32)).name,
                            m.module(ModuleId(k as u32)).name,
                            self.file[j],
                            self.file[k]
                        ),
                    ).hint("rename one of the declarations")),
                    Some(_) => {}
                    None => {
                        owner.insert(name, k);
                    }
                }
            }
        }
    }

    /// The root's identifiers, avoiding every module's.
    fn name_root(&mut self, m: &Model, o: &Opened) {
        let root_name = self.root_name.clone();
        let names = &mut self.names;
        names.taken.insert(root_name.clone());
        for (d, b) in o.defines.iter().zip(&o.binders).skip(1) {
            names.taken.extend(d.iter().chain(b).cloned());
        }
        for (field, p) in self.root_field.iter_mut().zip(&o.prefix).skip(1) {
            *field = names.fresh(&format!("m_{p}"));
        }
        let root = ModuleId(0);
        self.record[0] = "Instance".to_string();
        self.file[0] = root_name.clone();
        self.param_name[0] = m
            .module(root)
            .params
            .iter()
            .map(|(q, _)| names.fresh(q))
            .collect();
        for (s, sig) in m.sigs.iter().enumerate().filter(|(_, s)| s.module == root) {
            self.sig[s] = names.fresh(&sig.name);
        }
        // A root field keeps its plain name unless another field or sig of the model has it.
        for (f, fd) in m
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| m.sig(f.sig).module == root)
        {
            let count = m.fields.iter().filter(|g| g.name == fd.name).count();
            self.field[f] = names.fresh(&field_base(m, fd, "", count, &names.taken));
        }
        for (f, fun) in m.funs.iter().enumerate().filter(|(_, f)| f.module == root) {
            self.fun[f] = names.fresh(&fun.name);
        }
        for (q, pred) in m.preds.iter().enumerate().filter(|(_, q)| q.module == root) {
            self.pred[q] = names.fresh(&pred.name);
        }
        let mut anon = 0;
        for (f, fact) in m.facts.iter().enumerate().filter(|(_, f)| f.module == root) {
            self.fact[f] = names.fresh(&fact_base(m, fact, &mut anon));
        }
        self.module_facts[0] = names.fresh(&format!("{root_name}_facts"));
        let pre = |p: &str, n: &str| {
            if p.is_empty() {
                n.to_string()
            } else {
                format!("{p}_{n}")
            }
        };
        self.statement = m
            .asserts
            .iter()
            .map(|a| {
                names.fresh(&pre(
                    &o.prefix[a.module.index()],
                    &format!("{}_statement", a.name),
                ))
            })
            .collect();
        self.inline_stmt = m
            .commands
            .iter()
            .map(|c| match (c.kind, &c.target) {
                (CommandKind::Check, CommandTarget::Inline(_)) => {
                    Some(names.fresh(&format!("{}_statement", c.name)))
                }
                _ => None,
            })
            .collect();
    }

    /// Whether `name` is defined or bound where module `k`'s definitions are.
    pub(super) fn taken_in(&self, k: ModuleId, name: &str) -> bool {
        if k == ModuleId(0) {
            self.names.taken.contains(name)
        } else {
            self.local[k.index()].contains(name)
        }
    }
}

/// The base name of a fact: its own, `<Sig>_fact` for a sig fact, else
/// `fact_<n>` (numbered within its module).
fn fact_base(m: &Model, f: &Fact, anon: &mut usize) -> String {
    match (&f.name, &f.origin) {
        (Some(n), _) => format!("fact_{n}"),
        (None, FactOrigin::SigFact(s)) => format!("{}_fact", m.sig(*s).name),
        (None, FactOrigin::Paragraph) => {
            *anon += 1;
            format!("fact_{anon}")
        }
    }
}

/// The model's modules, opened modules before the modules that open them
/// (post-order from the root), then any module the root does not reach.
pub(super) fn module_order(m: &Model) -> Vec<usize> {
    fn visit(m: &Model, k: ModuleId, seen: &mut Vec<bool>, order: &mut Vec<usize>) {
        if std::mem::replace(&mut seen[k.index()], true) {
            return;
        }
        for (_, o) in &m.module(k).opens {
            visit(m, *o, seen, order);
        }
        order.push(k.index());
    }
    let mut seen = vec![false; m.modules.len()];
    let mut order = Vec::new();
    visit(m, ModuleId(0), &mut seen, &mut order);
    order.extend((0..m.modules.len()).filter(|&k| !seen[k]));
    order
}

/// Preds and funs of module `k`, callees before callers, otherwise in
/// source order.
pub(super) fn ordered_items(
    m: &Model,
    k: ModuleId,
    prover: &str,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Item> {
    let mut items: Vec<(Item, Span)> = Vec::new();
    for (j, p) in m.preds.iter().enumerate() {
        if p.module == k {
            items.push((Item::Pred(PredId(j as u32)), p.span));
        }
    }
    for (j, f) in m.funs.iter().enumerate() {
        if f.module == k {
            items.push((Item::Fun(FunId(j as u32)), f.span));
        }
    }
    items.sort_by_key(|(_, s)| (s.file, s.start));
    let mut deps: BTreeMap<Item, BTreeSet<Item>> = BTreeMap::new();
    for (it, _) in &items {
        let mut calls = BTreeSet::new();
        match it {
            Item::Pred(p) => calls_formula(&m.pred(*p).body, &mut calls),
            Item::Fun(f) => calls_expr(&m.fun(*f).body, &mut calls),
        }
        calls.retain(|c| items.iter().any(|(i, _)| i == c));
        deps.insert(*it, calls);
    }
    let mut done: Vec<Item> = Vec::new();
    let mut remaining: Vec<(Item, Span)> = items;
    while !remaining.is_empty() {
        let pos = remaining
            .iter()
            .position(|(it, _)| deps[it].iter().all(|d| done.contains(d)));
        match pos {
            Some(p) => done.push(remaining.remove(p).0),
            None => {
                let (_, span) = remaining[0];
                errors.push(err(span, format!("recursive predicates and functions are not supported by the {prover} export")));
                break;
            }
        }
    }
    done
}

/// The whole paragraph of a declaration whose span may cover only its name
/// (`pred p[...] { ... }`): from the start of the name's line (when only
/// keywords precede it there) to the end of the body, plus a closing `}`.
pub(super) fn paragraph_span(sources: &SourceMap, name: Span, body: Span) -> Span {
    if name.is_dummy() || body.is_dummy() || name.file != body.file || body.end < name.start {
        return name;
    }
    let text = &sources.get(name.file).text;
    let bytes = text.as_bytes();
    let line_start = text[..name.start as usize].rfind('\n').map_or(0, |p| p + 1);
    let before = &text[line_start..name.start as usize];
    let start = if before
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == ' ' || c == '\t' || c == '.' || c == '/')
    {
        line_start + (before.len() - before.trim_start().len())
    } else {
        name.start as usize
    };
    let mut end = body.end as usize;
    let mut k = end;
    while k < bytes.len() && (bytes[k] as char).is_whitespace() {
        k += 1;
    }
    if k < bytes.len() && bytes[k] == b'}' {
        end = k + 1;
    }
    Span::new(name.file, start, end.max(name.end as usize))
}

/// The Alloy text of a span as a comment between `open` and `close`, its
/// text passed through `neutralise` so that the comment always closes.
pub(super) fn source_comment(
    sources: &SourceMap,
    span: Span,
    open: &str,
    close: &str,
    neutralise: fn(&str) -> String,
) -> String {
    let text = sources.snippet(span);
    if text.is_empty() {
        return String::new();
    }
    let text = neutralise(text);
    let mut lines: Vec<&str> = text.lines().collect();
    // Re-indent continuation lines relative to the first one.
    let min_indent = lines
        .iter()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::from(open);
    for (k, l) in lines.iter_mut().enumerate() {
        if k > 0 {
            out.push_str("\n   ");
            out.push_str(l.get(min_indent..).unwrap_or(l.trim_start()).trim_end());
        } else {
            out.push_str(l.trim_end());
        }
    }
    out.push_str(close);
    out
}

/// A generated definitions file: `body` after relprove's header line
/// (`prefix`, the version, the source, the content hash of `body`, then
/// `close`, the end of the prover's comment).
pub(super) fn with_header(prefix: &str, close: &str, body: &str, source: &str) -> String {
    format!(
        "{prefix} {} from {source}; do not edit (content hash {}).{close}\n{body}",
        env!("CARGO_PKG_VERSION"),
        super::content_hash(body)
    )
}

/// For a file whose first line starts with `prefix`: `Some(true)` if its
/// body still matches the recorded hash, `Some(false)` if someone edited
/// it; `None` if it was not generated by relprove.
pub(super) fn header_intact(prefix: &str, contents: &str) -> Option<bool> {
    let (first, body) = contents.split_once('\n')?;
    if !first.starts_with(prefix) {
        return None;
    }
    let recorded = first.split("content hash ").nth(1)?.split(')').next()?;
    Some(recorded == super::content_hash(body))
}

/// The arity of a rewriter term.
pub(super) fn rewrite_arity(
    t: &RwTerm,
    arities: &BTreeMap<egg::Symbol, usize>,
) -> Result<usize, ExportError> {
    t.arity(arities)
        .ok_or_else(|| ExportError::IllFormedTerm(t.to_string()))
}

/// A term of the rewriter's proofs as prover text over the library's
/// operators, with their arity arguments: `(union n a b)` in Coq,
/// `(Rel.union n a b)` in Lean (`rel`: the prover's
/// [`Syntax::REL`](super::syntax::Syntax::REL)); a named relation is printed by `name`, and
/// the subterm at `hole` (if any) as `x` (for a congruence's context). The
/// one printer of terms for every prover's proofs.
pub(super) fn rewrite_term(
    t: &RwTerm,
    arities: &BTreeMap<egg::Symbol, usize>,
    rel: &str,
    name: &dyn Fn(egg::Symbol) -> Result<String, ExportError>,
    hole: Option<&[usize]>,
) -> Result<String, ExportError> {
    if hole.is_some_and(|p| p.is_empty()) {
        return Ok("x".into());
    }
    let c = |i: usize| {
        // A path through another child leaves this one whole.
        let sub = match hole {
            Some(p) if p[0] == i => Some(&p[1..]),
            _ => None,
        };
        rewrite_term(&t.children[i], arities, rel, name, sub)
    };
    let a = |i: usize| rewrite_arity(&t.children[i], arities);
    Ok(match &t.node {
        RwRel::Union(_) => format!("({rel}union {} {} {})", a(0)?, c(0)?, c(1)?),
        RwRel::Inter(_) => format!("({rel}inter {} {} {})", a(0)?, c(0)?, c(1)?),
        RwRel::Diff(_) => format!("({rel}diff {} {} {})", a(0)?, c(0)?, c(1)?),
        RwRel::Join(_) => format!(
            "({rel}join {} {} {} {})",
            a(0)? - 1,
            a(1)? - 1,
            c(0)?,
            c(1)?
        ),
        RwRel::Product(_) => format!("({rel}product {} {} {} {})", a(0)?, a(1)?, c(0)?, c(1)?),
        RwRel::Override(_) => format!("({rel}override {} {} {})", a(0)? - 1, c(0)?, c(1)?),
        RwRel::DomR(_) => format!("({rel}domr {} {} {})", a(1)? - 1, c(0)?, c(1)?),
        RwRel::RanR(_) => format!("({rel}ranr {} {} {})", a(0)? - 1, c(0)?, c(1)?),
        RwRel::Transpose(_) => format!("({rel}transpose {})", c(0)?),
        RwRel::Closure(_) => format!("({rel}closure {})", c(0)?),
        RwRel::RClosure(_) => format!("({rel}rclosure {})", c(0)?),
        RwRel::None(_) => format!("(@{rel}none A {})", rewrite_arity(t, arities)?),
        RwRel::Univ(_) => format!("(@{rel}univ A {})", rewrite_arity(t, arities)?),
        RwRel::Iden => format!("(@{rel}iden A)"),
        RwRel::Num(n) => n.to_string(),
        RwRel::Name(s) => name(*s)?,
    })
}

/// One step of a rewriter's proof as text for a comment: the rule, its
/// direction when backward, the term after it.
pub(super) fn rewrite_step(s: &Step) -> String {
    let arrow = if s.dir == Dir::Backward {
        " (right to left)"
    } else {
        ""
    };
    format!("{}{}: {}", s.rule, arrow, s.after)
}

/// The name of the rewriter's lemma proving an assertion (`<name>_by_rewriting`,
/// non-identifier characters replaced): the same in every prover, so that
/// the Coq and Lean proofs of one model name their lemmas alike.
pub(super) fn rewriting_lemma_name(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{s}_by_rewriting")
}

// ---------------------------------------------------------------------------
// helpers

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Item {
    Pred(PredId),
    Fun(FunId),
}

fn calls_expr(e: &Expr, out: &mut BTreeSet<Item>) {
    use ExprKind as K;
    match &e.kind {
        K::Call(f, args) => {
            out.insert(Item::Fun(*f));
            args.iter().for_each(|a| calls_expr(a, out));
        }
        K::Union(a, b)
        | K::Intersection(a, b)
        | K::Difference(a, b)
        | K::Join(a, b)
        | K::Override(a, b)
        | K::DomainRestrict(a, b)
        | K::RangeRestrict(a, b)
        | K::Let(_, a, b) => {
            calls_expr(a, out);
            calls_expr(b, out);
        }
        K::Product { lhs, rhs, .. } => {
            calls_expr(lhs, out);
            calls_expr(rhs, out);
        }
        K::Transpose(a) | K::Closure(a) | K::ReflexiveClosure(a) => calls_expr(a, out),
        K::Comprehension { decls, body } => {
            decls.iter().for_each(|d| calls_expr(&d.bound, out));
            calls_formula(body, out);
        }
        K::IfThenElse(c, a, b) => {
            calls_formula(c, out);
            calls_expr(a, out);
            calls_expr(b, out);
        }
        K::IntToAtom(i) => calls_int(i, out),
        K::Sig(_)
        | K::Field(_)
        | K::Var(_)
        | K::Univ
        | K::Iden
        | K::None
        | K::IntAtoms
        | K::SeqIdx => {}
    }
}

fn calls_int(i: &IntExpr, out: &mut BTreeSet<Item>) {
    use IntExprKind as I;
    match &i.kind {
        I::Lit(_) => {}
        I::Card(e) | I::Sum(e) => calls_expr(e, out),
        I::Add(a, b)
        | I::Sub(a, b)
        | I::Mul(a, b)
        | I::Div(a, b)
        | I::Rem(a, b)
        | I::Shift(_, a, b) => {
            calls_int(a, out);
            calls_int(b, out);
        }
        I::Neg(a) => calls_int(a, out),
        I::IfThenElse(c, a, b) => {
            calls_formula(c, out);
            calls_int(a, out);
            calls_int(b, out);
        }
        I::Let(_, e, b) => {
            calls_expr(e, out);
            calls_int(b, out);
        }
        I::SumOver(ds, b) => {
            ds.iter().for_each(|d| calls_expr(&d.bound, out));
            calls_int(b, out);
        }
    }
}

fn calls_formula(f: &Formula, out: &mut BTreeSet<Item>) {
    use FormulaKind as F;
    match &f.kind {
        F::True | F::False => {}
        F::In(a, b) | F::Eq(a, b) => {
            calls_expr(a, out);
            calls_expr(b, out);
        }
        F::Mult(_, e) => calls_expr(e, out),
        F::IntCmp(_, a, b) => {
            calls_int(a, out);
            calls_int(b, out);
        }
        F::Not(g) => calls_formula(g, out),
        F::And(gs) | F::Or(gs) => gs.iter().for_each(|g| calls_formula(g, out)),
        F::Implies(a, b) | F::Iff(a, b) => {
            calls_formula(a, out);
            calls_formula(b, out);
        }
        F::IfThenElse(c, a, b) => {
            calls_formula(c, out);
            calls_formula(a, out);
            calls_formula(b, out);
        }
        F::Quant(_, decls, body) => {
            decls.iter().for_each(|d| calls_expr(&d.bound, out));
            calls_formula(body, out);
        }
        F::Call(p, args) => {
            out.insert(Item::Pred(*p));
            args.iter().for_each(|a| calls_expr(a, out));
        }
        F::Let(_, e, b) => {
            calls_expr(e, out);
            calls_formula(b, out);
        }
    }
}

pub(super) fn flip(op: IntCmp) -> IntCmp {
    match op {
        IntCmp::Lt => IntCmp::Gt,
        IntCmp::Le => IntCmp::Ge,
        IntCmp::Gt => IntCmp::Lt,
        IntCmp::Ge => IntCmp::Le,
        o => o,
    }
}

pub(super) fn unsupported_int(prover: &str, span: Span) -> Diagnostic {
    err(span, format!("this integer comparison is not supported by the {prover} export"))
        .label("not a cardinality compared with an integer literal or another cardinality")
        .hint(format!("the {prover} export translates `#e` compared with a literal or with `#f` (as exact cardinalities); other integer arithmetic is refused rather than approximated"))
}

pub(super) fn disj_atoms(neq: &str, xs: &[String]) -> Vec<D> {
    let mut v = Vec::new();
    for (p, a) in xs.iter().enumerate() {
        for b in &xs[p + 1..] {
            v.push(t(format!("{a} {neq} {b}")));
        }
    }
    v
}

pub(super) fn binder_doc(rel_type: &str, bs: &[(String, bool, usize)]) -> D {
    let ds: Vec<D> = bs
        .iter()
        .map(|(x, atom, n)| {
            if *atom {
                t(format!("({x} : A)"))
            } else {
                t(format!("({x} : {rel_type} A {n})"))
            }
        })
        .collect();
    intersperse(ds, RcDoc::line()).group()
}

pub(super) fn let_doc(sep: &str, x: &str, v: D, body: D) -> D {
    t(format!("(let {x} := "))
        .append(v)
        .append(t(sep))
        .append(RcDoc::line().append(body).nest(2))
        .append(t(")"))
        .group()
}

/// `names` without repetitions, in order of first occurrence.
pub(super) fn dedup(names: Vec<String>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    names
        .into_iter()
        .filter(|n| seen.insert(n.clone()))
        .collect()
}

/// Two instances of a module, or two modules of the same name (`first` and
/// `k`), that would need different contents in their shared file.
pub(super) fn instances_differ(m: &Model, first: ModuleId, k: ModuleId, file: &str) -> Diagnostic {
    let (a, b) = (m.module(first), m.module(k));
    let msg = if a.path == b.path {
        format!("two instances of module `{}` ({}) would need different contents in its shared file {file}", b.name, b.path.display())
    } else {
        format!(
            "modules `{}` ({}) and `{}` ({}) would both be exported as {file}, with different contents",
            a.name,
            a.path.display(),
            b.name,
            b.path.display()
        )
    };
    Diagnostic::new(Phase::Export, b.span, msg)
        .hint("modules exported together need distinct names; rename one")
}
