#!/usr/bin/env python3
"""Compile time of clang -O2 with and without the ADPass plugin.

    compile_time.py --clang CLANG --plugin LIB --include DIR --workdir DIR
                    --out FILE.json [--sizes 7500,30000] [--graph-n 1000]
                    [--reps N] [--timeout SEC]
                    [--peer-enzyme SO --spellings enzyme_spellings.h]

Generates the stress programs (gen_stress.py), compiles each with
`CLANG -O2 -c` without and with `-fplugin=LIB`, N times each, and records
CPU time (user + system of the compiler) and wall time. Both compiles see the
same source (including the self-check main, -DSTRESS_MAIN), so the only
difference is the plugin. Programs: the stress program at each size (its
functions kept as functions), the unrolled graph case, and, for information,
the stress program with its functions inlined by clang (--inlined-n). When the plugin compile succeeds, the object is
linked and run: its main checks the gradient against finite differences.
A compile that exceeds --timeout is stopped and recorded as such.
With --peer-enzyme, each program is also compiled with Enzyme's plugin
(force-including the spellings header, so the same source calls
__enzyme_autodiff) and its gradient self-checked the same way.
"""
import argparse
import datetime
import json
import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_stress  # noqa: E402


def timed(cmd, timeout):
    """Runs CMD; returns (status, cpu seconds, wall seconds, output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        status = "ok" if r.returncode == 0 else "error"
        out = r.stdout + r.stderr
    except subprocess.TimeoutExpired as e:
        status = "timeout"
        out = "stopped after %d s" % timeout
        del e
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return status, cpu, wall, out


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()
    return text.strip().splitlines()[0] if text.strip() else ""


def measure(a, name, kind, n, src):
    entry = {"name": name, "kind": kind, "n": n,
             "lines": sum(1 for _ in open(src))}
    base = [a.clang, "-O2", "-I" + a.include, "-DSTRESS_MAIN", "-c", src]
    modes = ("noad", "ad", "enzyme") if a.peer_enzyme else ("noad", "ad")
    for mode in modes:
        obj = src[:-2] + "." + mode + ".o"
        cmd = base + ["-o", obj]
        if mode == "ad":
            cmd.insert(1, "-fplugin=" + a.plugin)
        elif mode == "enzyme":
            cmd[1:1] = ["-fplugin=" + a.peer_enzyme, "-include", a.spellings]
        runs = {"cpu": [], "wall": [], "status": "ok", "diag": ""}
        for _ in range(a.reps):
            status, cpu, wall, out = timed(cmd, a.timeout)
            runs["cpu"].append(round(cpu, 3))
            runs["wall"].append(round(wall, 3))
            if status != "ok":
                runs["status"] = status
                runs["diag"] = out[:4000] if status == "error" else out
                break
        entry[mode] = runs
        print("  %-22s %-5s %-8s cpu %s s%s" % (
            name, mode, runs["status"], runs["cpu"],
            ("  " + first_error(runs["diag"])) if runs["status"] == "error"
            else ""), flush=True)
    for mode, key in (("ad", ""), ("enzyme", "enzyme_")):
        if mode in entry and entry[mode]["status"] == "ok":
            entry[key + "selfcheck"], entry[key + "selfcheck_ok"] = \
                self_check(a, src[:-2] + "." + mode)
    return entry


def self_check(a, stem):
    """Links STEM.o and runs it: (its last line, whether it passed)."""
    status, _, _, out = timed([a.clang, stem + ".o", "-o", stem, "-lm"], 300)
    if status != "ok":
        return "link failed: " + first_error(out), False
    status, _, _, out = timed([stem], 120)
    return (out.strip().splitlines()[-1] if out.strip() else status,
            status == "ok")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sizes", default="7500,30000")
    ap.add_argument("--graph-n", type=int, default=1000)
    ap.add_argument("--inlined-n", type=int, default=7500,
                    help="also the stress program with its functions inlined "
                    "(0: skip)")
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--peer-enzyme", default="",
                    help="Enzyme's ClangEnzyme-19.so: compile with it too")
    ap.add_argument("--spellings", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "common",
        "enzyme_spellings.h"))
    ap.add_argument("--timeout", type=int, default=900)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    result = {
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "clang": a.clang, "plugin": a.plugin,
        "plugin_mtime": (datetime.datetime.fromtimestamp(
            os.path.getmtime(a.plugin)).isoformat(timespec="seconds")
            if os.path.exists(a.plugin) else None),
        "reps": a.reps, "timeout": a.timeout, "programs": [],
        "peer_enzyme": a.peer_enzyme}
    if not os.path.exists(a.plugin):
        result["error"] = "plugin not built: %s does not exist" % a.plugin
    jobs = [("stress N=%d" % n, "stress", n) for n in
            (int(s) for s in a.sizes.split(",") if s)]
    if a.graph_n:
        jobs.append(("graph unrolled n=%d" % a.graph_n, "graph", a.graph_n))
    if a.inlined_n:
        jobs.append(("stress N=%d inlined" % a.inlined_n, "stress-inlined",
                     a.inlined_n))
    print("Compile time (clang -O2 -c, without / with the plugin%s):" %
          (" / with Enzyme" if a.peer_enzyme else ""))
    for name, kind, n in jobs:
        src = os.path.join(a.workdir, "%s_%d.c" % (kind, n))
        if kind == "graph":
            text = gen_stress.gen_graph(n)
        else:
            text = gen_stress.gen_stress(n, inline=kind == "stress-inlined")
        if not os.path.exists(src) or open(src).read() != text:
            with open(src, "w") as f:
                f.write(text)
        if "error" in result:
            break
        result["programs"].append(measure(a, name, kind, n, src))
        with open(a.out, "w") as f:  # keep partial results
            json.dump(result, f, indent=1)
    with open(a.out, "w") as f:
        json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
