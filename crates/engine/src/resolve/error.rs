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
        /// The module path as written after `open`.
        path: String,
        /// The files looked for, in order.
        tried: Vec<PathBuf>,
        /// The `open` statement.
        span: Span,
    },
    /// A model file cannot be read: the one given on the command line, or a
    /// module reached through `open`.
    Unreadable {
        /// The path of the file.
        path: String,
        /// The I/O error, as text.
        error: String,
    },
    /// An `open` of a module that is still being loaded: the module opens
    /// itself, directly or through other opens.
    CyclicOpen {
        /// The module path as written after `open`.
        path: String,
        /// The `open` statement.
        span: Span,
    },
    /// `open m[...]` with a number of sig arguments other than the number of
    /// parameters `m` declares.
    ModuleArgCount {
        /// The opened module's name (from its header, else its file name).
        module: String,
        /// The number of parameters the module declares.
        expected: usize,
        /// The number of arguments given.
        found: usize,
        /// The `open` statement.
        span: Span,
        /// The opened module's header, which declares the parameters.
        params: Span,
    },
    /// A module argument that names something other than a sig.
    ModuleArgNotSig {
        /// The argument as written.
        name: String,
        /// The argument.
        span: Span,
    },
    /// Two opens in one module that give the same alias to different modules.
    DuplicateAlias {
        /// The alias.
        alias: String,
        /// The alias (or the module path, without `as`) in the second open.
        span: Span,
        /// The same in the first open.
        first: Span,
    },
    /// A qualified name `a/x` whose prefix `a` is not the alias of a module that is opened there.
    UnknownAlias {
        /// The prefix that is not an opened module.
        alias: String,
        /// The whole qualified name.
        name: String,
        /// The qualified name.
        span: Span,
        /// The aliases of the modules that are opened there.
        known: Vec<String>,
    },
    // --- declarations ---
    /// A name declared twice where it must be unique.
    Duplicate {
        /// What kind of declaration it is (`"sig"`, `"field"`, `"parameter"`, ...).
        what: &'static str,
        /// The name.
        name: String,
        /// The second declaration.
        span: Span,
        /// The first declaration.
        first: Span,
    },
    /// A sig that is its own ancestor through `extends` or `in`.
    CyclicExtends {
        /// The sig's name.
        sig: String,
        /// The sig's declaration.
        span: Span,
    },
    /// `sig S extends P` where `P` is a subset sig.
    ExtendsSubset {
        /// The extending sig.
        sig: String,
        /// The parent, as written.
        parent: String,
        /// The parent's name in the `extends` clause.
        span: Span,
    },
    /// A built-in sig (`Int`, `univ`, `none`, `String`, `seq/Int`) where
    /// relprove needs a declared sig: as a module argument or a sig parent.
    BuiltinSig {
        /// The built-in sig as written.
        name: String,
        /// Where it was written.
        role: BuiltinRole,
        /// The built-in sig's name.
        span: Span,
    },
    /// A name that must be a sig but names something else.
    NotASig {
        /// The name as written.
        name: String,
        /// What it names instead (`"field"`, `"predicate"`, ...).
        found: &'static str,
        /// The name.
        span: Span,
    },
    // --- names ---
    /// A name that nothing in scope declares.
    UnknownName {
        /// The name as written.
        name: String,
        /// The name.
        span: Span,
        /// A close name that is in scope, if there is one (see `suggest`).
        suggestion: Option<String>,
    },
    /// A name that could refer to several declarations, with nothing to choose between them.
    Ambiguous {
        /// The name as written.
        name: String,
        /// The name.
        span: Span,
        /// The declarations it could refer to, described for the message.
        candidates: Vec<String>,
    },
    /// Several well-typed readings that no single name choice separates.
    AmbiguousReading {
        /// The expression.
        span: Span,
        /// The possible readings, described for the message.
        readings: Vec<String>,
    },
    /// `this` with no enclosing sig (outside sig facts, field declarations
    /// and `pred`/`fun Sig.name`).
    ThisOutsideSig {
        /// The `this`.
        span: Span,
    },
    /// `@name` where `name` is not a field.
    AtNotField {
        /// The name after `@`.
        name: String,
        /// The `@name`.
        span: Span,
    },
    // --- typing ---
    /// A relational or integer expression where a formula is needed.
    ExpectedFormula {
        /// What was found instead (`"a relational expression"`, `"an integer expression"`).
        found: &'static str,
        /// The expression.
        span: Span,
    },
    /// A formula where a relational expression is needed.
    ExpectedExpression {
        /// What was found instead (`"a formula"`).
        found: &'static str,
        /// The expression.
        span: Span,
    },
    /// A set, relation or formula where an integer expression is needed.
    ExpectedInteger {
        /// What was found instead, described for the message.
        found: String,
        /// The expression.
        span: Span,
    },
    /// Operands of a binary operator (or branches of an `else`) that have different arities.
    ArityMismatch {
        /// The operator (`"else"` for a conditional).
        op: &'static str,
        /// The arity of the left operand.
        left: usize,
        /// The arity of the right operand.
        right: usize,
        /// The whole expression.
        span: Span,
    },
    /// A join `a.b` whose operands' arities add up to less than 3 (the result would have arity 0).
    JoinArity {
        /// The arity of the left operand.
        left: usize,
        /// The arity of the right operand.
        right: usize,
        /// The join.
        span: Span,
    },
    /// `~`, `^` or `*` applied to an expression that is not a binary relation.
    NeedsBinary {
        /// The operator.
        op: &'static str,
        /// The operand's arity.
        arity: usize,
        /// The operand.
        span: Span,
    },
    /// An expression that must be a set (arity 1) but has another arity.
    NeedsUnary {
        /// What must be a set, as words (e.g. "the left operand of `<:`").
        op: &'static str,
        /// The expression's arity.
        arity: usize,
        /// The expression.
        span: Span,
    },
    /// A call with the wrong number of arguments.
    ArgCount {
        /// The fun, pred or built-in called.
        name: String,
        /// The numbers of arguments it can take (several when the name is overloaded).
        expected: Vec<usize>,
        /// The number of arguments given.
        found: usize,
        /// The call.
        span: Span,
        /// The callee's declaration, when the name has just one.
        decl: Option<Span>,
    },
    /// A call argument whose arity is not its parameter's.
    ArgArity {
        /// The fun, pred or built-in called.
        name: String,
        /// The argument's 1-based position.
        index: usize,
        /// The parameter's arity.
        expected: usize,
        /// The argument's arity.
        found: usize,
        /// The argument.
        span: Span,
    },
    /// A predicate named where a relational expression is expected.
    PredAsExpression {
        /// The predicate's name.
        name: String,
        /// The name.
        span: Span,
    },
    /// A fun or pred that takes arguments, named without any.
    MissingArgs {
        /// The fun's or pred's name.
        name: String,
        /// The number of parameters it declares.
        expected: usize,
        /// The name.
        span: Span,
    },
    /// `set e` outside a declaration (where a formula is expected).
    SetOutsideDecl {
        /// The `set e` expression.
        span: Span,
    },
    /// `seq e` anywhere but at the right end of a declaration's bound
    /// (the Analyzer's grammar has it only there).
    SeqOutsideDecl {
        /// The `seq e` expression.
        span: Span,
    },
    /// A conditional with one branch a formula and the other an expression.
    IfBranches {
        /// The conditional.
        span: Span,
    },
    /// A fun or pred that calls itself, directly or through others (relprove inlines calls).
    Recursive {
        /// The fun or pred where the cycle was found.
        name: String,
        /// The cycle of calls, as "`a` calls `b` calls `a`".
        chain: String,
        /// The declaration of the fun or pred.
        span: Span,
    },
    /// A fun whose body's arity is not that of its declared result.
    FunResultArity {
        /// The fun's name.
        name: String,
        /// The arity of the declared result.
        declared: usize,
        /// The arity of the body.
        found: usize,
        /// The body.
        span: Span,
    },
    /// A construct that relprove does not support.
    Unsupported {
        /// What is not supported, as words ("relprove does not support {what}").
        what: &'static str,
        /// The unsupported text.
        span: Span,
        /// How to write it in a supported way.
        hint: &'static str,
    },
    // --- commands ---
    /// A `run` or `check` whose target names no predicate or assertion.
    UnknownCommandTarget {
        /// What the target should be: `"predicate"` for `run`, `"assertion"` for `check`.
        kind: &'static str,
        /// The target as written.
        name: String,
        /// The target.
        span: Span,
        /// A close predicate or assertion name, if there is one.
        suggestion: Option<String>,
    },
    /// A `check` whose target is a predicate or function, or a `run` whose target is an assertion.
    WrongCommandTarget {
        /// The command keyword, `"run"` or `"check"`.
        kind: &'static str,
        /// The target as written.
        name: String,
        /// What the target is instead (`"a predicate"`, `"a function"`, `"an assertion"`).
        found: &'static str,
        /// The target.
        span: Span,
    },
    /// A command scope on a subset sig.
    ScopeOnSubset {
        /// The subset sig's name.
        sig: String,
        /// The scope entry.
        span: Span,
    },
    /// A sig (or `Int`, or `seq`) given two scopes in one command.
    ScopeTwice {
        /// The sig's name (`"Int"` or `"seq"` for those).
        sig: String,
        /// The second scope entry.
        span: Span,
        /// The first scope entry.
        first: Span,
    },
    /// `expect n` with `n` other than 0 or 1.
    BadExpect {
        /// The `n` given.
        value: u32,
        /// The number after `expect`.
        span: Span,
    },
    /// An integer bitwidth (`for ... n Int`) of 0 or above `ir::MAX_BITWIDTH`.
    BadBitwidth {
        /// The bitwidth given.
        value: u32,
        /// The `Int` scope entry.
        span: Span,
    },
    /// `for N seq` with N above the largest integer of the bitwidth
    /// (Alloy's "you cannot have sequence length longer than").
    SeqTooLong {
        /// The `seq` scope given.
        value: u32,
        /// The integer bitwidth in force (4 when not given).
        bitwidth: u32,
        /// The largest integer of that bitwidth.
        max: u32,
        /// The `seq` scope entry.
        span: Span,
    },
    /// Internal marker: the errors of this item were already recorded.
    Reported,
}

impl ResolveError {
    /// This error as a user-facing [`Diagnostic`]: its phase, message, labels and hint.
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
