"""The oracle's output (built without the plugin): primal values and
central finite differences at two step sizes, and what the AD build must
match: d L / d input (reverse, L = f + w . x_final) and the tangents of f
and x_final along each direction (forward)."""

import math

from .config import STEPS, VALUE_LIMIT


HISTORY = "f depends on earlier calls"


class OracleRun:
    def __init__(self):
        self.ret = None
        self.xf = []
        self.col = {}    # (slot, h) -> (dret, [dxf])
        self.dir = {}    # h -> (dret, [dxf])


def parse(text):
    runs = {}
    for line in text.splitlines():
        t = line.split()
        if not t:
            continue
        try:
            if t[0] == "history":
                runs.setdefault(int(t[1]), OracleRun()).history = True
            elif t[0] == "primal":
                r = runs.setdefault(int(t[1]), OracleRun())
                r.ret = float(t[2])
                r.xf = [float(v) for v in t[3:]]
            elif t[0] == "col":
                r = runs.setdefault(int(t[1]), OracleRun())
                r.col[(int(t[2]), int(t[3]))] = (float(t[4]), [float(v) for v in t[5:]])
            elif t[0] == "dir":
                r = runs.setdefault(int(t[1]), OracleRun())
                r.dir[int(t[2])] = (float(t[3]), [float(v) for v in t[4:]])
        except (ValueError, IndexError):
            return None
    return runs


def valid(runs, prog):
    """None if the oracle's values are usable, else why not (the program
    is then regenerated)."""
    if not runs or len(runs) != len(prog.ns):
        return "missing output"
    for ri, n in enumerate(prog.ns):
        r = runs.get(ri)
        if r is None or r.ret is None or len(r.xf) != n:
            return "missing output"
        if getattr(r, "history", False):
            return HISTORY
        vals = [r.ret] + r.xf
        if not all(math.isfinite(v) for v in vals):
            return "non-finite primal"
        if max(abs(v) for v in vals) > VALUE_LIMIT:
            return "primal too large"
        ns = len(prog.slots(n))
        for s in range(ns):
            for h in range(len(STEPS)):
                c = r.col.get((s, h))
                if c is None or not all(math.isfinite(v) for v in [c[0]] + c[1]):
                    return "non-finite finite difference"
        if any(h not in r.dir for h in range(len(STEPS))):
            return "missing output"
    return None


def scale(run):
    return max(1.0, abs(run.ret), max((abs(v) for v in run.xf), default=0.0))


def expected_rev(prog, run, slot):
    """[E at each step] of d L / d slot."""
    out = []
    for h in range(len(STEPS)):
        dret, dxf = run.col[(slot, h)]
        out.append(dret + sum(prog.w[j] * dxf[j] for j in range(len(dxf))))
    return out


def expected_fwd(run, d, nslots):
    """For direction d: [(dret at each step), (dxf_0 at each step)...]."""
    per = [run.col[(d, h)] if d < nslots else run.dir[h]
           for h in range(len(STEPS))]
    comps = [tuple(p[0] for p in per)]
    comps += [tuple(p[1][j] for p in per) for j in range(len(per[0][1]))]
    return comps
