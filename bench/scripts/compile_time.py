#!/usr/bin/env python3
"""Compile time of clang -O2 with and without the ADPass plugin.

    compile_time.py --clang CLANG --plugin LIB --include DIR --workdir DIR
                    --out FILE.json [--sizes 7500,30000] [--graph-n 1000]
                    [--reps N] [--timeout SEC]

Generates the stress programs (gen_stress.py), compiles each with
`CLANG -O2 -c` without and with `-fplugin=LIB`, N times each, and records
CPU time (user + system of the compiler) and wall time. Both compiles see the
same source (including the self-check main, -DSTRESS_MAIN), so the only
difference is the plugin. Programs: the stress program at each size (its
functions kept as functions), the unrolled graph case, and, for information,
the stress program with its functions inlined by clang (--inlined-n). When the plugin compile succeeds, the object is
linked and run: its main checks the gradient against finite differences.
A compile that exceeds --timeout is stopped and recorded as such.
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
    for mode in ("noad", "ad"):
        obj = src[:-2] + "." + mode + ".o"
        cmd = base + ["-o", obj]
        if mode == "ad":
            cmd.insert(1, "-fplugin=" + a.plugin)
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
    if entry["ad"]["status"] == "ok":
        exe = src[:-2] + ".ad"
        status, _, _, out = timed([a.clang, src[:-2] + ".ad.o", "-o", exe,
                                   "-lm"], 300)
        if status == "ok":
            status, _, _, out = timed([exe], 120)
            entry["selfcheck"] = out.strip().splitlines()[-1] if out.strip() \
                else status
            entry["selfcheck_ok"] = status == "ok"
        else:
            entry["selfcheck"] = "link failed: " + first_error(out)
            entry["selfcheck_ok"] = False
    return entry


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
    ap.add_argument("--timeout", type=int, default=900)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    result = {
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "clang": a.clang, "plugin": a.plugin,
        "plugin_mtime": (datetime.datetime.fromtimestamp(
            os.path.getmtime(a.plugin)).isoformat(timespec="seconds")
            if os.path.exists(a.plugin) else None),
        "reps": a.reps, "timeout": a.timeout, "programs": []}
    if not os.path.exists(a.plugin):
        result["error"] = "plugin not built: %s does not exist" % a.plugin
    jobs = [("stress N=%d" % n, "stress", n) for n in
            (int(s) for s in a.sizes.split(",") if s)]
    if a.graph_n:
        jobs.append(("graph unrolled n=%d" % a.graph_n, "graph", a.graph_n))
    if a.inlined_n:
        jobs.append(("stress N=%d inlined" % a.inlined_n, "stress-inlined",
                     a.inlined_n))
    print("Compile time (clang -O2 -c, without / with the plugin):")
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
