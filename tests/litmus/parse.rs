//! Parser behaviour: what is accepted, and the exact errors users see.

use relprove_engine::diag::{render, SourceMap};
use relprove_litmus::ast::{InstrKind, Operand, Proxy, Quant, Sem};
use relprove_litmus::parse::parse;

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
    assert!(matches!(
        &t.threads[1].instrs[0].kind,
        InstrKind::Load {
            sem: Sem::Acquire,
            ..
        }
    ));
    assert!(matches!(
        &t.threads[0].instrs[1].kind,
        InstrKind::Rmw {
            sem: Sem::AcqRel,
            ..
        }
    ));
    assert_eq!(t.cond.quant, Quant::Forall);
    assert_eq!(t.cond.prop.vars().len(), 1);
}

#[test]
fn unsupported_instruction_is_named_with_position() {
    insta::assert_snapshot!(err(&format!(
        "{HEAD} sured.add x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n"
    )));
}

#[test]
fn proxies_aliases_and_barrier_operands_parse() {
    let text = "PTX P\n{ x=0; s @ surface aliases x; y @ generic aliases x; t @ texture aliases y; P0:r2=1; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n sust.weak s, 1 | bar.cta.sync 1, r2, 2 ;\n fence.proxy.surface | fence.proxy.alias ;\n bar.cta.arrive 1, 1 | tld.weak r0, t ;\nexists (P1:r0 == 0)\n";
    let mut sm = SourceMap::new();
    let id = sm.add("t", "t", text.to_string());
    let t = parse(id, text).unwrap();
    assert_eq!(t.aliases.len(), 3);
    assert_eq!(t.aliases[2].proxy, Proxy::Texture);
    assert!(matches!(
        &t.threads[0].instrs[0].kind,
        InstrKind::Store {
            proxy: Proxy::Surface,
            ..
        }
    ));
    assert_eq!(
        t.threads[0].instrs[1].kind,
        InstrKind::ProxyFence(Some(Proxy::Surface))
    );
    assert_eq!(t.threads[1].instrs[1].kind, InstrKind::ProxyFence(None));
    assert!(matches!(
        &t.threads[1].instrs[0].kind,
        InstrKind::Barrier {
            arrive: false,
            inst: 1,
            res: Some(Operand::Reg(_)),
            quorum: Some(Operand::Imm(2))
        }
    ));
    assert!(matches!(
        &t.threads[0].instrs[2].kind,
        InstrKind::Barrier {
            arrive: true,
            inst: 1,
            res: Some(Operand::Imm(1)),
            quorum: None
        }
    ));
    // Physical location and virtual address of each alias.
    use relprove_litmus::lower::resolve_loc;
    assert_eq!(resolve_loc(&t, "s"), ("x".to_string(), "x".to_string()));
    assert_eq!(resolve_loc(&t, "y"), ("x".to_string(), "y".to_string()));
    assert_eq!(resolve_loc(&t, "t"), ("x".to_string(), "y".to_string()));
}

#[test]
fn alias_of_undeclared_location() {
    insta::assert_snapshot!(err(
        "PTX A\n{ s @ surface aliases x; }\n P0@cta 0,gpu 0 ;\n sust.weak s, 1 ;\nexists (x == 1)\n"
    ));
}

#[test]
fn unknown_qualifier() {
    insta::assert_snapshot!(err(&format!(
        "{HEAD} st.relaxed.warp x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n"
    )));
}

#[test]
fn barrier_instance_in_register() {
    insta::assert_snapshot!(err(&format!(
        "{HEAD} bar.cta.sync r1, 2 | bar.cta.sync 1, 2 ;\nexists (P1:r0 == 1)\n"
    )));
}

#[test]
fn condition_on_missing_thread() {
    insta::assert_snapshot!(err(&format!(
        "{HEAD} st.weak x, 1 | ld.weak r0, x ;\nexists (P2:r0 == 1)\n"
    )));
}

#[test]
fn missing_condition() {
    insta::assert_snapshot!(err(&format!("{HEAD} st.weak x, 1 | ld.weak r0, x ;\n")));
}

#[test]
fn weak_with_scope() {
    insta::assert_snapshot!(err(&format!(
        "{HEAD} st.weak.gpu x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n"
    )));
}

mod fuzz {
    use proptest::prelude::*;
    use relprove_engine::diag::SourceMap;
    use relprove_litmus::lower::{
        barrier_variants, build_execution, paths, value_domain, Limits, NVIDIA_MIXEDPROXY,
        NVIDIA_PTX, PROJECT_PTX, PROJECT_PTX75,
    };
    use relprove_litmus::parse::parse;

    const SEED: &str = "PTX F\n{ x=0; y=0; P1:r1=2; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.release.gpu x, 1 | LC0: ;\n atom.gpu.cas r0, y, 0, 1 | ld.acquire.gpu r0, x ;\n bar.sync 0 | bne r0, 1, LC0 ;\n fence.sc.cta | add r1, r0, r1 ;\n red.acq_rel.sys.add y, 3 | st.weak y, r1 ;\nexists (P1:r1 == 3 /\\ ~(y = 4) \\/ 0:r0 != 1)\n";

    /// Parse and lower whatever parses; nothing may panic.
    fn exercise(text: &str) {
        let mut sm = SourceMap::new();
        let id = sm.add("f", "f", text.to_string());
        let Ok(t) = parse(id, text) else { return };
        let Ok(ps) = paths(&t, Limits::default()) else {
            return;
        };
        let Ok(dom) = value_domain(&t, &ps) else {
            return;
        };
        let combo: Vec<_> = ps.iter().filter_map(|p| p.first()).collect();
        if combo.len() == ps.len() {
            let edges = barrier_variants(&t, &combo)
                .and_then(|v| v.into_iter().next())
                .unwrap_or_default();
            for b in [
                &PROJECT_PTX,
                &NVIDIA_PTX,
                &PROJECT_PTX75,
                &NVIDIA_MIXEDPROXY,
            ] {
                let _ = build_execution(&t, b, "ptx", &combo, &edges, &dom)
                    .map(|l| l.with_run(&[vec![0; l.observed.len()]]));
            }
        }
    }

    #[test]
    fn seed_lowers() {
        let mut sm = SourceMap::new();
        let id = sm.add("f", "f", SEED.to_string());
        let t = parse(id, SEED).unwrap();
        assert_eq!(paths(&t, Limits::default()).unwrap()[1].len(), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn mutated_tests_never_panic(cuts in proptest::collection::vec((0usize..400, 0usize..6, "[ -~\n]{0,4}"), 1..4)) {
            let mut s = SEED.to_string();
            for (at, del, ins) in cuts {
                let mut at = at.min(s.len());
                while !s.is_char_boundary(at) { at -= 1; }
                let mut end = (at + del).min(s.len());
                while !s.is_char_boundary(end) { end -= 1; }
                s.replace_range(at..end, &ins);
            }
            exercise(&s);
        }

        #[test]
        fn arbitrary_text_never_panics(s in "[ -~\n]{0,200}") {
            exercise(&s);
            exercise(&format!("PTX A\n{{\n}}\n{s}"));
        }
    }
}

/// A condition nested past the limit is refused at its position (60,000
/// `~` overflowed the stack in `litmus`, `gpu emit` and `gpu run`, issue
/// 34); a run of 60,000 conjuncts is one balanced tree and parses.
#[test]
fn deep_conditions_are_refused_and_long_ones_parse() {
    for open in ["~", "("] {
        let close = if open == "(" { ")" } else { "" };
        let text = format!(
            "{HEAD} st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\nexists ({}1:r0 == 1{})\n",
            open.repeat(60_000),
            close.repeat(60_000)
        );
        let e = err(&text);
        assert!(
            e.contains("condition nested too deeply (more than 200 levels"),
            "{open}: {e}"
        );
        assert!(e.contains("t.litmus:5:"), "{open}: {e}");
    }
    let long = vec!["1:r0 == 1"; 60_000].join(" /\\ ");
    let text = format!("{HEAD} st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\nexists ({long})\n");
    let mut sm = SourceMap::new();
    let id = sm.add("t", "t", text.clone());
    let t = parse(id, &text).unwrap();
    assert_eq!(t.cond.prop.vars().len(), 1);
}
