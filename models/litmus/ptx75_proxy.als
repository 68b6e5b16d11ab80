module litmus/ptx75_proxy

-- Proxy idioms under models/ptx75.als, written by hand (independently of
-- the litmus lowering). Each `run` asks for a legal execution with the
-- stale outcome of a message-passing test:
--
--   producer: DATA-WRITE (value 1) ; [producer fence] ; st.release [flag], 1
--   consumer: ld.acquire [flag] (reads 1) ; [consumer fence] ; DATA-READ
--   outcome:  the data read reads the initial value (no rf source)
--
-- expect 1 = the stale value is allowed, expect 0 = forbidden. The
-- expectations are the verdicts stated by NVIDIA's mixed-proxy tests
-- (NVlabs/mixedproxy tests/MP_gpu.test, MP_cta.test, MP_gpu_synonym.test:
-- `permit (r1 != 2)` = allowed, `assert (r1 == 2)` = forbidden) and by
-- Dat3M's PTX proxy tests (litmus/PTX/Manual/proxy, with Dat3M's expected
-- results for its v7.5 configuration).
--
-- Addresses: one physical location X; the data write and read name virtual
-- addresses. A surface/texture/constant alias of x shares x's virtual
-- address; a generic alias ("physically aliases") has its own.

open ptx75

pred tree { all t: Thread | t.~sub.~sub = System }

-- the message-passing skeleton; `fp` / `fc` are the optional fences of the
-- producer / consumer, `s` the scope of the flag accesses
pred mp[wx, wf, rf_, rx: MemEvent, fp, fc: lone Event, s: Scope] {
  Event = wx + wf + rf_ + rx + fp + fc
  wx + wf in Write and rf_ + rx in Read
  fp + fc in ProxyFence + AliasFence
  no Fence and no Barrier and no rmw and no dep
  wx.thread != rx.thread
  wf.thread = wx.thread and fp.thread in wx.thread
  rf_.thread = rx.thread and fc.thread in rx.thread
  po = wx -> (fp + wf) + fp -> wf + rf_ -> (fc + rx) + fc -> rx
  -- data: weak, one physical location; flag: another location
  wx + rx in Weak and wf + rf_ not in Weak
  wx.addr = rx.addr and wf.addr = rf_.addr and wx.addr != wf.addr
  wf.vaddr = rf_.vaddr
  wf + rf_ in GenericOps
  wf in Release and rf_ in Acquire and wf.scope = s and rf_.scope = s
  rf = wf -> rf_           -- the flag is seen, the data is stale
  tree
}

pred gpu_scope[s: Scope] { s = System }
pred diff_cta[a, b: Event] { a.thread.~sub != b.thread.~sub }
pred same_cta_[a, b: Event] { a.thread.~sub = b.thread.~sub }

-- data accesses through proxies p (write) and q (read), same virtual address
pred data[wx, rx: MemEvent, p, q: Proxy] {
  wx.proxy = p and rx.proxy = q and wx.vaddr = rx.vaddr
}

-- the fence e is a proxy fence of proxy p (or absent when e is none)
pred pfence[e: Event, p: Proxy] { e in ProxyFence and e.proxy = p }

------------------------------------------------------------------------------
-- Surface write, generic read (MP_gpu.test rows 3, 6, 14; MP_cta.test 14)

-- no fence: allowed
run mp_sust_ld_gpu {
  some disj wx, wf, rf_, rx: MemEvent | {
    mp[wx, wf, rf_, rx, none, none, System] and diff_cta[wx, rx]
    data[wx, rx, SUR, GEN]
    ptx75_consistent
  }
} for 6 expect 1

-- fence.proxy.surface after the surface write: forbidden
run mp_sust_fence_ld_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, f, none, System] and diff_cta[wx, rx]
    data[wx, rx, SUR, GEN] and pfence[f, SUR]
    ptx75_consistent
  }
} for 6 expect 0

-- fence.proxy.surface in a consumer of another CTA: allowed (a proxy fence
-- acts only on its own CTA)
run mp_sust_ld_fence_consumer_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, none, f, System] and diff_cta[wx, rx]
    data[wx, rx, SUR, GEN] and pfence[f, SUR]
    ptx75_consistent
  }
} for 6 expect 1

-- the same consumer fence inside one CTA (.cta flag): forbidden
run mp_sust_ld_fence_consumer_cta {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, none, f, wx.thread.~sub] and same_cta_[wx, rx]
    data[wx, rx, SUR, GEN] and pfence[f, SUR]
    ptx75_consistent
  }
} for 6 expect 0

------------------------------------------------------------------------------
-- Generic write, surface read (MP_gpu.test rows 2, 5, 13)

-- no fence: allowed
run mp_st_suld_gpu {
  some disj wx, wf, rf_, rx: MemEvent | {
    mp[wx, wf, rf_, rx, none, none, System] and diff_cta[wx, rx]
    data[wx, rx, GEN, SUR]
    ptx75_consistent
  }
} for 6 expect 1

-- fence.proxy.surface before the surface read: forbidden
run mp_st_fence_suld_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, none, f, System] and diff_cta[wx, rx]
    data[wx, rx, GEN, SUR] and pfence[f, SUR]
    ptx75_consistent
  }
} for 6 expect 0

------------------------------------------------------------------------------
-- Surface write, texture read (MP_gpu.test rows 7, 8, 11, 12)

-- a texture fence in the producer does not help: allowed
run mp_sust_texfence_tld_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, f, none, System] and diff_cta[wx, rx]
    data[wx, rx, SUR, TEX] and pfence[f, TEX]
    ptx75_consistent
  }
} for 6 expect 1

-- a surface fence in the producer and a texture fence in the consumer:
-- forbidden
run mp_sust_surfence_texfence_tld_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f, g: Event | {
    mp[wx, wf, rf_, rx, f, g, System] and diff_cta[wx, rx]
    data[wx, rx, SUR, TEX] and pfence[f, SUR] and pfence[g, TEX]
    ptx75_consistent
  }
} for 6 expect 0

-- the fences swapped (texture in the producer, surface in the consumer):
-- allowed
run mp_sust_texfence_surfence_tld_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f, g: Event | {
    mp[wx, wf, rf_, rx, f, g, System] and diff_cta[wx, rx]
    data[wx, rx, SUR, TEX] and pfence[f, TEX] and pfence[g, SUR]
    ptx75_consistent
  }
} for 6 expect 1

------------------------------------------------------------------------------
-- Constant proxy (Dat3M Manual/proxy/Proxy-Const-MP-cause1, -cause2,
-- -different-cta: generic write, constant read, .cta flag)

-- fence.proxy.constant before the constant read, same CTA: forbidden
run mp_st_confence_cold_cta {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, none, f, wx.thread.~sub] and same_cta_[wx, rx]
    data[wx, rx, GEN, CON] and pfence[f, CON]
    ptx75_consistent
  }
} for 6 expect 0

-- no constant fence: allowed
run mp_st_cold_cta {
  some disj wx, wf, rf_, rx: MemEvent | {
    mp[wx, wf, rf_, rx, none, none, wx.thread.~sub] and same_cta_[wx, rx]
    data[wx, rx, GEN, CON]
    ptx75_consistent
  }
} for 6 expect 1

------------------------------------------------------------------------------
-- Generic aliases: different virtual addresses of one physical location
-- (MP_gpu_synonym.test: `.global y physically aliases x`; Dat3M
-- Manual/proxy/Proxy-Alias-AliasFence)

-- st [x] ; ld [y] with no alias fence: allowed
run mp_st_ld_alias_gpu {
  some disj wx, wf, rf_, rx: MemEvent | {
    mp[wx, wf, rf_, rx, none, none, System] and diff_cta[wx, rx]
    wx.proxy = GEN and rx.proxy = GEN and wx.vaddr != rx.vaddr
    ptx75_consistent
  }
} for 6 expect 1

-- fence.proxy.alias in the producer: forbidden
run mp_st_aliasfence_ld_alias_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, f, none, System] and diff_cta[wx, rx]
    wx.proxy = GEN and rx.proxy = GEN and wx.vaddr != rx.vaddr
    f in AliasFence
    ptx75_consistent
  }
} for 6 expect 0

-- fence.proxy.alias in the consumer: forbidden as well
run mp_st_ld_aliasfence_consumer_gpu {
  some disj wx, wf, rf_, rx: MemEvent, f: Event | {
    mp[wx, wf, rf_, rx, none, f, System] and diff_cta[wx, rx]
    wx.proxy = GEN and rx.proxy = GEN and wx.vaddr != rx.vaddr
    f in AliasFence
    ptx75_consistent
  }
} for 6 expect 0
