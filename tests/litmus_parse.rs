//! Parser behaviour: what is accepted, and the exact errors users see.

use relprove::diag::{render, SourceMap};
use relprove::litmus::ast::{InstrKind, Quant, Sem};
use relprove::litmus::parse::parse;

fn err(text: &str) -> String {
    let mut sm = SourceMap::new();
    let id = sm.add("t.litmus", "t.litmus", text.to_string());
    let d = parse(id, text).expect_err("the test should not parse");
    render(&sm, &[d], false)
}

const HEAD: &str = "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n";

#[test]
fn accepts_dat3m_test() {
    let text = format!("{HEAD} st.release.gpu x, 1 | ld.acquire.gpu r0, x ;\n atom.acq_rel.sys.add r1, x, 2 | fence.sc.cta ;\nforall (P1:r0 == 0 \\/ 1:r0 = 1)\n");
    let mut sm = SourceMap::new();
    let id = sm.add("t", "t", text.clone());
    let t = parse(id, &text).unwrap();
    assert_eq!(t.threads.len(), 2);
    assert_eq!((t.threads[1].cta, t.threads[1].gpu), (1, 0));
    assert!(matches!(&t.threads[1].instrs[0].kind, InstrKind::Load { sem: Sem::Acquire, .. }));
    assert!(matches!(&t.threads[0].instrs[1].kind, InstrKind::Rmw { sem: Sem::AcqRel, .. }));
    assert_eq!(t.cond.quant, Quant::Forall);
    assert_eq!(t.cond.prop.vars().len(), 1);
}

#[test]
fn unsupported_instruction_is_named_with_position() {
    insta::assert_snapshot!(err(&format!("{HEAD} sust.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n")));
}

#[test]
fn unknown_qualifier() {
    insta::assert_snapshot!(err(&format!("{HEAD} st.relaxed.warp x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n")));
}

#[test]
fn barrier_count_is_unsupported() {
    insta::assert_snapshot!(err(&format!("{HEAD} bar.cta.sync 1, 2 | bar.cta.sync 1, 2 ;\nexists (P1:r0 == 1)\n")));
}

#[test]
fn condition_on_missing_thread() {
    insta::assert_snapshot!(err(&format!("{HEAD} st.weak x, 1 | ld.weak r0, x ;\nexists (P2:r0 == 1)\n")));
}

#[test]
fn missing_condition() {
    insta::assert_snapshot!(err(&format!("{HEAD} st.weak x, 1 | ld.weak r0, x ;\n")));
}

#[test]
fn weak_with_scope() {
    insta::assert_snapshot!(err(&format!("{HEAD} st.weak.gpu x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n")));
}
