"""Statements: scalar declarations and updates (recurrences), array writes,
if/else, switch (on data and on counters), every loop shape (for over n or
a constant, reverse, strided, triangular, while and do-while with data
conditions bounded by a counter), break/continue/early return on data,
in-place updates of x."""

from .context import CAP_ELEM, IntVar, num


class StmtGen:
    def block(self, count, depth):
        for _ in range(count):
            self.stmt(depth)

    def stmt(self, depth):
        rng = self.rng
        table = [
            (3.0, self.s_decl),
            (4.0, self.s_assign),
            (3.0, self.s_array_write),
            (2.0 if depth > 0 else 0, self.s_if),
            (0.8 if depth > 0 else 0, self.s_switch),
            (3.5 if depth > 0 and self.loop_depth < 3 else 0, self.s_loop),
            (1.2 if self.loop_depth > 0 else 0, self.s_jump),
            (0.5 if self.ret != "void" else 0, self.s_early_return),
            (1.5, self.s_call),
            (2.5, self.s_memory),
            (1.2 if self.is_f and self.x_writable else 0, self.s_inplace_x),
            (2.0 if self.prog.lang == "c++" else 0, self.s_cxx),
        ]
        table = [(w, f) for w, f in table if w > 0]
        for _ in range(6):
            total = sum(w for w, _ in table)
            x = rng.uniform(0, total)
            for i, (w, f) in enumerate(table):
                x -= w
                if x <= 0:
                    break
            if f(depth):
                return
            table.pop(i)
            if not table:
                break
        self.s_assign(depth)

    # ---- scalars -------------------------------------------------------
    def s_decl(self, depth):
        name = self.fresh("s")
        code, b = self.expr(self.rng.randrange(1, 4))
        code, b = self.squash(code, b, 32.0)
        self.emit("%s %s = %s;" % (self.fty, name, code))
        self.declare(name, b)
        return True

    def s_assign(self, depth):
        rng = self.rng
        vs = [v for v in self.all_vars() if v.writable]
        if not vs:
            return self.s_decl(depth)
        v = rng.choice(vs)
        code, b = self.expr(rng.randrange(1, 4))
        r = rng.random()
        rel = max(1, self.trip() // max(1, v.trip))
        if code == v.name:
            r = 0.4
        code, b = self.unfed(code, b, v, rel)
        if r < 0.3:
            code, b = self.squash(code, b, v.cap)
            self.emit("%s = %s;" % (v.name, code))
            v.bound = max(v.bound, b)
        elif r < 0.6:
            self.accumulate(code, b, target=v)
        elif r < 0.75:
            c = num(round(rng.uniform(0.3, 0.95) * rng.choice([1, -1]), 3))
            self.feat("recurrence")
            if v.bound + rel * b > v.cap:
                sq, sb = self.squash("%s * %s + %s" % (v.name, c, code), 2 * v.cap, v.cap)
                self.emit("%s = %s;" % (v.name, sq))
                v.bound = sb
            else:
                self.emit("%s = %s * %s + %s;" % (v.name, v.name, c, code))
                v.bound += rel * b
            v.read = True
        elif r < 0.88:
            self.emit("%s *= 0.5 + 0.4 * sin(%s);" % (v.name, code))
        else:
            code, b = self.squash(code, b, v.cap)
            fn = rng.choice(["fmax", "fmin"])
            self.emit("%s = %s(%s, %s);" % (v.name, fn, v.name, code))
            v.bound = max(v.bound, b)
            v.read = True
        return True

    def s_array_write(self, depth):
        rng = self.rng
        arrs = [a for a in self.all_arrs() if a.writable]
        rng.shuffle(arrs)
        for a in arrs:
            ix = self.index(a.length)
            if ix is None:
                continue
            code, b = self.expr(rng.randrange(1, 4))
            lhs = "%s[%s]" % (a.name, ix)
            if rng.random() < 0.4:
                c = num(round(rng.uniform(-0.9, 0.9), 2))
                code, b = "%s * %s + %s" % (lhs, c, code), b + CAP_ELEM
            code, b = self.squash(code, b, CAP_ELEM)
            self.emit("%s = %s;" % (lhs, code))
            self.feat("write_" + a.kind)
            return True
        return False

    # ---- branches ------------------------------------------------------
    def sub_block(self, depth, lo=1, hi=3, trip=1, loop=False, ints=()):
        self.push(trip, loop)
        self.scope.ints.extend(ints)
        self.block(self.rng.randint(lo, hi), depth)
        self.pop()

    def s_if(self, depth):
        rng = self.rng
        self.open("if (%s)" % self.cond(2))
        self.feat("if")
        self.sub_block(depth - 1)
        r = rng.random()
        if r < 0.2:
            self.mid("} else if (%s) {" % self.cond(1))
            self.sub_block(depth - 1)
            self.feat("else_if")
        if r < 0.65:
            self.mid("} else {")
            self.sub_block(depth - 1)
        self.close()
        return True

    def s_switch(self, depth):
        rng = self.rng
        r = rng.random()
        ivs = self.all_ints()
        sarrs = self.all_sarrs()
        if r < 0.3 and ivs:
            sel = "%s %% 4" % rng.choice(ivs).name
            self.feat("switch_counter")
        elif r < 0.45 and sarrs:
            s = rng.choice(sarrs)
            ix = self.index(s.length)
            if ix is None:
                return False
            sel = "%s[%s].%s" % (s.name, ix, s.sdef.ifield)
            self.feat("switch_struct_field")
        else:
            code, _ = self.expr(2)
            sel = "(int)(fmin(fabs(%s), 1000.0) * 3.0) %% 4" % code
            self.feat("switch_data")
        self.open("switch (%s)" % sel)
        labels = rng.sample([0, 1, 2, 3], rng.randint(1, 3))
        self.breakables.append("switch")
        for k, lab in enumerate(sorted(labels)):
            self.open("case %d:" % lab)
            self.push()
            self.block(rng.randint(1, 2), depth - 1)
            self.pop()
            if rng.random() < 0.85 or k == len(labels) - 1:
                self.emit("break;")
            else:
                self.feat("switch_fallthrough")
            self.close()
        if rng.random() < 0.6:
            self.open("default:")
            self.push()
            self.block(rng.randint(1, 2), depth - 1)
            self.pop()
            self.emit("break;")
            self.close()
        self.breakables.pop()
        self.close()
        return True

    # ---- loops ---------------------------------------------------------
    def s_loop(self, depth):
        rng = self.rng
        L = self.len_sym
        shapes = [("for_n", 4), ("for_const", 3), ("for_rev", 1.5),
                  ("for_stride", 1), ("while", 1.5)]
        if L is None:
            shapes = [("for_const", 3)]
        elif self.len_pos(L):
            shapes.append(("dowhile", 1.2))
        if any(iv.hi == L for iv in self.all_ints()):
            shapes.append(("tri", 2.5))
        shapes = [(s, w) for s, w in shapes if self.prog.allowed("loop_" + s)]
        if not shapes:
            return False
        total = sum(w for _, w in shapes)
        x = rng.uniform(0, total)
        for shape, w in shapes:
            x -= w
            if x <= 0:
                break
        i = self.fresh("i")
        self.feat("loop_" + shape)
        if self.loop_depth > 0:
            self.feat("loop_nested")
        self.loop_depth += 1
        self.breakables.append("loop")
        n_stmts = rng.randint(1, 4)
        if shape == "for_n":
            self.open("for (int %s = 0; %s < %s; %s++)" % (i, i, L, i))
            self.sub_block(depth - 1, 1, 4, trip=8, loop=True, ints=[IntVar(i, L)])
            self.close()
        elif shape == "for_const":
            k = rng.randint(1, 5)
            self.open("for (int %s = 0; %s < %d; %s++)" % (i, i, k, i))
            self.sub_block(depth - 1, 1, 4, trip=k, loop=True, ints=[IntVar(i, k)])
            self.close()
        elif shape == "for_rev":
            self.open("for (int %s = %s - 1; %s >= 0; %s--)" % (i, L, i, i))
            self.sub_block(depth - 1, 1, 4, trip=8, loop=True, ints=[IntVar(i, L)])
            self.close()
        elif shape == "for_stride":
            s = rng.randint(2, 3)
            self.open("for (int %s = %d; %s < %s; %s += %d)" % (i, rng.randrange(s), i, L, i, s))
            self.sub_block(depth - 1, 1, 4, trip=4, loop=True, ints=[IntVar(i, L)])
            self.close()
        elif shape == "tri":
            outer = rng.choice([iv for iv in self.all_ints() if iv.hi == L])
            op = rng.choice(["<", "<="])
            self.open("for (int %s = 0; %s %s %s; %s++)" % (i, i, op, outer.name, i))
            self.sub_block(depth - 1, 1, 3, trip=8, loop=True, ints=[IntVar(i, L)])
            self.close()
        else:
            k = self.fresh("k")
            self.emit("int %s = 0;" % k)
            if shape == "while":
                self.push()
                self.scope.ints.append(IntVar(k, L))
                c = self.cond(1)
                self.pop()
                self.open("while (%s < %s && (%s))" % (k, L, c))
            else:
                self.open("do")
            self.push(8, loop=True)
            self.emit("int %s = %s;" % (i, k))
            at = len(self.out.lines) - 1
            self.emit("%s++;" % k)
            iv = IntVar(i, L)
            self.scope.ints.append(iv)
            self.block(n_stmts, depth - 1)
            self.pop()
            if not self.mentioned(i, at + 1):
                del self.out.lines[at]
            if shape == "while":
                self.close()
            else:
                self.push()
                self.scope.ints.append(IntVar(k, L))
                c = self.cond(1)
                self.pop()
                self.close("} while (%s < %s && (%s));" % (k, L, c))
        self.breakables.pop()
        self.loop_depth -= 1
        return True

    def heap_in_loop(self):
        for s in reversed(self.scopes):
            if s.heaps:
                return True
            if s.loop:
                return False
        return False

    def s_jump(self, depth):
        rng = self.rng
        if self.heap_in_loop():
            return False
        if rng.random() < 0.5 and self.breakables and self.breakables[-1] == "loop":
            self.emit("if (%s) break;" % self.cond(1))
            self.feat("break")
        else:
            self.emit("if (%s) continue;" % self.cond(1))
            self.feat("continue")
        return True

    def s_early_return(self, depth):
        self.open("if (%s)" % self.cond(1))
        code, b = self.expr(2)
        code, b = self.squash(code, b, 32.0)
        heaps = self.live_heaps()
        if heaps:                      # the value first: it may read them
            rv = self.fresh("rv")
            self.emit("%s %s = %s;" % (self.fty, rv, code))
            code = rv
        for _, free in heaps:
            self.emit(free)
        self.emit("return %s;" % code)
        self.close()
        self.feat("early_return_in_loop" if self.loop_depth else "early_return")
        return True

    # ---- calls ---------------------------------------------------------
    def s_call(self, depth):
        rng = self.rng
        hs = [h for h in self.prog.helpers if h.stmt_ok(self) or h.expr_ok(self)]
        if not hs:
            return False
        unused = [h for h in hs if not h.used]
        h = rng.choice(unused if unused and rng.random() < 0.8 else hs)
        if h.stmt_ok(self) and h.call_stmt(self, depth):
            h.used = True
            h.callers.add(self.prog.current)
            self.feat("call_" + h.kind)
            return True
        if h.expr_ok(self):
            got = h.call_expr(self, 1)
            if got:
                h.used = True
                h.callers.add(self.prog.current)
                self.feat("call_" + h.kind)
                self.accumulate(got[0], got[1])
                return True
        return False

    # ---- in-place updates of x -----------------------------------------
    def s_inplace_x(self, depth):
        rng = self.rng
        L = self.len_sym
        i = self.fresh("i")
        c1 = num(round(rng.uniform(-0.9, 0.9), 2))
        c2 = num(round(rng.uniform(-1.5, 1.5), 2))
        cur, prev = "x[%s]" % i, "x[%s - 1]" % i
        form = rng.choice([
            "%s * %s + %s * sin(%s)" % (c1, cur, c2, prev),
            "%s + %s * %s * %s" % (cur, c2, prev, prev),
            "tanh(%s * %s + %s)" % (cur, c2, prev),
            "%s - %s * cos(%s * %s)" % (cur, c1, cur, prev),
        ])
        code, _ = self.squash(form, 20.0, CAP_ELEM)
        if rng.random() < 0.7:
            self.open("for (int %s = 1; %s < %s; %s++)" % (i, i, L, i))
            self.feat("inplace_recurrence")
        else:
            self.open("for (int %s = %s - 1; %s > 0; %s--)" % (i, L, i, i))
            self.feat("inplace_recurrence_reverse")
        self.emit("x[%s] = %s;" % (i, code))
        self.close()
        self.feat("write_x")
        return True
