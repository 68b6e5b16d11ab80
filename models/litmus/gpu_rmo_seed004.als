module litmus/gpu_rmo_seed004

-- GPU litmus tests of seed 004 (Alglave et al., ASPLOS 2015) under the
-- RMO-per-scope model of §5.3 (models/gpu_rmo.als): mp, sb, lb and coRR with
-- membar.cta / membar.gl, threads in one CTA ("intra-CTA") or in two CTAs
-- of one grid ("inter-CTA"). All accesses are .cg (§5.5: "we assume that
-- all accesses use the .cg cache operator").
--
-- Verdicts stated by the paper:
-- * Fig. 14 (mp, intra-CTA, membar.cta in T0, membar.gl in T1, final
--   r0=1 ∧ r2=0): "the execution of mp exhibits a cycle in the union of
--   membar.cta, rfe, fr and membar.gl, i.e. a cycle in rmo-cta. Our model
--   forbids this execution by the constraint cta-constraint".
-- * §5.2.2: "RMO allows the non-SC behaviour of mp", and "RMO allows the
--   test coRR of Fig. 1"; "The weak behaviour of coRR is allowed by our
--   model, because we excluded the read-read pairs from the sc-per-loc-llh
--   check".
-- * §3.1.2: mp with "st.cg"/"ld.cg" is fixed "using membar.gl fences".
-- The remaining verdicts follow from Fig. 15-16: a fence orders only
-- within the scope it names, so membar.cta between threads of different
-- CTAs leaves the weak outcome allowed; and "Constraints over rmo can be
-- used to forbid the weak behaviour of idioms such as message passing mp or
-- store buffering sb, when using the appropriate ordering".

open gpu_rmo

pred intra_cta[a, b: Event] { a.thread != b.thread and a.thread.cta = b.thread.cta }
pred inter_cta[a, b: Event] { a.thread.cta != b.thread.cta and a.thread.cta.grid = b.thread.cta.grid }

-- Shapes. Each fixes Event, po, addresses and rf; the fence events are
-- given kinds by the runs. Threads may be anywhere; the runs place them.

-- mp: T0: st.cg [x],1 ; F0 ; st.cg [y],1 | T1: ld.cg r0,[y] ; F1 ; ld.cg r2,[x]
-- final r0=1 ∧ r2=0
pred mp[wx, wy, ry, rx: Event] {
  wx + wy in Write and ry + rx in Read
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  rf = wy -> ry and no dep
}
pred mp_plain[wx, wy, ry, rx: Event] {
  Event = wx + wy + ry + rx
  po = wx -> wy + ry -> rx
  mp[wx, wy, ry, rx]
}
pred mp_fenced[wx, f0, wy, ry, f1, rx: Event] {
  Event = wx + f0 + wy + ry + f1 + rx
  po = wx -> f0 + f0 -> wy + wx -> wy + ry -> f1 + f1 -> rx + ry -> rx
  mp[wx, wy, ry, rx]
}

-- sb: T0: st.cg [x],1 ; F0 ; ld.cg r0,[y] | T1: st.cg [y],1 ; F1 ; ld.cg r1,[x]
-- final r0=0 ∧ r1=0
pred sb[wx, ry, wy, rx: Event] {
  wx + wy in Write and ry + rx in Read
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  no rf and no dep
}
pred sb_plain[wx, ry, wy, rx: Event] {
  Event = wx + ry + wy + rx
  po = wx -> ry + wy -> rx
  sb[wx, ry, wy, rx]
}
pred sb_fenced[wx, f0, ry, wy, f1, rx: Event] {
  Event = wx + f0 + ry + wy + f1 + rx
  po = wx -> f0 + f0 -> ry + wx -> ry + wy -> f1 + f1 -> rx + wy -> rx
  sb[wx, ry, wy, rx]
}

-- lb: T0: ld.cg r0,[x] ; F0 ; st.cg [y],1 | T1: ld.cg r1,[y] ; F1 ; st.cg [x],1
-- final r0=1 ∧ r1=1 (no dependencies)
pred lb[rx, wy, ry, wx: Event] {
  wx + wy in Write and ry + rx in Read
  wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
  rf = wx -> rx + wy -> ry and no dep
}
pred lb_plain[rx, wy, ry, wx: Event] {
  Event = rx + wy + ry + wx
  po = rx -> wy + ry -> wx
  lb[rx, wy, ry, wx]
}
pred lb_fenced[rx, f0, wy, ry, f1, wx: Event] {
  Event = rx + f0 + wy + ry + f1 + wx
  po = rx -> f0 + f0 -> wy + rx -> wy + ry -> f1 + f1 -> wx + ry -> wx
  lb[rx, wy, ry, wx]
}

-- coRR (Fig. 1): T0: st.cg [x],1 | T1: ld.cg r1,[x] ; F ; ld.cg r2,[x]
-- final r1=1 ∧ r2=0
pred corr[w, r1, r2: Event] {
  w in Write and r1 + r2 in Read and one Address
  rf = w -> r1 and no dep
}

------------------------------------------------------------------------------
-- mp

run mp_no_fence_inter_cta {
  some disj wx, wy, ry, rx: Event | mp_plain[wx, wy, ry, rx] and inter_cta[wx, ry] and gpu_rmo_consistent
} for 4 expect 1

-- Fig. 14: intra-CTA, membar.cta in T0, membar.gl in T1: forbidden
run fig14_mp_membar_cta_gl_intra_cta {
  some disj wx, f0, wy, ry, f1, rx: Event | {
    mp_fenced[wx, f0, wy, ry, f1, rx] and intra_cta[wx, ry]
    f0 in MembarCTA and f1 in MembarGL
    gpu_rmo_consistent
  }
} for 6 expect 0

run mp_membar_cta_intra_cta {
  some disj wx, f0, wy, ry, f1, rx: Event | {
    mp_fenced[wx, f0, wy, ry, f1, rx] and intra_cta[wx, ry]
    f0 + f1 in MembarCTA
    gpu_rmo_consistent
  }
} for 6 expect 0

run mp_membar_cta_inter_cta {
  some disj wx, f0, wy, ry, f1, rx: Event | {
    mp_fenced[wx, f0, wy, ry, f1, rx] and inter_cta[wx, ry]
    f0 + f1 in MembarCTA
    gpu_rmo_consistent
  }
} for 6 expect 1

-- §3.1.2: mp+membar.gls with .cg accesses is fixed
run mp_membar_gl_inter_cta {
  some disj wx, f0, wy, ry, f1, rx: Event | {
    mp_fenced[wx, f0, wy, ry, f1, rx] and inter_cta[wx, ry]
    f0 + f1 in MembarGL
    gpu_rmo_consistent
  }
} for 6 expect 0

------------------------------------------------------------------------------
-- sb

run sb_no_fence_inter_cta {
  some disj wx, ry, wy, rx: Event | sb_plain[wx, ry, wy, rx] and inter_cta[wx, wy] and gpu_rmo_consistent
} for 4 expect 1

run sb_membar_cta_intra_cta {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    sb_fenced[wx, f0, ry, wy, f1, rx] and intra_cta[wx, wy]
    f0 + f1 in MembarCTA
    gpu_rmo_consistent
  }
} for 6 expect 0

run sb_membar_cta_inter_cta {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    sb_fenced[wx, f0, ry, wy, f1, rx] and inter_cta[wx, wy]
    f0 + f1 in MembarCTA
    gpu_rmo_consistent
  }
} for 6 expect 1

run sb_membar_gl_inter_cta {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    sb_fenced[wx, f0, ry, wy, f1, rx] and inter_cta[wx, wy]
    f0 + f1 in MembarGL
    gpu_rmo_consistent
  }
} for 6 expect 0

------------------------------------------------------------------------------
-- lb

run lb_no_fence_inter_cta {
  some disj rx, wy, ry, wx: Event | lb_plain[rx, wy, ry, wx] and inter_cta[rx, ry] and gpu_rmo_consistent
} for 4 expect 1

run lb_membar_cta_intra_cta {
  some disj rx, f0, wy, ry, f1, wx: Event | {
    lb_fenced[rx, f0, wy, ry, f1, wx] and intra_cta[rx, ry]
    f0 + f1 in MembarCTA
    gpu_rmo_consistent
  }
} for 6 expect 0

run lb_membar_cta_inter_cta {
  some disj rx, f0, wy, ry, f1, wx: Event | {
    lb_fenced[rx, f0, wy, ry, f1, wx] and inter_cta[rx, ry]
    f0 + f1 in MembarCTA
    gpu_rmo_consistent
  }
} for 6 expect 1

run lb_membar_gl_inter_cta {
  some disj rx, f0, wy, ry, f1, wx: Event | {
    lb_fenced[rx, f0, wy, ry, f1, wx] and inter_cta[rx, ry]
    f0 + f1 in MembarGL
    gpu_rmo_consistent
  }
} for 6 expect 0

------------------------------------------------------------------------------
-- coRR

-- Fig. 1 / §5.2.2: coRR without fence, intra-CTA: allowed by RMO
run corr_no_fence_intra_cta {
  some disj w, r1, r2: Event | {
    Event = w + r1 + r2 and po = r1 -> r2
    corr[w, r1, r2] and intra_cta[w, r1]
    gpu_rmo_consistent
  }
} for 3 expect 1

run corr_membar_cta_inter_cta {
  some disj w, r1, f, r2: Event | {
    Event = w + r1 + f + r2 and po = r1 -> f + f -> r2 + r1 -> r2
    corr[w, r1, r2] and inter_cta[w, r1] and f in MembarCTA
    gpu_rmo_consistent
  }
} for 4 expect 1

run corr_membar_cta_intra_cta {
  some disj w, r1, f, r2: Event | {
    Event = w + r1 + f + r2 and po = r1 -> f + f -> r2 + r1 -> r2
    corr[w, r1, r2] and intra_cta[w, r1] and f in MembarCTA
    gpu_rmo_consistent
  }
} for 4 expect 0

run corr_membar_gl_inter_cta {
  some disj w, r1, f, r2: Event | {
    Event = w + r1 + f + r2 and po = r1 -> f + f -> r2 + r1 -> r2
    corr[w, r1, r2] and inter_cta[w, r1] and f in MembarGL
    gpu_rmo_consistent
  }
} for 4 expect 0
