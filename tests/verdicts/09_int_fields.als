// Integer-valued fields and integer functions.
sig Account { balance: one Int }
fact range { all a: Account | a.balance >= 0 and a.balance =< 5 }

// 2 + 5 = 7 (no overflow at bitwidth 4).
run seven { some disj a, b: Account | plus[a.balance, b.balance] = 7 } expect 1

// Balances lie in 0 .. 5.
assert noSix { no a: Account | a.balance = 6 }
check noSix expect 0

// (b div 2) * 2 + b rem 2 = b for b in 0 .. 5 (no overflow). Valid.
assert divRem { all a: Account | plus[mul[div[a.balance, 2], 2], rem[a.balance, 2]] = a.balance }
check divRem expect 0

// Balance 3 gives 0 - 3 = -3.
run negated { some a: Account | minus[0, a.balance] = -3 } expect 1

// Balances are never negative.
run negativeBalance { some a: Account | a.balance < 0 } expect 0
