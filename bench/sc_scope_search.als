module bench/sc_scope_search

open models/compile_src11_ptx

-- every C++ event an SC access, no RMW, no fence
pred sc_accesses {
  no CFence
  no crmw
  CEvent.ord = OSC
}

-- a counterexample to Theorem 3 of seed 000 §6.2: a race-free execution,
-- legal after compilation, whose C++ reading violates SC
pred cex { compile_src11_ptx and not rc11_sc }

-- SB ring of 3 threads: Ti writes xi then reads x(i+1), every read reads
-- the initial value
run sb3 {
  cex and sc_accesses and no crf
  some disj w0, r0, w1, r1, w2, r2: CEvent, disj x0, x1, x2: CAddress | {
    w0 + w1 + w2 in CWrite and r0 + r1 + r2 in CRead
    w0.caddr = x0 and r2.caddr = x0
    w1.caddr = x1 and r0.caddr = x1
    w2.caddr = x2 and r1.caddr = x2
    sb = w0 -> r0 + w1 -> r1 + w2 -> r2
  }
} for 12 but 6 CEvent, 12 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope
