"""Memory statements: local fixed arrays, VLAs (at function scope and in
loop bodies), malloc/calloc/new[] blocks, arrays of structs, struct copies
(by value, by memcpy), memcpy/memmove (also overlapping within one array)
and memset, pointers selected between two arrays."""

from .context import CAP_ELEM, Arr, IntVar, StructArr, StructVar, num

N_MAX = 8


class MemGen:
    def s_memory(self, depth):
        rng = self.rng
        ops = [
            (2.0, self.m_local_array), (1.2, self.m_vla), (1.2, self.m_heap),
            (1.5, self.m_copy), (0.5, self.m_memset), (0.6, self.m_ptr_select),
        ]
        if self.prog.structs:
            ops += [(0.7, self.m_struct_array), (1.5, self.m_struct_copy),
                    (0.8, self.m_struct_write)]
        for _ in range(4):
            total = sum(w for w, _ in ops)
            x = rng.uniform(0, total)
            for i, (w, f) in enumerate(ops):
                x -= w
                if x <= 0:
                    break
            if f(depth):
                return True
            ops.pop(i)
            if not ops:
                break
        return False

    def fill_loop(self, name, length, trip):
        """for (k < length) name[k] = <bounded expression of k and data>;"""
        k = self.fresh("k")
        self.open("for (int %s = 0; %s < %s; %s++)" % (k, k, length, k))
        self.push(trip, loop=True)
        self.scope.ints.append(IntVar(k, length))
        code, _ = self.small(self.rng.randrange(1, 3))
        self.emit("%s[%s] = %s;" % (name, k, code))
        self.pop()
        self.close()

    def m_local_array(self, depth):
        if not self.prog.allowed("local_array"):
            return False
        t = self.fresh("t")
        if self.rng.random() < 0.6:
            self.emit("%s %s[N_MAX];" % (self.fty, t))
            self.fill_loop(t, "N_MAX", N_MAX)
        else:
            self.emit("%s %s[N_MAX] = {0.0};" % (self.fty, t))
        self.add_array(Arr(t, N_MAX, True, "local"))
        self.feat("local_array")
        return True

    def m_vla(self, depth):
        L = self.len_sym
        if L is None or not self.len_pos(L):
            return False
        feat = "vla_loop" if self.loop_depth else "vla"
        if not self.prog.allowed(feat):
            return False
        v = self.fresh("v")
        self.emit("%s %s[%s];" % (self.fty, v, L))
        self.fill_loop(v, L, 8)
        self.add_array(Arr(v, L, True, "vla"))
        self.feat(feat)
        return True

    def m_heap(self, depth):
        L = self.len_sym
        if L is None:
            return False
        rng = self.rng
        kinds = ["malloc", "calloc"] + (["new"] * 2 if self.prog.lang == "c++" else [])
        kinds = [k for k in kinds if self.prog.allowed(k)]
        if not kinds:
            return False
        kind = rng.choice(kinds)
        h = self.fresh("h")
        T = self.fty
        if kind == "malloc":
            self.emit("%s *%s = (%s *)malloc((size_t)%s * sizeof(%s));" % (T, h, T, L, T))
            self.fill_loop(h, L, 8)
            free = "free(%s);" % h
        elif kind == "calloc":
            self.emit("%s *%s = (%s *)calloc((size_t)%s, sizeof(%s));" % (T, h, T, L, T))
            free = "free(%s);" % h
        else:
            self.emit("%s *%s = new %s[%s];" % (T, h, T, L))
            self.fill_loop(h, L, 8)
            free = "delete[] %s;" % h
        arr = self.add_array(Arr(h, L, True, "heap"))
        self.scope.heaps.append((h, free))
        self.feat(kind + ("_in_loop" if self.loop_depth else ""))
        if rng.random() < 0.35:          # a work buffer copied out
            dsts = [a for a in self.all_arrs() if a.writable and a is not arr
                    and self.common_len(a, arr) is not None]
            if dsts:
                d = rng.choice(dsts)
                fn = rng.choice(["memcpy", "memcpy", "memmove"])
                feat = "%s_%s_from_heap" % (fn, d.kind)
                if self.prog.allowed(feat) and self.prog.allowed(fn):
                    self.emit("%s(%s, %s, %s);" % (fn, d.name, h, self.count(self.common_len(d, arr))))
                    self.feat(feat)
        return True

    def count(self, length):
        """The byte count of `length` elements."""
        if isinstance(length, int):
            return "N_MAX * sizeof(%s)" % self.fty if length == N_MAX else \
                "%d * sizeof(%s)" % (length, self.fty)
        return "(size_t)%s * sizeof(%s)" % (length, self.fty)

    @staticmethod
    def may_overlap(a, b):
        """Whether two distinct arrays may share memory: a helper's pointer
        parameters (and selects of them) may point into a global or into each
        other; the function's own locals and blocks and distinct globals
        cannot."""
        fresh = ("local", "vla", "heap")
        if a.kind in fresh or b.kind in fresh:
            return False
        shared = ("param", "select")
        return a.kind in shared or b.kind in shared

    def common_len(self, a, b):
        """A length both arrays have, or None."""
        if a.length == b.length:
            return a.length
        la, lb = a.length, b.length
        if isinstance(la, int) and la >= N_MAX and not isinstance(lb, int):
            return lb
        if isinstance(lb, int) and lb >= N_MAX and not isinstance(la, int):
            return la
        if isinstance(la, int) and isinstance(lb, int):
            return min(la, lb)
        return None

    def m_copy(self, depth):
        rng = self.rng
        arrs = self.all_arrs()
        dsts = [a for a in arrs if a.writable]
        if not dsts:
            return False
        if rng.random() < 0.3:
            a = rng.choice(dsts)
            L = a.length
            if not self.len_pos(L):
                return False
            feat = "memmove_overlap_" + a.kind
            if not self.prog.allowed(feat) or not self.prog.allowed("memmove"):
                return False
            cnt = self.count(L - 1 if isinstance(L, int) else "(%s - 1)" % L)
            if rng.random() < 0.5:
                self.emit("memmove(%s + 1, %s, %s);" % (a.name, a.name, cnt))
            else:
                self.emit("memmove(%s, %s + 1, %s);" % (a.name, a.name, cnt))
            self.feat(feat)
            return True
        pairs = [(d, s) for d in dsts for s in arrs
                 if d is not s and self.common_len(d, s) is not None]
        if not pairs:
            return False
        # copies out of heap blocks and into local buffers are favoured
        wts = [(3.0 if s.kind == "heap" else 1.0) * (2.0 if d.kind in ("local", "vla") else 1.0)
               for d, s in pairs]
        d, s = rng.choices(pairs, weights=wts)[0]
        fn = rng.choice(["memcpy", "memcpy", "memmove"])
        if fn == "memcpy" and self.may_overlap(d, s):
            fn = "memmove"   # memcpy of overlapping blocks is undefined
        feat = "%s_%s_from_%s" % (fn, d.kind, s.kind)
        if not self.prog.allowed(feat) or not self.prog.allowed(fn):
            return False
        L = self.common_len(d, s)
        if isinstance(L, int) and rng.random() < 0.3 and L > 1:
            L = rng.randrange(1, L)
        self.emit("%s(%s, %s, %s);" % (fn, d.name, s.name, self.count(L)))
        self.feat(feat)
        return True

    def m_memset(self, depth):
        dsts = [a for a in self.all_arrs() if a.writable]
        if not dsts or not self.prog.allowed("memset"):
            return False
        a = self.rng.choice(dsts)
        self.emit("memset(%s, 0, %s);" % (a.name, self.count(a.length)))
        self.feat("memset_" + a.kind)
        return True

    def m_ptr_select(self, depth):
        rng = self.rng
        arrs = [a for a in self.all_arrs() if a.kind != "select"]
        pairs = [(a, b) for a in arrs for b in arrs
                 if a is not b and self.common_len(a, b) is not None]
        if not pairs:
            return False
        a, b = rng.choice(pairs)
        feat = "ptr_select_%s_%s" % tuple(sorted((a.kind, b.kind)))
        if not self.prog.allowed(feat) or not self.prog.allowed("ptr_select"):
            return False
        q = self.fresh("q")
        self.emit("const %s *%s = (%s) ? %s : %s;" % (self.fty, q, self.cond(1), a.name, b.name))
        arr = Arr(q, self.common_len(a, b), False, "select")
        self.scope.arrs.append(arr)
        ix = self.index(arr.length)
        if ix is not None:
            self.accumulate("%s[%s]" % (q, ix), CAP_ELEM)
        else:
            self.emit("(void)%s;" % q)
        self.feat(feat)
        return True

    # ---- structs -------------------------------------------------------
    def m_struct_array(self, depth):
        if not self.prog.allowed("struct_array"):
            return False
        sd = self.rng.choice(self.prog.structs)
        ps = self.fresh("ps")
        self.emit("%s %s[N_MAX];" % (sd.kw, ps))
        k = self.fresh("k")
        self.open("for (int %s = 0; %s < N_MAX; %s++)" % (k, k, k))
        self.push(N_MAX, loop=True)
        self.scope.ints.append(IntVar(k, N_MAX))
        for fld in sd.dfields:
            code, _ = self.small(self.rng.randrange(1, 3))
            self.emit("%s[%s].%s = %s;" % (ps, k, fld, code))
        self.emit("%s[%s].%s = (%s + %d) %% %d;" % (ps, k, sd.ifield, k, self.rng.randrange(3), sd.nk))
        self.pop()
        self.close()
        self.scope.sarrs.append(StructArr(ps, sd, N_MAX))
        self.feat("struct_array")
        return True

    def m_struct_write(self, depth):
        sas = self.all_sarrs()
        if not sas:
            return False
        s = self.rng.choice(sas)
        ix = self.index(s.length)
        if ix is None:
            return False
        fld = self.rng.choice(s.sdef.dfields)
        code, _ = self.small(2)
        if self.rng.random() < 0.3:
            c, _ = self.expr(1)
            self.emit("%s[%s].%s = (int)(fmin(fabs(%s), 1000.0) * 3.0) %% %d;"
                      % (s.name, ix, s.sdef.ifield, c, s.sdef.nk))
        else:
            self.emit("%s[%s].%s = %s;" % (s.name, ix, fld, code))
        self.feat("struct_write")
        return True

    def m_struct_copy(self, depth):
        rng = self.rng
        sas = self.all_sarrs()
        if not sas or not self.prog.allowed("struct_copy"):
            return False
        s = rng.choice(sas)
        ix = self.index(s.length)
        if ix is None:
            return False
        q = self.fresh("q")
        kw = s.sdef.kw
        if rng.random() < 0.3 and self.prog.allowed("struct_memcpy"):
            self.emit("%s %s;" % (kw, q))
            self.emit("memcpy(&%s, &%s[%s], sizeof %s);" % (q, s.name, ix, q))
            self.feat("struct_memcpy")
        else:
            self.emit("%s %s = %s[%s];" % (kw, q, s.name, ix))
            self.feat("struct_copy")
        c = num(round(rng.uniform(-0.9, 0.9), 2))
        code, _ = self.small(1)
        fld = rng.choice(s.sdef.dfields)
        sq, _ = self.squash("%s.%s * %s + %s" % (q, fld, c, code), 8, CAP_ELEM)
        self.emit("%s.%s = %s;" % (q, fld, sq))
        r = rng.random()
        if r < 0.4:
            ix2 = self.index(s.length)
            self.emit("%s[%s] = %s;" % (s.name, ix2, q))
            self.feat("struct_assign")
        else:
            self.accumulate("%s.%s" % (q, rng.choice(s.sdef.dfields)), CAP_ELEM)
        self.scope.svars.append(StructVar(q, s.sdef))
        return True
