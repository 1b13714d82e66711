"""C++ statements inside a function: references to array elements, lambdas
(returning a value, or accumulating into a captured variable), objects of
the classes with inline methods the program defines."""

from .context import CAP_ELEM, Var, num


class LamInfo:
    def __init__(self, bound, target=None):
        self.bound = bound
        self.target = target
        self.used = False


class CxxGen:
    def s_cxx(self, depth):
        rng = self.rng
        ops = [(1.2, self.c_ref), (1.5, self.c_lambda), (1.0, self.c_lambda_acc),
               (1.0, self.c_lambda_call), (1.5, self.c_object), (1.0, self.c_object_use)]
        rng.shuffle(ops)
        ops.sort(key=lambda o: -o[0] * rng.random())
        for _, f in ops:
            if f(depth):
                return True
        return False

    def c_ref(self, depth):
        arrs = [a for a in self.all_arrs() if a.writable]
        if not arrs or not self.prog.allowed("reference"):
            return False
        a = self.rng.choice(arrs)
        ix = self.index(a.length)
        if ix is None:
            return False
        r = self.fresh("r")
        self.emit("%s &%s = %s[%s];" % (self.fty, r, a.name, ix))
        code, _ = self.small(2)
        c = num(round(self.rng.uniform(-0.9, 0.9), 2))
        sq, _ = self.squash("%s * %s + %s" % (r, c, code), 8, CAP_ELEM)
        self.emit("%s = %s;" % (r, sq))
        v = self.declare(r, CAP_ELEM, cap=CAP_ELEM)
        v.addressable = False
        self.feat("reference")
        return True

    def c_lambda(self, depth):
        if not self.prog.allowed("lambda"):
            return False
        rng = self.rng
        name = self.fresh("lam")
        u = self.fresh("u")
        self.push()
        self.declare(u, CAP_ELEM, fold=False)
        self.in_lambda = True
        code, b = self.expr(2)
        self.in_lambda = False
        code, b = self.squash(code, b, 8.0)
        self.scopes.pop()
        cap = rng.choice(["[&]", "[=]", "[&]"])
        ret = rng.choice(["", " -> double"])
        self.emit("auto %s = %s(double %s)%s { return %s; };" % (name, cap, u, ret, code))
        self.scope.lams.append((name, "value", LamInfo(b)))
        self.feat("lambda_" + ("ref" if cap == "[&]" else "copy"))
        return True

    def c_lambda_acc(self, depth):
        if not self.prog.allowed("lambda"):
            return False
        vs = [v for v in self.scope.vars if v.writable and v.cap > 8 and v.addressable]
        if not vs:
            return False
        t = self.rng.choice(vs)
        name = self.fresh("lam")
        u = self.fresh("u")
        fn = self.rng.choice(["tanh", "sin", "atan"])
        self.emit("auto %s = [&%s](double %s) { %s += 0.5 * %s(%s); };" % (name, t.name, u, t.name, fn, u))
        self.scope.lams.append((name, "acc", LamInfo(0.8, t)))
        self.feat("lambda_mutating")
        return True

    def c_lambda_call(self, depth):
        lams = [l for l in self.all_lams() if l[1] == "acc"]
        if not lams:
            return False
        name, _, info = self.rng.choice(lams)
        t = info.target
        rel = max(1, self.trip() // max(1, t.trip))
        if t.bound + rel * info.bound > t.cap:
            return False
        code, _ = self.expr(2)
        self.emit("%s(%s);" % (name, code))
        t.bound += rel * info.bound
        info.used = True
        return True

    def c_object(self, depth):
        rng = self.rng
        classes = self.prog.classes
        if not classes:
            return False
        cls = rng.choice(classes)
        o = self.fresh("o")
        if cls.kind == "acc":
            code, _ = self.small(2, 2.0)
            self.emit("%s %s(%s);" % (cls.name, o, code))
            sv = Var(o + ".s", 0.0, self.trip(), writable=False)
            sv.read = False
            self.scope.objs.append((o, cls, sv))
            self.feat("class_acc")
            return True
        arrs = self.all_arrs()
        rng.shuffle(arrs)
        for a in arrs:
            if not self.len_pos(a.length):
                continue
            self.emit("%s %s;" % (cls.name, o))
            self.emit("%s.load(%s, %s);" % (o, a.name, a.length))
            if rng.random() < 0.5:
                code, _ = self.small(1, 1.0)
                self.emit("%s.scale(%s);" % (o, code))
            b = rng.choice(arrs)
            L = b.length if isinstance(b.length, int) and b.length <= 8 else \
                (b.length if not isinstance(b.length, int) else 8)
            self.accumulate("%s.dot(%s, %s)" % (o, b.name, L), 8 * CAP_ELEM * CAP_ELEM)
            self.feat("class_vec")
            return True
        return False

    def c_object_use(self, depth):
        objs = self.all_objs()
        if not objs:
            return False
        o, cls, sv = self.rng.choice(objs)
        rel = max(1, self.trip() // max(1, sv.trip))
        if sv.bound + rel * 2.0 > 32.0:
            return False
        code, _ = self.expr(2)
        self.emit("%s.add(%s);" % (o, code))
        sv.bound += rel * 2.0
        return True
