"""The generator of one function body: scopes and what they hold, plus the
expression, statement, memory and C++ generators mixed in."""

import re

from .context import CAP_VAR, Output, Scope, Var, num
from .cxx import CxxGen
from .expr import ExprGen
from .memory import MemGen
from .stmt import StmtGen


class FuncGen(ExprGen, StmtGen, MemGen, CxxGen):
    def __init__(self, prog, len_sym="n", len_min=1, ret="double", fty="double",
                 indent=1, is_f=False):
        self.prog = prog
        self.rng = prog.rng
        self.out = Output(indent)
        self.len_sym = len_sym
        self.len_min = len_min
        self.ret = ret
        self.fty = fty
        self.is_f = is_f
        self.scopes = [Scope(1)]
        self.loop_depth = 0
        self.breakables = []
        self.acc = None
        self.x_writable = False

    # ---- output --------------------------------------------------------
    def emit(self, line):
        self.out.emit(line)

    def open(self, header):
        self.out.open(header)

    def mid(self, line):
        self.out.mid(line)

    def close(self, tail="}"):
        self.out.close(tail)

    def feat(self, name):
        self.prog.features.add(name)

    def fresh(self, prefix):
        return self.prog.fresh(prefix)

    def on(self, feature, p):
        return self.prog.on(feature, p)

    # ---- scopes --------------------------------------------------------
    @property
    def scope(self):
        return self.scopes[-1]

    def trip(self):
        return self.scope.trip

    def all_vars(self):
        return [v for s in self.scopes for v in s.vars]

    def all_ints(self):
        return [v for s in self.scopes for v in s.ints]

    def all_arrs(self):
        arrs = [a for s in self.scopes for a in s.arrs]
        if getattr(self, "in_lambda", False):   # VLAs cannot be captured
            arrs = [a for a in arrs if a.kind != "vla"]
        return arrs

    def all_sarrs(self):
        return [a for s in self.scopes for a in s.sarrs]

    def all_svars(self):
        return [a for s in self.scopes for a in s.svars]

    def all_objs(self):
        return [o for s in self.scopes for o in s.objs]

    def all_lams(self):
        return [o for s in self.scopes for o in s.lams]

    def live_heaps(self):
        return [h for s in self.scopes for h in s.heaps]

    def push(self, trip=1, loop=False):
        self.scopes.append(Scope(self.trip() * trip, loop))

    def pop(self):
        """Closes the innermost scope: folds what was never read into acc,
        frees its heap blocks."""
        s = self.scope
        for v in s.vars:
            if not v.read:
                v.read = True
                self.accumulate(v.name, v.bound, 0.5)
        for name, cls, sv in s.objs:
            if not sv.read:
                sv.read = True
                self.accumulate("%s.get()" % name, sv.bound, 0.5)
        for name, kind, info in s.lams:
            if not getattr(info, "used", True):
                info.used = True
                self.emit("%s(%s);" % (name, self.const()[0]) if kind == "acc" else
                          "acc += 0.25 * %s(%s);" % (name, self.const()[0]))
                if kind == "acc":
                    info.target.bound += 1.0 * self.trip() / info.target.trip
                else:
                    self.acc.bound += 0.25 * info.bound * self.trip()
        for a in s.arrs:
            if getattr(a, "decl_at", None) is not None and not self.mentioned(a.name, a.decl_at):
                ix = self.index(a.length)
                if ix is not None:
                    self.accumulate("%s[%s]" % (a.name, ix), a.bound, 0.5)
        for _, free in s.heaps:
            self.emit(free)
        self.scopes.pop()

    def mentioned(self, name, since):
        """Whether a line emitted from index `since` on uses name."""
        pat = re.compile(r"\b%s\b" % re.escape(name))
        return any(pat.search(l) for l in self.out.lines[since:])

    def add_array(self, arr):
        arr.decl_at = len(self.out.lines)
        self.scope.arrs.append(arr)
        return arr

    def declare(self, name, bound, cap=CAP_VAR, writable=True, fold=True):
        v = Var(name, bound, self.trip(), cap=cap, writable=writable, fold=fold)
        self.scope.vars.append(v)
        return v

    # ---- scalar writes -------------------------------------------------
    def unfed(self, code, bound, t, rel):
        """An update of t repeated rel > 1 times whose code reads t feeds t
        back into itself (t = sqrt(1 + t*t*...) grows doubly exponentially):
        bound the code whatever t is."""
        if rel > 1 and re.search(r"\b%s\b" % re.escape(t.name), code):
            return self.squash(code, 2 * t.cap + 1, t.cap)
        return code, bound

    def accumulate(self, code, bound, weight=1.0, target=None):
        """target += weight * code, squashing target if it could grow
        past its cap."""
        t = target or self.acc
        rel = max(1, self.trip() // max(1, t.trip))
        code, bound = self.unfed(code, bound, t, rel)
        term = code if weight == 1.0 else "%s * %s" % (num(weight), self.paren(code))
        if t.bound + rel * bound * weight > t.cap:
            sq, b = self.squash("%s + %s" % (t.name, term), t.cap * 2, t.cap)
            self.emit("%s = %s;" % (t.name, sq))
            t.bound = b
        else:
            self.emit("%s += %s;" % (t.name, term))
            t.bound += rel * bound * weight
