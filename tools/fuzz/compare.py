"""Compares what the AD build printed with the oracle and classifies a
case (program, level, mode): pass, skipped (every component is at a kink),
wrong-primal, wrong-gradient, nan, runtime-crash, timeout."""

import math

from . import oracle
from .config import GRAD_ATOL, GRAD_RTOL, KINK_RTOL, PRIMAL_ATOL, PRIMAL_RTOL


class ADRun:
    def __init__(self):
        self.primal = None
        self.rev = None
        self.revx = None
        self.fwd = {}     # d -> (t, res, tx)
        self.fwdx = {}
        self.fwdvec = None  # 1 when the lanes of the vector call equal the scalar calls
        self.revvec = None  # likewise in reverse mode (ADFUZZ_VEC_REV)


def parse(text):
    runs = {}
    for line in text.splitlines():
        t = line.split()
        if len(t) < 2 or t[0] == "begin":
            continue
        try:
            r = runs.setdefault(int(t[1]), ADRun())
            vals = [float(v) for v in t[2:]]
            if t[0] == "primal":
                r.primal = vals
            elif t[0] == "rev":
                r.rev = vals
            elif t[0] == "revx":
                r.revx = vals
            elif t[0] == "fwd":
                r.fwd[int(vals[0])] = (vals[1], vals[2], vals[3:])
            elif t[0] == "fwdx":
                r.fwdx[int(vals[0])] = vals[1:]
            elif t[0] == "fwdvec":
                r.fwdvec = int(vals[0])
            elif t[0] == "revvec":
                r.revvec = int(vals[0])
        except (ValueError, IndexError):
            continue
    return runs


def check_grad(v, es, scale):
    """ok, bad, kink or nan for an AD value v and its finite differences es
    (one per step)."""
    atol = GRAD_ATOL * scale
    mag = max(abs(e) for e in es)
    lo, hi = min(es), max(es)
    # Differences that disagree: a kink or a discontinuity near the point.
    if hi - lo > KINK_RTOL * mag + 10 * atol:
        return "kink"
    if not math.isfinite(v):
        return "nan"
    tol = GRAD_RTOL * max(abs(v), mag) + atol
    # They bracket the derivative when they disagree by more than the
    # tolerance but less than a kink (truncation error at one step, rounding
    # at another): a value between them is as good as any.
    return "ok" if lo - tol <= v <= hi + tol else "bad"


def check_primal(v, o, scale):
    if not math.isfinite(v):
        return "nan"
    tol = PRIMAL_RTOL * max(abs(v), abs(o)) + PRIMAL_ATOL * scale
    return "ok" if abs(v - o) <= tol else "bad"


class Verdict:
    def __init__(self):
        self.checks = []       # (status, what, ad value, expected)

    def add(self, status, what, v, e):
        self.checks.append((status, what, v, e))

    def count(self, status):
        return sum(1 for c in self.checks if c[0] == status)

    def classify(self):
        prim = [c for c in self.checks if c[1].startswith("primal")]
        grad = [c for c in self.checks if not c[1].startswith("primal")]
        if any(c[0] == "bad" for c in prim):
            return "wrong-primal"
        if any(c[0] == "nan" for c in self.checks):
            return "nan"
        if any(c[0] == "bad" for c in grad):
            return "wrong-gradient"
        if not any(c[0] == "ok" for c in grad):
            return "skipped"
        return "pass"

    def worst(self, k=6):
        bad = [c for c in self.checks if c[0] in ("bad", "nan")]
        return ["%s %s: AD %.17g, expected %s" % (c[0], c[1], c[2], c[3]) for c in bad[:k]]


def compare(prog, orc, ad, mode):
    """A Verdict for one mode, or None if the AD output is incomplete."""
    v = Verdict()
    for ri, n in enumerate(prog.ns):
        o = orc[ri]
        a = ad.get(ri)
        sc = oracle.scale(o)
        if a is None or a.primal is None or len(a.primal) != n + 1:
            return None
        nslots = len(prog.slots(n))

        def prim(what, vals, ref):
            for j, (x, y) in enumerate(zip(vals, ref)):
                v.add(check_primal(x, y, sc), "primal %s run %d [%d]" % (what, ri, j), x, y)
        prim("f()", a.primal, [o.ret] + o.xf)
        if mode == "rev":
            if a.rev is None or a.revx is None or len(a.rev) != nslots or len(a.revx) != n:
                return None
            prim("x after __ad_autodiff", a.revx, o.xf)
            if a.revvec is not None:
                v.add("ok" if a.revvec else "bad",
                      "vector reverse mode (ad_width 3): lanes equal the scalar calls run %d" % ri,
                      a.revvec, 1)
            for s in range(nslots):
                es = oracle.expected_rev(prog, o, s)
                v.add(check_grad(a.rev[s], es, sc), "dL/d%s run %d" % (slot_name(prog, n, s), ri),
                      a.rev[s], "|".join("%.17g" % e for e in es))
        else:
            for d in range(nslots + 1):
                if d not in a.fwd or d not in a.fwdx:
                    return None
                t, res, tx = a.fwd[d]
                if len(tx) != n or len(a.fwdx[d]) != n:
                    return None
                prim("ad_result dir %d" % d, [res], [o.ret])
                prim("x after __ad_fwddiff dir %d" % d, a.fwdx[d], o.xf)
                comps = oracle.expected_fwd(o, d, nslots)
                dname = "e_" + slot_name(prog, n, d) if d < nslots else "dense"
                for j, (val, es) in enumerate(zip([t] + tx, comps)):
                    what = "tangent of %s along %s run %d" % ("f" if j == 0 else "x[%d]" % (j - 1), dname, ri)
                    v.add(check_grad(val, es, sc), what, val, "|".join("%.17g" % e for e in es))
            if a.fwdvec is not None:
                v.add("ok" if a.fwdvec else "bad",
                      "vector mode (ad_width 3): lanes equal the scalar calls run %d" % ri,
                      a.fwdvec, 1)
    return v


def slot_name(prog, n, s):
    kind, i = prog.slots(n)[s]
    return "a" if kind == "a" else "%s[%d]" % (kind, i)
