//! Snapshots of the instance renderers (text, JSON, dot).

use crate::eval_support::*;
use relprove_engine::instance::render::*;
use relprove_engine::ir::*;

/// abstract sig Event { po: set Event, val: lone Int, sc: Event -> Event }
/// sig Read, Write extends Event {} ; one sig Init in Write {}
/// plus a sig of an opened module (label `ptx/Thread`).
fn sample() -> (B, IB) {
    let mut b = B::new();
    let event = b.sig_full("Event", SigKind::TopLevel, true, None);
    let read = b.sig_full("Read", SigKind::Extends(event), false, None);
    let write = b.sig_full("Write", SigKind::Extends(event), false, None);
    let init = b.sig_full("Init", SigKind::Subset(vec![write]), false, Some(Mult::One));
    let thread = b.sig("Thread");
    b.m.modules.push(b.m.modules[0].clone());
    b.m.modules[1].label_prefix = "ptx".into();
    b.m.sigs[thread.index()].module = ModuleId(1);
    b.m.sigs[thread.index()].label = "ptx/Thread".into();
    let ev = b.s(event);
    let po = b.field(event, "po", Mult::Set, ev.clone());
    let val = b.field(event, "val", Mult::Lone, ints());
    let sc = b.field(event, "sc", Mult::Set, prod(ev.clone(), ev));
    let mut ib = IB::new(&[("Read", 1), ("Write", 2), ("ptx/Thread", 1)], 2);
    ib.sig(event, &["Read$0", "Write$0", "Write$1"])
        .sig(read, &["Read$0"])
        .sig(write, &["Write$0", "Write$1"])
        .sig(init, &["Write$0"])
        .sig(thread, &["ptx/Thread$0"])
        .field(
            po,
            &[
                &["Write$0", "Read$0"],
                &["Write$0", "Write$1"],
                &["Write$1", "Read$0"],
            ],
        )
        .field(val, &[&["Write$1", "1"], &["Read$0", "-2"]])
        .field(sc, &[&["Write$0", "Write$1", "Read$0"]]);
    ib.inst
        .skolems
        .push(("$MP_r".into(), ib.ts(&[&["Read$0"]])));
    ib.inst
        .skolems
        .push(("$MP_co".into(), ib.ts(&[&["Write$0", "Write$1"]])));
    (b, ib)
}

#[test]
fn text() {
    let (b, ib) = sample();
    insta::assert_snapshot!(render_text(&b.m, &ib.inst));
}

#[test]
fn json() {
    let (b, ib) = sample();
    // The struct keeps sigs, fields, skolems in this order.
    insta::assert_snapshot!(serde_json::to_string_pretty(&instance_json(&b.m, &ib.inst)).unwrap());
}

#[test]
fn dot() {
    let (b, ib) = sample();
    insta::assert_snapshot!(render_dot(&b.m, &ib.inst));
}

#[test]
fn names_and_escaping() {
    let (mut b, mut ib) = sample();
    assert_eq!(sig_name(&b.m, SigId(0)), "this/Event");
    assert_eq!(sig_name(&b.m, SigId(4)), "ptx/Thread");
    assert_eq!(field_name(&b.m, FieldId(2)), "this/Event<:sc");
    // A quote in a label must not break the dot syntax.
    ib.inst.universe.atoms[0].label = "Re\"ad$0".into();
    b.m.fields[0].name = "p\\o".into();
    let d = render_dot(&b.m, &ib.inst);
    assert!(d.contains("\"Re\\\"ad$0\""), "{d}");
    assert!(d.contains("label=\"p\\\\o\""), "{d}");
    // Missing relations render as empty sets.
    ib.inst.fields.clear();
    assert!(render_text(&b.m, &ib.inst).contains("this/Event<:p\\o={}\n"));
}

/// `--graph` of a generic instance: one cluster per top-level sig, binary
/// fields as edges, the ternary `sc` and `val` into Int as attributes.
#[test]
fn graph_generic() {
    let (b, ib) = sample();
    let g = relprove_engine::instance::graph::generic(&b.m, &ib.inst, "sample");
    insta::assert_snapshot!(g.to_dot());
}

/// The same instance read as an execution (it has `Event` and `po`): event
/// letters in program order, `po` transitively reduced (Write$0->Read$0
/// is implied), no threads so no clusters.
#[test]
fn graph_execution_of_sample() {
    use relprove_engine::instance::graph;
    let (b, ib) = sample();
    let n = graph::named(&b.m, &ib.inst, &[]).unwrap();
    assert!(graph::is_execution(&n));
    let g = graph::execution(&n, "sample", &[]).unwrap();
    let dot = g.to_dot();
    assert_eq!(dot.matches("label=\"po\"").count(), 2, "{dot}");
    insta::assert_snapshot!(dot);
    // `--show` of a relation the model lacks is an error naming the
    // available ones; a ternary one is refused.
    let e = graph::named(&b.m, &ib.inst, &["hb".to_string()]).unwrap_err();
    assert!(e.to_string().contains("available: po"), "{e}");
    let e = graph::check_show(&b.m, &["sc".to_string()]).unwrap_err();
    assert!(e.to_string().contains("arity 3"), "{e}");
}
