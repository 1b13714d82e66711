"""Generates one random, well-defined C or C++ program from a seed: the
function to differentiate `f` (its signature varies), the structs, globals,
classes and helpers it uses, and the inputs the harness runs it on. The
same (seed, lang, attempt, disabled features) always gives the same
program."""

import random
import re

from .context import N_MAX, Arr, StructDef, Var, num
from .funcgen import FuncGen
from .helpers import C_KINDS, CXX_KINDS

HEADER_C = """#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef ADFUZZ_AD
#include <ad.h>
#endif

#define N_MAX 8
"""

BEGIN = "/* ADFUZZ-BEGIN */"
HARNESS = "/* ADFUZZ-HARNESS: the checks, not part of the reduced program */"


class ClassDef:
    def __init__(self, name, kind, lines):
        self.name = name
        self.kind = kind
        self.lines = lines


class Param:
    def __init__(self, kind, decl):
        self.kind = kind      # x p a n
        self.decl = decl


class Program:
    """A generated program and what the harness and the checker need."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def slots(self, n):
        """Active inputs for size n: ('x', i), ('p', i), ('a', 0)."""
        out = [("x", i) for i in range(n)]
        if self.p_active:
            out += [("p", i) for i in range(n)]
        if self.a_active:
            out.append(("a", 0))
        return out


class ProgramBuilder:
    def __init__(self, seed, lang, attempt=0, disabled=()):
        self.seed = seed
        self.lang = lang
        self.attempt = attempt
        self.rng = random.Random("adfuzz:%d:%s:%d" % (seed, lang, attempt))
        self.disabled = set(disabled)
        self.features = set()
        self.counter = 0
        self.helpers = []
        self.structs = []
        self.classes = []
        self.garrs = []
        self.gvars = []
        self.current = None      # the helper being generated (None: f)

    # ---- shared services -------------------------------------------------
    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def allowed(self, feature):
        return not any(feature == d or feature.startswith(d + "_") or
                       (d.endswith("*") and feature.startswith(d[:-1]))
                       for d in self.disabled)

    def on(self, feature, p):
        return self.allowed(feature) and self.rng.random() < p

    def global_arrs(self):
        return list(self.garrs)

    def global_vars(self):
        return list(self.gvars)

    # ---- the program -----------------------------------------------------
    def build(self):
        rng = self.rng
        cxx = self.lang == "c++"
        top = []
        if self.on("struct", 0.45):
            sd = StructDef(self.fresh("S"), None)
            sd.kw = ("struct %s" % sd.name) if (not cxx or rng.random() < 0.5) else sd.name
            self.structs.append(sd)
            top += ["struct %s {" % sd.name, "  double v;", "  int k;", "  double w;", "};"]
        if self.on("global", 0.35):
            g = self.fresh("g")
            static = rng.random() < 0.6
            top.append("%sdouble %s[N_MAX];" % ("static " if static else "", g))
            self.garrs.append(Arr(g, N_MAX, True, "global"))
            if rng.random() < 0.4:
                gs = self.fresh("gs")
                top.append("static double %s;" % gs)
                v = Var(gs, 4.0, 1, cap=4.0, fold=False)
                v.addressable = False
                self.gvars.append(v)
        if cxx:
            top += self.make_classes()
        helper_lines = []
        kinds = CXX_KINDS if cxx else C_KINDS
        kinds = [(k, w) for k, w in kinds if self.allowed("helper_" + k.kind)
                 and (self.structs or "Struct" not in k.__name__)]
        for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 3, 4])):
            if not kinds:
                break
            total = sum(w for _, w in kinds)
            x = rng.uniform(0, total)
            for k, w in kinds:
                x -= w
                if x <= 0:
                    break
            h = k(self, self.fresh("h"))
            self.current = h.name
            h.generate()
            self.current = None
            self.helpers.append(h)
            helper_lines += h.lines + [""]
        gnames = [g.name for g in self.garrs + self.gvars]
        for h in self.helpers:
            if any(re.search(r"\b%s\b" % g, l) for g in gnames for l in h.lines):
                self.features.add("global_in_" + h.kind)
        f_lines, sig = self.make_f()
        body = [BEGIN] + top + [""] + helper_lines + f_lines
        return sig, body

    def make_classes(self):
        rng = self.rng
        out = []
        if self.on("class_acc", 0.45):
            name = self.fresh("Acc")
            fn = rng.choice(["tanh", "sin", "atan"])
            lines = [
                "struct %s {" % name,
                "  double s;",
                "  double w;",
                "  explicit %s(double w0) : s(0.0), w(w0) {}" % name,
                "  void add(double v) { s += w * %s(v); }" % fn,
                "  double get() const { return s; }",
                "};",
            ]
            self.classes.append(ClassDef(name, "acc", lines))
            out += lines
        if self.on("class_vec", 0.35):
            name = self.fresh("Vec")
            c = num(round(rng.uniform(0.3, 1.2), 2))
            lines = [
                "struct %s {" % name,
                "  double d[N_MAX];",
                "  void load(const double *v, int m) {",
                "    for (int k = 0; k < N_MAX; k++) d[k] = %s * v[k %% m];" % c,
                "  }",
                "  void scale(double s) {",
                "    for (int k = 0; k < N_MAX; k++) d[k] *= s;",
                "  }",
                "  double dot(const double *v, int m) const {",
                "    double s = 0.0;",
                "    for (int k = 0; k < m; k++) s += d[k] * v[k];",
                "    return s;",
                "  }",
                "};",
            ]
            self.classes.append(ClassDef(name, "vec", lines))
            out += lines
        return out

    def make_f(self):
        rng = self.rng
        cxx = self.lang == "c++"
        form = "plain"
        if cxx:
            form = rng.choice(["plain", "plain", "template", "member"])
            if not self.allowed("f_" + form):
                form = "plain"
        fty = "T" if form == "template" else "double"
        p_present = rng.random() < 0.6
        a_present = rng.random() < 0.6
        x_writable = self.on("write_x", 0.6)
        params = [
            Param("x", "%s%s *x" % ("" if x_writable else "const ", fty)),
            Param("n", "int n"),
        ]
        if p_present:
            params.insert(1, Param("p", "const %s *p" % fty))
        if a_present:
            params.insert(-1, Param("a", "%s a" % fty))
        if rng.random() < 0.3:
            rng.shuffle(params)
        self.features.add("sig_" + "".join(p.kind for p in params))
        fg = FuncGen(self, len_sym="n", len_min=1, ret=fty, fty=fty, is_f=True,
                     indent=2 if form == "member" else 1)
        fg.x_writable = x_writable
        fg.scope.arrs.append(Arr("x", "n", x_writable, "x"))
        if p_present:
            fg.scope.arrs.append(Arr("p", "n", False, "p"))
        if a_present:
            fg.scope.vars.append(Var("a", 1.0, 1, fold=False))
        fg.emit("%s acc = 0.0;" % fty)
        fg.acc = fg.declare("acc", 0.0, fold=False)
        # globals are written before anything reads them: f's result must
        # not depend on the previous call
        # (and no helper, which may read them, is called before)
        fg.no_calls = True
        for g in self.garrs:
            fg.fill_loop(g.name, "N_MAX", N_MAX)
        for g in self.gvars:
            code, _ = fg.small(1)
            fg.emit("%s = %s;" % (g.name, code))
        fg.no_calls = False
        fg.scope.arrs.extend(self.garrs)
        fg.scope.vars.extend(self.gvars)
        if self.structs and rng.random() < 0.7:
            fg.m_struct_array(1)
        if rng.random() < 0.25:
            fg.m_heap(1)
        fg.block(rng.randint(5, 11), 3)
        for h in self.helpers:                      # every helper is called
            if not h.used:
                h.used = True
                if h.stmt_ok(fg) and h.call_stmt(fg, 1):
                    self.features.add("call_" + h.kind)
                    h.callers.add(None)
                    continue
                got = h.call_expr(fg, 1) if h.expr_ok(fg) else None
                if got:
                    self.features.add("call_" + h.kind)
                    h.callers.add(None)
                    fg.accumulate(got[0], got[1], 0.5)
                else:
                    h.used = False
        code, b = fg.expr(2)
        fg.accumulate(code, b)
        fg.pop()
        code, _ = fg.squash("acc", fg.acc.bound, 1e3)
        fg.emit("return %s;" % code)
        sig = ", ".join(p.decl for p in params)
        if form == "template":
            head = ["template <typename T> T f(%s) {" % sig]
            fn, fnaddr = "f<double>", "f<double>"
        elif form == "member":
            head = ["struct Model {", "  static double f(%s) {" % sig]
            fn, fnaddr = "Model::f", "&Model::f"
        else:
            head = ["double f(%s) {" % sig]
            fn, fnaddr = "f", "f"
        tail = ["  }", "};"] if form == "member" else ["}"]
        self.features.add("f_" + form)
        # unused helpers (no array to pass, say) are dropped
        info = dict(params=params, fn=fn, fnaddr=fnaddr, x_writable=x_writable,
                    p_present=p_present, a_present=a_present, form=form)
        return head + fg.out.lines + tail, info


def generate(seed, lang, attempt=0, disabled=()):
    b = ProgramBuilder(seed, lang, attempt, disabled)
    info, body = b.build()
    live, changed = {None}, True                     # reachable from f
    while changed:
        changed = False
        for h in b.helpers:
            if h.name not in live and h.callers & live:
                live.add(h.name)
                changed = True
    unused = [h for h in b.helpers if h.name not in live]
    if unused:                                       # drop them: -Wunused-function
        for h in unused:
            start = body.index(h.lines[0])
            del body[start:start + len(h.lines) + 1]
    rng = random.Random("adfuzz-inputs:%d:%s:%d" % (seed, lang, attempt))
    p_active = info["p_present"] and rng.random() < 0.25
    a_active = info["a_present"] and rng.random() < 0.85
    sizes = [1, 2, 3, 4, 5, 6, 7, 8]
    ns = rng.sample(sizes, 2) if rng.random() < 0.9 else [rng.choice(sizes)]
    if ns[0] == 1 and len(ns) > 1:
        ns.reverse()
    vals = lambda lo, hi, k: [round(rng.uniform(lo, hi), 6) for _ in range(k)]
    prog = Program(
        seed=seed, lang=lang, attempt=attempt, features=sorted(b.features),
        ns=ns, x0=vals(-1.5, 1.5, N_MAX), p0=vals(-1.5, 1.5, N_MAX),
        a0=round(rng.uniform(-1.0, 1.0), 6), w=vals(-1.0, 1.0, N_MAX),
        v=vals(-1.0, 1.0, 2 * N_MAX + 1), p_active=p_active, a_active=a_active,
        marker_rng=rng.random(), **info)
    prog.body = "\n".join(body) + "\n"
    return prog
