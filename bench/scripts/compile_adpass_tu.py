#!/usr/bin/env python3
"""Compile one ADPass translation unit (bench/cases/<case>_ad.c), never failing.

    compile_adpass_tu.py --clang CLANG --plugin LIB --case NAME --src FILE
                         --out OBJ [--runtime LIB] [--tool NAME] -- CFLAGS...

Tries `CLANG CFLAGS -fplugin=LIB -c FILE -o OBJ`, then a trial link of the
object (so a call the plugin left unresolved, e.g. to __ad_autodiff, counts as
a failure too). On success OBJ is the real object. On any failure (plugin
missing, diagnostic, crash, unresolved symbol) OBJ becomes a stub that defines
only `const char NAME_adpass_diag[]` holding the diagnostic; the benchmark
harness declares the ADPass entry points weak, sees them missing, and reports
the case as "not differentiable yet" with that text. Exit status is 0 either
way, so the build goes on.

With --tool Enzyme the same happens for the peer column: the plugin is
Enzyme's and CFLAGS force-include common/enzyme_spellings.h; only the
messages name the tool.

The compile is skipped when OBJ is newer than every input (the source, the
headers it includes, the plugin, this script) and was built by the same
command; the build system runs this script on every build.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

MAX_DIAG = 4000


def c_string(text):
    """TEXT as the body of a C string literal (UTF-8 bytes, escaped)."""
    out = []
    for b in text.encode("utf-8", "replace"):
        ch = chr(b)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "?":
            out.append("\\?")  # no trigraphs
        elif b < 0x20 or b > 0x7E:
            out.append("\\%03o" % b)
        else:
            out.append(ch)
    return "".join(out)


def trim_diag(text):
    """Keep the diagnostic readable: drop ANSI colours, cap the length."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", text).strip()
    if len(text) > MAX_DIAG:
        text = text[:MAX_DIAG] + "\n[... truncated]"
    return text or "(the compiler failed without a message)"


def deps_of(clang, cflags, src):
    """Files SRC includes (preprocessor only, no plugin)."""
    try:
        r = subprocess.run([clang] + cflags + ["-M", src], capture_output=True,
                           text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return [src]
    if r.returncode != 0:
        return [src]
    text = r.stdout.replace("\\\n", " ")
    files = text.split(":", 1)[1].split() if ":" in text else []
    return [f for f in files if os.path.exists(f)] or [src]


def mtime(path):
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def run(cmd, timeout=900):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return r.returncode, r.stdout + r.stderr
    except subprocess.TimeoutExpired:
        return 124, "timed out after %d s: %s" % (timeout, " ".join(cmd))
    except OSError as e:
        return 127, "%s: %s" % (cmd[0], e)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--runtime", default="")
    ap.add_argument("--case", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tool", default="ADPass",
                    help="the plugin's name, in messages")
    ap.add_argument("--link", action="append", default=[],
                    help="a library the object needs (trial link)")
    ap.add_argument("cflags", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cflags = [f for f in a.cflags if f != "--"]
    runtime = a.runtime if a.runtime and os.path.exists(a.runtime) else ""

    stamp_path = a.out + ".stamp"
    key = {"cmd": [a.clang, a.plugin, runtime] + cflags + [a.src] + a.link,
           "plugin": [mtime(a.plugin), os.path.getsize(a.plugin)
                      if os.path.exists(a.plugin) else None]}
    out_m = mtime(a.out)
    if out_m is not None and os.path.exists(stamp_path):
        try:
            with open(stamp_path) as f:
                old = json.load(f)
        except (OSError, ValueError):
            old = None
        if old and old.get("key") == key:
            inputs = old.get("deps", []) + [a.plugin, os.path.abspath(__file__)]
            if all((mtime(p) or 0) <= out_m for p in inputs if os.path.exists(p)):
                return 0

    deps = deps_of(a.clang, cflags, a.src)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    tmp_obj = a.out + ".tmp.o"
    diag = None
    if not os.path.exists(a.plugin):
        diag = ("%s plugin not built: %s does not exist" % (a.tool, a.plugin))
    else:
        rc, text = run([a.clang] + cflags + ["-fplugin=" + a.plugin, "-c", a.src,
                                             "-o", tmp_obj])
        if rc != 0:
            diag = trim_diag(text)
            if rc < 0 or rc > 128:
                diag = "the compiler crashed (status %d):\n%s" % (rc, diag)
        else:
            # Trial link: every symbol the object needs must be defined.
            with tempfile.TemporaryDirectory() as td:
                main_c = os.path.join(td, "main.c")
                with open(main_c, "w") as f:
                    f.write("int main(void) { return 0; }\n")
                cmd = [a.clang, tmp_obj, main_c, "-o", os.path.join(td, "a.out")]
                if runtime:
                    cmd.append(runtime)
                cmd += a.link
                cmd.append("-lm")
                rc, text = run(cmd)
                if rc != 0:
                    diag = ("the object compiled with the plugin does not link "
                            "(a call left unresolved?):\n" + trim_diag(text))

    if diag is None:
        os.replace(tmp_obj, a.out)
        status = "ok"
    else:
        if os.path.exists(tmp_obj):
            os.remove(tmp_obj)
        stub_c = a.out + ".stub.c"
        with open(stub_c, "w") as f:
            f.write("/* Generated: %s_ad.c did not compile with the %s "
                    "plugin. */\n" % (a.case, a.tool))
            f.write('const char %s_adpass_diag[] = "%s";\n' %
                    (a.case, c_string(diag)))
        rc, text = run([a.clang, "-O2", "-c", stub_c, "-o", a.out])
        if rc != 0:
            sys.stderr.write("compile_adpass_tu.py: cannot compile the stub:\n"
                             + text)
            return 1
        first = next((l for l in diag.splitlines() if "error" in l),
                     diag.splitlines()[0])
        print("%s: %s: not differentiable yet: %s" % (a.tool, a.case, first))
        status = "unsupported"
    with open(stamp_path, "w") as f:
        json.dump({"key": key, "deps": deps, "status": status, "diag": diag}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
