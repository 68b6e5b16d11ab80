//! The one back-end interface, [`ProofAssistant`], and the IR walk shared
//! by the Coq and Lean back ends.
//!
//! Both back ends print the formulas and expressions of the IR construct by
//! construct in the same way; they differ only in surface syntax
//! (connectives, quantifier keywords, the `Rel.` prefix of library names,
//! comprehension binders, `univ`/`none`/`iden`, relational equality), in
//! how a sig, a field or a module context is referred to, and in their
//! files (extension, proofs skeleton, project files, the rewriter's proofs
//! printed in their tactic language). A proof assistant is one type
//! implementing [`ProofAssistant`] with those tokens, references and files;
//! the walk itself (variables, expressions, formulas, arrow multiplicities,
//! cardinalities, quantifiers) lives here once, as the trait's provided
//! methods, and export/mod.rs assembles and writes the files of any
//! implementation (`render_files`, `Session::write`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use pretty::RcDoc;

use crate::rewrite::lang::{Rel as RwRel, Term as RwTerm};
use crate::rewrite::Limits;
use relprove_engine::diag::{Diagnostic, Diagnostics, Phase, SourceMap, Span};
use relprove_engine::ir::*;

use super::{ExportError, ExportOptions, ExportReport, GeneratedFile, RewriteProofs};

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
        let mut prefix = vec![String::new(); nm];
        // Per module: the identifiers its file defines (what a file that
        // imports it sees), and everything else it reserves (binders).
        let mut defines: Vec<BTreeSet<String>> = vec![BTreeSet::new(); nm];
        let mut binders: Vec<BTreeSet<String>> = vec![BTreeSet::new(); nm];
        for k in module_order(m).into_iter().filter(|&k| k != 0) {
            let id = ModuleId(k as u32);
            let mut local = Names {
                taken: reserved.clone(),
                sanitize: n.names.sanitize,
            };
            for d in n.deps[k].iter().filter(|&&d| d != id) {
                local.taken.extend(defines[d.index()].iter().cloned());
            }
            let visible = local.taken.clone();
            let p = local.fresh(&m.module(id).name);
            n.file[k] = local.fresh(&format!("{p}_module"));
            n.record[k] = local.fresh(&format!("{p}_Inst"));
            for &d in n.deps[k].iter().filter(|&&d| d != id) {
                let b = local.fresh(&format!("i_{}", prefix[d.index()]));
                n.inst_binder[k].insert(d, b);
            }
            n.param_name[k] = m
                .module(id)
                .params
                .iter()
                .map(|(q, _)| local.fresh(q))
                .collect();
            for (s, sig) in m.sigs.iter().enumerate().filter(|(_, s)| s.module == id) {
                n.sig[s] = local.fresh(&format!("{p}_{}", sig.name));
            }
            let own_fields: Vec<usize> = (0..nf)
                .filter(|&f| m.sig(m.fields[f].sig).module == id)
                .collect();
            for &f in &own_fields {
                let fd = &m.fields[f];
                let count = own_fields
                    .iter()
                    .filter(|&&g| m.fields[g].name == fd.name)
                    .count();
                n.field[f] = local.fresh(&field_base(m, fd, &p, count, &local.taken));
            }
            for (f, fun) in m.funs.iter().enumerate().filter(|(_, f)| f.module == id) {
                n.fun[f] = local.fresh(&format!("{p}_{}", fun.name));
            }
            for (q, pred) in m.preds.iter().enumerate().filter(|(_, q)| q.module == id) {
                n.pred[q] = local.fresh(&format!("{p}_{}", pred.name));
            }
            let mut anon = 0;
            for (f, fact) in m.facts.iter().enumerate().filter(|(_, f)| f.module == id) {
                n.fact[f] = local.fresh(&format!("{p}_{}", fact_base(m, fact, &mut anon)));
            }
            n.module_facts[k] = local.fresh(&format!("{p}_facts"));
            let own: BTreeSet<String> = local.taken.difference(&visible).cloned().collect();
            binders[k] = n.inst_binder[k]
                .values()
                .chain(&n.param_name[k])
                .cloned()
                .collect();
            binders[k].insert(p.clone());
            defines[k] = own.difference(&binders[k]).cloned().collect();
            n.local[k] = local.taken;
            prefix[k] = p;
        }
        // Files of different modules must not clash, nor their identifiers
        // (the root imports them all): one definition per name.
        let mut stems: BTreeMap<&str, usize> = BTreeMap::new();
        let mut owner: BTreeMap<&str, usize> = BTreeMap::new();
        for (k, own) in defines.iter().enumerate().skip(1) {
            let first = *stems.entry(n.file[k].as_str()).or_insert(k);
            if first != k {
                continue; // another instance of the same module: one shared file
            }
            if n.file[k] == root_name {
                n.problems.push(Diagnostic::without_span(
                    Phase::Export,
                    format!("module `{}` would be exported as `{}`, the name of the model's own file", m.module(ModuleId(k as u32)).name, root_name),
                ).hint("rename the model's root module"));
            }
            for name in own {
                match owner.get(name.as_str()) {
                    Some(&j) if n.file[j] != n.file[k] => n.problems.push(Diagnostic::without_span(
                        Phase::Export,
                        format!(
                            "modules `{}` and `{}` both define `{name}` in their exported files ({} and {})",
                            m.module(ModuleId(j as u32)).name,
                            m.module(ModuleId(k as u32)).name,
                            n.file[j],
                            n.file[k]
                        ),
                    ).hint("rename one of the declarations")),
                    Some(_) => {}
                    None => {
                        owner.insert(name, k);
                    }
                }
            }
        }
        // The root, avoiding every module's identifiers.
        let names = &mut n.names;
        names.taken.insert(root_name.clone());
        for (d, b) in defines.iter().zip(&binders).skip(1) {
            names.taken.extend(d.iter().chain(b).cloned());
        }
        for (field, p) in n.root_field.iter_mut().zip(&prefix).skip(1) {
            *field = names.fresh(&format!("m_{p}"));
        }
        let root = ModuleId(0);
        n.record[0] = "Instance".to_string();
        n.file[0] = root_name.clone();
        n.param_name[0] = m
            .module(root)
            .params
            .iter()
            .map(|(q, _)| names.fresh(q))
            .collect();
        for (s, sig) in m.sigs.iter().enumerate().filter(|(_, s)| s.module == root) {
            n.sig[s] = names.fresh(&sig.name);
        }
        // A root field keeps its plain name unless another field or sig of the model has it.
        for (f, fd) in m
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| m.sig(f.sig).module == root)
        {
            let count = m.fields.iter().filter(|g| g.name == fd.name).count();
            n.field[f] = names.fresh(&field_base(m, fd, "", count, &names.taken));
        }
        for (f, fun) in m.funs.iter().enumerate().filter(|(_, f)| f.module == root) {
            n.fun[f] = names.fresh(&fun.name);
        }
        for (q, pred) in m.preds.iter().enumerate().filter(|(_, q)| q.module == root) {
            n.pred[q] = names.fresh(&pred.name);
        }
        let mut anon = 0;
        for (f, fact) in m.facts.iter().enumerate().filter(|(_, f)| f.module == root) {
            n.fact[f] = names.fresh(&fact_base(m, fact, &mut anon));
        }
        n.module_facts[0] = names.fresh(&format!("{root_name}_facts"));
        let pre = |p: &str, n: &str| {
            if p.is_empty() {
                n.to_string()
            } else {
                format!("{p}_{n}")
            }
        };
        n.statement = m
            .asserts
            .iter()
            .map(|a| {
                names.fresh(&pre(
                    &prefix[a.module.index()],
                    &format!("{}_statement", a.name),
                ))
            })
            .collect();
        n.inline_stmt = m
            .commands
            .iter()
            .map(|c| match (c.kind, &c.target) {
                (CommandKind::Check, CommandTarget::Inline(_)) => {
                    Some(names.fresh(&format!("{}_statement", c.name)))
                }
                _ => None,
            })
            .collect();
        n
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
/// [`ProofAssistant::REL`]); a named relation is printed by `name`, and
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
// the back end interface and the walk

/// What a proof assistant provides: its surface syntax, its references to
/// the model (sigs, fields, module contexts, names), its files and its
/// printing of the rewriter's proofs. Implemented once per prover by its
/// generator (`coq::Gen`, `lean::Gen`), which holds one model's naming.
pub(super) trait ProofAssistant<'a> {
    /// The prover's name in error messages (`Coq`, `Lean`).
    const PROVER: &'static str;
    /// File name extension (`v`, `lean`).
    const EXT: &'static str;

    // -- files ---------------------------------------------------------------

    /// The generator `relprove export` uses for `model`, whose proofs file
    /// closes the checks in `proofs` with the rewriter's lemmas.
    fn for_export(model: &'a Model, sources: &'a SourceMap, proofs: RewriteProofs) -> Self
    where
        Self: Sized;
    /// The rewriter's proofs of the model's checks (prover-neutral, from
    /// [`crate::rewrite::prove_checks`]) printed for this prover.
    fn rewrite_proofs(model: &Model, limits: Limits) -> RewriteProofs;
    /// Whether the text of an existing proofs file states the theorem `name`.
    fn states_theorem(proofs_file: &str, name: &str) -> bool;
    /// The project files (`_CoqProject`, `lakefile.lean`, ...) that build
    /// the generated `files` in `opts.out_dir`.
    fn project_files(
        files: &[GeneratedFile],
        opts: &ExportOptions,
        report: &mut ExportReport,
    ) -> Result<(), Diagnostics>;
    /// Naming problems found before rendering (clashing module files).
    fn problems(&mut self) -> Vec<Diagnostic>;
    /// The definitions file of module `k`.
    fn module_file(&mut self, k: ModuleId) -> String;
    /// A theorem (skeleton, or proof from the rewriter's lemmas) per
    /// `check` command: (name, text).
    fn theorems(&self) -> Vec<(String, String)>;
    /// The proofs file around the given theorems.
    fn proofs_file(&self, theorems: &[(String, String)]) -> String;
    /// The file stem of module `k` (of the root for `ModuleId(0)`).
    fn file_stem(&self, k: ModuleId) -> &str {
        &self.ids().file[k.index()]
    }

    // -- syntax --------------------------------------------------------------

    /// Prefix of the library's relational operators (`""`, `"Rel."`).
    const REL: &'static str;
    /// The library's relation type (`rel`, `Rel`).
    const REL_TYPE: &'static str;
    const AND: &'static str;
    const OR: &'static str;
    const IMPLIES: &'static str;
    const IFF: &'static str;
    /// Negation, with its trailing space.
    const NOT: &'static str;
    const FORALL: &'static str;
    const EXISTS: &'static str;
    /// Disequality of atoms.
    const NEQ: &'static str;
    /// What separates a `let` value from its body (`" in"`, `";"`).
    const LET_SEP: &'static str;

    /// An identifier for an Alloy name.
    fn sanitize(name: &str) -> String;
    /// `univ` and `none` of arity `n`, and `iden`.
    fn univ(n: usize) -> D;
    fn none(n: usize) -> D;
    fn iden() -> D;
    /// The binders of a set comprehension `fun xs => ...` (atoms).
    fn lambda_binders(names: &[String]) -> D;
    /// Alloy's `a = b` on relations of the given arity.
    fn same(arity: usize, a: D, b: D) -> D;

    fn model(&self) -> &'a Model;
    /// The identifiers of the model's declarations.
    fn ids(&self) -> &Naming;
    /// The representation of the variables in scope.
    fn env(&mut self) -> &mut HashMap<VarId, VarRepr>;
    /// The binder names in scope, innermost last.
    fn scope(&mut self) -> &mut Vec<String>;
    /// Whether a binder may not be named `name` (a global name or one in scope).
    fn in_use(&self, name: &str) -> bool;
    fn sig_ref(&self, id: SigId, span: Span) -> Result<D, Diagnostic>;
    fn field_ref(&self, id: FieldId, span: Span) -> Result<D, Diagnostic>;
    /// `sig x`: atom `x` belongs to sig `id`.
    fn sig_member(&self, id: SigId, x: &str, span: Span) -> Result<D, Diagnostic>;
    /// The instance record of module `owner` as seen from the current module.
    fn inst(&self, owner: ModuleId, span: Span) -> Result<String, Diagnostic>;
    fn sources(&self) -> &'a SourceMap;
    /// Make module `k`'s binders the ones in scope.
    fn enter(&mut self, k: ModuleId);
    /// Make the root module's binders the ones in scope.
    fn enter_root(&mut self) {
        self.enter(ModuleId(0));
    }
    /// A comment quoting the source text at `span`.
    fn source_comment(&self, span: Span) -> String;
    /// `text` as a comment (ends with a newline).
    fn comment(text: &str) -> String;
    /// `name binders : ty := body` as a top-level definition.
    fn definition_doc(name: &str, binders: D, ty: &str, body: D) -> D;
    /// The statement of an assertion: for every instance satisfying `facts`, `body`.
    fn statement_doc(name: &str, facts: &str, body: D) -> D;
    fn errors_mut(&mut self) -> &mut Vec<Diagnostic>;
    /// Append `d` (or record its error) after a comment quoting `span`;
    /// clears the variables in scope.
    fn emit(&mut self, out: &mut String, span: Span, d: Result<D, Diagnostic>) {
        match d {
            Ok(d) => {
                out.push_str(&self.source_comment(span));
                out.push_str(&render(&d));
                out.push_str("\n\n");
            }
            Err(e) => self.errors_mut().push(e),
        }
        self.env().clear();
        self.scope().clear();
    }
    /// A pred, fun or fact of module `k` as a definition over the module's
    /// context and the given parameters.
    fn callable(
        &mut self,
        k: ModuleId,
        name: &str,
        params: &[Param],
        result_arity: Option<usize>,
        body: impl FnOnce(&mut Self) -> Result<D, Diagnostic>,
    ) -> Result<D, Diagnostic>
    where
        Self: Sized,
    {
        self.enter(k);
        let mut bs = vec![self.ctx_binders(k)];
        for p in params {
            let x = self.bind(p.var, false);
            bs.push(t(format!(
                "({x} : {} A {})",
                Self::REL_TYPE,
                p.decl.bound.arity
            )));
        }
        let ty = match result_arity {
            Some(n) => format!("{} A {n}", Self::REL_TYPE),
            None => "Prop".into(),
        };
        let b = body(self)?;
        Ok(Self::definition_doc(
            name,
            intersperse(bs, RcDoc::line()).group(),
            &ty,
            b,
        ))
    }

    /// The statement name of an inline `check { ... }`.
    fn inline_statement_name(&self, c: &Command) -> String {
        let k = self
            .model()
            .commands
            .iter()
            .position(|x| std::ptr::eq(x, c))
            .expect("a command of this model");
        self.ids().inline_stmt[k].clone().unwrap_or_default()
    }

    /// Everything of module `k` after its record, the same for every back
    /// end: preds and funs (callees first), facts, the module's fact bundle;
    /// for the root also the sig hierarchy, field declarations, the bundle
    /// of everything the model assumes, and one statement per assertion and
    /// inline check.
    fn module_definitions(&mut self, k: ModuleId, out: &mut String)
    where
        Self: Sized,
    {
        let m = self.model();
        let mut errors = Vec::new();
        let items = ordered_items(m, k, Self::PROVER, &mut errors);
        self.errors_mut().extend(errors);
        for item in items {
            match item {
                Item::Pred(p) => {
                    let pred = m.pred(p);
                    let name = self.ids().pred[p.index()].clone();
                    let d = self.callable(k, &name, &pred.params, None, |g| g.formula(&pred.body));
                    self.emit(
                        out,
                        paragraph_span(self.sources(), pred.span, pred.body.span),
                        d,
                    );
                }
                Item::Fun(f) => {
                    let fun = m.fun(f);
                    let name = self.ids().fun[f.index()].clone();
                    let d =
                        self.callable(k, &name, &fun.params, Some(fun.result.bound.arity), |g| {
                            g.expr(&fun.body)
                        });
                    self.emit(
                        out,
                        paragraph_span(self.sources(), fun.span, fun.body.span),
                        d,
                    );
                }
            }
        }
        let facts: Vec<FactId> = (0..m.facts.len() as u32)
            .map(FactId)
            .filter(|f| m.facts[f.index()].module == k)
            .collect();
        for &f in &facts {
            let fact = &m.facts[f.index()];
            let name = self.ids().fact[f.index()].clone();
            let d = self.callable(k, &name, &[], None, |g| g.formula(&fact.body));
            self.emit(out, fact.span, d);
        }
        let call = |g: &Self, name: &str| {
            app(
                name.to_string(),
                g.ctx_args(k, Span::DUMMY).unwrap_or_default(),
            )
        };
        let root = ModuleId(0);
        if k == root {
            let h = self.hierarchy();
            out.push_str(&Self::comment("The sig hierarchy: top-level sigs and siblings are disjoint, subsigs are\n   included in their parents, abstract sigs are covered by their children,\n   and sig multiplicities hold."));
            let d = h.map(|body| {
                Self::definition_doc("hierarchy", self.ctx_binders(root), "Prop", body)
            });
            self.emit(out, Span::DUMMY, d);
            let fl = self.field_decls();
            out.push_str(&Self::comment("Field declarations: each field relates atoms of its sig to its bound,\n   with the declared multiplicities."));
            let d =
                fl.map(|body| Self::definition_doc("fields", self.ctx_binders(root), "Prop", body));
            self.emit(out, Span::DUMMY, d);
            let mut parts = vec![t("(hierarchy i)"), t("(fields i)")];
            for j in 1..m.modules.len() {
                self.enter_root();
                if let Ok(args) = self.ctx_args(ModuleId(j as u32), Span::DUMMY) {
                    parts.push(app(self.ids().module_facts[j].clone(), args));
                }
            }
            for &f in &facts {
                parts.push(call(self, &self.ids().fact[f.index()]));
            }
            let facts_name = self.ids().module_facts[0].clone();
            out.push_str(&Self::comment("Everything the model assumes: sig hierarchy, field declarations, and the\n   facts of every module."));
            out.push_str(&render(&Self::definition_doc(
                &facts_name,
                self.ctx_binders(root),
                "Prop",
                connective(Self::AND, parts, "True"),
            )));
            out.push_str("\n\n");
            for (a, asrt) in m.asserts.iter().enumerate() {
                let name = self.ids().statement[a].clone();
                let d = self
                    .formula(&asrt.body)
                    .map(|body| Self::statement_doc(&name, &facts_name, body));
                self.emit(
                    out,
                    paragraph_span(self.sources(), asrt.span, asrt.body.span),
                    d,
                );
            }
            for c in &m.commands {
                if let (CommandKind::Check, CommandTarget::Inline(f)) = (c.kind, &c.target) {
                    let name = self.inline_statement_name(c);
                    let d = self
                        .formula(f)
                        .map(|body| Self::statement_doc(&name, &facts_name, body));
                    self.emit(out, c.span, d);
                }
            }
        } else {
            let parts: Vec<D> = facts
                .iter()
                .map(|&f| call(self, &self.ids().fact[f.index()]))
                .collect();
            let name = self.ids().module_facts[k.index()].clone();
            out.push_str(&Self::comment(&format!(
                "The facts of module {}.",
                m.module(k).name
            )));
            out.push_str(&render(&Self::definition_doc(
                &name,
                self.ctx_binders(k),
                "Prop",
                connective(Self::AND, parts, "True"),
            )));
            out.push_str("\n\n");
        }
    }

    /// The library predicate of a formula multiplicity (`one`, `lone`, `some`).
    fn mult_pred(m: Mult, span: Span) -> Result<String, Diagnostic> {
        mult_pred(Self::REL, m, span)
    }

    /// Binders `{A : Type} (i : ...) ...` of definitions in module `k`.
    fn ctx_binders(&self, k: ModuleId) -> D {
        let mut bs = vec![t("{A : Type}")];
        if k == ModuleId(0) {
            bs.push(t("(i : Instance A)"));
        } else {
            for &d in &self.ids().deps[k.index()] {
                let name = if d == k {
                    "i".to_string()
                } else {
                    self.ids().inst_binder[k.index()][&d].clone()
                };
                bs.push(t(format!("({name} : {} A)", self.ids().record[d.index()])));
            }
            for p in &self.ids().param_name[k.index()] {
                bs.push(t(format!("({p} : {} A 1)", Self::REL_TYPE)));
            }
        }
        intersperse(bs, RcDoc::line()).group()
    }

    /// Arguments that instantiate the binders of module `k` from the current module.
    fn ctx_args(&self, k: ModuleId, span: Span) -> Result<Vec<D>, Diagnostic> {
        if k == ModuleId(0) {
            return Ok(vec![t("i")]);
        }
        let mut args = Vec::new();
        for &d in &self.ids().deps[k.index()] {
            args.push(t(self.inst(d, span)?));
        }
        for (_, s) in &self.model().module(k).params {
            args.push(self.sig_ref(*s, span)?);
        }
        Ok(args)
    }

    /// `bound x`: atom `x` belongs to the unary expression `bound`.
    fn member(&mut self, bound: &Expr, x: &str) -> Result<D, Diagnostic> {
        match &bound.kind {
            ExprKind::Sig(id) => self.sig_member(*id, x, bound.span),
            ExprKind::Var(v) => match self.env().get(v) {
                Some(VarRepr::Rel(r)) => Ok(t(format!("({r} {x})"))),
                _ => Ok(t("(")
                    .append(self.expr(bound)?)
                    .append(t(format!(" {x})")))
                    .group()),
            },
            _ => Ok(t("(")
                .append(self.expr(bound)?)
                .append(t(format!(" {x})")))
                .group()),
        }
    }

    // -- declarations -------------------------------------------------------

    /// The sig hierarchy: top-level sigs and siblings disjoint, subsigs
    /// included in their parents, abstract sigs covered by their children,
    /// sig multiplicities.
    fn hierarchy(&mut self) -> Result<D, Diagnostic> {
        self.enter_root();
        let m = self.model();
        let mut parts = Vec::new();
        let sref = |g: &Self, s: SigId| g.sig_ref(s, Span::DUMMY);
        let union_of = |g: &Self, ss: &[SigId]| -> Result<D, Diagnostic> {
            let mut it = ss.iter();
            let mut d = sref(g, *it.next().expect("non-empty"))?;
            for s in it {
                d = appk(format!("{}union", Self::REL), &[1], vec![d, sref(g, *s)?]);
            }
            Ok(d)
        };
        let disjoint = |g: &Self, ss: &[SigId], parts: &mut Vec<D>| -> Result<(), Diagnostic> {
            for (p, a) in ss.iter().enumerate() {
                for b in &ss[p + 1..] {
                    parts.push(appk(
                        format!("{}no", Self::REL),
                        &[1],
                        vec![appk(
                            format!("{}inter", Self::REL),
                            &[1],
                            vec![sref(g, *a)?, sref(g, *b)?],
                        )],
                    ));
                }
            }
            Ok(())
        };
        let tops: Vec<SigId> = m.top_level_sigs().collect();
        disjoint(self, &tops, &mut parts)?;
        for s in m.sig_ids() {
            let sig = m.sig(s);
            if sig.in_int {
                return Err(err(
                    sig.span,
                    format!(
                        "the {} export does not support a subset sig of `Int` (integer atoms)",
                        Self::PROVER
                    ),
                ));
            }
            match &sig.kind {
                SigKind::TopLevel => {}
                SigKind::Extends(p) => parts.push(appk(
                    format!("{}incl", Self::REL),
                    &[1],
                    vec![sref(self, s)?, sref(self, *p)?],
                )),
                SigKind::Subset(ps) if !ps.is_empty() => parts.push(appk(
                    format!("{}incl", Self::REL),
                    &[1],
                    vec![sref(self, s)?, union_of(self, ps)?],
                )),
                SigKind::Subset(_) => {}
            }
            let children: Vec<SigId> = m.children(s).collect();
            disjoint(self, &children, &mut parts)?;
            if sig.is_abstract && !children.is_empty() {
                parts.push(appk(
                    format!("{}incl", Self::REL),
                    &[1],
                    vec![sref(self, s)?, union_of(self, &children)?],
                ));
            }
            if let Some(mult) = sig.mult {
                if mult != Mult::Set {
                    parts.push(appk(
                        Self::mult_pred(mult, sig.span)?,
                        &[1],
                        vec![sref(self, s)?],
                    ));
                }
            }
        }
        Ok(connective(Self::AND, parts, "True"))
    }

    /// Field declarations: each field relates atoms of its sig to its
    /// bound, with the declared multiplicities; `disj` fields are disjoint.
    fn field_decls(&mut self) -> Result<D, Diagnostic> {
        self.enter_root();
        let m = self.model();
        let mut parts = Vec::new();
        for fid in m.field_ids() {
            let f = m.field(fid);
            if f.disj_values {
                // Refused rather than dropped: the export would state a
                // weaker model than the one checked.
                return Err(err(
                    f.span,
                    format!(
                        "`{}: disj ...` is not supported by the {} export",
                        f.name,
                        Self::PROVER
                    ),
                )
                .hint("state the disjointness as a fact: `all disj a, b: S | no a.f & b.f`"));
            }
            let fr = self.field_ref(fid, f.span)?;
            let s = self.sig_ref(f.sig, f.span)?;
            parts.push(appk(
                format!("{}incl", Self::REL),
                &[f.arity],
                vec![
                    fr.clone(),
                    appk(
                        format!("{}product", Self::REL),
                        &[1, f.arity - 1],
                        vec![s.clone(), Self::univ(f.arity - 1)],
                    ),
                ],
            ));
            let this = self.bind(f.this_var, true);
            let joined = Expr::new(
                ExprKind::Join(
                    Box::new(Expr::new(ExprKind::Var(f.this_var), 1, f.span)),
                    Box::new(Expr::new(ExprKind::Field(fid), f.arity, f.span)),
                ),
                f.arity - 1,
                f.span,
            );
            let mut inner = vec![self.in_formula(&joined, &f.decl.bound)?];
            if f.decl.mult != Mult::Set {
                let dj = self.expr(&joined)?;
                inner.push(appk(
                    Self::mult_pred(f.decl.mult, f.span)?,
                    &[f.arity - 1],
                    vec![dj],
                ));
            }
            self.unbind(1);
            let sig_expr = Expr::new(ExprKind::Sig(f.sig), 1, f.span);
            let guard = self.member(&sig_expr, &this)?;
            parts.push(binder_block(
                Self::FORALL,
                t(format!("{this} : A")),
                ",",
                connective(
                    Self::IMPLIES,
                    vec![guard, connective(Self::AND, inner, "True")],
                    "True",
                ),
            ));
        }
        // `disj f, g: e`: for each atom of the sig, the fields' values are
        // disjoint. Fields of one declaration share their `decl_group`.
        let mut groups: Vec<Vec<FieldId>> = Vec::new();
        for fid in m.field_ids() {
            let f = m.field(fid);
            if !f.disj {
                continue;
            }
            let same_decl = groups
                .last()
                .and_then(|g| g.last())
                .is_some_and(|&prev| m.field(prev).decl_group == f.decl_group);
            if same_decl {
                groups.last_mut().expect("non-empty").push(fid);
            } else {
                groups.push(vec![fid]);
            }
        }
        for g in groups.iter().filter(|g| g.len() > 1) {
            let f0 = m.field(g[0]);
            let this = self.bind(f0.this_var, true);
            let mut disj = Vec::new();
            for (p, &a) in g.iter().enumerate() {
                for &b in &g[p + 1..] {
                    let n = m.field(a).arity - 1;
                    let ja = appk(
                        format!("{}join", Self::REL),
                        &[0, n],
                        vec![
                            app(format!("{}single", Self::REL), vec![t(this.clone())]),
                            self.field_ref(a, f0.span)?,
                        ],
                    );
                    let jb = appk(
                        format!("{}join", Self::REL),
                        &[0, n],
                        vec![
                            app(format!("{}single", Self::REL), vec![t(this.clone())]),
                            self.field_ref(b, f0.span)?,
                        ],
                    );
                    disj.push(appk(
                        format!("{}no", Self::REL),
                        &[n],
                        vec![appk(format!("{}inter", Self::REL), &[n], vec![ja, jb])],
                    ));
                }
            }
            self.unbind(1);
            let sig_expr = Expr::new(ExprKind::Sig(f0.sig), 1, f0.span);
            let guard = self.member(&sig_expr, &this)?;
            parts.push(binder_block(
                Self::FORALL,
                t(format!("{this} : A")),
                ",",
                connective(
                    Self::IMPLIES,
                    vec![guard, connective(Self::AND, disj, "True")],
                    "True",
                ),
            ));
        }
        self.env().clear();
        Ok(connective(Self::AND, parts, "True"))
    }

    // -- variables ----------------------------------------------------------

    fn bind(&mut self, v: VarId, atom: bool) -> String {
        let base = Self::sanitize(&self.model().var(v).name);
        let mut cand = base.clone();
        let mut n = 0;
        while self.in_use(&cand) {
            cand = format!("{base}{n}");
            n += 1;
        }
        self.scope().push(cand.clone());
        self.env().insert(
            v,
            if atom {
                VarRepr::Atom(cand.clone())
            } else {
                VarRepr::Rel(cand.clone())
            },
        );
        cand
    }

    fn unbind(&mut self, n: usize) {
        for _ in 0..n {
            self.scope().pop();
        }
    }

    // -- expressions --------------------------------------------------------

    fn expr(&mut self, e: &Expr) -> Result<D, Diagnostic> {
        use ExprKind as K;
        Ok(match &e.kind {
            K::Sig(s) => self.sig_ref(*s, e.span)?,
            K::Field(f) => self.field_ref(*f, e.span)?,
            K::Var(v) => match self.env().get(v) {
                Some(VarRepr::Atom(x)) => app(format!("{}single", Self::REL), vec![t(x.clone())]),
                Some(VarRepr::Rel(x)) => t(x.clone()),
                None => {
                    return Err(err(
                        e.span,
                        format!("internal: unbound variable `{}`", self.model().var(*v).name),
                    ))
                }
            },
            K::Univ => Self::univ(e.arity),
            K::Iden => Self::iden(),
            K::None => Self::none(e.arity),
            K::IntAtoms | K::SeqIdx => {
                return Err(err(
                    e.span,
                    format!(
                        "the {} export does not support `Int` or `seq/Int` (integer atoms)",
                        Self::PROVER
                    ),
                )
                .label("integer atoms")
                .hint(format!(
                    "the {} export only translates cardinalities compared with integer literals",
                    Self::PROVER
                )))
            }
            K::Union(a, b) => self.op2(&format!("{}union", Self::REL), e.arity, a, b)?,
            K::Intersection(a, b) => self.op2(&format!("{}inter", Self::REL), e.arity, a, b)?,
            K::Difference(a, b) => self.op2(&format!("{}diff", Self::REL), e.arity, a, b)?,
            K::Join(a, b) => {
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                appk(
                    format!("{}join", Self::REL),
                    &[a.arity - 1, b.arity - 1],
                    vec![da, db],
                )
            }
            K::Product {
                lhs,
                lmult,
                rmult,
                rhs,
            } => {
                if *lmult != Mult::Set || *rmult != Mult::Set {
                    return Err(err(e.span, "arrow multiplicities are only supported on the right of `in` and in declarations")
                        .label("multiplicity constraint here"));
                }
                let (da, db) = (self.expr(lhs)?, self.expr(rhs)?);
                appk(
                    format!("{}product", Self::REL),
                    &[lhs.arity, rhs.arity],
                    vec![da, db],
                )
            }
            K::Override(a, b) => {
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                appk(
                    format!("{}override", Self::REL),
                    &[e.arity - 1],
                    vec![da, db],
                )
            }
            K::DomainRestrict(s, r) => {
                let (ds, dr) = (self.expr(s)?, self.expr(r)?);
                appk(format!("{}domr", Self::REL), &[r.arity - 1], vec![ds, dr])
            }
            K::RangeRestrict(r, s) => {
                let (dr, ds) = (self.expr(r)?, self.expr(s)?);
                appk(format!("{}ranr", Self::REL), &[r.arity - 1], vec![dr, ds])
            }
            K::Transpose(r) => app(format!("{}transpose", Self::REL), vec![self.expr(r)?]),
            K::Closure(r) => app(format!("{}closure", Self::REL), vec![self.expr(r)?]),
            K::ReflexiveClosure(r) => app(format!("{}rclosure", Self::REL), vec![self.expr(r)?]),
            K::Comprehension { decls, body } => {
                let mut names = Vec::new();
                let mut guards = Vec::new();
                let mut bound = 0;
                for d in decls {
                    if d.bound.arity != 1 || d.mult != Mult::One {
                        self.unbind(bound);
                        return Err(err(
                            d.bound.span,
                            "set comprehension over a non-scalar declaration is not supported",
                        ));
                    }
                    let mut these = Vec::new();
                    for v in &d.vars {
                        let x = self.bind(*v, true);
                        bound += 1;
                        guards.push(self.member(&d.bound, &x)?);
                        these.push(x.clone());
                        names.push(x);
                    }
                    if d.disj {
                        guards.extend(disj_atoms(Self::NEQ, &these));
                    }
                }
                let body = self.formula(body);
                self.unbind(bound);
                guards.push(body?);
                binder_block(
                    "fun",
                    Self::lambda_binders(&names),
                    " =>",
                    connective(Self::AND, guards, "True"),
                )
            }
            K::Call(f, args) => {
                let module = self.model().fun(*f).module;
                let mut all = self.ctx_args(module, e.span)?;
                for a in args {
                    all.push(self.expr(a)?);
                }
                app(self.ids().fun[f.index()].clone(), all)
            }
            K::IfThenElse(c, a, b) => {
                let dc = self.formula(c)?;
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                appk(format!("{}ite", Self::REL), &[e.arity], vec![dc, da, db])
            }
            K::Let(v, val, body) => {
                let dv = self.expr(val)?;
                let x = self.bind(*v, false);
                let db = self.expr(body);
                self.unbind(1);
                let_doc(Self::LET_SEP, &x, dv, db?)
            }
            K::IntToAtom(i) => {
                return Err(err(
                    i.span,
                    format!(
                        "the {} export does not support integers used as atoms",
                        Self::PROVER
                    ),
                )
                .hint(format!(
                    "the {} export only translates cardinalities compared with integer literals",
                    Self::PROVER
                )))
            }
        })
    }

    fn op2(&mut self, op: &str, n: usize, a: &Expr, b: &Expr) -> Result<D, Diagnostic> {
        let (da, db) = (self.expr(a)?, self.expr(b)?);
        Ok(appk(op, &[n], vec![da, db]))
    }

    // -- formulas -----------------------------------------------------------

    fn formula(&mut self, f: &Formula) -> Result<D, Diagnostic> {
        use FormulaKind as F;
        Ok(match &f.kind {
            F::True => t("True"),
            F::False => t("False"),
            F::In(a, b) => self.in_formula(a, b)?,
            F::Eq(a, b) => {
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                Self::same(a.arity, da, db)
            }
            F::Mult(m, e) => {
                let de = self.expr(e)?;
                appk(Self::mult_pred(*m, f.span)?, &[e.arity], vec![de])
            }
            F::IntCmp(op, a, b) => self.int_cmp(*op, a, b, f.span)?,
            F::Not(g) => match &g.kind {
                // `no e` is `not (some e)` in the IR
                F::Mult(Mult::Some, e) => {
                    appk(format!("{}no", Self::REL), &[e.arity], vec![self.expr(e)?])
                }
                _ => t(Self::NOT).append(self.formula(g)?),
            },
            F::And(gs) => {
                let ds = gs
                    .iter()
                    .map(|g| self.formula(g))
                    .collect::<Result<Vec<_>, _>>()?;
                connective(Self::AND, ds, "True")
            }
            F::Or(gs) => {
                let ds = gs
                    .iter()
                    .map(|g| self.formula(g))
                    .collect::<Result<Vec<_>, _>>()?;
                connective(Self::OR, ds, "False")
            }
            F::Implies(a, b) => connective(
                Self::IMPLIES,
                vec![self.formula(a)?, self.formula(b)?],
                "True",
            ),
            F::Iff(a, b) => connective(Self::IFF, vec![self.formula(a)?, self.formula(b)?], "True"),
            F::IfThenElse(c, a, b) => {
                let dc = self.formula(c)?;
                let (da, db) = (self.formula(a)?, self.formula(b)?);
                connective(
                    Self::AND,
                    vec![
                        connective(Self::IMPLIES, vec![dc.clone(), da], ""),
                        connective(Self::IMPLIES, vec![t(Self::NOT).append(dc), db], ""),
                    ],
                    "True",
                )
            }
            F::Quant(q, decls, body) => self.quant(*q, decls, body, f.span)?,
            F::Call(p, args) => {
                let module = self.model().pred(*p).module;
                let mut all = self.ctx_args(module, f.span)?;
                for a in args {
                    all.push(self.expr(a)?);
                }
                app(self.ids().pred[p.index()].clone(), all)
            }
            F::Let(v, val, body) => {
                let dv = self.expr(val)?;
                let x = self.bind(*v, false);
                let db = self.formula(body);
                self.unbind(1);
                let_doc(Self::LET_SEP, &x, dv, db?)
            }
        })
    }

    /// `a in b`; `b` may be an arrow product with multiplicities.
    fn in_formula(&mut self, a: &Expr, b: &Expr) -> Result<D, Diagnostic> {
        let da = self.expr(a)?;
        let ExprKind::Product {
            lhs,
            lmult,
            rmult,
            rhs,
        } = &b.kind
        else {
            let db = self.expr(b)?;
            return Ok(appk(format!("{}incl", Self::REL), &[a.arity], vec![da, db]));
        };
        let plain = Expr::new(
            ExprKind::Product {
                lhs: lhs.clone(),
                lmult: Mult::Set,
                rmult: Mult::Set,
                rhs: rhs.clone(),
            },
            b.arity,
            b.span,
        );
        let mut parts = vec![appk(
            format!("{}incl", Self::REL),
            &[a.arity],
            vec![da.clone(), self.expr(&plain)?],
        )];
        // each tuple of lhs: rmult (t.a)
        if *rmult != Mult::Set {
            parts.push(self.tuple_mult(lhs, &da, a.arity, *rmult, true, b.span)?);
        }
        if *lmult != Mult::Set {
            parts.push(self.tuple_mult(rhs, &da, a.arity, *lmult, false, b.span)?);
        }
        Ok(connective(Self::AND, parts, "True"))
    }

    /// `forall x1..xk, side x1..xk -> mult (x1.(...).r)` (left side), or
    /// `forall y1..yk, side y1..yk -> mult (r.yk.(...))` (right side).
    fn tuple_mult(
        &mut self,
        side: &Expr,
        r: &D,
        arity: usize,
        mult: Mult,
        left: bool,
        span: Span,
    ) -> Result<D, Diagnostic> {
        if side.has_arrow_mults() {
            return Err(err(
                span,
                format!(
                    "nested arrow multiplicities are not supported by the {} export",
                    Self::PROVER
                ),
            ));
        }
        let k = side.arity;
        let mut xs = Vec::new();
        for j in 0..k {
            let base = if left { "x" } else { "y" };
            let mut cand = format!("{base}{j}");
            let mut n = 0;
            while self.in_use(&cand) {
                cand = format!("{base}{j}_{n}");
                n += 1;
            }
            xs.push(cand);
        }
        let mut cur = r.clone();
        let mut ar = arity;
        if left {
            for x in &xs {
                cur = appk(
                    format!("{}join", Self::REL),
                    &[0, ar - 1],
                    vec![app(format!("{}single", Self::REL), vec![t(x.clone())]), cur],
                );
                ar -= 1;
            }
        } else {
            for x in xs.iter().rev() {
                cur = appk(
                    format!("{}join", Self::REL),
                    &[ar - 1, 0],
                    vec![cur, app(format!("{}single", Self::REL), vec![t(x.clone())])],
                );
                ar -= 1;
            }
        }
        let guard = self.member(side, &xs.join(" "))?;
        let body = connective(
            Self::IMPLIES,
            vec![guard, appk(Self::mult_pred(mult, span)?, &[ar], vec![cur])],
            "True",
        );
        Ok(binder_block(
            Self::FORALL,
            t(format!("{} : A", xs.join(" "))),
            ",",
            body,
        ))
    }

    fn int_cmp(
        &mut self,
        op: IntCmp,
        a: &IntExpr,
        b: &IntExpr,
        span: Span,
    ) -> Result<D, Diagnostic> {
        use IntExprKind as I;
        let (e, op, k) = match (&a.kind, &b.kind) {
            (I::Card(e), I::Lit(k)) => (e, op, *k),
            (I::Lit(k), I::Card(e)) => (e, flip(op), *k),
            (I::Card(l), I::Card(r)) => return self.card_cmp(op, l, r),
            _ => return Err(unsupported_int(Self::PROVER, span)),
        };
        let bw = self.ids().bitwidth;
        let (lo, hi) = (-(1i64 << (bw - 1)), (1i64 << (bw - 1)) - 1);
        if k < lo || k > hi {
            return Err(err(span, format!("the integer {k} does not fit in bitwidth {bw}, so Alloy would wrap it"))
                .hint(format!("the {} export reads `#e` as the exact cardinality; use a literal within the bitwidth", Self::PROVER)));
        }
        // The set of cardinalities c >= 0 with `c op k`.
        let sat = |c: i64| match op {
            IntCmp::Eq => c == k,
            IntCmp::Ne => c != k,
            IntCmp::Lt => c < k,
            IntCmp::Le => c <= k,
            IntCmp::Gt => c > k,
            IntCmp::Ge => c >= k,
        };
        let de = self.expr(e)?;
        let n = e.arity;
        // Readable forms when the truth set is decided by {0, 1, >= 2}.
        let (s0, s1, s2) = (sat(0), sat(1), sat(2));
        if (2..=k.max(2) + 2).all(|c| sat(c) == s2) {
            let d = match (s0, s1, s2) {
                (true, true, true) => Some(t("True")),
                (false, false, false) => Some(t("False")),
                (true, false, false) => {
                    Some(appk(format!("{}no", Self::REL), &[n], vec![de.clone()]))
                }
                (false, true, true) => {
                    Some(appk(format!("{}some", Self::REL), &[n], vec![de.clone()]))
                }
                (true, true, false) => {
                    Some(appk(format!("{}lone", Self::REL), &[n], vec![de.clone()]))
                }
                (false, true, false) => {
                    Some(appk(format!("{}one", Self::REL), &[n], vec![de.clone()]))
                }
                _ => None,
            };
            if let Some(d) = d {
                return Ok(d);
            }
        }
        // Otherwise with `atleast n j e` (#e >= j).
        let atleast = |j: i64| {
            if j <= 0 {
                t("True")
            } else {
                app(format!("{}atleast {n} {j}", Self::REL), vec![de.clone()])
            }
        };
        let not = |d: D| t(Self::NOT).append(d);
        let exactly = |k: i64| {
            if k < 0 {
                t("False")
            } else {
                connective(Self::AND, vec![atleast(k), not(atleast(k + 1))], "True")
            }
        };
        Ok(match op {
            IntCmp::Ge => atleast(k),
            IntCmp::Gt => atleast(k + 1),
            IntCmp::Le => not(atleast(k + 1)),
            IntCmp::Lt => not(atleast(k)),
            IntCmp::Eq => exactly(k),
            IntCmp::Ne => not(exactly(k)),
        })
    }

    /// `#l op #r`, exactly: with `card_le` (`#l =< #r`: every count `l`
    /// reaches, `r` reaches too) and `card_lt` (`#l < #r`: `r` reaches one
    /// more), which on a finite universe are the comparisons of the exact
    /// cardinalities. Like `#e op k`, the counts are exact: Alloy's meaning
    /// whenever both fit the bitwidth (a count past it wraps in Alloy).
    fn card_cmp(&mut self, op: IntCmp, l: &Expr, r: &Expr) -> Result<D, Diagnostic> {
        let (dl, dr) = (self.expr(l)?, self.expr(r)?);
        let (nl, nr) = (l.arity, r.arity);
        let le = format!("{}card_le", Self::REL);
        let lt = format!("{}card_lt", Self::REL);
        let cmp = |name: &str, a: &D, na: usize, b: &D, nb: usize| {
            appk(name, &[na, nb], vec![a.clone(), b.clone()])
        };
        let eq = || {
            connective(
                Self::AND,
                vec![cmp(&le, &dl, nl, &dr, nr), cmp(&le, &dr, nr, &dl, nl)],
                "True",
            )
        };
        Ok(match op {
            IntCmp::Le => cmp(&le, &dl, nl, &dr, nr),
            IntCmp::Lt => cmp(&lt, &dl, nl, &dr, nr),
            IntCmp::Ge => cmp(&le, &dr, nr, &dl, nl),
            IntCmp::Gt => cmp(&lt, &dr, nr, &dl, nl),
            IntCmp::Eq => eq(),
            IntCmp::Ne => t(Self::NOT).append(eq()),
        })
    }

    fn quant(
        &mut self,
        q: Quant,
        decls: &[QuantDecl],
        body: &Formula,
        span: Span,
    ) -> Result<D, Diagnostic> {
        let mut binders: Vec<(String, bool, usize)> = Vec::new();
        let mut guards = Vec::new();
        let mut bound = 0;
        let res = (|| -> Result<D, Diagnostic> {
            for d in decls {
                let scalar = d.bound.arity == 1 && d.mult == Mult::One;
                let mut these = Vec::new();
                for v in &d.vars {
                    let x = self.bind(*v, scalar);
                    bound += 1;
                    if scalar {
                        guards.push(self.member(&d.bound, &x)?);
                    } else {
                        let var = Expr::new(ExprKind::Var(*v), d.bound.arity, d.bound.span);
                        guards.push(self.in_formula(&var, &d.bound)?);
                        if d.mult != Mult::Set {
                            guards.push(appk(
                                Self::mult_pred(d.mult, d.bound.span)?,
                                &[d.bound.arity],
                                vec![t(x.clone())],
                            ));
                        }
                    }
                    binders.push((x.clone(), scalar, d.bound.arity));
                    these.push(x);
                }
                if d.disj {
                    if scalar {
                        guards.extend(disj_atoms(Self::NEQ, &these));
                    } else {
                        for (p, a) in these.iter().enumerate() {
                            for b2 in &these[p + 1..] {
                                guards.push(appk(
                                    format!("{}no", Self::REL),
                                    &[d.bound.arity],
                                    vec![appk(
                                        format!("{}inter", Self::REL),
                                        &[d.bound.arity],
                                        vec![t(a.clone()), t(b2.clone())],
                                    )],
                                ));
                            }
                        }
                    }
                }
            }
            let dbody = self.formula(body)?;
            let bdoc = binder_doc(Self::REL_TYPE, &binders);
            Ok(match q {
                Quant::All => binder_block(
                    Self::FORALL,
                    bdoc,
                    ",",
                    connective(
                        Self::IMPLIES,
                        vec![connective(Self::AND, guards.clone(), "True"), dbody],
                        "True",
                    ),
                ),
                Quant::Some => binder_block(
                    Self::EXISTS,
                    bdoc,
                    ",",
                    connective(
                        Self::AND,
                        {
                            let mut g = guards.clone();
                            g.push(dbody);
                            g
                        },
                        "True",
                    ),
                ),
                Quant::No => t(Self::NOT).append(binder_block(
                    Self::EXISTS,
                    bdoc,
                    ",",
                    connective(
                        Self::AND,
                        {
                            let mut g = guards.clone();
                            g.push(dbody);
                            g
                        },
                        "True",
                    ),
                )),
                Quant::One | Quant::Lone => {
                    if binders.iter().any(|(_, scalar, _)| !scalar) {
                        return Err(err(span, format!("`one`/`lone` quantifiers over non-scalar variables are not supported by the {} export", Self::PROVER)));
                    }
                    // A second copy of the binders, for uniqueness.
                    let first: Vec<String> = binders.iter().map(|b| b.0.clone()).collect();
                    let saved: Vec<(VarId, VarRepr)> = decls
                        .iter()
                        .flat_map(|d| d.vars.iter())
                        .map(|v| (*v, self.env()[v].clone()))
                        .collect();
                    let mut second = Vec::new();
                    let mut g2 = Vec::new();
                    let mut bound2 = 0;
                    for d in decls {
                        let mut these = Vec::new();
                        for v in &d.vars {
                            let y = self.bind(*v, true);
                            bound2 += 1;
                            g2.push(self.member(&d.bound, &y)?);
                            these.push(y.clone());
                            second.push(y);
                        }
                        if d.disj {
                            g2.extend(disj_atoms(Self::NEQ, &these));
                        }
                    }
                    let body2 = self.formula(body);
                    self.unbind(bound2);
                    for (v, r) in saved {
                        self.env().insert(v, r);
                    }
                    g2.push(body2?);
                    let eqs: Vec<D> = first
                        .iter()
                        .zip(&second)
                        .map(|(x, y)| t(format!("{y} = {x}")))
                        .collect();
                    let b2 = binder_doc(
                        Self::REL_TYPE,
                        &second
                            .iter()
                            .map(|y| (y.clone(), true, 1))
                            .collect::<Vec<_>>(),
                    );
                    let unique = binder_block(
                        Self::FORALL,
                        b2,
                        ",",
                        connective(
                            Self::IMPLIES,
                            vec![
                                connective(Self::AND, g2, "True"),
                                connective(Self::AND, eqs, "True"),
                            ],
                            "True",
                        ),
                    );
                    let mut g1 = guards.clone();
                    g1.push(dbody);
                    if q == Quant::One {
                        binder_block(
                            Self::EXISTS,
                            bdoc,
                            ",",
                            connective(
                                Self::AND,
                                vec![connective(Self::AND, g1, "True"), unique],
                                "True",
                            ),
                        )
                    } else {
                        binder_block(
                            Self::FORALL,
                            bdoc,
                            ",",
                            connective(
                                Self::IMPLIES,
                                vec![connective(Self::AND, g1, "True"), unique],
                                "True",
                            ),
                        )
                    }
                }
            })
        })();
        self.unbind(bound);
        res
    }
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

fn mult_pred(rel: &str, m: Mult, span: Span) -> Result<String, Diagnostic> {
    Ok(match m {
        Mult::One => format!("{rel}one"),
        Mult::Lone => format!("{rel}lone"),
        Mult::Some => format!("{rel}some"),
        Mult::Set => return Err(err(span, "internal: `set` used as a formula multiplicity")),
    })
}

fn flip(op: IntCmp) -> IntCmp {
    match op {
        IntCmp::Lt => IntCmp::Gt,
        IntCmp::Le => IntCmp::Ge,
        IntCmp::Gt => IntCmp::Lt,
        IntCmp::Ge => IntCmp::Le,
        o => o,
    }
}

fn unsupported_int(prover: &str, span: Span) -> Diagnostic {
    err(span, format!("this integer comparison is not supported by the {prover} export"))
        .label("not a cardinality compared with an integer literal or another cardinality")
        .hint(format!("the {prover} export translates `#e` compared with a literal or with `#f` (as exact cardinalities); other integer arithmetic is refused rather than approximated"))
}

fn disj_atoms(neq: &str, xs: &[String]) -> Vec<D> {
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

fn let_doc(sep: &str, x: &str, v: D, body: D) -> D {
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
