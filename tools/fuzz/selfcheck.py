"""--self-check: the checker must catch wrong answers. On a few programs
that pass, the AD build is recompiled with a perturbation injected into
what it prints (a gradient component, a forward tangent, the primal, a NaN,
an abort), and each must be reported as the matching failure."""

from . import oracle
from .compare import check_grad
from .reduce import expr_candidates, unit_end, units
from .runner import run_seed


def pick(prep):
    """A reverse slot and a forward direction of run 0 whose finite
    differences are accurate and not small, for the injections."""
    prog, o = prep.prog, prep.orc[0]
    n = prog.ns[0]
    ns = len(prog.slots(n))
    best_s = best_d = None
    for s in range(ns):
        e1, e2 = oracle.expected_rev(prog, o, s)[:2]
        if abs(e2) > 1e-2 and abs(e1 - e2) < 1e-7 * abs(e2):
            if best_s is None or abs(e2) > best_s[1]:
                best_s = (s, abs(e2))
    for d in range(ns + 1):
        (e1, e2) = oracle.expected_fwd(o, d, ns)[0][:2]
        if abs(e2) > 1e-2 and abs(e1 - e2) < 1e-7 * abs(e2):
            if best_d is None or abs(e2) > best_d[1]:
                best_d = (d, abs(e2))
    return best_s and best_s[0], best_d and best_d[0]


def reducer_unit_checks():
    lines = ["double f(double *x, int n) {", "  double acc = 0.0;",
             "  for (int i1 = 0; i1 < n; i1++) {", "    if (x[i1] > 0.5) {",
             "      acc += sin(x[i1]);", "    } else {", "      acc -= 1.0;", "    }", "  }",
             "  return acc;", "}"]
    errs = []
    if unit_end(lines, 2) != 8 or unit_end(lines, 3) != 7 or unit_end(lines, 0) != 10:
        errs.append("reduce.unit_end")
    if (1, 1) not in units(lines) or (2, 8) not in units(lines):
        errs.append("reduce.units")
    if "      acc += (x[i1]);" not in expr_candidates(lines[4]):
        errs.append("reduce.expr_candidates")
    return errs


def self_check(opts, log):
    errors = reducer_unit_checks()
    for e in errors:
        log("self-check: FAILED unit check " + e)
    good = 0
    seed = 100000
    tried = 0
    while good < 3 and tried < 40:
        tried += 1
        seed += 1
        cases, prep = run_seed(seed, opts, levels=[0], modes=["rev", "fwd"])
        if prep is None or any(c.status != "pass" for c in cases):
            continue
        s, d = pick(prep)
        if s is None or d is None:
            continue
        good += 1
        level = 0 if good != 2 else 2
        injections = [
            (["ADFUZZ_INJECT_GRAD=%d" % s], {"rev": "wrong-gradient", "fwd": "pass"}),
            (["ADFUZZ_INJECT_TAN=%d" % d], {"rev": "pass", "fwd": "wrong-gradient"}),
            (["ADFUZZ_INJECT_VEC"], {"rev": "pass", "fwd": "wrong-gradient"}),
            (["ADFUZZ_INJECT_PRIMAL"], {"rev": "wrong-primal", "fwd": "wrong-primal"}),
            (["ADFUZZ_INJECT_NAN=%d" % s], {"rev": "nan"}),
            (["ADFUZZ_INJECT_CRASH"], {"rev": "runtime-crash"}),
        ]
        for defs, want in injections:
            got, _ = run_seed(seed, opts, levels=[level], modes=sorted(want), defines=defs)
            for c in got:
                ok = c.status == want[c.mode]
                if opts.quiet and ok:
                    continue
                log("self-check: seed %d -O%d %-28s %s: %-15s %s" % (
                    seed, level, " ".join(defs), c.mode, c.status,
                    "ok" if ok else "EXPECTED " + want[c.mode]))
                if not ok:
                    errors.append("seed %d %s %s" % (seed, defs, c.mode))
    if good < 3:
        errors.append("found only %d passing programs to inject into" % good)
        log("self-check: FAILED: only %d of 40 programs passed cleanly" % good)
    # the comparison itself: a relative 1e-3 error is caught, FD noise is not
    if check_grad(1.001, [1.0, 1.0 + 1e-9, 1.0], 1.0) != "bad" or \
            check_grad(1.0 + 1e-8, [1.0, 1.0 + 1e-9, 1.0], 1.0) != "ok" or \
            check_grad(1.0, [1.0, 1.5, 1.0], 1.0) != "kink" or \
            check_grad(1.0, [1.01, 1.01, 1.0], 1.0) != "kink":
        errors.append("compare.check_grad")
        log("self-check: FAILED compare.check_grad")
    log("self-check: %s" % ("passed" if not errors else "FAILED (%d problems)" % len(errors)))
    return not errors
