//! The CUDA harness: one `.cu` with a kernel per test (inline PTX for the
//! test's instructions), a build script, a run script and a manifest.
//!
//! The static part of the harness (placement, incantations, the host loop
//! and the results writer) is `templates/gpu/*.cu`; this module writes the
//! per-test part: a device function per test thread whose test region is
//! one `asm volatile` block between two `%clock` reads, the kernel that
//! dispatches on the thread's role, and the test's host-side tables.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::prepare::{GpuTest, GpuThread, Obs, Op, Val};
use crate::ast::{ArithOp, FenceKind, RmwOp, Scope, Sem};

const HEAD: &str = include_str!("../../../../templates/gpu/harness_head.cu");
const PLACE: &str = include_str!("../../../../templates/gpu/harness_place.cu");
const MAIN: &str = include_str!("../../../../templates/gpu/harness_main.cu");

/// The file names of a harness directory. This one: the CUDA source (every
/// test's kernel and tables, and the host program).
pub const CU_FILE: &str = "litmus.cu";
/// The build script (`build_script`).
pub const BUILD_FILE: &str = "build.sh";
/// The run script (`run_script`): build, dump the SASS, run the tests.
pub const RUN_FILE: &str = "run.sh";
/// The manifest (`Manifest`): the tests the harness was generated from.
pub const MANIFEST_FILE: &str = "manifest.json";
/// The results (`results::Results`), written by the runner or the dry
/// run.
pub const RESULTS_FILE: &str = "results.txt";
/// The `cuobjdump -sass` listing of the runner, written by `run.sh` for
/// the SASS check.
pub const SASS_FILE: &str = "sass.txt";
/// The runner executable that `build.sh` compiles.
pub const BINARY: &str = "litmus_runner";

/// What a harness holds, written beside it as `manifest.json` (read back by
/// `relprove gpu report`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Manifest {
    /// The CUDA architecture the harness was emitted for (`sm_90`).
    pub arch: String,
    /// The harness's tests, in order.
    pub tests: Vec<ManifestTest>,
}

/// One test of a harness, as the manifest records it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ManifestTest {
    /// The test's name (it keys the results).
    pub name: String,
    /// The test file, as given to `relprove gpu emit` (a relative path is
    /// relative to the current directory).
    pub file: String,
    /// The C identifier of the test's kernel and tables (`lt<k>_<name>`).
    pub ident: String,
    /// The observed variables as herd writes them (`1:r0`, `x`).
    pub vars: Vec<String>,
}

impl Manifest {
    /// The manifest of a harness for `tests`, emitted for `arch`.
    pub fn new(arch: &str, tests: &[GpuTest]) -> Manifest {
        Manifest {
            arch: arch.to_string(),
            tests: tests
                .iter()
                .map(|t| ManifestTest {
                    name: t.name.clone(),
                    file: t.file.clone(),
                    ident: t.ident.clone(),
                    vars: t.var_names(),
                })
                .collect(),
        }
    }
}

/// The `.cu` source of a harness for `tests`.
pub fn cuda_source(tests: &[GpuTest]) -> String {
    let mut s = String::from(HEAD);
    s.push_str(PLACE);
    for t in tests {
        test_code(&mut s, t);
    }
    let _ = writeln!(s, "\nstatic const LtTest lt_tests[] = {{");
    for t in tests {
        let _ = writeln!(
            s,
            "  {{\"{}\", {id}_kernel, {}, {}, {}, {}, {id}_cta, {}, {id}_acc_loc, {id}_init, {}, {id}_var_names, {id}_var_kind, {id}_var_a, {id}_var_b}},",
            c_string(&t.name),
            t.threads.len(),
            t.locs.len(),
            t.max_accesses().max(1),
            t.max_outs() + 1,
            t.ctas,
            t.vars.len(),
            id = t.ident,
        );
    }
    let _ = writeln!(s, "}};");
    let _ = writeln!(s, "static const int LT_NTESTS = {};", tests.len());
    s.push_str(MAIN);
    s
}

/// `arch` is a CUDA architecture name as nvcc takes it (`sm_90`,
/// `sm_90a`, `compute_80`): the scripts paste it into shell text, so
/// nothing else may pass (`sm_90$(…)` ran the command, issue 34).
pub fn check_arch(arch: &str) -> Result<String, String> {
    let digits = arch
        .strip_prefix("sm_")
        .or_else(|| arch.strip_prefix("compute_"))
        .map(|r| r.trim_end_matches(|c: char| c.is_ascii_lowercase()));
    match digits {
        Some(d) if !d.is_empty() && d.len() <= 4 && d.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(arch.to_string())
        }
        _ => Err(format!(
            "`{arch}` is not a CUDA architecture (sm_NN or compute_NN, e.g. sm_90)"
        )),
    }
}

/// `build.sh`: `nvcc -arch=ARCH -O3` (ARCH: the first argument, else the
/// emit-time default).
pub fn build_script(arch: &str) -> String {
    format!(
        "#!/bin/sh\n\
         # Build the litmus harness (generated by `relprove gpu emit`).\n\
         # Usage: ./build.sh [sm_XX]   (NVCC=path overrides nvcc)\n\
         set -eu\n\
         cd \"$(dirname \"$0\")\"\n\
         ARCH=\"${{1:-{arch}}}\"\n\
         \"${{NVCC:-nvcc}}\" -arch=\"$ARCH\" -O3 -o {BINARY} {CU_FILE}\n"
    )
}

/// `run.sh`: build, dump the SASS for the check, run every test for
/// TIME seconds (default 3) and write `results.txt`.
pub fn run_script(arch: &str) -> String {
    format!(
        "#!/bin/sh\n\
         # Build, dump SASS and run every test (generated by `relprove gpu emit`).\n\
         # Usage: TIME=seconds-per-test ./run.sh [litmus_runner options...]\n\
         # Then: relprove gpu report DIR (checks the SASS, compares with the model).\n\
         set -eu\n\
         cd \"$(dirname \"$0\")\"\n\
         sh ./{BUILD_FILE} \"${{ARCH:-{arch}}}\"\n\
         \"${{CUOBJDUMP:-cuobjdump}}\" -sass {BINARY} > {SASS_FILE}\n\
         ./{BINARY} --time \"${{TIME:-3}}\" --out {RESULTS_FILE} \"$@\"\n"
    )
}

fn c_string(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn int_list(v: impl IntoIterator<Item = i64>) -> String {
    let items: Vec<String> = v.into_iter().map(|x| x.to_string()).collect();
    if items.is_empty() {
        "0".to_string()
    } else {
        items.join(", ")
    }
}

fn test_code(s: &mut String, t: &GpuTest) {
    let id = &t.ident;
    let nacc = t.max_accesses().max(1);
    let nout = t.max_outs() + 1;
    let _ = writeln!(
        s,
        "\n// ---- test {} ({}) ----",
        t.name.replace('\n', " "),
        t.file
    );
    for (ti, th) in t.threads.iter().enumerate() {
        thread_function(s, t, ti, th);
    }
    let nthreads = t.threads.len();
    let _ = writeln!(s, "extern \"C\" __global__ void {id}_kernel(LtParams p) {{");
    let _ = writeln!(
        s,
        "  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;\n  \
         int role = p.role[gid];\n  \
         if (role < 0) {{\n    lt_stress(p, gid, role);\n    return;\n  }}\n  \
         unsigned inst = (unsigned)role / {nthreads}u, t = (unsigned)role % {nthreads}u;\n  \
         const unsigned *ad = p.addr + (size_t)role * {nacc};\n  \
         int *out = p.out + (size_t)role * {nout};"
    );
    let _ = writeln!(s, "  lt_sync(p, inst, {nthreads}u);\n  switch (t) {{");
    for (ti, th) in t.threads.iter().enumerate() {
        let args: Vec<String> = (0..th.access_locs.len())
            .map(|k| format!("p.mem + ad[{k}]"))
            .chain(std::iter::once("out".to_string()))
            .collect();
        let _ = writeln!(
            s,
            "  case {ti}:\n    {id}_p{ti}({});\n    break;",
            args.join(", ")
        );
    }
    let _ = writeln!(s, "  }}\n}}");
    // Host tables.
    let _ = writeln!(
        s,
        "static const int {id}_cta[] = {{{}}};",
        int_list(t.threads.iter().map(|th| th.cta_index as i64))
    );
    let acc_loc = t
        .threads
        .iter()
        .flat_map(|th| (0..nacc).map(|k| th.access_locs.get(k).map_or(-1, |&l| l as i64)));
    let _ = writeln!(
        s,
        "static const int {id}_acc_loc[] = {{{}}};",
        int_list(acc_loc)
    );
    let _ = writeln!(
        s,
        "static const int {id}_init[] = {{{}}};",
        int_list(t.init.iter().map(|&v| v as i64))
    );
    let names: Vec<String> = t
        .var_names()
        .iter()
        .map(|n| format!("\"{}\"", c_string(n)))
        .collect();
    let _ = writeln!(
        s,
        "static const char *const {id}_var_names[] = {{{}}};",
        if names.is_empty() {
            "\"\"".to_string()
        } else {
            names.join(", ")
        }
    );
    let kind = t.obs.iter().map(|o| matches!(o, Obs::Loc(_)) as i64);
    let a = t.obs.iter().map(|o| match o {
        Obs::Reg(th, _) => *th as i64,
        Obs::Loc(l) => *l as i64,
    });
    let b = t.obs.iter().map(|o| match o {
        Obs::Reg(_, slot) => *slot as i64,
        Obs::Loc(_) => 0,
    });
    let _ = writeln!(
        s,
        "static const int {id}_var_kind[] = {{{}}};",
        int_list(kind)
    );
    let _ = writeln!(s, "static const int {id}_var_a[] = {{{}}};", int_list(a));
    let _ = writeln!(s, "static const int {id}_var_b[] = {{{}}};", int_list(b));
}

/// The device function of one test thread: registers as C variables, the
/// test region as one `asm volatile` between two `%clock` reads (the SASS
/// check finds the region by them), then the observed registers and the
/// region's cycle count to `out`.
fn thread_function(s: &mut String, t: &GpuTest, ti: usize, th: &GpuThread) {
    let id = &t.ident;
    let mut params: Vec<String> = (0..th.access_locs.len())
        .map(|k| format!("unsigned *a{k}"))
        .collect();
    params.push("int *out".into());
    let _ = writeln!(s, "// P{}@cta {}", th.id, th.cta);
    let _ = writeln!(
        s,
        "__device__ __forceinline__ void {id}_p{ti}({}) {{",
        params.join(", ")
    );
    let cvar = |k: usize| format!("v{k}_{}", super::prepare::c_ident(&th.regs[k].0));
    for (k, (_, v)) in th.regs.iter().enumerate() {
        let _ = writeln!(s, "  int {} = {v};", cvar(k));
    }
    // Operands: registers ("+r"), addresses ("l"), constants ("r").
    let nregs = th.regs.len();
    let nacc = th.access_locs.len();
    let mut imms: Vec<i32> = Vec::new();
    for op in &th.ops {
        for v in op_vals(op) {
            if let Val::Imm(c) = v {
                if !imms.contains(&c) {
                    imms.push(c);
                }
            }
        }
    }
    let val = |v: Val| -> String {
        match v {
            Val::Reg(r) => format!("%{r}"),
            Val::Imm(c) => format!(
                "%{}",
                nregs + nacc + imms.iter().position(|&x| x == c).unwrap_or_default()
            ),
        }
    };
    let addr = |k: usize| format!("[%{}]", nregs + k);
    let mut lines: Vec<String> = Vec::new();
    let needs_pred = th
        .ops
        .iter()
        .any(|o| matches!(o, Op::Jump { cond: Some(_), .. }));
    if needs_pred {
        lines.push(".reg .pred lt_p;".into());
    }
    for op in &th.ops {
        lines.extend(ptx_lines(op, th, &val, &addr));
    }
    let clocks_in: Vec<String> = (0..nacc).map(|k| format!("\"l\"(a{k})")).collect();
    let _ = writeln!(s, "  unsigned c0, c1;");
    let _ = writeln!(
        s,
        "  asm volatile(\"mov.u32 %0, %%clock; // {id} P{} start\" : \"=r\"(c0) : {} : \"memory\");",
        th.id,
        if clocks_in.is_empty() {
            "\"r\"(0)".to_string()
        } else {
            clocks_in.join(", ")
        }
    );
    let _ = writeln!(s, "  asm volatile(\n      \"{{\\n\\t\"");
    for l in &lines {
        let _ = writeln!(s, "      \"{}\\n\\t\"", l.replace('"', "\\\""));
    }
    let outs: Vec<String> = (0..nregs).map(|k| format!("\"+r\"({})", cvar(k))).collect();
    let mut ins: Vec<String> = (0..nacc).map(|k| format!("\"l\"(a{k})")).collect();
    ins.extend(imms.iter().map(|c| format!("\"r\"({c})")));
    let _ = writeln!(
        s,
        "      \"}}\"\n      : {}\n      : {}\n      : \"memory\");",
        outs.join(", "),
        ins.join(", ")
    );
    // Distinct texts: the compiler must not merge the markers of
    // different threads.
    let _ = writeln!(
        s,
        "  asm volatile(\"mov.u32 %0, %%clock; // {id} P{} end\" : \"=r\"(c1) :: \"memory\");",
        th.id
    );
    for (slot, &r) in th.outs.iter().enumerate() {
        let _ = writeln!(s, "  out[{slot}] = {};", cvar(r));
    }
    let _ = writeln!(s, "  out[{}] = (int)(c1 - c0);\n}}", t.max_outs());
}

fn op_vals(op: &Op) -> Vec<Val> {
    match op {
        Op::Store { val, .. } => vec![*val],
        Op::Rmw { args, .. } => args.clone(),
        Op::Mov { src, .. } => vec![*src],
        Op::Arith { a, b, .. } => vec![*a, *b],
        Op::Jump {
            cond: Some((_, a, b)),
            ..
        } => vec![*a, *b],
        _ => vec![],
    }
}

fn sem_word(sem: Sem) -> &'static str {
    match sem {
        Sem::Weak => "weak",
        Sem::Relaxed => "relaxed",
        Sem::Acquire => "acquire",
        Sem::Release => "release",
        Sem::AcqRel => "acq_rel",
    }
}

/// `.cta` / `.gpu` / `.sys`; a strong access without scope is `.sys`
/// (PTX's default, as the model reads it).
fn scope_word(scope: Option<Scope>) -> &'static str {
    match scope {
        Some(Scope::Cta) => ".cta",
        Some(Scope::Gpu) => ".gpu",
        Some(Scope::Sys) | None => ".sys",
    }
}

/// The memory-order qualifiers of a load or store: `.weak`, `.volatile`,
/// or `.SEM.SCOPE`.
fn ld_st_quals(sem: Sem, scope: Option<Scope>, volatile: bool) -> String {
    if volatile {
        ".volatile".into()
    } else if sem == Sem::Weak {
        ".weak".into()
    } else {
        format!(".{}{}", sem_word(sem), scope_word(scope))
    }
}

/// The PTX of one operation (the test's instruction with the `.global`
/// state space and a 32-bit type added).
fn ptx_lines(
    op: &Op,
    th: &GpuThread,
    val: &dyn Fn(Val) -> String,
    addr: &dyn Fn(usize) -> String,
) -> Vec<String> {
    let reg = |r: usize| val(Val::Reg(r));
    match op {
        Op::Load {
            sem,
            scope,
            volatile,
            dst,
            acc,
        } => vec![format!(
            "ld{}.global.u32 {}, {};",
            ld_st_quals(*sem, *scope, *volatile),
            reg(*dst),
            addr(*acc)
        )],
        Op::Store {
            sem,
            scope,
            volatile,
            val: v,
            acc,
        } => vec![format!(
            "st{}.global.u32 {}, {};",
            ld_st_quals(*sem, *scope, *volatile),
            addr(*acc),
            val(*v)
        )],
        Op::Rmw {
            sem,
            scope,
            op,
            dst,
            args,
            acc,
        } => {
            let (name, ty) = match op {
                RmwOp::Add => ("add", "u32"),
                RmwOp::Sub => ("sub", "u32"),
                RmwOp::Exch => ("exch", "b32"),
                RmwOp::Cas => ("cas", "b32"),
                RmwOp::And => ("and", "b32"),
                RmwOp::Or => ("or", "b32"),
                RmwOp::Xor => ("xor", "b32"),
                RmwOp::Min => ("min", "s32"),
                RmwOp::Max => ("max", "s32"),
                RmwOp::Inc => ("inc", "u32"),
                RmwOp::Dec => ("dec", "u32"),
            };
            let sem = if *sem == Sem::Weak {
                String::new()
            } else {
                format!(".{}", sem_word(*sem))
            };
            let scope = match scope {
                None => "",
                Some(sc) => scope_word(Some(*sc)),
            };
            let args: Vec<String> = args.iter().map(|a| val(*a)).collect();
            match dst {
                Some(d) => vec![format!(
                    "atom{sem}{scope}.global.{name}.{ty} {}, {}, {};",
                    reg(*d),
                    addr(*acc),
                    args.join(", ")
                )],
                None => vec![format!(
                    "red{sem}{scope}.global.{name}.{ty} {}, {};",
                    addr(*acc),
                    args.join(", ")
                )],
            }
        }
        Op::Fence {
            kind,
            scope,
            membar,
        } => {
            if *membar && *kind == FenceKind::Sc {
                let level = match scope {
                    Some(Scope::Cta) => "cta",
                    Some(Scope::Gpu) => "gl",
                    Some(Scope::Sys) | None => "sys",
                };
                vec![format!("membar.{level};")]
            } else {
                let k = match kind {
                    FenceKind::Sc => "sc",
                    FenceKind::AcqRel => "acq_rel",
                    FenceKind::Acquire => "acquire",
                    FenceKind::Release => "release",
                };
                vec![format!("fence.{k}{};", scope_word(*scope))]
            }
        }
        Op::Mov { dst, src } => vec![format!("mov.b32 {}, {};", reg(*dst), val(*src))],
        Op::Arith { op, dst, a, b } => {
            let ins = match op {
                ArithOp::Add => "add.s32",
                ArithOp::Sub => "sub.s32",
                ArithOp::Mul => "mul.lo.s32",
                ArithOp::And => "and.b32",
                ArithOp::Or => "or.b32",
                ArithOp::Xor => "xor.b32",
            };
            vec![format!("{ins} {}, {}, {};", reg(*dst), val(*a), val(*b))]
        }
        Op::Label(l) => vec![format!("{}:", label_name(th, *l))],
        Op::Jump { cond: None, label } => vec![format!("bra.uni {};", label_name(th, *label))],
        Op::Jump {
            cond: Some((eq, a, b)),
            label,
        } => vec![
            format!(
                "setp.{}.s32 lt_p, {}, {};",
                if *eq { "eq" } else { "ne" },
                val(*a),
                val(*b)
            ),
            format!("@lt_p bra {};", label_name(th, *label)),
        ],
    }
}

fn label_name(th: &GpuThread, l: usize) -> String {
    format!(
        "LT_{}",
        super::prepare::c_ident(th.labels.get(l).map_or("", String::as_str))
    )
}
