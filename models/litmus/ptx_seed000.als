module litmus/ptx_seed000

-- Litmus tests of seed 000 (Lustig et al., ASPLOS 2019) under models/ptx.als.
-- Each `run` asks for a legal PTX execution with the test's outcome:
-- expect 0 = the paper says the outcome is forbidden, expect 1 = allowed.
--
-- Conventions for every test:
-- * the test fixes Event, po, addresses, scopes and the outcome's rf/co;
-- * the scope tree has three levels: System (the GPU) -> CTAs -> threads,
--   so `.gpu` and `.sys` are the root and `.cta` is the thread's parent;
-- * "all of memory is assumed to be initialized to zero" (Fig. 5): a read
--   of 0 is a read with no rf source.

open ptx

-- three-level tree: every thread's parent is a CTA directly under System
pred gpu_tree { all t: Thread | t.~sub.~sub = System }

pred same_cta[a, b: Event] { a.thread != b.thread and a.thread.~sub = b.thread.~sub }
pred diff_cta[a, b: Event] { a.thread.~sub != b.thread.~sub }

fun cta[e: Event] : Scope { e.thread.~sub }

-- .weak / .relaxed.<sco> / .acquire.<sco> / .release.<sco> qualifiers
pred weak[e: Event] { e in Weak }
pred relaxed[e: Event, s: Scope] { e not in Weak + Acquire + Release and e.scope = s }
pred acquire[e: Event, s: Scope] { e in Acquire and e.scope = s }
pred release[e: Event, s: Scope] { e in Release and e.scope = s }

-- no atoms, no dependencies, no barriers unless a test says so
pred plain { no rmw and no dep and no Barrier }

------------------------------------------------------------------------------
-- Fig. 5: message passing with release/acquire.
--   T0: st.weak [x], 1 ; st.release.gpu [y], 1
--   T1: ld.acquire.gpu r1, [y] ; ld.weak r2, [x]
--   outcome r1 == 1, r2 == 0

pred mp[wx, wy, ry, rx: Event] {
  Event = wx + wy + ry + rx
  wx + wy in Write and ry + rx in Read
  po = wx -> wy + ry -> rx
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  rf = wy -> ry          -- r1 == 1, r2 == 0
  plain
  gpu_tree
}

-- Fig. 5 as printed (threads in different CTAs, .gpu scopes): forbidden.
run fig5_mp_rel_acq_gpu {
  some disj wx, wy, ry, rx: Event | {
    mp[wx, wy, ry, rx] and diff_cta[wx, ry]
    weak[wx] and release[wy, System] and acquire[ry, System] and weak[rx]
    ptx_consistent
  }
} for 4 but 5 Scope expect 0

-- Fig. 5 with .cta scopes across CTAs: the release and acquire are not
-- morally strong ("only morally strong pairs of operations may be used to
-- synchronize between threads", §3.3): allowed.
run fig5_mp_rel_acq_cta_across_ctas {
  some disj wx, wy, ry, rx: Event | {
    mp[wx, wy, ry, rx] and diff_cta[wx, ry]
    weak[wx] and release[wy, cta[wy]] and acquire[ry, cta[ry]] and weak[rx]
    ptx_consistent
  }
} for 4 but 5 Scope expect 1

-- Fig. 5 with .cta scopes inside one CTA: morally strong again, forbidden.
run fig5_mp_rel_acq_cta_same_cta {
  some disj wx, wy, ry, rx: Event | {
    mp[wx, wy, ry, rx] and same_cta[wx, ry]
    weak[wx] and release[wy, cta[wy]] and acquire[ry, cta[ry]] and weak[rx]
    ptx_consistent
  }
} for 4 but 5 Scope expect 0

-- Fig. 5 without release/acquire (relaxed flag): allowed; §3.4 "rfe, co,
-- and fr alone cannot be used for synchronization".
run fig5_mp_relaxed {
  some disj wx, wy, ry, rx: Event | {
    mp[wx, wy, ry, rx] and diff_cta[wx, ry]
    weak[wx] and relaxed[wy, System] and relaxed[ry, System] and weak[rx]
    ptx_consistent
  }
} for 4 but 5 Scope expect 1

------------------------------------------------------------------------------
-- Fig. 6: store buffering with fence.sc in both threads.
--   T0: st [x], 1 ; fence.sc ; ld r1, [y]
--   T1: st [y], 1 ; fence.sc ; ld r2, [x]
--   outcome r1 == 0, r2 == 0
-- "Preventing the non-sequentially-consistent outcome of a store buffering
-- (SB) pattern requires a fence.sc to be placed between the memory
-- operations in each thread. PTX also requires the two fences to be morally
-- strong."

pred sb[wx, f0, ry, wy, f1, rx: Event] {
  Event = wx + f0 + ry + wy + f1 + rx
  wx + wy in Write and rx + ry in Read and f0 + f1 in FenceSC
  po = wx -> f0 + f0 -> ry + wx -> ry + wy -> f1 + f1 -> rx + wy -> rx
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  no rf                  -- both reads see the initial 0
  relaxed[wx, System] and relaxed[wy, System]
  relaxed[rx, System] and relaxed[ry, System]
  plain
  gpu_tree
}

run fig6_sb_fence_sc_gpu {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    sb[wx, f0, ry, wy, f1, rx] and diff_cta[wx, wy]
    f0.scope = System and f1.scope = System
    ptx_consistent
  }
} for 6 expect 0

run fig6_sb_fence_sc_cta_across_ctas {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    sb[wx, f0, ry, wy, f1, rx] and diff_cta[wx, wy]
    f0.scope = cta[f0] and f1.scope = cta[f1]
    ptx_consistent
  }
} for 6 expect 1

run fig6_sb_fence_sc_cta_same_cta {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    sb[wx, f0, ry, wy, f1, rx] and same_cta[wx, wy]
    f0.scope = cta[f0] and f1.scope = cta[f1]
    ptx_consistent
  }
} for 6 expect 0

-- SB with fence.acq_rel instead of fence.sc: release/acquire alone cannot
-- prevent SB ("The Fence-SC order can prevent weak memory ordering
-- behaviors that acquire/release alone cannot prevent, such as the
-- well-known store buffering (SB) pattern", §3.4.3): allowed.
run fig6_sb_fence_acq_rel {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    Event = wx + f0 + ry + wy + f1 + rx
    wx + wy in Write and rx + ry in Read and f0 + f1 in FenceAcqRel
    po = wx -> f0 + f0 -> ry + wx -> ry + wy -> f1 + f1 -> rx + wy -> rx
    wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
    no rf
    relaxed[wx, System] and relaxed[wy, System]
    relaxed[rx, System] and relaxed[ry, System]
    f0.scope = System and f1.scope = System
    plain and gpu_tree and diff_cta[wx, wy]
    ptx_consistent
  }
} for 6 expect 1

------------------------------------------------------------------------------
-- Fig. 8: load buffering out of thin air.
--   T0: ld.weak r1, [y] ; st.weak [x], r1
--   T1: ld.weak r2, [x] ; st.weak [y], r2
--   forbidden outcome r1 == 42, r2 == 42: each read reads the other
--   thread's write, and each write depends on its thread's read.

pred lb[ry, wx, rx, wy: Event] {
  Event = ry + wx + rx + wy
  wx + wy in Write and rx + ry in Read
  po = ry -> wx + rx -> wy
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  rf = wx -> rx + wy -> ry
  Event in Weak
  no rmw and no Barrier
  gpu_tree and diff_cta[ry, rx]
}

run fig8_lb_thin_air {
  some disj ry, wx, rx, wy: Event | {
    lb[ry, wx, rx, wy] and dep = ry -> wx + rx -> wy
    ptx_consistent
  }
} for 4 but 5 Scope expect 0

-- The same shape without the data dependencies: nothing in Fig. 7 orders
-- a weak load before a later weak store of another address: allowed.
run fig8_lb_no_dependency {
  some disj ry, wx, rx, wy: Event | {
    lb[ry, wx, rx, wy] and no dep
    ptx_consistent
  }
} for 4 but 5 Scope expect 1

------------------------------------------------------------------------------
-- Fig. 9: the standard coherence tests, all forbidden.

-- (a) CoRR. T0: st.strong.gpu [x], 1 | T1: ld.strong.gpu r1, [x] ; ld.weak r2, [x]
--     forbidden r1 == 1, r2 == 0
run fig9a_corr {
  some disj w, r1, r2: Event | {
    Event = w + r1 + r2 and w in Write and r1 + r2 in Read
    po = r1 -> r2 and one Address
    rf = w -> r1
    relaxed[w, System] and relaxed[r1, System] and weak[r2]
    plain and gpu_tree and diff_cta[w, r1]
    ptx_consistent
  }
} for 4 but 5 Scope expect 0

-- (a') CoRR with a weak store in the other CTA: the write and the first
-- read are not morally strong, and "such enforcement again only applies to
-- morally strong operations" (§3.5.5): allowed.
run fig9a_corr_weak_write {
  some disj w, r1, r2: Event | {
    Event = w + r1 + r2 and w in Write and r1 + r2 in Read
    po = r1 -> r2 and one Address
    rf = w -> r1
    weak[w] and relaxed[r1, System] and weak[r2]
    plain and gpu_tree and diff_cta[w, r1]
    ptx_consistent
  }
} for 4 but 5 Scope expect 1

-- (b) CoRW. T0: st.strong.gpu [x], 1 | T1: ld.strong.gpu r1, [x] ; st.weak [x], 2
--     forbidden r1 == 1, [x] == 1 (the store of 1 is coherence-last)
run fig9b_corw {
  some disj w1, r1, w2: Event | {
    Event = w1 + r1 + w2 and w1 + w2 in Write and r1 in Read
    po = r1 -> w2 and one Address
    rf = w1 -> r1 and w2 -> w1 in co
    relaxed[w1, System] and relaxed[r1, System] and weak[w2]
    plain and gpu_tree and diff_cta[w1, r1]
    ptx_consistent
  }
} for 4 but 5 Scope expect 0

-- (c) CoWR. T0: st.strong.gpu [x], 1 | T1: st.strong.gpu [x], 2 ; ld.weak r1, [x]
--     forbidden [x] == 2, r1 == 1
run fig9c_cowr {
  some disj w1, w2, r1: Event | {
    Event = w1 + w2 + r1 and w1 + w2 in Write and r1 in Read
    po = w2 -> r1 and one Address
    rf = w1 -> r1 and w1 -> w2 in co
    relaxed[w1, System] and relaxed[w2, System] and weak[r1]
    plain and gpu_tree and diff_cta[w1, w2]
    ptx_consistent
  }
} for 4 but 5 Scope expect 0

-- (d) CoWW. T0: st.weak [x], 1 ; st.weak [x], 2 -- forbidden [x] == 1
run fig9d_coww {
  some disj w1, w2: Event | {
    Event = w1 + w2 and w1 + w2 in Write
    po = w1 -> w2 and one Address
    no rf and w2 -> w1 in co
    weak[w1] and weak[w2]
    plain and gpu_tree
    ptx_consistent
  }
} for 4 expect 0

------------------------------------------------------------------------------
-- Fig. 12, compiled to PTX. The ISA2 variant of §4.2 after the Fig. 11
-- mapping (threads in three CTAs, every strong access .sys):
--   T0: (a) st.weak [x], 1 ; (b) st.release [y], 1
--   T1: (c0) fence.sc ; (c1,c2) atom.acq_rel [y] (reads 1, writes 2) ;
--       (d) st.relaxed [y], 3
--   T2: (e) ld.acquire r1, [y] ; (f) ld.weak r2, [x]
--   outcome: c1 reads b, e reads d (r1 == 3), r2 == 0.
-- With the .release on the atom, (c2) heads a release pattern through (d)
-- and the outcome is forbidden; with atom.acquire (Fig. 12b) "there is a
-- gap between the sync_acqrel edge ending at (c1) and the sync_acqrel edge
-- starting at (c0)" and the outcome is allowed.

pred isa2_fig12[a, b, c0, c1, c2, d, e, f: Event] {
  Event = a + b + c0 + c1 + c2 + d + e + f
  a + b + c2 + d in Write and c1 + e + f in Read and c0 in FenceSC
  po = a -> b + c0 -> c1 + c0 -> c2 + c0 -> d + c1 -> c2 + c1 -> d + c2 -> d + e -> f
  a.addr = f.addr and a.addr != b.addr
  b.addr = c1.addr and b.addr = c2.addr and b.addr = d.addr and b.addr = e.addr
  rmw = c1 -> c2
  rf = b -> c1 + d -> e
  weak[a] and release[b, System]
  c0.scope = System and c1.scope = System
  relaxed[d, System] and acquire[e, System] and weak[f]
  no dep and no Barrier and gpu_tree
}

run fig12_isa2_atom_acq_rel {
  some disj a, b, c0, c1, c2, d, e, f: Event | {
    isa2_fig12[a, b, c0, c1, c2, d, e, f]
    c1 in Acquire and c2 in Release
    ptx_consistent
  }
} for 8 but 7 Scope, 2 Address expect 0

run fig12b_isa2_atom_acquire_only {
  some disj a, b, c0, c1, c2, d, e, f: Event | {
    isa2_fig12[a, b, c0, c1, c2, d, e, f]
    c1 in Acquire and c2 not in Release
    ptx_consistent
  }
} for 8 but 7 Scope, 2 Address expect 1

-- Coherence applies to causally ordered writes even when they are not
-- morally strong (§3.5.1: "if a write W precedes an overlapping write W' in
-- causality order, then W must precede W' in coherence order"):
--   T0: st.release.gpu [x], 1 | T1: ld.acquire.gpu r, [x] ; st.relaxed.cta [x], 2
--   (different CTAs), r = 1 and final [x] = 1: forbidden.
run corw_scoped {
  some disj w1, r, w2: Event | {
    Event = w1 + r + w2 and w1 + w2 in Write and r in Read
    po = r -> w2 and one Address
    rf = w1 -> r and w2 -> w1 in co
    release[w1, System] and acquire[r, System] and relaxed[w2, cta[w2]]
    plain and gpu_tree and diff_cta[w1, r]
    ptx_consistent
  }
} for 3 but 5 Scope expect 0

------------------------------------------------------------------------------
-- Model properties stated in §3.4.3 and §3.5.1.

-- "Morally weak fences may be related by sc order due to transitivity":
-- f1 (.gpu, CTA A) -> f3 (.gpu, CTA B) -> f2 (.cta, CTA B), and f1, f2 are
-- not morally strong.
run fence_sc_weak_pair_by_transitivity {
  Event in FenceSC
  some (sc - ms)
  ptx_consistent
} for 3 but 6 Scope expect 1

-- "in PTX the coherence order (co) is defined as a partial transitive
-- order": two racy weak stores may be left unordered.
run coherence_order_is_partial {
  some disj w1, w2: Write | w1.addr = w2.addr and w1 -> w2 not in co + ~co
  ptx_consistent
} for 3 expect 1

-- Fig. 7 is satisfiable with every kind of event present.
run ptx_sanity {
  some Read and some Write and some Fence and some Barrier and some rmw
  ptx_consistent
} for 6 expect 1
