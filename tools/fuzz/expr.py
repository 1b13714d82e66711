"""Random floating-point expressions with a bound on their magnitude:
arithmetic, division by values bounded away from 0, libm with domain-safe
arguments, kinks (fabs fmin fmax floor...), ternaries, selects between
arrays, helper calls. Every expression returns (code, bound)."""

import math

from .context import CAP_ELEM, CAP_VAR, num

BIG = 1e30


def _b(x):
    return min(x, BIG)


def _idx_clamp(code, length):
    """An int in [0, length) computed from data (piecewise constant)."""
    return "((int)(fmin(fabs(%s), 1000.0) * 3.0) %% %s)" % (code, length)


class ExprGen:
    # ---- helpers -------------------------------------------------------
    def const(self, lo=-2.0, hi=2.0):
        c = round(self.rng.uniform(lo, hi), 3)
        if c == 0:
            c = 0.5
        return num(c), abs(c)

    def squash(self, code, bound, cap):
        """Wraps code so that its magnitude stays below cap."""
        if bound <= cap:
            return code, bound
        r = self.rng.random()
        if bound <= 2 * cap and r < 0.3:
            return "0.5 * (%s)" % code, bound / 2
        r = self.rng.random()
        if r < 0.4:
            return "tanh(%s)" % code, 1.0
        if r < 0.6:
            return "sin(%s)" % code, 1.0
        if r < 0.75:
            return "atan(%s)" % code, math.pi / 2
        if r < 0.9 and cap >= 2:
            return "%s * tanh((%s) / %s)" % (num(cap / 2), code, num(cap)), cap / 2
        return "erf(%s)" % code, 1.0

    def small(self, depth, cap=CAP_ELEM):
        code, b = self.expr(depth)
        return self.squash(code, b, cap)

    def short(self, code):
        return len(code) <= 24

    # ---- indices -------------------------------------------------------
    def len_pos(self, length):
        """length >= 1 is known here (so '% length' is defined)."""
        if isinstance(length, int):
            return length >= 1
        if length == self.len_sym and self.len_min >= 1:
            return True
        return any(iv.hi == length for iv in self.all_ints())

    def index(self, length, allow_data=True):
        """An int expression in [0, length) valid here, or None."""
        rng = self.rng
        cands = []
        for iv in self.all_ints():
            i = iv.name
            if iv.hi == length:
                cands += [i, i, "(%s - 1 - %s)" % (length, i)]
                if self.len_pos(length):
                    cands.append("(%s + %d) %% %s" % (i, rng.randrange(1, 4), length))
            elif isinstance(length, int):
                if (isinstance(iv.hi, int) and iv.hi <= length) or \
                        (not isinstance(iv.hi, int) and length >= N_MAX_LEN):
                    cands.append(i)
                cands.append("(%s + %d) %% %d" % (i, rng.randrange(0, 4), length))
            elif self.len_pos(length):
                cands.append("(%s + %d) %% %s" % (i, rng.randrange(0, 3), length))
        if isinstance(length, int):
            cands.append(str(rng.randrange(length)))
        elif self.len_pos(length):
            cands.append("%d %% %s" % (rng.randrange(0, 5), length))
            cands.append("%s - 1" % length)
        if not cands:
            return None
        if allow_data and self.len_pos(length) and rng.random() < 0.08 and self.depth_ok():
            self.feat("data_index")
            code, _ = self.expr(1, leaf_only=True)
            return _idx_clamp(code, length)
        return rng.choice(cands)

    def depth_ok(self):
        return getattr(self, "_in_index", 0) == 0

    # ---- leaves --------------------------------------------------------
    def read_array(self, arrs=None):
        arrs = arrs if arrs is not None else self.all_arrs()
        rng = self.rng
        rng.shuffle(arrs)
        for a in arrs:
            self._in_index = getattr(self, "_in_index", 0) + 1
            ix = self.index(a.length)
            self._in_index -= 1
            if ix is not None:
                self.feat("read_" + a.kind)
                return "%s[%s]" % (a.name, ix), a.bound
        return None

    def leaf(self):
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            got = self.read_array()
            if got:
                return got
        if r < 0.45:
            sa = self.all_sarrs()
            if sa:
                s = rng.choice(sa)
                ix = self.index(s.length)
                if ix is not None:
                    self.feat("struct_read")
                    return "%s[%s].%s" % (s.name, ix, rng.choice(s.sdef.dfields)), CAP_ELEM
            sv = self.all_svars()
            if sv:
                s = rng.choice(sv)
                return "%s.%s" % (s.name, rng.choice(s.sdef.dfields)), CAP_ELEM
        if r < 0.8:
            vs = [v for v in self.all_vars()]
            if vs:
                v = rng.choice(vs)
                v.read = True
                return v.name, v.bound
        if r < 0.86:
            ivs = self.all_ints()
            if ivs:
                iv = rng.choice(ivs)
                return "(0.25 * %s)" % iv.name, 2.0
        if r < 0.9:
            objs = self.all_objs()
            if objs:
                name, cls, sv = rng.choice(objs)
                return "%s.get()" % name, sv.bound
        got = self.read_array()
        if got and r < 0.95:
            return got
        return self.const()

    # ---- expressions ---------------------------------------------------
    KINDS = [
        ("add", 6), ("sub", 4), ("mul", 6), ("div", 3), ("neg", 1),
        ("bounded", 5), ("exp", 2), ("log", 2), ("sqrt", 2), ("pow", 2),
        ("cbrt", 1), ("tan", 1), ("hyp", 1), ("expm1", 1), ("log1p", 1),
        ("inv_trig", 1), ("exp2log", 1), ("fabs", 2), ("minmax", 2),
        ("copysign", 0.5), ("round", 1.5), ("fmod", 0.5), ("atan2", 1),
        ("hypot", 1), ("fma", 0.7), ("ternary", 2), ("select_arr", 1),
        ("call", 3), ("piecewise", 0.7), ("square", 1.5), ("lambda", 2),
    ]

    def expr(self, depth, leaf_only=False):
        rng = self.rng
        if leaf_only or depth <= 0 or rng.random() < 0.2:
            return self.leaf()
        kinds = [(k, w) for k, w in self.KINDS if self.prog.allowed("e_" + k)]
        total = sum(w for _, w in kinds)
        x = rng.uniform(0, total)
        for k, w in kinds:
            x -= w
            if x <= 0:
                break
        got = getattr(self, "e_" + k)(depth - 1)
        if got is None:
            return self.leaf()
        code, b = got
        return code, _b(b)

    def sub2(self, d):
        return self.expr(d), self.expr(d)

    def e_add(self, d):
        (a, ba), (b, bb) = self.sub2(d)
        return "%s + %s" % (a, self.paren_add(b)), ba + bb

    def paren_add(self, c):
        return "(%s)" % c if c.startswith("-") else c

    def paren(self, c):
        simple = all(ch.isalnum() or ch in "_[]." for ch in c)
        return c if simple or (c.startswith("(") and _matching(c) == len(c) - 1) else "(%s)" % c

    def e_sub(self, d):
        (a, ba), (b, bb) = self.sub2(d)
        return "%s - %s" % (a, self.paren(b)), ba + bb

    def e_mul(self, d):
        (a, ba), (b, bb) = self.sub2(d)
        if ba * bb > CAP_VAR * 4:
            b, bb = self.squash(b, bb, 1.0)
        return "%s * %s" % (self.paren(a), self.paren(b)), ba * bb

    def e_div(self, d):
        (a, ba), (b, bb) = self.sub2(d)
        r = self.rng.random()
        self.feat("div")
        if r < 0.4 and self.short(b):
            c, bc = self.const(1.0, 2.5)
            return "%s / (%s + %s * %s)" % (self.paren(a), c, self.paren(b), self.paren(b)), ba / bc
        if r < 0.7:
            return "%s / (2.0 + sin(%s))" % (self.paren(a), b), ba
        return "%s / (1.0 + fabs(%s))" % (self.paren(a), b), ba

    def e_neg(self, d):
        a, ba = self.expr(d)
        return "-%s" % self.paren(a), ba

    def e_square(self, d):
        a, ba = self.leaf()
        return "%s * %s" % (self.paren(a), self.paren(a)), ba * ba

    def e_bounded(self, d):
        a, _ = self.expr(d)
        fn = self.rng.choice(["sin", "cos", "tanh", "atan", "erf", "erfc"])
        self.feat("libm_" + fn)
        return "%s(%s)" % (fn, a), {"atan": 1.6, "erfc": 2.0}.get(fn, 1.0)

    def e_exp(self, d):
        a, ba = self.expr(d)
        self.feat("libm_exp")
        r = self.rng.random()
        if r < 0.4:
            return "exp(sin(%s))" % a, math.e
        if r < 0.7:
            return "exp(0.5 * tanh(%s))" % a, 1.7
        if self.short(a):
            return "exp(-%s * %s)" % (self.paren(a), self.paren(a)), 1.0
        return "exp(cos(%s))" % a, math.e

    def e_log(self, d):
        a, ba = self.expr(d)
        self.feat("libm_log")
        r = self.rng.random()
        if r < 0.35 and self.short(a):
            return "log(1.0 + %s * %s)" % (self.paren(a), self.paren(a)), math.log1p(_b(ba * ba)) + 1
        if r < 0.7:
            return "log(1.5 + sin(%s))" % a, 1.0
        return "log(hypot(%s, 1.0))" % a, math.log(1 + ba) + 1

    def e_sqrt(self, d):
        a, ba = self.expr(d)
        self.feat("libm_sqrt")
        r = self.rng.random()
        if r < 0.4 and self.short(a):
            return "sqrt(1.0 + %s * %s)" % (self.paren(a), self.paren(a)), 1 + ba
        if r < 0.7:
            return "sqrt(2.0 + cos(%s))" % a, 2.0
        return "sqrt(hypot(%s, 0.75))" % a, math.sqrt(ba + 1)

    def e_pow(self, d):
        a, ba = self.expr(d)
        self.feat("libm_pow")
        rng = self.rng
        r = rng.random()
        c = round(rng.uniform(-1.5, 1.5), 2) or 0.5
        if r < 0.35 and self.short(a):
            return "pow(1.0 + %s * %s, %s)" % (self.paren(a), self.paren(a), num(c)), \
                _b((1 + ba * ba) ** max(c, 0))
        if r < 0.65:
            return "pow(1.5 + sin(%s), %s)" % (a, num(c)), 2.5 ** abs(c) * 2 + 1
        if ba > 8:
            a, ba = self.squash(a, ba, 4.0)
        e = rng.choice([2.0, 3.0])
        self.feat("pow_int_exponent")
        return "pow(%s, %s)" % (a, num(e)), ba ** e

    def e_cbrt(self, d):
        a, ba = self.expr(d)
        self.feat("libm_cbrt")
        if self.short(a):
            return "cbrt(1.0 + %s * %s)" % (self.paren(a), self.paren(a)), 1 + ba
        return "cbrt(2.0 + sin(%s))" % a, 1.5

    def e_tan(self, d):
        a, _ = self.expr(d)
        self.feat("libm_tan")
        return "tan(0.7 * tanh(%s))" % a, 0.85

    def e_hyp(self, d):
        a, _ = self.expr(d)
        fn = self.rng.choice(["sinh", "cosh"])
        self.feat("libm_" + fn)
        inner = self.rng.choice(["tanh", "sin"])
        return "%s(1.5 * %s(%s))" % (fn, inner, a), 2.4

    def e_expm1(self, d):
        a, _ = self.expr(d)
        self.feat("libm_expm1")
        return "expm1(%s(%s))" % (self.rng.choice(["tanh", "sin"]), a), 1.8

    def e_log1p(self, d):
        a, ba = self.expr(d)
        self.feat("libm_log1p")
        if self.short(a):
            return "log1p(%s * %s)" % (self.paren(a), self.paren(a)), math.log1p(_b(ba * ba)) + 1
        return "log1p(0.5 * tanh(%s))" % a, 0.7

    def e_inv_trig(self, d):
        a, _ = self.expr(d)
        fn = self.rng.choice(["asin", "acos"])
        self.feat("libm_" + fn)
        return "%s(0.9 * %s(%s))" % (fn, self.rng.choice(["tanh", "sin"]), a), 3.2

    def e_exp2log(self, d):
        a, _ = self.expr(d)
        fn = self.rng.choice(["exp2", "log2", "log10"])
        self.feat("libm_" + fn)
        if fn == "exp2":
            return "exp2(sin(%s))" % a, 2.0
        return "%s(2.0 + cos(%s))" % (fn, a), 2.0

    def e_fabs(self, d):
        a, ba = self.expr(d)
        self.feat("libm_fabs")
        return "fabs(%s)" % a, ba

    def e_minmax(self, d):
        (a, ba), (b, bb) = self.sub2(d)
        fn = self.rng.choice(["fmin", "fmax"])
        self.feat("libm_" + fn)
        return "%s(%s, %s)" % (fn, a, b), max(ba, bb)

    def e_copysign(self, d):
        (a, ba), (b, _) = self.sub2(d)
        self.feat("libm_copysign")
        return "copysign(%s, %s)" % (a, b), ba

    def e_round(self, d):
        a, ba = self.expr(d)
        if ba > 1e6:
            a, ba = self.squash(a, ba, 8.0)
        fn = self.rng.choice(["floor", "ceil", "trunc", "round", "rint"])
        self.feat("libm_" + fn)
        return "%s(%s)" % (fn, a), ba + 1

    def e_fmod(self, d):
        a, ba = self.expr(d)
        self.feat("libm_fmod")
        c, bc = self.const(0.7, 2.0)
        return "fmod(%s, %s)" % (a, c), bc

    # atan2 and hypot keep away from (0, 0), where the derivative is 0/0:
    # their arguments may well be exactly zero (0 * x, an integer part...)
    def away(self, b):
        r = self.rng.random()
        if r < 0.4 and self.short(b):
            return "%s + %s * %s" % (self.const(0.5, 2.0)[0], self.paren(b), self.paren(b))
        if r < 0.7:
            return "%s + sin(%s)" % (self.const(1.3, 2.5)[0], b)
        return "%s - cos(%s)" % (self.const(-2.5, -1.3)[0], b)

    def e_atan2(self, d):
        (a, ba), (b, bb) = self.sub2(d)
        self.feat("libm_atan2")
        b = self.away(b)
        if self.rng.random() < 0.5:
            a, b = b, a
        return "atan2(%s, %s)" % (a, b), math.pi

    def e_hypot(self, d):
        (a, ba), (b, bb) = self.sub2(d)
        self.feat("libm_hypot")
        b2 = self.away(b)
        return "hypot(%s, %s)" % (a, b2), ba + bb + 3.5

    def e_fma(self, d):
        a, ba = self.expr(d)
        b, bb = self.leaf()
        c, bc = self.leaf()
        if ba * bb > CAP_VAR * 4:
            a, ba = self.squash(a, ba, 1.0)
        self.feat("libm_fma")
        return "fma(%s, %s, %s)" % (a, b, c), ba * bb + bc

    def cond(self, d):
        """A data-dependent (or counter) condition."""
        rng = self.rng
        r = rng.random()
        ivs = self.all_ints()
        if r < 0.15 and ivs:
            iv = rng.choice(ivs)
            return "%s %% %d == %d" % (iv.name, rng.choice([2, 3]), rng.randrange(2))
        a, ba = self.expr(max(d, 0))
        op = rng.choice([">", "<", ">=", "<="])
        if r < 0.6:
            c, _ = self.const(-1.0, 1.0)
            out = "%s %s %s" % (a, op, c)
        else:
            b, _ = self.expr(max(d - 1, 0))
            out = "%s %s %s" % (a, op, b)
        if rng.random() < 0.12:
            b, _ = self.leaf()
            out = "((%s) %s (%s > %s))" % (out, rng.choice(["&&", "||"]), b, self.const(-1, 1)[0])
        return out

    def e_ternary(self, d):
        c = self.cond(d)
        (a, ba), (b, bb) = self.sub2(d)
        self.feat("ternary")
        return "(%s ? %s : %s)" % (c, a, b), max(ba, bb)

    def e_select_arr(self, d):
        arrs = self.all_arrs()
        if len(arrs) < 2:
            return None
        rng = self.rng
        a1, a2 = rng.sample(arrs, 2)
        i1, i2 = self.index(a1.length), self.index(a2.length)
        if i1 is None or i2 is None:
            return None
        self.feat("select_%s_%s" % tuple(sorted((a1.kind, a2.kind))))
        c = self.cond(d)
        return "(%s ? %s[%s] : %s[%s])" % (c, a1.name, i1, a2.name, i2), max(a1.bound, a2.bound)

    def e_piecewise(self, d):
        a, _ = self.expr(d)
        self.feat("piecewise_int")
        return "(double)%s" % _idx_clamp(a, 4), 3.0

    def e_call(self, d):
        if getattr(self, "no_calls", False):
            return None
        hs = [h for h in self.prog.helpers if h.expr_ok(self)]
        if not hs:
            return None
        unused = [h for h in hs if not h.used]
        h = self.rng.choice(unused if unused and self.rng.random() < 0.7 else hs)
        got = h.call_expr(self, d)
        if got:
            h.used = True
            h.callers.add(self.prog.current)
            self.feat("call_" + h.kind)
        return got

    def e_lambda(self, d):
        lams = [l for l in self.all_lams() if l[1] == "value"]
        if not lams:
            return None
        name, _, info = self.rng.choice(lams)
        a, _ = self.small(d)
        info.used = True
        self.feat("lambda_call")
        return "%s(%s)" % (name, a), info.bound


N_MAX_LEN = 8


def _matching(s):
    """Index of the parenthesis closing s[0]."""
    depth = 0
    for i, ch in enumerate(s):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1
