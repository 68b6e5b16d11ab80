module litmus/x86tso_table1

-- Table 1 of seed 002 (Goens et al., PLDI 2023), column "x86TSO": the
-- outcomes of the x86 litmus tests under the x86-TSO axiomatic model, run
-- under models/x86tso.als. "MP, LB, IRIW, SB-F are disallowed in the x86
-- simulator whereas, SB is allowed. These observations suggest that the
-- CPU does enforce the x86TSO memory model." (§7.2)
--   MP-sys ✗   SB-sys ✓   SB-sys-F ✗   IRIW-sys ✗   LB-sys ✗
-- A read of 0 is a read with no rf source.

open x86tso

pred no_rmw { no rmw }

-- MP: T0: x = 1 ; y = 1 | T1: r1 = y ; r2 = x.  Outcome r1 = 1, r2 = 0.
run table1_x86_mp_sys {
  some disj wx, wy, ry, rx: Event | {
    Event = wx + wy + ry + rx
    wx + wy in Write and ry + rx in Read
    po = wx -> wy + ry -> rx
    wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
    rf = wy -> ry
    no_rmw
    x86tso_consistent
  }
} for 4 expect 0

-- SB: T0: x = 1 ; r1 = y | T1: y = 1 ; r2 = x.  Outcome r1 = 0, r2 = 0.
run table1_x86_sb_sys {
  some disj wx, ry, wy, rx: Event | {
    Event = wx + ry + wy + rx
    wx + wy in Write and ry + rx in Read
    po = wx -> ry + wy -> rx
    wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
    no rf
    no_rmw
    x86tso_consistent
  }
} for 4 expect 1

-- SB-F: an MFENCE between the store and the load of each thread.
run table1_x86_sb_sys_f {
  some disj wx, f0, ry, wy, f1, rx: Event | {
    Event = wx + f0 + ry + wy + f1 + rx
    wx + wy in Write and ry + rx in Read and f0 + f1 in MFence
    po = wx -> f0 + f0 -> ry + wx -> ry + wy -> f1 + f1 -> rx + wy -> rx
    wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
    no rf
    no_rmw
    x86tso_consistent
  }
} for 6 expect 0

-- SB with one locked RMW as the first access of each thread ("implied"
-- orders around it like a fence; seed 000 Fig. 2: "or if at least one is
-- an atomic read-modify-write operation").
run x86_sb_rmw {
  some disj ux, wx, ry, uy, wy, rx: Event | {
    Event = ux + wx + ry + uy + wy + rx
    ux + uy + ry + rx in Read and wx + wy in Write
    rmw = ux -> wx + uy -> wy
    po = ux -> wx + wx -> ry + ux -> ry + uy -> wy + wy -> rx + uy -> rx
    ux.addr = wx.addr and wx.addr = rx.addr
    uy.addr = wy.addr and wy.addr = ry.addr and wx.addr != wy.addr
    no rf
    x86tso_consistent
  }
} for 6 expect 0

-- IRIW: T0: x = 1 | T1: r1 = x ; r2 = y | T2: r3 = y ; r4 = x | T3: y = 1.
-- Outcome r1 = 1, r2 = 0, r3 = 1, r4 = 0 (x86 is multi-copy atomic).
run table1_x86_iriw_sys {
  some disj wx, r1, r2, r3, r4, wy: Event | {
    Event = wx + r1 + r2 + r3 + r4 + wy
    wx + wy in Write and r1 + r2 + r3 + r4 in Read
    po = r1 -> r2 + r3 -> r4
    wx.addr = r1.addr and wx.addr = r4.addr
    wy.addr = r2.addr and wy.addr = r3.addr and wx.addr != wy.addr
    rf = wx -> r1 + wy -> r3
    no_rmw
    x86tso_consistent
  }
} for 6 expect 0

-- LB: T0: r1 = x ; y = 1 | T1: r2 = y ; x = 1.  Outcome r1 = 1, r2 = 1.
run table1_x86_lb_sys {
  some disj rx, wy, ry, wx: Event | {
    Event = rx + wy + ry + wx
    wx + wy in Write and rx + ry in Read
    po = rx -> wy + ry -> wx
    wx.addr = rx.addr and wy.addr = ry.addr and wx.addr != wy.addr
    rf = wx -> rx + wy -> ry
    no_rmw
    x86tso_consistent
  }
} for 4 expect 0
