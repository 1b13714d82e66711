"""Command line of adfuzz: runs seeds in parallel, prints a summary, saves
and optionally reduces failures."""

import argparse
import collections
import concurrent.futures
import os
import sys
import tempfile
import threading
import time

from .config import Tools
from .reduce import reduce_case
from .runner import run_seed
from .selfcheck import self_check

USAGE = """adfuzz: differential fuzzer for ADPass.

Generates random C/C++ programs, differentiates them with ADPass (reverse and
forward mode, at each -O level) and checks the derivatives against central
finite differences of the same program built without the plugin."""


def parse_seeds(s):
    seeds = []
    for part in s.split(","):
        if ":" in part:
            a, b = part.split(":")
            seeds.extend(range(int(a), int(b)))
        else:
            seeds.append(int(part))
    return seeds


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="adfuzz", description=USAGE,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:20", help="A:B (B excluded), one seed, or a comma-separated list of both")
    ap.add_argument("--levels", default="0,1,2,3", help="optimization levels, e.g. 0,2")
    ap.add_argument("--modes", default="rev,fwd", help="rev, fwd or rev,fwd")
    ap.add_argument("-j", type=int, default=1, help="seeds run in parallel")
    ap.add_argument("--lang", default="mix", choices=["c", "c++", "mix"])
    ap.add_argument("--out", default="adfuzz-out", help="where failures are saved")
    ap.add_argument("--reduce", action="store_true", help="reduce failures")
    ap.add_argument("--reduce-max", type=int, default=6,
                    help="failures reduced, the first of each kind (default 6)")
    ap.add_argument("--reduce-time", type=float, default=300,
                    help="seconds spent reducing one failure (default 300)")
    ap.add_argument("--keep", action="store_true", help="keep the work directories")
    ap.add_argument("--self-check", action="store_true",
                    help="check that injected wrong derivatives are caught")
    ap.add_argument("--quiet", action="store_true", help="only the summary")
    ap.add_argument("--disable", default="",
                    help="comma-separated features the generator avoids, e.g. "
                         "vla_loop,helper_recursive_static (a prefix disables its family)")
    ap.add_argument("--sanitize", action="store_true",
                    help="build the oracle with ASan/UBSan (checks the generator)")
    ap.add_argument("--bin", default=None, help="directory of ad-clang (default build/bin)")
    ap.add_argument("--tmp", default=None, help="directory for work files")
    o = ap.parse_args(argv)
    o.seed_list = parse_seeds(o.seeds)
    o.levels = [int(l) for l in o.levels.split(",") if l not in ("", "none")]
    o.modes = [m for m in o.modes.split(",") if m]
    if any(m not in ("rev", "fwd") for m in o.modes) or any(l not in (0, 1, 2, 3) for l in o.levels):
        ap.error("modes are rev,fwd; levels 0..3")
    o.disabled = [d for d in o.disable.split(",") if d]
    o.tools = Tools(o.bin)
    o.out = os.path.abspath(o.out) if o.out else None
    return o


def short(case):
    return "-O%d %s" % (case.level, case.mode)


def summary(cases, opts, elapsed, log):
    by = collections.Counter(c.status for c in cases)
    failed = [c for c in cases if c.failed]
    refused = [c for c in cases if c.status == "refused"]
    if failed:
        log("")
        log("failures:")
        groups = collections.OrderedDict()
        for c in sorted(failed, key=lambda c: (c.status, c.mode, c.seed, c.level)):
            groups.setdefault((c.status, c.mode, str(c.detail) if c.status in (
                "compiler-crash", "internal-error", "compile-error", "generator-error") else ""), []).append(c)
        for (st, mode, det), cs in groups.items():
            where = ", ".join("%d/O%d" % (c.seed, c.level) for c in cs[:12])
            more = " ..." if len(cs) > 12 else ""
            log("  %s, %s mode: %d case(s) (seed/level: %s%s)" % (st, mode, len(cs), where, more))
            ex = cs[0]
            log("    e.g. seed %d %s: %s" % (ex.seed, short(ex), str(ex.detail)[:300]))
            if ex.saved:
                log("    saved: %s" % ex.saved)
            common = set(ex.features)
            for c in cs[1:]:
                common &= set(c.features)
            if len(cs) > 1:
                log("    features of every program: %s" % " ".join(sorted(common))[:400])
            for c in cs:
                if getattr(c, "reduced", None):
                    log("    reduced (seed %d %s): %s" % (c.seed, short(c), c.reduced))
    if refused:
        log("")
        log("refusals (error: ADPass: ..., by message):")
        msgs = collections.OrderedDict()
        for c in refused:
            for m in (c.detail if isinstance(c.detail, list) else [c.detail]):
                msgs.setdefault((m, c.mode), []).append(c)
        for (m, mode), cs in sorted(msgs.items(), key=lambda kv: -len(kv[1])):
            log("  %5d  %s: %s" % (len(cs), mode, m))
            if not opts.quiet:
                common = set(cs[0].features)
                for c in cs[1:]:
                    common &= set(c.features)
                common = sorted(f for f in common if not f.startswith(("libm_", "sig_", "f_")))
                log("         seeds %s; features of every program: %s" % (
                    " ".join(sorted(set(str(c.seed) for c in cs), key=int)[:10]), " ".join(common)[:300]))
    log("")
    levels = sorted(set(c.level for c in cases))
    for l in levels:
        cl = [c for c in cases if c.level == l]
        log("  -O%d: %d passed, %d skipped, %d refused, %d failed" % (
            l, sum(c.status == "pass" for c in cl), sum(c.status == "skipped" for c in cl),
            sum(c.status == "refused" for c in cl), sum(c.failed for c in cl)))
    rate = len(cases) / elapsed if elapsed > 0 else 0
    log("adfuzz: %.1f s, %.2f cases/s (-j%d)" % (elapsed, rate, opts.j))
    log("adfuzz: %d cases: %d passed, %d skipped, %d refused, %d failed" % (
        len(cases), by["pass"], by["skipped"], by["refused"], len(failed)))


def main(argv=None):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    missing = opts.tools.check()
    if missing:
        print("adfuzz: not found or not executable: %s (build the plugin first)" % ", ".join(missing))
        return 2
    tmp_owner = None
    if opts.tmp is None:
        tmp_owner = tempfile.mkdtemp(prefix="adfuzz-")
        opts.tmp = tmp_owner
    lock = threading.Lock()

    def log(msg):
        with lock:
            print(msg, flush=True)

    try:
        if opts.self_check:
            ok = self_check(opts, log)
            if not ok:
                return 1
            if "--seeds" not in (sys.argv if argv is None else argv):
                return 0
        t0 = time.time()
        cases = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.j)) as ex:
            futs = {ex.submit(run_seed, s, opts): s for s in opts.seed_list}
            for fut in concurrent.futures.as_completed(futs):
                seed = futs[fut]
                try:
                    cs, _ = fut.result()
                except Exception as e:  # a bug of adfuzz itself
                    import traceback
                    log("seed %d: adfuzz error: %s" % (seed, traceback.format_exc()))
                    from .runner import Case
                    cs = [Case(seed, "?", l, m, "generator-error", "adfuzz exception: %s" % e)
                          for l in opts.levels or [-1] for m in opts.modes]
                cases += cs
                if not opts.quiet:
                    c = collections.Counter(x.status for x in cs)
                    bad = ["%s %s" % (short(x), x.status) for x in cs if x.failed]
                    log("seed %d [%s]: %d passed, %d skipped, %d refused%s" % (
                        seed, cs[0].lang if cs else "?", c["pass"], c["skipped"], c["refused"],
                        ("; FAILED: " + ", ".join(bad)) if bad else ""))
        elapsed = time.time() - t0
        cases.sort(key=lambda c: (c.seed, c.level, c.mode))
        if opts.reduce:
            seen = set()
            todo = []
            for c in cases:
                if c.failed and c.status != "generator-error" and c.key() not in seen:
                    seen.add(c.key())
                    todo.append(c)
            for c in todo[:opts.reduce_max]:
                log("reducing seed %d %s (%s)" % (c.seed, short(c), c.status))
                try:
                    reduce_case(c, opts, log)
                except Exception:
                    import traceback
                    log("  reduce: adfuzz error: %s" % traceback.format_exc())
        summary(cases, opts, elapsed, log)
        return 1 if any(c.failed for c in cases) else 0
    finally:
        if tmp_owner and not opts.keep:
            import shutil
            shutil.rmtree(tmp_owner, ignore_errors=True)
