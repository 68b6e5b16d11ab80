//! Resolution errors as plain data, and the one function that turns them
//! into [`Diagnostic`]s.

use std::path::PathBuf;

use crate::diag::{Diagnostic, Phase, Span};

/// Everything the resolver can reject. Each variant carries the span of the
/// offending text; [`ResolveError::into_diagnostic`] words the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    // --- modules and files ---
    /// `open x` whose file cannot be found (span: the open statement).
    MissingModule {
        path: String,
        tried: Vec<PathBuf>,
        span: Span,
    },
    /// The file given on the command line cannot be read.
    Unreadable {
        path: String,
        error: String,
    },
    CyclicOpen {
        path: String,
        span: Span,
    },
    ModuleArgCount {
        module: String,
        expected: usize,
        found: usize,
        span: Span,
        params: Span,
    },
    ModuleArgNotSig {
        name: String,
        span: Span,
    },
    DuplicateAlias {
        alias: String,
        span: Span,
        first: Span,
    },
    UnknownAlias {
        alias: String,
        name: String,
        span: Span,
        known: Vec<String>,
    },
    // --- declarations ---
    Duplicate {
        what: &'static str,
        name: String,
        span: Span,
        first: Span,
    },
    CyclicExtends {
        sig: String,
        span: Span,
    },
    ExtendsSubset {
        sig: String,
        parent: String,
        span: Span,
    },
    /// A built-in sig (`Int`, `univ`, `none`, `String`, `seq/Int`) where
    /// relprove needs a declared sig: as a module argument or a sig parent.
    BuiltinSig {
        name: String,
        role: BuiltinRole,
        span: Span,
    },
    NotASig {
        name: String,
        found: &'static str,
        span: Span,
    },
    // --- names ---
    UnknownName {
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    Ambiguous {
        name: String,
        span: Span,
        candidates: Vec<String>,
    },
    /// Several well-typed readings that no single name choice separates.
    AmbiguousReading {
        span: Span,
        readings: Vec<String>,
    },
    ThisOutsideSig {
        span: Span,
    },
    AtNotField {
        name: String,
        span: Span,
    },
    // --- typing ---
    ExpectedFormula {
        found: &'static str,
        span: Span,
    },
    ExpectedExpression {
        found: &'static str,
        span: Span,
    },
    ExpectedInteger {
        found: String,
        span: Span,
    },
    ArityMismatch {
        op: &'static str,
        left: usize,
        right: usize,
        span: Span,
    },
    JoinArity {
        left: usize,
        right: usize,
        span: Span,
    },
    NeedsBinary {
        op: &'static str,
        arity: usize,
        span: Span,
    },
    NeedsUnary {
        op: &'static str,
        arity: usize,
        span: Span,
    },
    ArgCount {
        name: String,
        expected: Vec<usize>,
        found: usize,
        span: Span,
        decl: Option<Span>,
    },
    ArgArity {
        name: String,
        index: usize,
        expected: usize,
        found: usize,
        span: Span,
    },
    PredAsExpression {
        name: String,
        span: Span,
    },
    MissingArgs {
        name: String,
        expected: usize,
        span: Span,
    },
    SetOutsideDecl {
        span: Span,
    },
    /// `seq e` anywhere but at the right end of a declaration's bound
    /// (the Analyzer's grammar has it only there).
    SeqOutsideDecl {
        span: Span,
    },
    IfBranches {
        span: Span,
    },
    Recursive {
        name: String,
        chain: String,
        span: Span,
    },
    FunResultArity {
        name: String,
        declared: usize,
        found: usize,
        span: Span,
    },
    Unsupported {
        what: &'static str,
        span: Span,
        hint: &'static str,
    },
    // --- commands ---
    UnknownCommandTarget {
        kind: &'static str,
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    WrongCommandTarget {
        kind: &'static str,
        name: String,
        found: &'static str,
        span: Span,
    },
    ScopeOnSubset {
        sig: String,
        span: Span,
    },
    ScopeTwice {
        sig: String,
        span: Span,
        first: Span,
    },
    BadExpect {
        value: u32,
        span: Span,
    },
    BadBitwidth {
        value: u32,
        span: Span,
    },
    /// `for N seq` with N above the largest integer of the bitwidth
    /// (Alloy's "you cannot have sequence length longer than").
    SeqTooLong {
        value: u32,
        bitwidth: u32,
        max: u32,
        span: Span,
    },
    /// Internal marker: the errors of this item were already recorded.
    Reported,
}

impl ResolveError {
    pub fn into_diagnostic(self) -> Diagnostic {
        use ResolveError::*;
        match self {
            MissingModule { path, tried, span } => {
                let tried: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
                Diagnostic::new(Phase::Resolve, span, format!("cannot find module `{path}`"))
                    .label("opened here")
                    .hint(format!("looked for {}", tried.join(", ")))
            }
            Unreadable { path, error } => Diagnostic::without_span(Phase::Io, format!("cannot read `{path}`: {error}")),
            CyclicOpen { path, span } => {
                Diagnostic::new(Phase::Resolve, span, format!("module `{path}` opens itself (directly or indirectly)"))
                    .label("cyclic open")
            }
            ModuleArgCount { module, expected, found, span, params } => Diagnostic::new(
                Phase::Resolve,
                span,
                format!("module `{module}` takes {expected} sig argument{}, but {found} {} given", plural(expected), if found == 1 { "was" } else { "were" }),
            )
            .label("in this open")
            .note(params, "parameters declared here"),
            ModuleArgNotSig { name, span } => {
                Diagnostic::new(Phase::Resolve, span, format!("module argument `{name}` is not a sig")).label("expected a sig name")
            }
            DuplicateAlias { alias, span, first } => {
                Diagnostic::new(Phase::Resolve, span, format!("the alias `{alias}` is used by two opens"))
                    .label("second use")
                    .note(first, "first used here")
                    .hint("give one of them a different name with `as`")
            }
            UnknownAlias { alias, name, span, known } => {
                let d = Diagnostic::new(Phase::Resolve, span, format!("`{alias}` in `{name}` is not an opened module"))
                    .label("unknown module alias");
                if known.is_empty() {
                    d.hint("this module opens no modules")
                } else {
                    d.hint(format!("opened modules here: {}", known.join(", ")))
                }
            }
            Duplicate { what, name, span, first } => {
                Diagnostic::new(Phase::Resolve, span, format!("{what} `{name}` is declared twice"))
                    .label("second declaration")
                    .note(first, "first declared here")
            }
            CyclicExtends { sig, span } => {
                Diagnostic::new(Phase::Resolve, span, format!("sig `{sig}` extends itself through its ancestors"))
                    .label("cyclic sig hierarchy")
            }
            ExtendsSubset { sig, parent, span } => Diagnostic::new(
                Phase::Resolve,
                span,
                format!("sig `{sig}` cannot extend `{parent}`, which is a subset sig"),
            )
            .label("subset sig")
            .hint(format!("use `sig {sig} in {parent}` instead")),
            BuiltinSig { name, role, span } => builtin_sig_diagnostic(&name, role, span),
            NotASig { name, found, span } => {
                Diagnostic::new(Phase::Resolve, span, format!("`{name}` is a {found}, not a sig")).label("expected a sig")
            }
            UnknownName { name, span, suggestion } => {
                let d = Diagnostic::new(Phase::Resolve, span, format!("cannot find `{name}` in this scope")).label("not found");
                match suggestion {
                    Some(s) => d.hint(format!("did you mean `{s}`?")),
                    None => d,
                }
            }
            Ambiguous { name, span, candidates } => Diagnostic::new(Phase::Type, span, format!("`{name}` is ambiguous here"))
                .label("could refer to several declarations")
                .hint(format!("it could be {}; disambiguate with `Sig <: {name}` or a module alias (`alias/{name}`)", candidates.join(" or "))),
            AmbiguousReading { span, readings } => Diagnostic::new(Phase::Type, span, "this expression can be read in more than one way")
                .label("ambiguous")
                .hint(format!("it could mean {}; write the intended one explicitly", readings.join(" or "))),
            ThisOutsideSig { span } => Diagnostic::new(Phase::Resolve, span, "`this` is not defined here")
                .label("no enclosing sig")
                .hint("`this` is bound only in sig facts, field declarations and `pred Sig.name` / `fun Sig.name`"),
            AtNotField { name, span } => {
                Diagnostic::new(Phase::Resolve, span, format!("`@{name}` does not name a field")).label("not a field")
            }
            ExpectedFormula { found, span } => Diagnostic::new(Phase::Type, span, format!("expected a formula, found {found}"))
                .label("not a formula")
                .hint("a relational expression becomes a formula with `some`, `no`, `in` or `=`"),
            ExpectedExpression { found, span } => {
                Diagnostic::new(Phase::Type, span, format!("expected a relational expression, found {found}")).label("not an expression")
            }
            ExpectedInteger { found, span } => {
                Diagnostic::new(Phase::Type, span, format!("expected an integer, found {found}"))
                    .label("not an integer")
                    .hint("count a set with `#e`")
            }
            ArityMismatch { op, left, right, span } => Diagnostic::new(
                Phase::Type,
                span,
                format!("the operands of `{op}` have different arities ({left} and {right})"),
            )
            .label(format!("arity {left} {op} arity {right}")),
            JoinArity { left, right, span } => Diagnostic::new(
                Phase::Type,
                span,
                format!("cannot join an expression of arity {left} with one of arity {right}"),
            )
            .label("the join would have arity 0")
            .hint("`a.b` needs the arities of `a` and `b` to add up to at least 3"),
            NeedsBinary { op, arity, span } => Diagnostic::new(
                Phase::Type,
                span,
                format!("`{op}` applies to binary relations, but this expression has arity {arity}"),
            )
            .label("not binary"),
            NeedsUnary { op, arity, span } => Diagnostic::new(
                Phase::Type,
                span,
                format!("{op} must be a set (arity 1), but this expression has arity {arity}"),
            )
            .label("not a set"),
            ArgCount { name, expected, found, span, decl } => {
                let exp: Vec<String> = expected.iter().map(|n| n.to_string()).collect();
                let d = Diagnostic::new(
                    Phase::Type,
                    span,
                    format!("`{name}` takes {} argument{}, but {found} {} given", exp.join(" or "), plural(expected.first().copied().unwrap_or(0)), if found == 1 { "was" } else { "were" }),
                )
                .label("wrong number of arguments");
                match decl {
                    Some(s) => d.note(s, "declared here"),
                    None => d,
                }
            }
            ArgArity { name, index, expected, found, span } => Diagnostic::new(
                Phase::Type,
                span,
                format!("argument {index} of `{name}` has arity {found}, but the parameter has arity {expected}"),
            )
            .label(format!("arity {found}")),
            PredAsExpression { name, span } => {
                Diagnostic::new(Phase::Type, span, format!("predicate `{name}` is used where a relational expression is expected"))
                    .label("a predicate is a formula")
                    .hint("use a `fun` to name a relation")
            }
            MissingArgs { name, expected, span } => Diagnostic::new(
                Phase::Type,
                span,
                format!("`{name}` takes {expected} argument{} but is used without any", plural(expected)),
            )
            .label("missing arguments")
            .hint(format!("call it as `{name}[...]`")),
            SeqOutsideDecl { span } => Diagnostic::new(Phase::Type, span, "`seq` is only allowed in declarations")
                .label("not in a declaration's bound")
                .hint("declare the sequence (`f: seq A`, `f: B -> (seq A)`, `x: seq A`) and use the name"),
            SetOutsideDecl { span } => Diagnostic::new(Phase::Type, span, "`set` is only allowed in declarations")
                .label("not a formula")
                .hint("`some e`, `one e`, `lone e` and `no e` are formulas; `set e` is not"),
            FunResultArity { name, declared, found, span } => Diagnostic::new(
                Phase::Type,
                span,
                format!("the body of fun `{name}` has arity {found}, but its declared result has arity {declared}"),
            )
            .label(format!("arity {found}")),
            Recursive { name, chain, span } => Diagnostic::new(Phase::Resolve, span, format!("`{name}` is recursive: {chain}"))
                .label("recursive definition")
                .hint("relprove inlines funs and preds, so they cannot call themselves; unfold the recursion by hand"),
            IfBranches { span } => Diagnostic::new(Phase::Type, span, "the branches of this conditional have different kinds")
                .label("one branch is a formula and the other an expression"),
            Unsupported { what, span, hint } => {
                Diagnostic::new(Phase::Resolve, span, format!("relprove does not support {what}")).label("unsupported").hint(hint)
            }
            UnknownCommandTarget { kind, name, span, suggestion } => {
                let d = Diagnostic::new(Phase::Resolve, span, format!("there is no {kind} named `{name}`")).label("not found");
                match suggestion {
                    Some(s) => d.hint(format!("did you mean `{s}`?")),
                    None => d,
                }
            }
            WrongCommandTarget { kind, name, found, span } => Diagnostic::new(
                Phase::Resolve,
                span,
                format!("`{kind}` needs {}, but `{name}` is {found}", if kind == "check" { "an assertion" } else { "a predicate" }),
            )
            .label(format!("this is {found}"))
            .hint(if kind == "check" { "use `run` for predicates" } else { "use `check` for assertions" }),
            ScopeOnSubset { sig, span } => Diagnostic::new(Phase::Resolve, span, format!("cannot give a scope to subset sig `{sig}`"))
                .label("subset sig")
                .hint("scope the sigs it is a subset of instead"),
            ScopeTwice { sig, span, first } => Diagnostic::new(Phase::Resolve, span, format!("`{sig}` is given a scope twice"))
                .label("second scope")
                .note(first, "first scope here"),
            BadExpect { value, span } => {
                Diagnostic::new(Phase::Resolve, span, format!("`expect {value}` is not allowed")).label("expected 0 or 1").hint(
                    "`expect 1`: an instance/counterexample is expected; `expect 0`: none",
                )
            }
            BadBitwidth { value, span } => {
                Diagnostic::new(Phase::Resolve, span, format!("bitwidth {value} is not supported"))
                    .label(format!("the bitwidth must be 1 to {}", crate::ir::MAX_BITWIDTH))
            }
            SeqTooLong {
                value,
                bitwidth,
                max,
                span,
            } => Diagnostic::new(
                Phase::Resolve,
                span,
                format!("with integer bitwidth {bitwidth}, a sequence cannot be longer than {max}"),
            )
            .label(format!("{value} is above the largest integer"))
            .hint("raise the bitwidth (`for ... 5 Int`) or lower the `seq` scope"),
            Reported => Diagnostic::without_span(Phase::Resolve, "errors reported above"),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The candidate closest to `name` by edit distance, if it is close enough.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let max = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = levenshtein(&name.to_lowercase(), &c.to_lowercase());
        if d <= max && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let sub = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = sub.min(prev[j] + 1).min(cur[j - 1] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_pick_the_closest_name() {
        assert_eq!(suggest("Evnt", ["Event", "Address"]), Some("Event".into()));
        assert_eq!(suggest("xyz", ["Event", "Address"]), None);
        assert_eq!(levenshtein("kitten", "sitting"), 3);
    }
}

/// Where a built-in sig was written in place of a declared one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinRole {
    /// `open m[Int]`
    ModuleArg,
    /// `sig S extends Int`
    Extends,
    /// `sig S in Int`
    SubsetParent,
    /// The argument of `util/ordering`.
    OrderingArg,
}

/// The built-in sig names, as written in a model.
pub(super) const BUILTIN_SIGS: [&str; 5] = ["Int", "univ", "none", "String", "seq/Int"];

/// Words the error for a built-in sig in `role`, following what the Alloy
/// Analyzer 5.1 does with it: where Alloy rejects the model too, the message
/// is Alloy's rule; where Alloy accepts it, the message says relprove does not
/// support it yet (docs/alloy-language.md).
fn builtin_sig_diagnostic(name: &str, role: BuiltinRole, span: Span) -> Diagnostic {
    match role {
        BuiltinRole::ModuleArg if name == "none" => {
            Diagnostic::new(Phase::Resolve, span, "`none` cannot be a module argument").label("empty sig")
        }
        BuiltinRole::ModuleArg => Diagnostic::new(
            Phase::Resolve,
            span,
            format!("relprove does not support the built-in `{name}` as a module argument"),
        )
        .label("unsupported")
        .hint("relprove's module arguments are declared sigs, `Int` and `univ`"),
        BuiltinRole::OrderingArg => Diagnostic::new(
            Phase::Resolve,
            span,
            format!("util/ordering cannot order the built-in `{name}`"),
        )
        .label("built-in sig")
        .hint("the Alloy Analyzer rejects it too: the ordering's `next` is then ambiguous with util/integer's; Int is ordered already (`i.next`, `<`)"),
        BuiltinRole::Extends => Diagnostic::new(
            Phase::Resolve,
            span,
            format!("a sig cannot extend the built-in `{name}`"),
        )
        .label("built-in sig")
        .hint(format!("a subset sig `in {name}` is valid Alloy")),
        BuiltinRole::SubsetParent => Diagnostic::new(
            Phase::Resolve,
            span,
            format!("relprove does not support a subset sig of the built-in `{name}`"),
        )
        .label("unsupported")
        .hint("the Alloy Analyzer accepts it; relprove's subset sigs have declared sigs, `Int` and `univ` as parents"),
    }
}
