#!/usr/bin/env python3
"""adstress: a crash fuzzer for the ADPass plugin, driven by llvm-stress.

For each seed, llvm-stress generates a random function (pointer, integer
and sometimes vector arguments; loads, stores, vector code, control flow).
Every case appends to that module a caller that differentiates it:

  rev       __ad_autodiff on the generated function (returns void)
  fwd       __ad_fwddiff on the generated function
  wrap-rev  __ad_autodiff on a wrapper `T w(args..., T x)` that stores x
            through one pointer argument, calls the generated function and
            returns a T loaded through another one, combined with x: an
            active path from a scalar input to a scalar result
  wrap-fwd  __ad_fwddiff on the same wrapper

with an activity marker for every argument chosen from its type by a random
generator seeded with the case (so every case can be reproduced alone).
Each module then goes through opt with the plugin, `-passes=ad` and
`-passes=default<O2>` (where the plugin runs at the OptimizerEarly extension
point), both with -verify-each, under a timeout.

Classes: OK (exit 0), REFUSED (nonzero exit with an `ADPass:` diagnostic
that is not an internal error), CRASH (signal, stack dump, assertion, LLVM
ERROR, unexplained failure), MALFORMED (verifier failure, `internal error`),
TIMEOUT. CRASH, MALFORMED and TIMEOUT are failures: their inputs are kept
in the output directory and reduced with llvm-reduce (one reduction per
distinct signature), whose interestingness test is this script run as
`stress.py --interesting CASE.json FILE.ll`.

Python 3 standard library only.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_PLUGIN = os.path.join(REPO, "build", "lib", "libADPass.so")
LLVM_BIN = "/usr/lib/llvm-19/bin"

MODES = ["rev", "fwd", "wrap-rev", "wrap-fwd"]
PIPELINES = {
    "ad": ["-passes=ad", "-verify-each"],
    "O2": ["-passes=default<O2>", "-verify-each"],
}
FAILURES = ("CRASH", "MALFORMED", "TIMEOUT")


# --------------------------------------------------------------- tools


def find_tool(names, override=None):
    if override:
        return override
    for n in names:
        p = shutil.which(n)
        if p:
            return p
        p = os.path.join(LLVM_BIN, n.replace("-19", ""))
        if os.path.exists(p):
            return p
    sys.exit("adstress: cannot find %s" % " or ".join(names))


# --------------------------------------------------------------- IR parsing


def split_top(s, sep=","):
    """Splits s at the separators that are outside brackets."""
    out, depth, cur = [], 0, []
    for ch in s:
        if ch in "<[{(":
            depth += 1
        elif ch in ">]})":
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def first_type(s):
    """The type at the start of a parameter: `ptr`, `i32`, `<4 x float>`."""
    s = s.strip()
    if s and s[0] in "<[{":
        close = {"<": ">", "[": "]", "{": "}"}[s[0]]
        depth = 0
        for i, ch in enumerate(s):
            if ch in "<[{":
                depth += 1
            elif ch in ">]}":
                depth -= 1
                if depth == 0:
                    return s[: i + 1]
        return s
    return s.split()[0]


DEFINE_RE = re.compile(r"^define\s+(?:\w+\s+)*?(\S+)\s+@([\w.$]+)\((.*)\)")


def parse_function(ir):
    """(name, return type, [param types]) of the first definition."""
    for line in ir.splitlines():
        m = DEFINE_RE.match(line)
        if m:
            params = [first_type(p) for p in split_top(m.group(3))]
            return m.group(2), m.group(1), params
    raise ValueError("no function definition in the generated module")


FLOATS = ("half", "bfloat", "float", "double", "x86_fp80", "fp128")


def kind(ty):
    if ty == "ptr":
        return "ptr"
    if ty in FLOATS:
        return "float"
    if re.fullmatch(r"i\d+", ty):
        return "int"
    if ty.startswith("<"):
        return "vector"
    return "other"


# --------------------------------------------------------------- cases


def case_rng(seed, mode):
    h = hashlib.sha256(("%d/%s" % (seed, mode)).encode()).digest()
    return random.Random(int.from_bytes(h[:8], "little"))


def pick(rng, weighted):
    total = sum(w for _, w in weighted)
    r = rng.uniform(0, total)
    for v, w in weighted:
        r -= w
        if r <= 0:
            return v
    return weighted[-1][0]


def gradient_call(rng, forward, fn, fret, params):
    """Builds the caller of a gradient of @fn(params).

    Returns (caller definition, entry point declaration).
    """
    cparams, groups, active = [], [], []
    for i, ty in enumerate(params):
        args = []  # this argument's group: marker, value, shadow
        groups.append(args)
        k = kind(ty)
        a = "%%a%d" % i
        cparams.append("%s %s" % (ty, a))
        if k == "ptr":
            choices = [("dup", 55), ("bare", 15), ("const", 25), ("dupnoneed", 5)]
            m = pick(rng, choices)
            if m in ("dup", "dupnoneed", "bare"):
                s = "%%s%d" % i
                cparams.append("ptr %s" % s)
                if m != "bare":
                    args.append("ptr @ad_%s" % m)
                args += ["ptr %s" % a, "ptr %s" % s]
            else:
                args += ["ptr @ad_const", "ptr %s" % a]
        elif k == "float":
            if forward:
                m = pick(rng, [("dup", 80), ("const", 20)])
                if m == "dup":
                    t = "%%t%d" % i
                    cparams.append("%s %s" % (ty, t))
                    args += ["ptr @ad_dup", "%s %s" % (ty, a), "%s %s" % (ty, t)]
                else:
                    args += ["ptr @ad_const", "%s %s" % (ty, a)]
            else:
                m = pick(rng, [("bare", 60), ("out", 20), ("const", 20)])
                if m == "const":
                    args += ["ptr @ad_const", "%s %s" % (ty, a)]
                else:
                    if m == "out":
                        args.append("ptr @ad_out")
                    args.append("%s %s" % (ty, a))
                    active.append(ty)
        else:  # integers, vectors, anything else: constant
            m = pick(rng, [("const", 70), ("bare", 30)])
            if m == "const":
                args.append("ptr @ad_const")
            args.append("%s %s" % (ty, a))
    result_slot = None
    if forward:
        ret = fret if kind(fret) == "float" else "double"
        if kind(fret) == "float" and rng.random() < 0.25:
            result_slot = "%res"
            groups.insert(rng.randint(0, len(groups)),
                          ["ptr @ad_result", "ptr %res"])
        entry = "__ad_fwddiff_adstress"
    else:
        if not active:
            ret = "void"
        elif len(active) == 1:
            ret = active[0]
        else:
            ret = "{ %s }" % ", ".join(active)
        entry = "__ad_autodiff_adstress"
    args = [a for g in groups for a in g]
    body = []
    if result_slot:
        body.append("  %%res = alloca %s" % fret)
    callee = "%s (ptr, ...) @%s(ptr @%s, %s)" % (ret, entry, fn, ", ".join(args))
    if ret == "void":
        body.append("  call " + callee)
        body.append("  ret void")
    else:
        body.append("  %g = call " + callee)
        body.append("  ret %s %%g" % ret)
    caller = "define %s @__adstress_caller(%s) {\n%s\n}\n" % (
        ret, ", ".join(cparams), "\n".join(body))
    decl = "declare %s @%s(ptr, ...)\n" % (ret, entry)
    return caller, decl


def wrapper(rng, fn, fret, params):
    """T @__adstress_wrap(params..., T %x): x in through one pointer, a T out
    through another (or the same), combined with x."""
    ty = pick(rng, [("double", 70), ("float", 30)])
    ptrs = [i for i, t in enumerate(params) if t == "ptr"]
    fargs = ", ".join("%s %%p%d" % (t, i) for i, t in enumerate(params))
    lines = []
    if ptrs:
        pin = rng.choice(ptrs)
        lines.append("  store %s %%x, ptr %%p%d" % (ty, pin))
    shape = pick(rng, [("once", 60), ("twice", 15), ("loop", 25)])
    call = "  call %s @%s(%s)" % (fret, fn, fargs)
    ints = [i for i, t in enumerate(params) if t in ("i32", "i64")]
    if shape == "loop":  # a counted loop around the call: taped iterations
        trip = ("%%p%d" % ints[0], params[ints[0]]) if ints and rng.random() < 0.5 \
            else (str(rng.randint(1, 5)), "i32")
        lines += ["  br label %loop", "loop:",
                  "  %%i = phi %s [ 0, %%entry ], [ %%i.next, %%loop ]" % trip[1],
                  call,
                  "  %%i.next = add %s %%i, 1" % trip[1],
                  "  %%more = icmp slt %s %%i.next, %s" % (trip[1], trip[0]),
                  "  br i1 %more, label %loop, label %exit", "exit:"]
    else:
        lines += [call] * (2 if shape == "twice" else 1)
    if ptrs:
        pout = rng.choice(ptrs)
        lines.append("  %%r = load %s, ptr %%p%d" % (ty, pout))
        op = rng.choice(["fmul", "fadd", "fsub"])
        lines.append("  %%y = %s %s %%r, %%x" % (op, ty))
        lines.append("  ret %s %%y" % ty)
    else:
        lines.append("  ret %s %%x" % ty)
    text = "define %s @__adstress_wrap(%s, %s %%x) {\nentry:\n%s\n}\n" % (
        ty, fargs, ty, "\n".join(lines))
    return text, ty, params + [ty]


FP = r"(?:half|bfloat|float|double|x86_fp80|fp128)"
FP_CONST_RE = re.compile(
    r"(?<![\w<])(" + FP + r") (0x[0-9A-Fa-fKLMHR]+|-?[0-9][0-9.e+-]*"
    r"|zeroinitializer|undef|poison)(?=[,\s)]|$)"
    r"|(<(?:vscale x )?\d+ x " + FP + r">) (<[^<>]*>|zeroinitializer|undef|poison)")

FP_BINOP_RE = re.compile(
    r"^(\s*%\S+ = (?:fadd|fsub|fmul|fdiv|frem|fcmp \w+) )(" + FP +
    r"|<(?:vscale x )?\d+ x " + FP + r">) (.*)$")


def depth_at(line, pos):
    d = 0
    for ch in line[:pos]:
        if ch in "<[{(":
            d += 1
        elif ch in ">]})":
            d -= 1
    return d


INT_CONST_RE = re.compile(
    r"(?<![\w<])(i(?:1|8|16|32|64)) (-?\d+|true|false)(?=[,\s)]|$)")


def taint(ir, fn, params, rng, rate, use_args=False, int_rate=0.0):
    """Replaces floating-point constant operands (scalar and vector) in the
    body of @fn by loads through its pointer arguments, so that much more of
    the generated code is active when those pointers are differentiated.
    With use_args, scalar constants become new arguments of @fn instead (one
    per type), which the gradient call makes active. With int_rate, integer
    constants (branch conditions mostly come from them) become loads too, so
    that the control flow is not folded away before differentiation."""
    ptrs = ["%%%d" % i for i, t in enumerate(params) if t == "ptr"]
    if not ptrs:
        return ir, 0
    new_args = {}

    def source(ty, loads):
        nonlocal n
        n += 1
        if use_args and not ty.startswith("<"):
            if ty not in new_args:
                new_args[ty] = "%%adst.arg%d" % len(new_args)
            return new_args[ty]
        v = "%%adst.%d" % n
        loads.append("  %s = load %s, ptr %s" % (v, ty, rng.choice(ptrs)))
        return v

    out, inside, n = [], False, 0
    for line in ir.splitlines():
        if line.startswith("define") and ("@%s(" % fn) in line:
            inside = True
        elif inside and line == "}":
            inside = False
        if not inside or not line.startswith("  ") or " phi " in line \
                or line.lstrip().startswith(("%A", "alloca")) and " alloca " in line:
            out.append(line)
            continue
        new, pos, loads = [], 0, []
        b = FP_BINOP_RE.match(line)
        if b:  # operands without their own type: `fadd float %a, 1.0`
            ops = split_top(b.group(3))
            for i, o in enumerate(ops[:2]):
                if not o.startswith("%") and rng.random() < rate:
                    ops[i] = source(b.group(2), loads)
            out += loads
            out.append("%s%s %s" % (b.group(1), b.group(2), ", ".join(ops)))
            continue
        matches = list(FP_CONST_RE.finditer(line))
        if int_rate and not re.match(r"\s*(switch|%\S+ = (alloca|extractvalue|"
                                     r"insertvalue|getelementptr))", line):
            matches += [m for m in INT_CONST_RE.finditer(line)
                        if rng.random() < int_rate]
            matches.sort(key=lambda m: m.start())
        for m in matches:
            if depth_at(line, m.start()) != 0:
                continue
            is_int = m.re is INT_CONST_RE
            if not is_int and rng.random() >= rate:
                continue
            ty = m.group(1) or m.group(3)
            if is_int:
                n += 1
                v = "%%adst.%d" % n
                loads.append("  %s = load %s, ptr %s" % (v, ty, rng.choice(ptrs)))
                new.append(line[pos:m.start()])
                new.append("%s %s" % (ty, v))
                pos = m.end()
                continue
            v = source(ty, loads)
            new.append(line[pos:m.start()])
            new.append("%s %s" % (ty, v))
            pos = m.end()
        new.append(line[pos:])
        out += loads
        out.append("".join(new))
    text = "\n".join(out) + "\n"
    if new_args:  # count the uses of new arguments too
        extra = ", ".join("%s %s" % (t, a) for t, a in new_args.items())
        text = re.sub(r"^(define .*@%s\()(.*)(\).*)$" % re.escape(fn),
                      lambda m: m.group(1) + m.group(2) +
                      (", " if m.group(2) else "") + extra + m.group(3),
                      text, count=1, flags=re.M)
    return text, n


SUFFIX = {"half": "f16", "bfloat": "bf16", "float": "f32", "double": "f64",
          "x86_fp80": "f80", "fp128": "f128"}
UNARY = ["sin", "cos", "exp", "exp2", "log", "log2", "log10", "sqrt", "fabs",
         "floor", "ceil", "trunc", "rint", "round"]
BINARY = ["pow", "maxnum", "minnum", "maximum", "minimum", "copysign"]
LIBM1 = ["sin", "cos", "tan", "exp", "log", "sqrt", "tanh", "atan", "asin",
         "acos", "sinh", "cosh", "cbrt", "expm1", "log1p", "erf", "fabs"]
LIBM2 = ["pow", "atan2", "fmod", "hypot", "fmax", "fmin", "copysign"]
FP_OP_RE = re.compile(
    r"^(\s*)(%\S+) = (fadd|fsub|fmul|fdiv|frem) (" + FP +
    r"|<(?:vscale x )?\d+ x " + FP + r">) (.*)$")


def mangle(ty):
    m = re.fullmatch(r"<(vscale x )?(\d+) x (\w+)>", ty)
    if m:
        return "%sv%s%s" % ("nx" if m.group(1) else "", m.group(2),
                            SUFFIX[m.group(3)])
    return SUFFIX[ty]


def mathify(ir, fn, rng, rate):
    """Rewrites some floating-point arithmetic of @fn into intrinsic and libm
    calls (the derivative rule tables): `%x = fadd T a, b` becomes
    `%x = call T @llvm.pow.M(a, b)`, or `%u = call T @llvm.sin.M(a)` then
    `%x = fadd T %u, b`, or a libm call for double and float scalars."""
    decls, out, inside, n = {}, [], False, 0
    for line in ir.splitlines():
        if line.startswith("define") and ("@%s(" % fn) in line:
            inside = True
        elif inside and line == "}":
            inside = False
        m = FP_OP_RE.match(line) if inside else None
        if not m or rng.random() >= rate:
            out.append(line)
            continue
        ind, res, op, ty, rest = m.groups()
        ops = split_top(rest)
        if len(ops) != 2:
            out.append(line)
            continue
        a, b = ops
        scalar = ty in ("float", "double")
        how = pick(rng, [("binary", 30), ("unary", 35), ("fma", 10),
                         ("libm", 25 if scalar else 0)])
        if how == "binary":
            f = "llvm.%s.%s" % (rng.choice(BINARY), mangle(ty))
            decls[f] = "declare %s @%s(%s, %s)" % (ty, f, ty, ty)
            out.append("%s%s = call %s @%s(%s %s, %s %s)" % (ind, res, ty, f, ty, a, ty, b))
        elif how == "fma":
            f = "llvm.%s.%s" % (rng.choice(["fma", "fmuladd"]), mangle(ty))
            decls[f] = "declare %s @%s(%s, %s, %s)" % (ty, f, ty, ty, ty)
            out.append("%s%s = call %s @%s(%s %s, %s %s, %s %s)" % (
                ind, res, ty, f, ty, a, ty, b, ty, a))
        elif how == "unary":
            f = "llvm.%s.%s" % (rng.choice(UNARY), mangle(ty))
            decls[f] = "declare %s @%s(%s)" % (ty, f, ty)
            u = "%%adst.m%d" % n
            n += 1
            out.append("%s%s = call %s @%s(%s %s)" % (ind, u, ty, f, ty, a))
            out.append("%s%s = %s %s %s, %s" % (ind, res, op, ty, u, b))
        else:
            suffix = "" if ty == "double" else "f"
            if rng.random() < 0.5:
                f = rng.choice(LIBM1) + suffix
                decls[f] = "declare %s @%s(%s)" % (ty, f, ty)
                out.append("%s%s = call %s @%s(%s %s)" % (ind, res, ty, f, ty, a))
            else:
                f = rng.choice(LIBM2) + suffix
                decls[f] = "declare %s @%s(%s, %s)" % (ty, f, ty, ty)
                out.append("%s%s = call %s @%s(%s %s, %s %s)" % (
                    ind, res, ty, f, ty, a, ty, b))
        n += 1
    # A libm function the module already declares keeps its declaration.
    text = "\n".join(out) + "\n"
    for f, d in decls.items():
        if not re.search(r"^(declare|define) .*@%s\(" % re.escape(f), ir, re.M):
            text += d + "\n"
    return text, n


def make_case(base_ir, seed, mode):
    rng = case_rng(seed, mode)
    fn, fret, params = parse_function(base_ir)
    tainted = 0
    if rng.random() < 0.7:
        base_ir, tainted = taint(base_ir, fn, params, rng,
                                 rng.choice([0.3, 0.6, 1.0]), rng.random() < 0.3,
                                 rng.choice([0, 0.2, 0.5]))
        fn, fret, params = parse_function(base_ir)
    mathed = 0
    if rng.random() < 0.6:
        base_ir, mathed = mathify(base_ir, fn, rng, rng.choice([0.3, 0.7, 1.0]))
    noinline = mode.startswith("wrap") and rng.random() < 0.4
    if noinline:  # the wrapper's call stays a call: a callee derivative
        base_ir = re.sub(r"^(define .*@%s\(.*\)) \{$" % re.escape(fn),
                         r"\1 noinline {", base_ir, count=1, flags=re.M)
    extra = ["", "; ---- appended by adstress (seed %d, mode %s, %d constants "
             "replaced, %d math calls%s)" % (seed, mode, tainted, mathed,
                                  ", callee noinline" if noinline else ""),
             "@ad_dup = external global i32",
             "@ad_dupnoneed = external global i32",
             "@ad_const = external global i32",
             "@ad_out = external global i32",
             "@ad_result = external global i32", ""]
    target, tret, tparams = fn, fret, params
    if mode.startswith("wrap"):
        w, tret, tparams = wrapper(rng, fn, fret, params)
        extra.append(w)
        target = "__adstress_wrap"
    caller, decl = gradient_call(rng, mode.endswith("fwd"), target, tret, tparams)
    extra += [decl, caller]
    return base_ir + "\n".join(extra)


# --------------------------------------------------------------- running

FRAME_RE = re.compile(r"^\s*#(\d+) 0x[0-9a-fA-F]+ (.*)$")
# Without the symbolizer (LLVM_DISABLE_SYMBOLIZATION, set by llvm-reduce):
# `12 libADPass.so 0x00007f... adpass::F(llvm::Function&) + 304`.
FRAME_RAW_RE = re.compile(r"^\s*(\d+)\s+libADPass\S*\s+0x[0-9a-fA-F]+ (.*?)(?: \+ \d+)?$")


def plugin_frames(stderr):
    frames = []
    for line in stderr.splitlines():
        m = FRAME_RE.match(line) or FRAME_RAW_RE.match(line)
        if not m:
            continue
        f = m.group(2)
        if "libADPass" in f or "adpass::" in f:
            f = re.sub(r"\s*\(/[^()]*\+0x[0-9a-f]+\)$", "", f)
            f = re.sub(r"\s+\S+:\d+(:\d+)?$", "", f)  # file:line if any
            frames.append(strip_params(f.strip()))
    return frames


def strip_params(f):
    """`a::b(llvm::Function&)::'lambda'(int)::operator()(x) const` ->
    `a::b()::'lambda'()::operator()()`: stable and short."""
    out, depth = [], 0
    for ch in f:
        if ch == "(":
            if depth == 0:
                out.append("(")
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                out.append(")")
        elif depth == 0:
            out.append(ch)
    return re.sub(r"\s+const$", "", "".join(out)).strip()


def short(s, n=200):
    s = " ".join(s.split())
    return s if len(s) <= n else s[:n] + "..."


VERIFIER_MARKERS = [
    "Broken module found", "Broken function found",
    "verification failed", "does not dominate", "input module is broken",
]


def classify(rc, stderr, timed_out):
    """(class, signature) of one opt run."""
    if timed_out:
        return "TIMEOUT", "timeout"
    lines = stderr.splitlines()
    assertion = next((l for l in lines if "Assertion" in l and "failed" in l), None)
    fatal = next((l for l in lines if "LLVM ERROR:" in l), None)
    crashed = (rc is not None and rc < 0) or "Stack dump" in stderr or \
        "PLEASE submit a bug report" in stderr
    internal = next((l for l in lines if "internal error" in l), None)
    verifier = next((l for l in lines
                     if any(k in l for k in VERIFIER_MARKERS)), None)
    if verifier and not assertion:
        # The verifier's first message names the problem (before the
        # "Broken module found" fatal error and its stack dump).
        first = next((l for l in lines if l.strip() and not l.startswith(" ")
                      and "LLVM ERROR" not in l and "warning:" not in l),
                     verifier)
        return "MALFORMED", "verifier: " + short(re.sub(r"%[\w.]+", "%*", first), 120)
    if crashed or assertion:
        if assertion:
            sig = "assertion: " + short(re.sub(r"^.*?Assertion", "Assertion",
                                               assertion))
        else:
            fr = plugin_frames(stderr)
            what = ("fatal: " + short(fatal.split("LLVM ERROR:", 1)[1], 100)
                    if fatal else signal_name(rc))
            sig = "%s in %s" % (what, fr[0] if fr else "(no ADPass frame)")
        return "CRASH", sig
    if internal:
        # Keep the message, drop value names and positions.
        msg = internal.split("internal error", 1)[1]
        msg = re.sub(r"\(.*", "", msg)
        msg = re.sub(r"'[^']*'", "'*'", msg)
        detail = ""
        m = re.search(r"malformed; please report it with this input \((.*)", internal)
        if m:
            detail = " [" + short(m.group(1).split("!")[0], 80) + "]"
        return "MALFORMED", "internal error" + short(msg, 120) + detail
    if fatal:
        return "CRASH", "fatal: " + short(fatal.split("LLVM ERROR:", 1)[1])
    if rc == 0:
        return "OK", ""
    adpass = next((l for l in lines if "ADPass:" in l), None)
    if adpass:
        msg = adpass.split("ADPass:", 1)[1]
        msg = re.sub(r"'[^']*'", "'*'", msg)
        return "REFUSED", short(msg, 150)
    return "CRASH", "exit %s: %s" % (rc, short(lines[0] if lines else "", 150))


def signal_name(rc):
    if rc is not None and rc < 0:
        try:
            return signal.Signals(-rc).name
        except ValueError:
            return "signal %d" % -rc
    return "crash (exit %s)" % rc


# llvm-reduce turns off the symbolizer of the tests it runs: the crash
# signatures need it on, the same as in the fuzzing run.
OPT_ENV = {k: v for k, v in os.environ.items()
           if k not in ("LLVM_DISABLE_SYMBOLIZATION", "LLVM_DISABLE_CRASH_REPORT")}

LOAD_FAILURE = ("Failed to load passes from", "Could not load library",
                "unknown pass name 'ad'")


def run_opt(opt_cmd, pipeline, path, timeout):
    cmd = opt_cmd + PIPELINES[pipeline] + ["-disable-output", path]
    for attempt in range(4):
        try:
            p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=timeout,
                               errors="replace", env=OPT_ENV)
            rc, err, to = p.returncode, p.stderr, False
        except subprocess.TimeoutExpired as e:
            rc, to = None, True
            err = e.stderr.decode(errors="replace") if e.stderr else ""
        if any(k in err for k in LOAD_FAILURE):
            time.sleep(5)  # the plugin is being rebuilt: try again
            continue
        return rc, err, to, cmd
    sys.exit("adstress: cannot load the plugin: %s" % short(err, 300))


def plugin_mtime(opt_cmd):
    for c in opt_cmd:
        if c.startswith("-load-pass-plugin="):
            try:
                return os.stat(c.split("=", 1)[1]).st_mtime
            except OSError:
                return None
    return None


# --------------------------------------------------------------- reduction


def interesting(case_json, path):
    with open(case_json) as f:
        case = json.load(f)
    rc, err, to, _ = run_opt(shlex.split(case["opt"]), case["pipeline"], path,
                             case.get("timeout", 60))
    cls, sig = classify(rc, err, to)
    return 0 if (cls, sig) == (case["class"], case["signature"]) else 1


def reduce_case(args, case_json, src, dst):
    cmd = [args.llvm_reduce, "--test=" + os.path.abspath(__file__),
           "--test-arg=--interesting", "--test-arg=" + case_json,
           "-j", "1", "--max-pass-iterations=%d" % args.reduce_iterations,
           src, "-o", dst]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=args.reduce_timeout, errors="replace")
        ok = p.returncode == 0 and os.path.exists(dst)
        log = p.stdout
    except subprocess.TimeoutExpired:
        ok, log = False, "llvm-reduce timed out"
    with open(dst + ".log", "w") as f:
        f.write(log)
    return ok, time.time() - t0


# --------------------------------------------------------------- main


def parse_range(s):
    a, _, b = s.partition(":")
    a = int(a)
    b = int(b) if b else a + 1
    return range(a, b)


def main(argv):
    if len(argv) == 3 and argv[0] == "--interesting":
        return interesting(argv[1], argv[2])
    ap = argparse.ArgumentParser(
        prog="adstress", description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Example: tools/adstress --seeds 1:200 --out /tmp/adstress")
    ap.add_argument("--seeds", default="1:51", help="seed range A:B (B excluded)")
    ap.add_argument("--sizes", default="20:200", help="llvm-stress sizes MIN:MAX")
    ap.add_argument("--scalable", type=float, default=0.15,
                    help="fraction of seeds generated with scalable vectors")
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--pipelines", default=",".join(PIPELINES))
    ap.add_argument("--out", default="adstress-out", help="where failures go")
    ap.add_argument("--plugin", default=DEFAULT_PLUGIN)
    ap.add_argument("--opt", default=None,
                    help="opt command with the plugin loaded, e.g. lit's %%opt "
                         "(default: opt-19 -load-pass-plugin=PLUGIN)")
    ap.add_argument("--snapshot", action="store_true",
                    help="run on a copy of the plugin taken at start (so that "
                         "a rebuild does not change it mid-run)")
    ap.add_argument("--llvm-stress", default=None)
    ap.add_argument("--llvm-reduce", default=None)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--reduce-timeout", type=float, default=900)
    ap.add_argument("--reduce-iterations", type=int, default=3)
    ap.add_argument("--keep-all", action="store_true", help="keep every input")
    ap.add_argument("--time-budget", type=float, default=0,
                    help="stop starting new seeds after this many seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    args.llvm_stress = find_tool(["llvm-stress-19", "llvm-stress"], args.llvm_stress)
    args.llvm_reduce = find_tool(["llvm-reduce-19", "llvm-reduce"], args.llvm_reduce)
    os.makedirs(args.out, exist_ok=True)
    out = os.path.abspath(args.out)
    if args.opt:
        opt_cmd = shlex.split(args.opt)
    else:
        plugin = os.path.abspath(args.plugin)
        if args.snapshot:
            snap = os.path.join(out, "libADPass.snapshot.so")
            shutil.copyfile(plugin, snap)
            plugin = snap
        opt_cmd = [find_tool(["opt-19", "opt"]), "-load-pass-plugin=" + plugin]
    modes = [m for m in args.modes.split(",") if m]
    pipes = [p for p in args.pipelines.split(",") if p]
    for m in modes:
        if m not in MODES:
            ap.error("unknown mode %s" % m)
    for p in pipes:
        if p not in PIPELINES:
            ap.error("unknown pipeline %s" % p)
    smin, _, smax = args.sizes.partition(":")
    smin, smax = int(smin), int(smax or smin)

    mtime0 = plugin_mtime(opt_cmd)
    counts = {k: 0 for k in ("OK", "REFUSED") + FAILURES}
    refusals = {}
    failures = {}  # signature -> [case ids]
    t_start = time.time()
    tmp = tempfile.mkdtemp(prefix="adstress.")
    seeds_done = []
    try:
        for seed in parse_range(args.seeds):
            if args.time_budget and time.time() - t_start > args.time_budget:
                break
            srng = random.Random(seed)
            size = srng.randint(smin, smax)
            scalable = srng.random() < args.scalable
            gen = subprocess.run([args.llvm_stress, "-seed=%d" % seed,
                                  "-size=%d" % size, "-o", "-"] +
                                 (["-enable-scalable-vectors"] if scalable else []),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 errors="replace")
            if gen.returncode != 0:
                print("adstress: llvm-stress failed on seed %d: %s"
                      % (seed, short(gen.stderr)), file=sys.stderr)
                continue
            seeds_done.append(seed)
            for mode in modes:
                ir = make_case(gen.stdout, seed, mode)
                path = os.path.join(tmp, "s%d-%s.ll" % (seed, mode))
                with open(path, "w") as f:
                    f.write(ir)
                for pipe in pipes:
                    cid = "s%d-n%d%s-%s-%s" % (seed, size, "v" if scalable else "",
                                               mode, pipe)
                    rc, err, to, cmd = run_opt(opt_cmd, pipe, path, args.timeout)
                    cls, sig = classify(rc, err, to)
                    if cls in FAILURES and plugin_mtime(opt_cmd) != mtime0:
                        # The plugin was rebuilt meanwhile: once more.
                        time.sleep(5)
                        mtime0 = plugin_mtime(opt_cmd)
                        rc, err, to, cmd = run_opt(opt_cmd, pipe, path, args.timeout)
                        cls, sig = classify(rc, err, to)
                    counts[cls] += 1
                    if cls == "REFUSED":
                        refusals.setdefault(sig, [0, cid])[0] += 1
                    if args.verbose or cls in FAILURES:
                        print("%-34s %-9s %s" % (cid, cls, sig), flush=True)
                    if cls in FAILURES or args.keep_all:
                        keep = os.path.join(out, cid + ".ll")
                        shutil.copyfile(path, keep)
                        with open(keep + ".stderr", "w") as f:
                            f.write(err)
                    if cls in FAILURES:
                        case = {"id": cid, "seed": seed, "size": size,
                                "scalable": scalable,
                                "mode": mode, "pipeline": pipe, "class": cls,
                                "signature": sig, "timeout": args.timeout,
                                "opt": " ".join(shlex.quote(c) for c in opt_cmd),
                                "command": " ".join(shlex.quote(c) for c in cmd[:-1] + [keep])}
                        with open(keep + ".json", "w") as f:
                            json.dump(case, f, indent=1)
                        failures.setdefault((cls, sig), []).append(cid)
                os.unlink(path)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    # One reduction per distinct failure (the smallest input).
    reduced = {}
    if failures and not args.no_reduce:
        for (cls, sig), cids in sorted(failures.items()):
            cid = min(cids, key=lambda c: os.path.getsize(os.path.join(out, c + ".ll")))
            src = os.path.join(out, cid + ".ll")
            dst = os.path.join(out, cid + ".reduced.ll")
            if cls == "TIMEOUT":
                continue  # reducing a timeout takes a timeout per step
            ok, secs = reduce_case(args, src + ".json", src, dst)
            reduced[(cls, sig)] = dst if ok else None
            print("adstress: reduced %s in %.0f s: %s" %
                  (cid, secs, dst if ok else "failed (see %s.log)" % dst), flush=True)

    total = sum(counts.values())
    nfail = sum(counts[k] for k in FAILURES)
    report = []
    if seeds_done:
        report.append("seeds %d..%d (%d seeds), sizes %d..%d, modes %s, "
                      "pipelines %s, %.0f s" % (
                          seeds_done[0], seeds_done[-1], len(seeds_done), smin,
                          smax, ",".join(modes), ",".join(pipes),
                          time.time() - t_start))
    report.append("counts: " + ", ".join("%s %d" % kv for kv in counts.items()))
    if refusals:
        report.append("refusals:")
        for sig, (n, cid) in sorted(refusals.items(), key=lambda kv: -kv[1][0]):
            report.append("  %5d  %s  (e.g. %s)" % (n, sig, cid))
    if failures:
        report.append("distinct failures:")
        for (cls, sig), cids in sorted(failures.items()):
            report.append("  %-9s %s" % (cls, sig))
            report.append("            %d cases, e.g. %s" % (
                len(cids), ", ".join(sorted(cids)[:4])))
            if reduced.get((cls, sig)):
                report.append("            reduced: %s" % reduced[(cls, sig)])
    report.append("adstress: %d cases: %d ok, %d refused, %d failed" % (
        total, counts["OK"], counts["REFUSED"], nfail))
    text = "\n".join(report)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(text + "\n")
    print(text)
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
