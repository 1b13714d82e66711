"""Helper functions the differentiated function calls: scalar ones, array
readers and writers (through pointers), pointer outputs, recursive ones
with a bounded depth, struct by value and by pointer, and in C++ templates,
references and static members. Linkage varies: static, external, static
inline, static noinline."""

from .context import CAP_ELEM, Arr, Var, num

LINKAGES = ["static", "", "static inline", "static __attribute__((noinline))",
            "__attribute__((noinline))"]


def _hdr(link, rest):
    return ("%s %s" % (link, rest)).strip()


class Helper:
    kind = "?"

    def __init__(self, prog, name):
        self.prog = prog
        self.name = name
        self.used = False
        self.callers = set()     # names of the helpers calling it, None for f
        self.ret_bound = 1.0
        self.lines = []

    def expr_ok(self, fg):
        return False

    def stmt_ok(self, fg):
        return False

    def call_name(self):
        return self.name

    def body(self, header, params, len_sym=None, len_min=0, ret="double", fty="double",
             arrs=(), nstmts=(1, 3), depth=1, final=None):
        """Generates `header {` body `}` with the helper's parameters in
        scope; the body ends with `return <bounded expression>;` (ret
        double) unless final() emits the end."""
        from .funcgen import FuncGen
        fg = FuncGen(self.prog, len_sym=len_sym, len_min=len_min, ret=ret, fty=fty)
        for v in params:
            fg.scope.vars.append(v)
        fg.scope.arrs.extend(arrs)
        fg.scope.arrs.extend(self.prog.global_arrs())
        fg.scope.vars.extend(self.prog.global_vars())
        fg.emit("%s acc = 0.0;" % fty)
        fg.acc = fg.declare("acc", 0.0, fold=False)
        fg.block(self.prog.rng.randint(*nstmts), depth)
        if final:
            final(fg)
        if ret != "void":
            code, b = fg.expr(2)
            fg.accumulate(code, b)
        fg.pop()
        if ret != "void":
            code, b = fg.squash("acc", fg.acc.bound, 32.0)
            fg.emit("return %s;" % code)
            self.ret_bound = b
        self.lines = [header + " {"] + fg.out.lines + ["}"]


class Scalar2(Helper):
    """double h(double u, double v), C++: sometimes const references or a
    static member of a struct."""
    kind = "scalar"

    def generate(self):
        rng = self.prog.rng
        cxx = self.prog.lang == "c++"
        self.style = rng.choice(["plain", "plain", "cref", "member"]) if cxx else "plain"
        u, v = self.prog.fresh("u"), self.prog.fresh("u")
        pt = "const double &" if self.style == "cref" else "double "
        params = [Var(u, CAP_ELEM, 1, fold=False), Var(v, CAP_ELEM, 1, fold=False)]
        if self.style == "cref":
            for p in params:
                p.writable = False
        if self.style == "member":
            self.cls = self.prog.fresh("N")
            self.body("static double h(double %s, double %s)" % (u, v), params)
            self.lines = ["struct %s {" % self.cls] + ["  " + l for l in self.lines] + ["};"]
            self.kind = "static_member"
            return
        link = rng.choice(LINKAGES)
        self.link = link
        self.body(_hdr(link, "double %s(%s%s, %s%s)" % (self.name, pt, u, pt, v)), params)
        self.kind = {"plain": "scalar", "cref": "const_ref"}[self.style] + \
            ("_noinline" if "noinline" in link else "")

    def call_name(self):
        return "%s::h" % self.cls if self.style == "member" else self.name

    def expr_ok(self, fg):
        return True

    def call_expr(self, fg, d):
        a, _ = fg.small(d)
        b, _ = fg.small(d)
        return "%s(%s, %s)" % (self.call_name(), a, b), self.ret_bound


class Template2(Helper):
    kind = "template"

    def generate(self):
        u, v = self.prog.fresh("u"), self.prog.fresh("u")
        params = [Var(u, CAP_ELEM, 1, fold=False), Var(v, CAP_ELEM, 1, fold=False)]
        link = self.prog.rng.choice(["static", "", "inline"])
        self.body(_hdr("template <typename T> " + link, "T %s(T %s, T %s)" % (self.name, u, v)),
                  params, ret="T", fty="T")

    def expr_ok(self, fg):
        return True

    def call_expr(self, fg, d):
        a, _ = fg.small(d)
        b, _ = fg.small(d)
        targs = "<double>" if self.prog.rng.random() < 0.5 else ""
        return "%s%s(%s, %s)" % (self.name, targs, a, b), self.ret_bound


class Reader(Helper):
    """double h(const double *v, int m): reads m elements."""
    kind = "reader"

    def generate(self):
        rng = self.prog.rng
        self.tmpl = self.prog.lang == "c++" and rng.random() < 0.3
        v, m = self.prog.fresh("v"), self.prog.fresh("m")
        self.offset = rng.random() < 0.4
        link = rng.choice(LINKAGES)
        arr = Arr(v, m, False, "param")
        k = self.prog.fresh("k")

        def final(fg):
            fg.open("for (int %s = 0; %s < %s; %s++)" % (k, k, m, k))
            c = num(round(rng.uniform(0.2, 1.5), 2))
            kterm = "(0.1 * (K + %s))" % k if self.tmpl else c
            fg.emit("acc += %s * %s(%s[%s]);" % (kterm, rng.choice(["sin", "tanh", ""]), v, k))
            fg.close()
            fg.acc.bound += 8 * 1.5 * CAP_ELEM
        hdr = "double %s(const double *%s, int %s)" % (self.name, v, m)
        if self.tmpl:
            hdr = "template <int K> " + _hdr("static", hdr)
            self.kind = "template_int"
        else:
            hdr = _hdr(link, hdr)
        self.body(hdr, [], len_sym=m, len_min=0 if self.offset else 1, arrs=[arr], final=final)
        self.K = rng.randint(0, 4)

    def expr_ok(self, fg):
        return True

    def call_expr(self, fg, d):
        rng = self.prog.rng
        arrs = fg.all_arrs()
        rng.shuffle(arrs)
        name = self.name + ("<%d>" % self.K if self.tmpl else "")
        for a in arrs:
            L = a.length
            if isinstance(L, int) and fg.len_sym and rng.random() < 0.3:
                L = fg.len_sym      # n <= N_MAX
            if not self.offset and not fg.len_pos(L):
                continue
            if self.offset and rng.random() < 0.5 and fg.len_pos(L):
                self.prog.features.add("pointer_offset_arg")
                return "%s(%s + 1, %s - 1)" % (name, a.name, L), self.ret_bound
            return "%s(%s, %s)" % (name, a.name, L), self.ret_bound
        return None


class Writer(Helper):
    """void h(double *w, int m, double s): updates m elements in place."""
    kind = "writer"

    def generate(self):
        rng = self.prog.rng
        w, m, s = self.prog.fresh("w"), self.prog.fresh("m"), self.prog.fresh("u")
        link = rng.choice(LINKAGES)
        k = self.prog.fresh("k")
        from .funcgen import FuncGen
        fg = FuncGen(self.prog, len_sym=m, len_min=0, ret="void")
        fg.scope.vars.append(Var(s, CAP_ELEM, 1, fold=False))
        fg.scope.arrs.append(Arr(w, m, True, "param"))
        fg.emit("double acc = 0.0;")
        fg.acc = fg.declare("acc", 0.0, fold=False)
        fg.open("for (int %s = 0; %s < %s; %s++)" % (k, k, m, k))
        fg.push(8, loop=True)
        from .context import IntVar
        fg.scope.ints.append(IntVar(k, m))
        code, _ = fg.small(2)
        c = num(round(rng.uniform(-0.9, 0.9), 2))
        sq, _ = fg.squash("%s[%s] * %s + %s * %s" % (w, k, c, s, fg.paren(code)), 20, CAP_ELEM)
        fg.emit("%s[%s] = %s;" % (w, k, sq))
        fg.block(rng.randint(0, 2), 1)
        fg.pop()
        fg.close()
        fg.pop()
        fg.emit("(void)acc;")
        self.lines = [_hdr(link, "void %s(double *%s, int %s, double %s)" % (self.name, w, m, s)) + " {"] \
            + fg.out.lines + ["}"]

    def stmt_ok(self, fg):
        return any(a.writable for a in fg.all_arrs())

    def call_stmt(self, fg, d):
        arrs = [a for a in fg.all_arrs() if a.writable]
        a = self.prog.rng.choice(arrs)
        code, _ = fg.small(d)
        fg.emit("%s(%s, %s, %s);" % (self.name, a.name, a.length, code))
        self.prog.features.add("write_%s_in_helper" % a.kind)
        return True


class PtrOut(Helper):
    """void h(double u, double *out): *out = ..."""
    kind = "ptr_out"

    def generate(self):
        rng = self.prog.rng
        u, out = self.prog.fresh("u"), self.prog.fresh("out")
        link = rng.choice(LINKAGES)

        def final(fg):
            code, b = fg.expr(2)
            code, b = fg.squash("acc + %s" % fg.paren_add(code), b + fg.acc.bound, 32.0)
            fg.emit("*%s = %s;" % (out, code))
            self.ret_bound = b
        self.body(_hdr(link, "void %s(double %s, double *%s)" % (self.name, u, out)),
                  [Var(u, CAP_ELEM, 1, fold=False)], ret="void", final=final)

    def targets(self, fg):
        return [v for v in fg.all_vars()
                if v.writable and v.addressable and v.cap >= self.ret_bound and "." not in v.name]

    def stmt_ok(self, fg):
        return bool(self.targets(fg))

    def call_stmt(self, fg, d):
        v = self.prog.rng.choice(self.targets(fg))
        code, _ = fg.small(d)
        fg.emit("%s(%s, &%s);" % (self.name, code, v.name))
        v.bound = max(v.bound, self.ret_bound)
        self.prog.features.add("address_of_local")
        return True


class RecScalar(Helper):
    """double h(double u, int d): recursion of depth d."""
    kind = "recursive"

    def generate(self):
        rng = self.prog.rng
        u, dd = self.prog.fresh("u"), self.prog.fresh("d")
        link = rng.choice(["static", "", "static __attribute__((noinline))", "static"])
        self.kind = "recursive_static" if link.startswith("static") else "recursive_extern"
        from .funcgen import FuncGen
        fg = FuncGen(self.prog, len_sym=None, ret="double")
        fg.scope.vars.append(Var(u, CAP_ELEM, 1, fold=False))
        fg.scope.arrs.extend(self.prog.global_arrs())
        fg.open("if (%s <= 0)" % dd)
        base, _ = fg.small(2)
        fg.emit("return %s;" % base)
        fg.close()
        arg, _ = fg.small(1)
        c1 = num(round(rng.uniform(-1.5, 1.5), 2))
        rest, _ = fg.small(1, 2.0)
        fn = rng.choice(["tanh", "sin", "atan"])
        step = "%s * %s(%s(%s, %s - 1)) + %s" % (c1, fn, self.name, arg, dd, rest)
        sq, _ = fg.squash(step, 6.0, CAP_ELEM)
        fg.emit("return %s;" % sq)
        self.lines = [_hdr(link, "double %s(double %s, int %s)" % (self.name, u, dd)) + " {"] \
            + fg.out.lines + ["}"]
        self.ret_bound = CAP_ELEM

    def expr_ok(self, fg):
        return True

    def call_expr(self, fg, d):
        rng = self.prog.rng
        a, _ = fg.small(d)
        ivs = fg.all_ints()
        if ivs and rng.random() < 0.3:
            depth = "%s %% 3" % rng.choice(ivs).name
        else:
            depth = str(rng.randint(0, 4))
        return "%s(%s, %s)" % (self.name, a, depth), self.ret_bound


class RecArray(Helper):
    """double h(const double *v, int m): recursion over the elements."""
    kind = "recursive_array"

    def generate(self):
        rng = self.prog.rng
        v, m = self.prog.fresh("v"), self.prog.fresh("m")
        link = rng.choice(["static", "", "static __attribute__((noinline))"])
        self.kind = "recursive_array_" + ("static" if link.startswith("static") else "extern")
        c = num(round(rng.uniform(-1.2, 1.2), 2))
        fn = rng.choice(["tanh", "sin"])
        g = rng.choice(["%s[%s - 1]", "sin(%s[%s - 1])", "%s[%s - 1] * %s[0]"])
        term = g % ((v, m) if g.count("%s") == 2 else (v, m, v))
        self.lines = [
            _hdr(link, "double %s(const double *%s, int %s)" % (self.name, v, m)) + " {",
            "  if (%s <= 0) {" % m,
            "    return 0.0;",
            "  }",
            "  return %s * %s + %s(%s(%s, %s - 1));" % (term, c, fn, self.name, v, m),
            "}",
        ]
        self.ret_bound = 1.0 + 16 * 1.2

    def expr_ok(self, fg):
        return bool(fg.all_arrs())

    def call_expr(self, fg, d):
        a = self.prog.rng.choice(fg.all_arrs())
        return "%s(%s, %s)" % (self.name, a.name, a.length), self.ret_bound


class StructByValue(Helper):
    kind = "struct_by_value"

    def generate(self):
        rng = self.prog.rng
        self.sd = rng.choice(self.prog.structs)
        q, s = self.prog.fresh("q"), self.prog.fresh("u")
        link = rng.choice(LINKAGES)
        params = [Var(s, CAP_ELEM, 1, fold=False)]
        for f in self.sd.dfields:
            params.append(Var("%s.%s" % (q, f), CAP_ELEM, 1, writable=False, fold=False))
        params.append(Var("(0.25 * %s.%s)" % (q, self.sd.ifield), 1.0, 1, writable=False, fold=False))
        self.body(_hdr(link, "double %s(%s %s, double %s)" % (self.name, self.sd.kw, q, s)), params)

    def expr_ok(self, fg):
        return any(s.sdef is self.sd for s in fg.all_sarrs() + fg.all_svars())

    def call_expr(self, fg, d):
        rng = self.prog.rng
        cands = []
        for s in fg.all_sarrs():
            if s.sdef is self.sd:
                ix = fg.index(s.length)
                if ix is not None:
                    cands.append("%s[%s]" % (s.name, ix))
        cands += [s.name for s in fg.all_svars() if s.sdef is self.sd]
        if not cands:
            return None
        a, _ = fg.small(d)
        return "%s(%s, %s)" % (self.name, rng.choice(cands), a), self.ret_bound


class StructByPointer(Helper):
    kind = "struct_by_pointer"

    def generate(self):
        rng = self.prog.rng
        self.sd = rng.choice(self.prog.structs)
        q, s = self.prog.fresh("q"), self.prog.fresh("u")
        link = rng.choice(LINKAGES)
        f1, f2 = rng.sample(self.sd.dfields, 2)
        c = num(round(rng.uniform(-0.9, 0.9), 2))
        fn = rng.choice(["tanh", "sin", "atan"])
        self.lines = [
            _hdr(link, "void %s(%s *%s, double %s)" % (self.name, self.sd.kw, q, s)) + " {",
            "  %s->%s = %s(%s->%s * %s + %s * %s->%s);" % (q, f1, fn, q, f1, c, s, q, f2),
            "  %s->%s = (%s->%s + 1) %% %d;" % (q, self.sd.ifield, q, self.sd.ifield, self.sd.nk),
            "}",
        ]

    def targets(self, fg):
        out = []
        for s in fg.all_sarrs():
            if s.sdef is self.sd:
                ix = fg.index(s.length)
                if ix is not None:
                    out.append("&%s[%s]" % (s.name, ix))
        out += ["&" + s.name for s in fg.all_svars() if s.sdef is self.sd]
        return out

    def stmt_ok(self, fg):
        return any(s.sdef is self.sd for s in fg.all_sarrs() + fg.all_svars())

    def call_stmt(self, fg, d):
        t = self.targets(fg)
        if not t:
            return False
        a, _ = fg.small(d)
        fg.emit("%s(%s, %s);" % (self.name, self.prog.rng.choice(t), a))
        return True


class RefAcc(Helper):
    """C++: void h(double &r, double u) { r += bounded(u); }"""
    kind = "reference_param"

    def generate(self):
        rng = self.prog.rng
        r, u = self.prog.fresh("r"), self.prog.fresh("u")
        link = rng.choice(["static", "", "static inline"])
        fn = rng.choice(["tanh", "sin", "atan"])
        c = num(round(rng.uniform(0.1, 0.9), 2))
        self.lines = [_hdr(link, "void %s(double &%s, double %s)" % (self.name, r, u)) + " {",
                      "  %s += %s * %s(%s);" % (r, c, fn, u), "}"]
        self.inc = 1.6

    def targets(self, fg):
        out = []
        for v in fg.all_vars():
            if v.writable and "." not in v.name and "(" not in v.name:
                rel = max(1, fg.trip() // max(1, v.trip))
                if v.bound + rel * self.inc <= v.cap:
                    out.append(v)
        return out

    def stmt_ok(self, fg):
        return bool(self.targets(fg))

    def call_stmt(self, fg, d):
        v = self.prog.rng.choice(self.targets(fg))
        a, _ = fg.expr(d)
        fg.emit("%s(%s, %s);" % (self.name, v.name, a))
        v.bound += max(1, fg.trip() // max(1, v.trip)) * self.inc
        return True


C_KINDS = [(Scalar2, 4), (Reader, 3), (Writer, 2), (PtrOut, 1.5), (RecScalar, 2),
           (RecArray, 1.2), (StructByValue, 1.2), (StructByPointer, 1.2)]
CXX_KINDS = C_KINDS + [(Template2, 2.5), (RefAcc, 2)]
