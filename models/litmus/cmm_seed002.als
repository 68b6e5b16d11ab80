module litmus/cmm_seed002

-- Compound x86/PTX litmus tests of seed 002 (Goens et al., PLDI 2023) under
-- CMM (models/cmm.als).
--
-- Scope tree of every test: System -> { GPU -> CTAs -> PTX threads,
-- x86 threads }. PTX ".sys" is System, ".gpu" the GPU scope, ".cta" the
-- thread's parent. A read of 0 is a read with no rf source.
--
-- Sources:
-- * Fig. 9 (compound IRIW): "The outcome a = 1, b = 0, c = 1, d = 0 is
--   disallowed"; "the second thread [...] is the only x86 thread" and "This
--   order is also enforced by the SC fence in PTX". The figure itself is not
--   legible in the text extraction; we take T2 = x86 (a = X; b = Y) and
--   T4 = PTX (c = ld.acquire.sys Y; fence.sc.sys; d = ld.acquire.sys X), with
--   st.release.sys writers on PTX threads T1 and T3.
-- * Fig. 10 (compound WRC): "Since the read a = X is scoped only to the gpu,
--   it is not scope inclusive with the write X = 1, even if this write is
--   scoped to the full system, as a TSO operation. [...] The outcome a = 1,
--   b = 1, c = 0 is thus allowed." T1 = x86 (X = 1), T2 = PTX
--   (a = ld.acquire.gpu X; st.release.gpu Y, 1), T3 = PTX
--   (b = ld.acquire.gpu Y; c = ld.acquire.gpu X). With a .sys the write is
--   "made a predecessor of T2" and the outcome is forbidden.
-- * Table 2, column "Model" (x86TSO fused with Scoped XC); GPU fences are
--   fence.sc (§7.2: "each of the fences behaves like an SC fence"), GPU
--   accesses relaxed. "MP1: producer on the GPU, consumer on the CPU"
--   (MP2 the converse); "IRIW1: storing threads on the GPU, loading
--   threads on the CPU" (IRIW2 the converse). SB-sys: T0 on the GPU, T1 on
--   the CPU (the table does not say; SB-sys-F puts fence.sc.sys on the GPU
--   side and MFENCE on the CPU side).
--     MP1-sys ✓  MP1-sys-F ✗  MP1-cta-F ✓  MP2-sys ✓  MP2-sys-F ✗
--     SB-sys ✓   SB-sys-F ✗   IRIW1-sys ✗  IRIW2-sys ✓  IRIW2-sys-F ✗
--   Not included: LB-sys (✗ in the table). Scoped XC "additionally
--   preserves the R -> W ordering" on the GPU; CMM takes PTX, whose
--   No-Thin-Air only orders dependencies, so CMM allows the compound LB
--   without dependencies and the row does not carry over.

open cmm

pred tree {
  all t: X86Thread | t.~sub = System
  all t: Thread - X86Thread | t.~sub.~sub.~sub = System
}
fun gpu[e: Event] : Scope { e.thread.~sub.~sub }
fun cta[e: Event] : Scope { e.thread.~sub }
pred x86[e: Event] { e.thread in X86Thread }
pred ptx[e: Event] { e.thread not in X86Thread }
pred sys_relaxed[e: Event] { ptx[e] and e not in Weak + Acquire + Release and e.scope = System }
pred plain { no rmw and no dep and tree }

------------------------------------------------------------------------------
-- Fig. 9: compound IRIW

run fig9_compound_iriw {
  some disj wx, a, b, c, f, d, wy: Event | {
    Event = wx + a + b + c + f + d + wy
    wx + wy in Release and a + b in Read and c + d in Acquire and f in FenceSC
    po = a -> b + c -> f + f -> d + c -> d
    wx.addr = a.addr and wx.addr = d.addr
    wy.addr = b.addr and wy.addr = c.addr and wx.addr != wy.addr
    rf = wx -> a + wy -> c
    x86[a] and ptx[wx] and ptx[wy] and ptx[c]
    (wx + wy + c + f + d).scope = System
    plain
    cmm_consistent
  }
} for 7 but 8 Scope, 2 Address expect 0

------------------------------------------------------------------------------
-- Fig. 10: compound WRC

pred wrc[wx, a, wy, b, c: Event] {
  Event = wx + a + wy + b + c
  wx + wy in Write and a + b + c in Read
  po = a -> wy + b -> c
  wx.addr = a.addr and wx.addr = c.addr and wy.addr = b.addr and wx.addr != wy.addr
  rf = wx -> a + wy -> b
  x86[wx] and ptx[a] and ptx[b]
  a + b + c in Acquire and wy in Release
  wy.scope = gpu[wy] and b.scope = gpu[b] and c.scope = gpu[c]
  gpu[a] = gpu[b]
  plain
}

run fig10_compound_wrc_gpu {
  some disj wx, a, wy, b, c: Event | {
    wrc[wx, a, wy, b, c] and a.scope = gpu[a]
    cmm_consistent
  }
} for 5 but 7 Scope, 2 Address expect 1

run fig10_compound_wrc_sys {
  some disj wx, a, wy, b, c: Event | {
    wrc[wx, a, wy, b, c] and a.scope = System
    cmm_consistent
  }
} for 5 but 7 Scope, 2 Address expect 0

------------------------------------------------------------------------------
-- Table 2: MP

-- T0: x = 1 ; [F0] ; y = 1 | T1: r1 = y ; [F1] ; r2 = x.  r1 = 1, r2 = 0.
pred mp[wx, wy, ry, rx: Event] {
  wx + wy in Write and ry + rx in Read
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  rf = wy -> ry
  plain
}

-- MP1: producer on the GPU
pred mp1[wx, wy, ry, rx: Event] {
  mp[wx, wy, ry, rx]
  sys_relaxed[wx] and sys_relaxed[wy] and x86[ry]
}

-- MP2: producer on the CPU
pred mp2[wx, wy, ry, rx: Event] {
  mp[wx, wy, ry, rx]
  x86[wx] and sys_relaxed[ry] and sys_relaxed[rx]
}

run table2_mp1_sys {
  some disj wx, wy, ry, rx: Event | {
    Event = wx + wy + ry + rx and po = wx -> wy + ry -> rx
    mp1[wx, wy, ry, rx]
    cmm_consistent
  }
} for 4 but 5 Scope expect 1

run table2_mp1_sys_f {
  some disj wx, f, wy, ry, rx: Event | {
    Event = wx + f + wy + ry + rx
    po = wx -> f + f -> wy + wx -> wy + ry -> rx
    f in FenceSC and f.scope = System
    mp1[wx, wy, ry, rx]
    cmm_consistent
  }
} for 5 expect 0

run table2_mp1_cta_f {
  some disj wx, f, wy, ry, rx: Event | {
    Event = wx + f + wy + ry + rx
    po = wx -> f + f -> wy + wx -> wy + ry -> rx
    f in FenceSC and f.scope = cta[f]
    mp1[wx, wy, ry, rx]
    cmm_consistent
  }
} for 5 expect 1

run table2_mp2_sys {
  some disj wx, wy, ry, rx: Event | {
    Event = wx + wy + ry + rx and po = wx -> wy + ry -> rx
    mp2[wx, wy, ry, rx]
    cmm_consistent
  }
} for 4 but 5 Scope expect 1

run table2_mp2_sys_f {
  some disj wx, wy, ry, f, rx: Event | {
    Event = wx + wy + ry + f + rx
    po = wx -> wy + ry -> f + f -> rx + ry -> rx
    f in FenceSC and f.scope = System
    mp2[wx, wy, ry, rx]
    cmm_consistent
  }
} for 5 expect 0

------------------------------------------------------------------------------
-- Table 2: SB (T0 on the GPU, T1 on the CPU)
-- T0: x = 1 ; [F] ; r1 = y | T1: y = 1 ; [MFENCE] ; r2 = x.  r1 = 0, r2 = 0.

pred sb[wx, ry, wy, rx: Event] {
  wx + wy in Write and ry + rx in Read
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  no rf
  sys_relaxed[wx] and sys_relaxed[ry] and x86[wy]
  plain
}

run table2_sb_sys {
  some disj wx, ry, wy, rx: Event | {
    Event = wx + ry + wy + rx and po = wx -> ry + wy -> rx
    sb[wx, ry, wy, rx]
    cmm_consistent
  }
} for 4 but 5 Scope expect 1

run table2_sb_sys_f {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    Event = wx + f0 + ry + wy + f1 + rx
    po = wx -> f0 + f0 -> ry + wx -> ry + wy -> f1 + f1 -> rx + wy -> rx
    f0 in FenceSC and f0.scope = System and f1 in MFence
    sb[wx, ry, wy, rx]
    cmm_consistent
  }
} for 6 expect 0

------------------------------------------------------------------------------
-- Table 2: IRIW
-- T0: x = 1 | T1: r1 = x ; [F] ; r2 = y | T2: r3 = y ; [F] ; r4 = x | T3: y = 1
-- outcome r1 = 1, r2 = 0, r3 = 1, r4 = 0

pred iriw[wx, r1, r2, r3, r4, wy: Event] {
  wx + wy in Write and r1 + r2 + r3 + r4 in Read
  wx.addr = r1.addr and wx.addr = r4.addr
  wy.addr = r2.addr and wy.addr = r3.addr and wx.addr != wy.addr
  rf = wx -> r1 + wy -> r3
  plain
}

-- IRIW1: writers on the GPU, readers on the CPU
run table2_iriw1_sys {
  some disj wx, r1, r2, r3, r4, wy: Event | {
    Event = wx + r1 + r2 + r3 + r4 + wy
    po = r1 -> r2 + r3 -> r4
    iriw[wx, r1, r2, r3, r4, wy]
    sys_relaxed[wx] and sys_relaxed[wy] and x86[r1] and x86[r3]
    cmm_consistent
  }
} for 6 but 8 Scope, 2 Address expect 0

-- IRIW2: writers on the CPU, readers on the GPU
run table2_iriw2_sys {
  some disj wx, r1, r2, r3, r4, wy: Event | {
    Event = wx + r1 + r2 + r3 + r4 + wy
    po = r1 -> r2 + r3 -> r4
    iriw[wx, r1, r2, r3, r4, wy]
    x86[wx] and x86[wy]
    sys_relaxed[r1] and sys_relaxed[r2] and sys_relaxed[r3] and sys_relaxed[r4]
    cmm_consistent
  }
} for 6 but 8 Scope, 2 Address expect 1

run table2_iriw2_sys_f {
  some disj wx, r1, f1, r2, r3, f2, r4, wy: Event | {
    Event = wx + r1 + f1 + r2 + r3 + f2 + r4 + wy
    po = r1 -> f1 + f1 -> r2 + r1 -> r2 + r3 -> f2 + f2 -> r4 + r3 -> r4
    f1 + f2 in FenceSC and (f1 + f2).scope = System
    iriw[wx, r1, r2, r3, r4, wy]
    x86[wx] and x86[wy]
    sys_relaxed[r1] and sys_relaxed[r2] and sys_relaxed[r3] and sys_relaxed[r4]
    cmm_consistent
  }
} for 8 but 8 Scope, 2 Address expect 0

------------------------------------------------------------------------------
-- CMM-Coherence as printed vs as read (cmm.als (C7)), on a PTX-only test:
--   T0: st.release.sys [x], 1 | T1: ld.acquire.sys r, [x] ; st.relaxed.cta [x], 2
--   outcome r = 1, final [x] = 1 (the .cta store is coherence-before the
--   release). Forbidden by PTX (ptx_seed000.als, corw_scoped) and by CMM
--   with wcord; allowed by CMM-Coherence as printed (cord = ms ∩ wcord).

pred corw_scoped[w1, r, w2: Event] {
  Event = w1 + r + w2
  w1 + w2 in Write and r in Read and one Address
  po = r -> w2
  rf = w1 -> r and w2 -> w1 in co
  w1 in Release and w1.scope = System
  r in Acquire and r.scope = System
  w2 not in Weak + Release and w2.scope = cta[w2]
  ptx[w1] and ptx[r] and w1.thread.~sub != r.thread.~sub
  plain
}

run corw_scoped_cmm {
  some disj w1, r, w2: Event | corw_scoped[w1, r, w2] and cmm_consistent
} for 3 but 6 Scope expect 0

run corw_scoped_cmm_printed {
  some disj w1, r, w2: Event | corw_scoped[w1, r, w2] and cmm_consistent_printed
} for 3 but 6 Scope expect 1
