"""One seed end to end: generate a valid program (regenerated while the
oracle finds its values unusable), build and run the oracle once, then for
each level build the AD program (both modes in one build when it compiles),
run it and classify each case (program, level, mode)."""

import os
import random
import shutil
import tempfile

from . import build, compare, diagnose, oracle
from .config import src_suffix
from .generator import generate
from .harness import source

FAILURES = {"wrong-gradient", "wrong-primal", "nan", "compiler-crash", "internal-error",
            "compile-error", "compile-timeout", "runtime-crash", "timeout", "bad-output",
            "generator-error"}
MAX_ATTEMPTS = 4


class Case:
    def __init__(self, seed, lang, level, mode, status, detail="", prog=None):
        self.seed = seed
        self.lang = lang
        self.level = level
        self.mode = mode
        self.status = status
        self.detail = detail
        self.features = prog.features if prog else []
        self.attempt = prog.attempt if prog else 0
        self.checks = None
        self.saved = None

    @property
    def failed(self):
        return self.status in FAILURES

    def key(self):
        """What makes two failures 'the same' (reduction keeps it)."""
        d = self.detail if self.status in ("compiler-crash", "internal-error",
                                           "compile-error") else ""
        return (self.status, self.mode, d)


def lang_for(seed, lang):
    if lang != "mix":
        return lang
    return "c++" if random.Random("adfuzz-lang:%d" % seed).random() < 0.35 else "c"


class Prepared:
    """A program with its oracle built and run."""

    def __init__(self, prog, src_text, src, orc_text, orc):
        self.prog = prog
        self.src_text = src_text
        self.src = src
        self.orc_text = orc_text
        self.orc = orc


def prepare(seed, lang, opts, work, body=None, prog=None):
    """Generates (or takes) the program and runs its oracle. Returns
    (Prepared, None) or (None, (status, detail))."""
    last = None
    for attempt in range(MAX_ATTEMPTS if prog is None else 1):
        p = prog or generate(seed, lang, attempt, opts.disabled)
        text = source(p, body)
        src = os.path.join(work, "prog" + src_suffix(lang))
        with open(src, "w") as f:
            f.write(text)
        exe = os.path.join(work, "oracle")
        r = build.compile_(build.oracle_cmd(opts.tools, lang, src, exe,
                                            sanitize="pattern" if opts.sanitize else None))
        if r.rc != 0:
            first = next((l for l in r.err.splitlines() if "error" in l), r.err[:200])
            return None, ("generator-error", "oracle does not compile: " + first.strip()[:200])
        x = build.execute(exe)
        if x.rc != 0 or x.timeout:
            return None, ("generator-error", "oracle run failed (rc %s)" % x.rc)
        runs = oracle.parse(x.out)
        why = oracle.valid(runs, p)
        if why is None:
            return Prepared(p, text, src, x.out, runs), None
        if why == oracle.HISTORY and body is None:
            return None, ("generator-error", why)
        last = ("skipped", "oracle: " + why)
    return None, last


def ad_build(prep, level, modes, opts, work, defines=()):
    """Compiles the AD program for the given modes. Returns
    {mode: (status, detail, exe or None, Result)}."""
    prog = prep.prog
    out = {}

    def one(ms):
        tag = "".join(m[0] for m in ms)
        exe = os.path.join(work, "ad_O%d_%s" % (level, tag))
        # ADFUZZ_DEFS: extra harness switches, e.g. ADFUZZ_VEC_REV.
        defs = list(defines) + os.environ.get("ADFUZZ_DEFS", "").split()
        if "rev" not in ms:
            defs.append("ADFUZZ_NO_REV")
        if "fwd" not in ms:
            defs.append("ADFUZZ_NO_FWD")
        r = build.compile_(build.ad_cmd(opts.tools, prog.lang, prep.src, exe, level, defs))
        st, det = diagnose.classify_compile(r)
        return st, det, exe if st == "ok" else None, r
    res = one(modes)
    if res[0] == "ok" or len(modes) == 1:
        return {m: res for m in modes}
    for m in modes:
        out[m] = one([m])
    return out


def level_dependent(prep, opts, work):
    """Why the program's primal changes with the optimization level alone
    (built without the plugin: undefined behaviour the generator let in,
    e.g. an overlapping memcpy), or None. Wrong values are only ADPass's
    when the plain builds at -O1..-O3 agree with the oracle (-O0). Checked
    once per program, and only when a case failed."""
    if hasattr(prep, "unstable"):
        return prep.unstable
    prep.unstable = None
    for level in (1, 2, 3):
        exe = os.path.join(work, "plain_O%d" % level)
        cmd = build.oracle_cmd(opts.tools, prep.prog.lang, prep.src, exe)
        cmd[cmd.index("-O0")] = "-O%d" % level
        r = build.compile_(cmd)
        x = build.execute(exe) if r.rc == 0 else None
        runs = oracle.parse(x.out) if x and x.rc == 0 and not x.timeout else None
        if not runs:
            continue
        if any(runs.get(ri) is None or runs[ri].ret != o.ret or runs[ri].xf != o.xf
               for ri, o in prep.orc.items()):
            # Bit for bit: a program whose primal moves with the optimizer's
            # rounding alone (pow(u, 2) expanded, say) may be chaotic, and
            # then its finite differences are noise (seed 340075: a loop
            # amplifying rounding 1e11 times, saturated by tanh afterwards).
            prep.unstable = ("the program itself computes another primal at -O%d without "
                             "the plugin (undefined behaviour, or rounding-sensitive: "
                             "finite differences cannot be trusted)" % level)
            break
    return prep.unstable


def run_case(prep, level, mode, exe, both, opts):
    """Runs the AD binary (output shared by both modes when built
    together) and classifies the case."""
    prog = prep.prog
    x = build.execute(exe, [] if both else [mode])
    if x.timeout or x.rc != 0:
        # which mode crashed: run it alone
        if both:
            x = build.execute(exe, [mode])
        if x.timeout:
            return "timeout", "run timed out", x
        if x.rc != 0:
            sig = x.signal
            return "runtime-crash", ("signal %d" % sig if sig else "exit %d" % x.rc) + \
                (": " + x.err.strip().splitlines()[-1][:200] if x.err.strip() else ""), x
    ad = compare.parse(x.out)
    v = compare.compare(prog, prep.orc, ad, mode)
    if v is None:
        return "bad-output", "incomplete output", x
    st = v.classify()
    return st, v, x


def run_seed(seed, opts, levels=None, modes=None, defines=(), keep_work=False, prog=None,
             body=None):
    lang = prog.lang if prog else lang_for(seed, opts.lang)
    levels = levels if levels is not None else opts.levels
    modes = modes if modes is not None else opts.modes
    work = tempfile.mkdtemp(prefix="adfuzz-%d-" % seed, dir=opts.tmp)
    cases = []
    try:
        prep, bad = prepare(seed, lang, opts, work, body=body, prog=prog)
        if prep is None:
            st, det = bad
            for l in levels or [-1]:
                for m in modes if levels else ["oracle"]:
                    cases.append(Case(seed, lang, l, m, st, det))
            if st == "generator-error":
                save_generator_error(seed, lang, opts, work, cases)
            return cases, None
        for level in levels:
            built = ad_build(prep, level, modes, opts, work, defines)
            for mode in modes:
                st, det, exe, r = built[mode]
                if st != "ok":
                    c = Case(seed, lang, level, mode, st, det, prep.prog)
                    c.compile = r
                    cases.append(c)
                    continue
                both = len(modes) > 1 and all(built[m][2] == exe for m in modes)
                st, v, x = run_case(prep, level, mode, exe, both, opts)
                c = Case(seed, lang, level, mode, st, "" if not isinstance(v, str) else v, prep.prog)
                c.compile = r
                c.run = x
                if isinstance(v, compare.Verdict):
                    c.checks = v
                    if c.failed:
                        c.detail = "; ".join(v.worst(2))
                if st in ("wrong-primal", "wrong-gradient"):
                    why = level_dependent(prep, opts, work)
                    if why:
                        c.status, c.detail = "generator-error", why
                cases.append(c)
        if opts.out and any(c.failed for c in cases):
            save_failures(prep, cases, opts)
        return cases, prep
    finally:
        if not keep_work and not opts.keep:
            shutil.rmtree(work, ignore_errors=True)


def repro_commands(prep, c, opts, fname):
    """Shell commands reproducing case c from the saved program."""
    lang = prep.prog.lang
    exe = "./ad_O%d" % c.level
    defs = ["ADFUZZ_NO_FWD"] if c.mode == "rev" else ["ADFUZZ_NO_REV"]
    cmds = [
        "# oracle (no plugin): primal and finite differences",
        build.Result(build.oracle_cmd(opts.tools, lang, fname, "./oracle"), 0, "", "").cmdline()
        + " && ./oracle > oracle.out",
        "# AD build at -O%d, %s mode" % (c.level, c.mode),
        build.Result(build.ad_cmd(opts.tools, lang, fname, exe, c.level, defs), 0, "", "").cmdline()
        + " && %s %s > ad.out" % (exe, c.mode),
        "# the same check through adfuzz",
        "%s --seeds %d:%d --levels %d --modes %s --lang %s" % (
            os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "adfuzz"),
            c.seed, c.seed + 1, c.level, c.mode, lang),
    ]
    return "\n".join(cmds) + "\n"


def save_failures(prep, cases, opts):
    prog = prep.prog
    d = os.path.join(opts.out, "seed%d" % prog.seed)
    os.makedirs(d, exist_ok=True)
    fname = "prog" + src_suffix(prog.lang)
    with open(os.path.join(d, fname), "w") as f:
        f.write(prep.src_text)
    with open(os.path.join(d, "oracle.out"), "w") as f:
        f.write(prep.orc_text)
    for c in cases:
        if not c.failed:
            continue
        tag = "O%d-%s" % (c.level, c.mode)
        with open(os.path.join(d, "repro-%s.sh" % tag), "w") as f:
            f.write("#!/bin/sh\n# %s: %s\ncd \"$(dirname \"$0\")\"\n" % (c.status, one_line(c.detail)))
            f.write(repro_commands(prep, c, opts, fname))
        with open(os.path.join(d, "result-%s.txt" % tag), "w") as f:
            f.write("%s at -O%d, %s mode\n%s\n" % (c.status, c.level, c.mode, c.detail))
            if getattr(c, "compile", None) is not None and c.compile.err:
                f.write("\n--- compiler stderr ---\n" + c.compile.err[-20000:])
            if getattr(c, "run", None) is not None:
                f.write("\n--- program stdout ---\n" + c.run.out[-20000:])
                f.write("\n--- program stderr ---\n" + c.run.err[-5000:])
            if c.checks:
                f.write("\n--- mismatches ---\n" + "\n".join(c.checks.worst(50)) + "\n")
        c.saved = os.path.join(d, fname)


def save_generator_error(seed, lang, opts, work, cases):
    if not opts.out:
        return
    d = os.path.join(opts.out, "seed%d" % seed)
    os.makedirs(d, exist_ok=True)
    src = os.path.join(work, "prog" + src_suffix(lang))
    if os.path.exists(src):
        shutil.copy(src, d)
    for c in cases:
        c.saved = d


def one_line(s):
    return str(s).replace("\n", " ")[:300]
