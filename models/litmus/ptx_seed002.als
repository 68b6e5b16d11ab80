module litmus/ptx_seed002

-- Litmus tests of seed 002 (Goens et al., "Compound Memory Models", PLDI
-- 2023) whose verdict under *axiomatic PTX* the paper states, run under
-- models/ptx.als (same conventions as ptx_seed000.als: three-level scope
-- tree, reads of 0 have no rf source, the test fixes Event/po/rf).
--
-- Fig. 11: "Our operational model is stronger than the axiomatic PTX. In
-- 2+2W, PTX allows r1 = 1, r2 = 1 [...]. Similarly, in ISA2 with an Acq
-- (11b) or Rel (11c) fence, the outcome r1 = 1, r2 = 1, r3 = 0 is allowed in
-- PTX but disallowed in our model. PTX requires the fence to be acqrel for
-- the outcome to be disallowed".
--
-- All accesses are .sys ("X^SYS"); an access without REL/ACQ is relaxed.

open ptx

pred gpu_tree { all t: Thread | t.~sub.~sub = System }
pred sys_relaxed[e: Event] { e not in Weak + Acquire + Release and e.scope = System }
pred plain { no rmw and no dep and no Barrier and gpu_tree }

------------------------------------------------------------------------------
-- Fig. 11a: 2+2W.
--   T0: X.rel = 1 ; Y.rel = 2 ; r1 = Y.acq
--   T1: Y.rel = 1 ; X.rel = 2 ; r2 = X.acq
--   outcome r1 = 1, r2 = 1: allowed by axiomatic PTX.
run fig11a_2p2w {
  some disj x1, y2, r1, y1, x2, r2: Event | {
    Event = x1 + y2 + r1 + y1 + x2 + r2
    x1 + y2 + y1 + x2 in Release and r1 + r2 in Acquire
    po = x1 -> y2 + y2 -> r1 + x1 -> r1 + y1 -> x2 + x2 -> r2 + y1 -> r2
    x1.addr = x2.addr and x1.addr = r2.addr
    y1.addr = y2.addr and y1.addr = r1.addr and x1.addr != y1.addr
    rf = y1 -> r1 + x1 -> r2
    Event.scope = System
    plain
    ptx_consistent
  }
} for 6 but 2 Address expect 1

------------------------------------------------------------------------------
-- Fig. 11b/c: ISA2 with one fence kind in the middle thread.
--   T0: X = 1 ; F.rel ; Y = 1
--   T1: r1 = Y ; F.<k> ; Z = 1
--   T2: r2 = Z ; F.acq ; r3 = X
--   outcome r1 = 1, r2 = 1, r3 = 0

pred isa2[x, f0, y, ry, f1, z, rz, f2, rx: Event] {
  Event = x + f0 + y + ry + f1 + z + rz + f2 + rx
  x + y + z in Write and ry + rz + rx in Read
  po = x -> f0 + f0 -> y + x -> y + ry -> f1 + f1 -> z + ry -> z + rz -> f2 + f2 -> rx + rz -> rx
  x.addr = rx.addr and y.addr = ry.addr and z.addr = rz.addr
  x.addr != y.addr and y.addr != z.addr and x.addr != z.addr
  f0 in FenceRel and f2 in FenceAcq
  rf = y -> ry + z -> rz
  (x + y + z + ry + rz + rx) in Event - Weak - Acquire - Release
  Event.scope = System
  plain
}

-- 11b: acquire fence in the middle thread: allowed by PTX.
run fig11b_isa2_acq_fence {
  some disj x, f0, y, ry, f1, z, rz, f2, rx: Event | {
    isa2[x, f0, y, ry, f1, z, rz, f2, rx] and f1 in FenceAcq
    ptx_consistent
  }
} for 9 but 7 Scope, 3 Address expect 1

-- 11c: release fence in the middle thread: allowed by PTX.
run fig11c_isa2_rel_fence {
  some disj x, f0, y, ry, f1, z, rz, f2, rx: Event | {
    isa2[x, f0, y, ry, f1, z, rz, f2, rx] and f1 in FenceRel
    ptx_consistent
  }
} for 9 but 7 Scope, 3 Address expect 1

-- "PTX requires the fence to be acqrel for the outcome to be disallowed".
run fig11_isa2_acq_rel_fence {
  some disj x, f0, y, ry, f1, z, rz, f2, rx: Event | {
    isa2[x, f0, y, ry, f1, z, rz, f2, rx] and f1 in FenceAcqRel
    ptx_consistent
  }
} for 9 but 7 Scope, 3 Address expect 0

------------------------------------------------------------------------------
-- Table 1, column XC-M (seed 002 §7.2: "a scoped relaxed memory model with
-- a strong SC fence"), the rows with fences, checked under PTX with
-- fence.sc, which is such a fence. "-sys-F": fence.sc.sys between the two
-- accesses of each thread; "-cta-F": fence.sc.cta with the threads in
-- different CTAs ("the producer and consumer are mapped to different SMs").
-- The unfenced rows MP-sys, SB-sys and IRIW-sys (allowed in XC-M) are
-- allowed in PTX too: fig5_mp_relaxed and the two runs below.
-- Not included: LB-sys, forbidden in XC-M ("the memory model additionally
-- preserves the R -> W ordering") but allowed by PTX without dependencies
-- (fig8_lb_no_dependency in ptx_seed000.als).

pred mp_f[wx, f0, wy, ry, f1, rx: Event] {
  Event = wx + f0 + wy + ry + f1 + rx
  wx + wy in Write and ry + rx in Read and f0 + f1 in FenceSC
  po = wx -> f0 + f0 -> wy + wx -> wy + ry -> f1 + f1 -> rx + ry -> rx
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  rf = wy -> ry
  (wx + wy + ry + rx).scope = System
  (wx + wy + ry + rx) in Event - Weak - Acquire - Release
  plain
  wx.thread.~sub != ry.thread.~sub
}

run table1_xc_mp_sys_f {
  some disj wx, f0, wy, ry, f1, rx: Event | {
    mp_f[wx, f0, wy, ry, f1, rx] and (f0 + f1).scope = System
    ptx_consistent
  }
} for 6 expect 0

run table1_xc_mp_cta_f {
  some disj wx, f0, wy, ry, f1, rx: Event | {
    mp_f[wx, f0, wy, ry, f1, rx]
    f0.scope = f0.thread.~sub and f1.scope = f1.thread.~sub
    ptx_consistent
  }
} for 6 expect 1

pred sb_shape[wx, ry, wy, rx: Event] {
  wx + wy in Write and rx + ry in Read
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  no rf
  (wx + wy + ry + rx).scope = System
  (wx + wy + ry + rx) in Event - Weak - Acquire - Release
  plain
}

run table1_xc_sb_sys {
  some disj wx, ry, wy, rx: Event | {
    Event = wx + ry + wy + rx
    po = wx -> ry + wy -> rx
    sb_shape[wx, ry, wy, rx]
    ptx_consistent
  }
} for 4 but 5 Scope expect 1

run table1_xc_sb_sys_f {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    Event = wx + f0 + ry + wy + f1 + rx
    f0 + f1 in FenceSC and (f0 + f1).scope = System
    po = wx -> f0 + f0 -> ry + wx -> ry + wy -> f1 + f1 -> rx + wy -> rx
    sb_shape[wx, ry, wy, rx]
    ptx_consistent
  }
} for 6 expect 0

-- IRIW: T0: X = 1 | T1: r1 = X ; [F] ; r2 = Y | T2: r3 = Y ; [F] ; r4 = X | T3: Y = 1
-- outcome r1 = 1, r2 = 0, r3 = 1, r4 = 0
pred iriw_shape[x, r1, r2, r3, r4, y: Event] {
  x + y in Write and r1 + r2 + r3 + r4 in Read
  x.addr = r1.addr and x.addr = r4.addr
  y.addr = r2.addr and y.addr = r3.addr and x.addr != y.addr
  rf = x -> r1 + y -> r3
  (x + y + r1 + r2 + r3 + r4).scope = System
  (x + y + r1 + r2 + r3 + r4) in Event - Weak - Acquire - Release
  plain
}

run table1_xc_iriw_sys {
  some disj x, r1, r2, r3, r4, y: Event | {
    Event = x + r1 + r2 + r3 + r4 + y
    po = r1 -> r2 + r3 -> r4
    iriw_shape[x, r1, r2, r3, r4, y]
    ptx_consistent
  }
} for 6 but 9 Scope expect 1

run table1_xc_iriw_sys_f {
  some disj x, r1, f1, r2, r3, f2, r4, y: Event | {
    Event = x + r1 + f1 + r2 + r3 + f2 + r4 + y
    f1 + f2 in FenceSC and (f1 + f2).scope = System
    po = r1 -> f1 + f1 -> r2 + r1 -> r2 + r3 -> f2 + f2 -> r4 + r3 -> r4
    iriw_shape[x, r1, r2, r3, r4, y]
    ptx_consistent
  }
} for 8 but 9 Scope, 2 Address expect 0
