//! A compact, fully parenthesised rendering of the syntax tree, for tests and
//! debugging: `a + b.c` prints as `(+ a (. b c))`.

use std::fmt::Write;

use super::ast::*;

fn mult(m: MultKw) -> &'static str {
    match m {
        MultKw::Set => "set",
        MultKw::One => "one",
        MultKw::Lone => "lone",
        MultKw::Some => "some",
    }
}

fn bound(b: &DeclBound) -> String {
    match b.mult {
        Some(m) => format!("{} {}", mult(m), expr(&b.expr)),
        None => expr(&b.expr),
    }
}

fn idents(ids: &[Ident]) -> String {
    ids.iter()
        .map(|i| i.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn decl(d: &ParamDecl) -> String {
    format!(
        "({}{}: {})",
        if d.disj { "disj " } else { "" },
        idents(&d.names),
        bound(&d.bound)
    )
}

fn decls(ds: &[ParamDecl]) -> String {
    ds.iter().map(decl).collect::<Vec<_>>().join(" ")
}

fn block(b: &Block) -> String {
    let mut s = "(block".to_string();
    for e in &b.items {
        s.push(' ');
        s.push_str(&expr(e));
    }
    s.push(')');
    s
}

/// One expression as an s-expression.
pub fn expr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Name(n) => n.text(),
        ExprKind::AtName(n) => format!("@{}", n.text()),
        ExprKind::This => "this".into(),
        ExprKind::Univ => "univ".into(),
        ExprKind::Iden => "iden".into(),
        ExprKind::None => "none".into(),
        ExprKind::IntSet => "Int".into(),
        ExprKind::IntLit(n) => n.to_string(),
        ExprKind::IntCast(a) => format!("(int {})", expr(a)),
        ExprKind::Unary(op, a) => {
            let o = match op {
                UnOp::Not => "!",
                UnOp::No => "no",
                UnOp::Mult(m) => mult(*m),
                UnOp::Card => "#",
                UnOp::Transpose => "~",
                UnOp::Closure => "^",
                UnOp::ReflexiveClosure => "*",
                UnOp::Neg => "neg",
                UnOp::Seq => "seq",
            };
            format!("({o} {})", expr(a))
        }
        ExprKind::Binary(op, a, b) => {
            let o = match op {
                BinOp::Or => "or",
                BinOp::And => "and",
                BinOp::Implies => "=>",
                BinOp::Iff => "<=>",
                BinOp::Union => "+",
                BinOp::Diff => "-",
                BinOp::Intersection => "&",
                BinOp::Join => ".",
                BinOp::Override => "++",
                BinOp::DomainRestrict => "<:",
                BinOp::RangeRestrict => ":>",
                BinOp::Shl => "<<",
                BinOp::Sha => ">>",
                BinOp::Shr => ">>>",
            };
            format!("({o} {} {})", expr(a), expr(b))
        }
        ExprKind::Arrow {
            lhs,
            lmult,
            rmult,
            rhs,
        } => {
            let l = lmult.map(mult).unwrap_or("");
            let r = rmult.map(mult).unwrap_or("");
            format!("({l}->{r} {} {})", expr(lhs), expr(rhs))
        }
        ExprKind::Compare {
            op,
            negated,
            lhs,
            rhs,
        } => {
            let o = match op {
                CmpOp::In => "in",
                CmpOp::Eq => "=",
                CmpOp::Lt => "<",
                CmpOp::Gt => ">",
                CmpOp::Le => "=<",
                CmpOp::Ge => ">=",
            };
            format!(
                "({}{o} {} {})",
                if *negated { "!" } else { "" },
                expr(lhs),
                expr(rhs)
            )
        }
        ExprKind::BoxJoin(f, args) => {
            let mut s = format!("([] {}", expr(f));
            for a in args {
                s.push(' ');
                s.push_str(&expr(a));
            }
            s.push(')');
            s
        }
        ExprKind::Quant { q, decls: ds, body } => {
            let k = match q {
                QuantKw::All => "all",
                QuantKw::Some => "some",
                QuantKw::No => "no",
                QuantKw::Lone => "lone",
                QuantKw::One => "one",
                QuantKw::Sum => "sum",
            };
            format!("({k} {} {})", decls(ds), expr(body))
        }
        ExprKind::Comprehension { decls: ds, body } => {
            format!("({{}} {} {})", decls(ds), expr(body))
        }
        ExprKind::Let { bindings, body } => {
            let mut s = "(let".to_string();
            for (n, v) in bindings {
                let _ = write!(s, " ({} {})", n.name, expr(v));
            }
            let _ = write!(s, " {})", expr(body));
            s
        }
        ExprKind::IfThenElse(c, a, b) => format!("(ite {} {} {})", expr(c), expr(a), expr(b)),
        ExprKind::Block(b) => block(b),
    }
}

fn name_opt(n: &Option<Ident>) -> String {
    n.as_ref()
        .map(|i| format!(" {}", i.name))
        .unwrap_or_default()
}

fn callable(recv: &Option<Name>, name: &Ident) -> String {
    match recv {
        Some(r) => format!("{}.{}", r.text(), name.name),
        None => name.name.clone(),
    }
}

/// One paragraph as an s-expression (a single line).
pub fn paragraph(p: &Paragraph) -> String {
    match p {
        Paragraph::Sig(s) => {
            let mut out = format!("(sig ({})", idents(&s.names));
            if s.private {
                out.push_str(" private");
            }
            if s.is_abstract {
                out.push_str(" abstract");
            }
            if let Some(m) = s.mult {
                out.push_str(match m {
                    SigMult::One => " one",
                    SigMult::Lone => " lone",
                    SigMult::Some => " some",
                });
            }
            match &s.ext {
                Some(SigExt::Extends(n)) => {
                    let _ = write!(out, " (extends {})", n.text());
                }
                Some(SigExt::In(ns)) => {
                    let _ = write!(
                        out,
                        " ({} {})",
                        if s.eq { "=" } else { "in" },
                        ns.iter().map(Name::text).collect::<Vec<_>>().join(" ")
                    );
                }
                None => {}
            }
            for f in &s.fields {
                let _ = write!(
                    out,
                    " (field {}{}: {}{})",
                    if f.disj { "disj " } else { "" },
                    idents(&f.names),
                    if f.disj_bound { "disj " } else { "" },
                    bound(&f.bound)
                );
            }
            if let Some(b) = &s.fact {
                let _ = write!(out, " (fact {})", block(b));
            }
            out.push(')');
            out
        }
        Paragraph::Fact(f) => format!("(fact{} {})", name_opt(&f.name), block(&f.body)),
        Paragraph::Assert(a) => format!("(assert{} {})", name_opt(&a.name), block(&a.body)),
        Paragraph::Pred(p) => format!(
            "(pred {} ({}) {})",
            callable(&p.receiver, &p.name),
            decls(&p.params),
            block(&p.body)
        ),
        Paragraph::Fun(f) => format!(
            "(fun {} ({}) {} {})",
            callable(&f.receiver, &f.name),
            decls(&f.params),
            bound(&f.result),
            expr(&f.body)
        ),
        Paragraph::Enum(e) => format!("(enum {} ({}))", e.name.name, idents(&e.members)),
        Paragraph::Macro(d) => format!(
            "(let {} ({}) {})",
            d.name.name,
            idents(&d.params),
            expr(&d.body)
        ),
        Paragraph::Command(c) => {
            let mut out = String::from("(");
            if let Some(l) = &c.label {
                let _ = write!(out, "{}: ", l.name);
            }
            out.push_str(match c.kind {
                CommandKind::Run => "run",
                CommandKind::Check => "check",
            });
            match &c.target {
                CommandTarget::Name(n) => {
                    let _ = write!(out, " {}", n.text());
                }
                CommandTarget::Block(n, b) => {
                    let _ = write!(out, "{} {}", name_opt(n), block(b));
                }
            }
            if let Some(s) = &c.scope {
                out.push_str(" (for");
                if let Some((n, _)) = s.overall {
                    let _ = write!(out, " {n}");
                }
                if !s.sigs.is_empty() && s.overall.is_some() {
                    out.push_str(" but");
                }
                for ts in &s.sigs {
                    let _ = write!(
                        out,
                        " {}{} {}",
                        if ts.exact { "exactly " } else { "" },
                        ts.count,
                        ts.name.text()
                    );
                }
                out.push(')');
            }
            if let Some((n, _)) = c.expect {
                let _ = write!(out, " (expect {n})");
            }
            out.push(')');
            out
        }
    }
}

/// A whole file, one line per header/open/paragraph.
pub fn file(f: &File) -> String {
    let mut out = String::new();
    if let Some(h) = &f.header {
        let ps: Vec<String> = h
            .params
            .iter()
            .map(|(i, exact)| format!("{}{}", if *exact { "exactly " } else { "" }, i.name))
            .collect();
        let _ = writeln!(out, "(module {} ({}))", h.name.text(), ps.join(", "));
    }
    for o in &f.opens {
        let args: Vec<String> = o.args.iter().map(Name::text).collect();
        let _ = writeln!(
            out,
            "(open {} ({}){})",
            o.path.text(),
            args.join(", "),
            name_opt(&o.alias)
        );
    }
    for p in &f.paragraphs {
        let _ = writeln!(out, "{}", paragraph(p));
    }
    out
}

/// `{}` prints the s-expression form (see [`expr`]).
impl std::fmt::Display for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&expr(self))
    }
}

/// `{}` prints one line per header, open and paragraph (see [`file`]).
impl std::fmt::Display for File {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&file(self))
    }
}
