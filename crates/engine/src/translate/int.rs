//! Two's-complement integers as bit-vectors of circuit literals (least
//! significant bit first), all of the command's bitwidth; every operation
//! wraps around like Alloy's integers.

use super::circuit::{Circuit, Lit};
use crate::ir::Shift;

/// The constant `v` as `bw` bits.
pub fn constant(v: i64, bw: usize) -> Vec<Lit> {
    (0..bw)
        .map(|i| Lit::from_bool((v >> i.min(63)) & 1 == 1))
        .collect()
}

fn full_add(c: &mut Circuit, a: Lit, b: Lit, cin: Lit) -> (Lit, Lit) {
    let ab = c.xor(a, b);
    let s = c.xor(ab, cin);
    let g = c.and2(a, b);
    let p = c.and2(ab, cin);
    let cout = c.or2(g, p);
    (s, cout)
}

/// `a + b + cin` truncated to the width of `a`.
fn add_carry(c: &mut Circuit, a: &[Lit], b: &[Lit], mut cin: Lit) -> Vec<Lit> {
    let mut out = Vec::with_capacity(a.len());
    for i in 0..a.len() {
        let (s, co) = full_add(c, a[i], b[i], cin);
        out.push(s);
        cin = co;
    }
    out
}

/// `a + b`, wrapping.
pub fn add(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
    add_carry(c, a, b, Lit::FALSE)
}

/// `a - b`, wrapping (`a + !b + 1`).
pub fn sub(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
    let nb: Vec<Lit> = b.iter().map(|&l| !l).collect();
    add_carry(c, a, &nb, Lit::TRUE)
}

/// `-a`, wrapping.
pub fn neg(c: &mut Circuit, a: &[Lit]) -> Vec<Lit> {
    let zero = vec![Lit::FALSE; a.len()];
    sub(c, &zero, a)
}

/// `a * b`, truncated to the width of `a` (shift-and-add).
pub fn mul(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
    let w = a.len();
    let mut acc = vec![Lit::FALSE; w];
    for i in 0..w {
        // partial product a * b[i] << i, truncated
        let mut pp = vec![Lit::FALSE; w];
        for j in 0..w - i {
            pp[i + j] = c.and2(a[j], b[i]);
        }
        acc = add(c, &acc, &pp);
    }
    acc
}

/// A barrel shifter as Kodkod builds it: stage `i` shifts by `2^i` when
/// bit `i` of `b` is set, for the low `ceil(log2(width))` bits of `b`
/// (the reference is [`crate::ir::shift`]).
pub fn shift(c: &mut Circuit, op: Shift, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
    let w = a.len();
    let stages = (usize::BITS - w.saturating_sub(1).leading_zeros()) as usize;
    let fill = match op {
        Shift::RightArithmetic => a[w - 1],
        _ => Lit::FALSE,
    };
    let mut cur = a.to_vec();
    for (i, &bit) in b.iter().enumerate().take(stages) {
        let k = 1usize << i;
        let moved: Vec<Lit> = (0..w)
            .map(|j| match op {
                Shift::Left if j >= k => cur[j - k],
                Shift::Left => Lit::FALSE,
                _ if j + k < w => cur[j + k],
                _ => fill,
            })
            .collect();
        cur = mux(c, bit, &moved, &cur);
    }
    cur
}

fn mux(c: &mut Circuit, s: Lit, t: &[Lit], e: &[Lit]) -> Vec<Lit> {
    t.iter().zip(e).map(|(&x, &y)| c.ite(s, x, y)).collect()
}

fn abs(c: &mut Circuit, a: &[Lit]) -> Vec<Lit> {
    let na = neg(c, a);
    mux(c, a[a.len() - 1], &na, a)
}

/// Unsigned `a <= b` on equal widths.
fn ule(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Lit {
    // from the least significant bit: le_i = (a_i < b_i) or (a_i == b_i and le_{i-1})
    let mut le = Lit::TRUE;
    for i in 0..a.len() {
        let lt = c.and2(!a[i], b[i]);
        let eq = c.iff(a[i], b[i]);
        let keep = c.and2(eq, le);
        le = c.or2(lt, keep);
    }
    le
}

/// Signed division truncating toward zero, and the matching remainder
/// (`a = q*b + r`, `r` has the sign of `a`). Division by zero yields
/// quotient 0 and remainder `a`.
pub fn divrem(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> (Vec<Lit>, Vec<Lit>) {
    let w = a.len();
    let (ua, ub) = (abs(c, a), abs(c, b));
    // restoring division on w-bit unsigned magnitudes, with a (w+1)-bit remainder
    let mut rem = vec![Lit::FALSE; w + 1];
    let mut ubx = ub.clone();
    ubx.push(Lit::FALSE);
    let mut q = vec![Lit::FALSE; w];
    for i in (0..w).rev() {
        // rem = rem << 1 | ua[i]
        let mut shifted = vec![ua[i]];
        shifted.extend_from_slice(&rem[..w]);
        let ge = ule(c, &ubx, &shifted);
        let diff = sub(c, &shifted, &ubx);
        rem = mux(c, ge, &diff, &shifted);
        q[i] = ge;
    }
    let rem: Vec<Lit> = rem[..w].to_vec();
    let qs = c.xor(a[w - 1], b[w - 1]);
    let nq = neg(c, &q);
    let q = mux(c, qs, &nq, &q);
    let nr = neg(c, &rem);
    let r = mux(c, a[w - 1], &nr, &rem);
    let bz = {
        let any: Vec<Lit> = b.to_vec();
        !c.or(&any)
    };
    let zero = vec![Lit::FALSE; w];
    let q = mux(c, bz, &zero, &q);
    let r = mux(c, bz, a, &r);
    (q, r)
}

/// Whether `a` and `b` are equal, bit by bit.
pub fn equal(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Lit {
    let bits: Vec<Lit> = a.iter().zip(b).map(|(&x, &y)| c.iff(x, y)).collect();
    c.and(&bits)
}

/// Signed `a < b`.
pub fn less(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Lit {
    let w = a.len();
    let mut fa = a.to_vec();
    let mut fb = b.to_vec();
    fa[w - 1] = !fa[w - 1];
    fb[w - 1] = !fb[w - 1];
    !ule(c, &fb, &fa)
}

/// Sum of bit-vectors with wraparound, as a balanced tree.
pub fn sum(c: &mut Circuit, mut terms: Vec<Vec<Lit>>, bw: usize) -> Vec<Lit> {
    if terms.is_empty() {
        return constant(0, bw);
    }
    while terms.len() > 1 {
        let mut next = Vec::with_capacity(terms.len() / 2 + 1);
        let mut it = terms.into_iter();
        while let Some(x) = it.next() {
            match it.next() {
                Some(y) => next.push(add(c, &x, &y)),
                None => next.push(x),
            }
        }
        terms = next;
    }
    terms.pop().unwrap()
}

/// The number of true literals, modulo 2^bw (as Alloy's `#`), by an adder
/// tree whose partial sums grow only as wide as they need to.
pub fn count(c: &mut Circuit, lits: &[Lit], bw: usize) -> Vec<Lit> {
    let mut terms: Vec<Vec<Lit>> = lits
        .iter()
        .filter(|&&l| l != Lit::FALSE)
        .map(|&l| vec![l])
        .collect();
    if terms.is_empty() {
        return constant(0, bw);
    }
    while terms.len() > 1 {
        let mut next = Vec::with_capacity(terms.len() / 2 + 1);
        let mut it = terms.into_iter();
        while let Some(mut x) = it.next() {
            match it.next() {
                Some(mut y) => {
                    let w = x.len().max(y.len());
                    x.resize(w, Lit::FALSE);
                    y.resize(w, Lit::FALSE);
                    let mut cin = Lit::FALSE;
                    let mut s = Vec::with_capacity(w + 1);
                    for i in 0..w {
                        let (b, co) = full_add(c, x[i], y[i], cin);
                        s.push(b);
                        cin = co;
                    }
                    if w < bw {
                        s.push(cin);
                    }
                    next.push(s);
                }
                None => next.push(x),
            }
        }
        terms = next;
    }
    let mut r = terms.pop().unwrap();
    r.resize(bw, Lit::FALSE);
    r.truncate(bw);
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds::universe::wrap_int;

    fn value(c: &Circuit, bits: &[Lit], inputs: &dyn Fn(u32) -> bool) -> i64 {
        let w = bits.len();
        let mut v: i64 = 0;
        for (i, &b) in bits.iter().enumerate() {
            if c.eval(b, inputs) {
                v |= 1 << i;
            }
        }
        if v >= 1 << (w - 1) {
            v -= 1 << w;
        }
        v
    }

    #[test]
    fn arithmetic_matches_wraparound_semantics() {
        let bw = 4usize;
        let mut c = Circuit::new();
        // two symbolic 4-bit numbers: inputs 1..=4 and 5..=8
        let a: Vec<Lit> = (0..bw).map(|_| c.input()).collect();
        let b: Vec<Lit> = (0..bw).map(|_| c.input()).collect();
        let s = add(&mut c, &a, &b);
        let d = sub(&mut c, &a, &b);
        let m = mul(&mut c, &a, &b);
        let (q, r) = divrem(&mut c, &a, &b);
        let n = neg(&mut c, &a);
        let eq = equal(&mut c, &a, &b);
        let lt = less(&mut c, &a, &b);
        for x in -8i64..8 {
            for y in -8i64..8 {
                let bits = move |node: u32| {
                    let i = node - 1;
                    if i < 4 {
                        (x >> i) & 1 == 1
                    } else {
                        (y >> (i - 4)) & 1 == 1
                    }
                };
                assert_eq!(value(&c, &s, &bits), wrap_int(x + y, 4), "{x}+{y}");
                assert_eq!(value(&c, &d, &bits), wrap_int(x - y, 4), "{x}-{y}");
                assert_eq!(value(&c, &m, &bits), wrap_int(x * y, 4), "{x}*{y}");
                assert_eq!(value(&c, &n, &bits), wrap_int(-x, 4));
                if y != 0 {
                    assert_eq!(value(&c, &q, &bits), wrap_int(x / y, 4), "{x}/{y}");
                    assert_eq!(value(&c, &r, &bits), wrap_int(x % y, 4), "{x}%{y}");
                } else {
                    assert_eq!(value(&c, &q, &bits), 0);
                    assert_eq!(value(&c, &r, &bits), x);
                }
                assert_eq!(c.eval(eq, &bits), x == y);
                assert_eq!(c.eval(lt, &bits), x < y, "{x}<{y}");
            }
        }
    }

    /// The shift circuit agrees with `ir::shift` (the evaluator's
    /// semantics) on every pair of values, at bitwidths 1 to 5 (5: the
    /// amount has 3 significant bits and may exceed the width).
    #[test]
    fn shifts_match_the_reference() {
        for bw in 1usize..=5 {
            let mut c = Circuit::new();
            let a: Vec<Lit> = (0..bw).map(|_| c.input()).collect();
            let b: Vec<Lit> = (0..bw).map(|_| c.input()).collect();
            let ops = [Shift::Left, Shift::RightArithmetic, Shift::RightLogical];
            let outs: Vec<Vec<Lit>> = ops.iter().map(|&op| shift(&mut c, op, &a, &b)).collect();
            let (lo, hi) = (-(1i64 << (bw - 1)), (1i64 << (bw - 1)) - 1);
            for x in lo..=hi {
                for y in lo..=hi {
                    let bits = move |node: u32| {
                        let i = (node - 1) as usize;
                        if i < bw {
                            (x >> i) & 1 == 1
                        } else {
                            (y >> (i - bw)) & 1 == 1
                        }
                    };
                    for (op, out) in ops.iter().zip(&outs) {
                        let want = crate::ir::shift(*op, x, y, bw as u32);
                        assert_eq!(
                            value(&c, out, &bits),
                            want,
                            "{x} {} {y} at {bw}",
                            op.symbol()
                        );
                    }
                }
            }
        }
        // a few values by hand, at bitwidth 4 (checked with the Analyzer)
        let s = |op, a, b| crate::ir::shift(op, a, b, 4);
        assert_eq!(s(Shift::Left, 1, 2), 4);
        assert_eq!(s(Shift::Left, 3, 3), -8);
        assert_eq!(s(Shift::Left, 1, 4), 1);
        assert_eq!(s(Shift::RightArithmetic, -8, 1), -4);
        assert_eq!(s(Shift::RightLogical, -8, 1), 4);
        assert_eq!(s(Shift::RightLogical, -1, 3), 1);
    }

    #[test]
    fn count_wraps_like_alloy() {
        let mut c = Circuit::new();
        let xs: Vec<Lit> = (0..10).map(|_| c.input()).collect();
        let k = count(&mut c, &xs, 4);
        let k3 = count(&mut c, &xs, 3);
        for mask in 0u32..1024 {
            let v = move |node: u32| (mask >> (node - 1)) & 1 == 1;
            let ones = mask.count_ones() as i64;
            assert_eq!(value(&c, &k, &v), wrap_int(ones, 4));
            assert_eq!(value(&c, &k3, &v), wrap_int(ones, 3));
        }
        let s = sum(
            &mut c,
            vec![constant(7, 4), constant(3, 4), constant(-2, 4)],
            4,
        );
        assert_eq!(value(&c, &s, &|_| false), wrap_int(8, 4));
    }
}
