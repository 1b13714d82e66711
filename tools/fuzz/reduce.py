"""Shrinks a failing program while it keeps failing the same way (same
classification, mode and level; same crash signature). Candidates delete
top-level definitions, statements and brace-balanced blocks, unwrap
blocks (keep one branch, run a loop body once), and replace calls and
parenthesized expressions by one of their operands. A candidate is kept
only if its oracle still compiles, runs, gives usable values and is clean
under ASan/UBSan (when installed) with the same output whatever the
initial contents of stack and heap memory (no uninitialized reads)."""

import hashlib
import os
import re
import tempfile
import time

from . import build
from .config import src_suffix
from .generator import BEGIN, generate
from .harness import source
from .runner import FAILURES, ad_build, prepare, run_case

def key_detail(status, detail):
    if status in ("compiler-crash", "internal-error", "compile-error"):
        return detail
    if status == "runtime-crash":
        return str(detail).split(":")[0]
    return ""


# ---- structure of the program text ------------------------------------
def is_opener(line):
    return line.rstrip().endswith("{")


def is_closer(line):
    return line.strip().startswith("}")


def unit_end(lines, i):
    """Last line of the statement or block starting at line i."""
    if not is_opener(lines[i]):
        return i
    depth = 0
    for k in range(i, len(lines)):
        if is_closer(lines[k]):
            depth -= 1
        if is_opener(lines[k]):
            depth += 1
        if depth == 0:
            return k
    return len(lines) - 1


def units(lines, top_only=False):
    out = []
    for i, l in enumerate(lines):
        s = l.strip()
        if not s or is_closer(l) or s == BEGIN:
            continue
        if top_only and l[:1] in (" ", "\t"):
            continue
        out.append((i, unit_end(lines, i)))
    return out


def split_top(s, seps):
    """Splits s at the separators that are outside parentheses/brackets."""
    parts, depth, cur, i = [], 0, "", 0
    while i < len(s):
        ch = s[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if depth == 0:
            hit = next((sep for sep in seps if s.startswith(sep, i)), None)
            if hit:
                parts.append(cur)
                cur = ""
                i += len(hit)
                continue
        cur += ch
        i += 1
    parts.append(cur)
    return [p.strip() for p in parts]


def paren_spans(line):
    """(start, end, callee) of each balanced (...) group; start includes
    the callee name."""
    spans, stack = [], []
    for i, ch in enumerate(line):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            s = stack.pop()
            m = re.search(r"([A-Za-z_][A-Za-z_0-9]*(?:::[A-Za-z_][A-Za-z_0-9]*)?(?:<[^<>()]*>)?)$",
                          line[:s])
            callee = m.group(1) if m else None
            start = m.start(1) if m else s
            spans.append((start, i + 1, callee, s))
    return spans


KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do",
            # memory functions stay (a pointer made of an integer is not a
            # simpler program)
            "malloc", "calloc", "realloc", "free", "memcpy", "memmove", "memset"}


def expr_candidates(line):
    """Simpler versions of one line."""
    out = []
    spans = paren_spans(line)
    spans.sort(key=lambda s: s[0] - s[1])           # biggest first
    for start, end, callee, lp in spans:
        inner = line[lp + 1:end - 1]
        if callee in KEYWORDS:
            continue
        if callee and callee[0].isalpha() and callee not in ("int", "double", "size_t"):
            for arg in split_top(inner, [","]):
                if arg:
                    out.append(line[:start] + "(" + arg + ")" + line[end:])
        elif not callee:
            parts = split_top(inner, [" ? "])
            if len(parts) == 2:
                for b in split_top(parts[1], [" : "]):
                    out.append(line[:start] + "(" + b + ")" + line[end:])
                continue
            ops = split_top(inner, [" + ", " - ", " * ", " / ", " && ", " || "])
            if len(ops) > 1:
                for o in ops:
                    out.append(line[:start] + "(" + o + ")" + line[end:])
    m = re.match(r"^(\s*)([A-Za-z_][\w\[\]\.\->% +()-]*?) (=|\+=|-=|\*=) (.+);$", line)
    if m and "(" in m.group(4):
        for leaf in ("0.5", "1.0"):
            out.append("%s%s %s %s;" % (m.group(1), m.group(2), m.group(3), leaf))
    return out


def unwrap_candidates(lines, i, j):
    """Replacements of the block lines[i..j] by simpler code."""
    head = lines[i].strip()
    ind = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
    body = lines[i + 1:j]
    out = []
    if head.startswith("if ") or head.startswith("} else"):
        # branches: split at '} else' lines of this depth
        branches, cur, depth = [], [], 0
        for l in body:
            if depth == 0 and is_closer(l) and is_opener(l):
                branches.append(cur)
                cur = []
                continue
            if is_closer(l):
                depth -= 1
            if is_opener(l):
                depth += 1
            cur.append(l)
        branches.append(cur)
        for b in branches:
            out.append([ind + "{"] + b + [ind + "}"])
        if len(branches) > 1:
            first_else = i + 1 + len(branches[0])
            out.append(lines[i:first_else] + [ind + "}"])
    else:
        m = re.match(r"for \(int (\w+) = ", head)
        pre = [ind + "  int %s = 0;" % m.group(1)] if m else []
        out.append([ind + "{"] + pre + body + [ind + "}"])
        if head == "{":
            out.append([l[2:] if l.startswith("  ") else l for l in body])
    return out


# ---- the check ----------------------------------------------------------
class Reducer:
    def __init__(self, case, opts, log=print):
        self.case = case
        self.opts = opts
        self.log = log
        self.prog = generate(case.seed, case.lang, case.attempt, opts.disabled)
        body = self.prog.body
        self.lines = body.rstrip("\n").split("\n")
        self.want = (case.status, key_detail(case.status, case.detail))
        self.cache = {}
        self.tests = 0
        self.work = tempfile.mkdtemp(prefix="adfuzz-reduce-", dir=opts.tmp)
        self.san = build.sanitizers_available(opts.tools, case.lang, self.work)

    def text(self, lines):
        return "\n".join(lines) + "\n"

    def status(self, lines):
        """(status, key detail) of the candidate, or None if invalid."""
        body = self.text(lines)
        prep, bad = prepare(self.case.seed, self.case.lang, self.opts, self.work,
                            body=body, prog=self.prog)
        if prep is None:
            return None
        c = self.case
        built = ad_build(prep, c.level, [c.mode], self.opts, self.work)
        st, det, exe, r = built[c.mode]
        if st != "ok":
            return st, key_detail(st, det)
        st, v, x = run_case(prep, c.level, c.mode, exe, False, self.opts)
        return st, key_detail(st, v if isinstance(v, str) else "")

    def clean(self, lines):
        """The oracle is free of UB and uninitialized reads."""
        text = source(self.prog, self.text(lines))
        src = os.path.join(self.work, "san" + src_suffix(self.case.lang))
        with open(src, "w") as f:
            f.write(text)
        outs = []
        for init, fill in (("pattern", "190"), ("zero", "0")):
            exe = os.path.join(self.work, "san_" + init)
            if self.san:
                cmd = build.oracle_cmd(self.opts.tools, self.case.lang, src, exe, sanitize=init)
            else:
                cmd = build.oracle_cmd(self.opts.tools, self.case.lang, src, exe)
                cmd[3:3] = ["-ftrivial-auto-var-init=" + init]
            r = build.compile_(cmd)
            if r.rc != 0:
                return False
            env = dict(os.environ, ASAN_OPTIONS="malloc_fill_byte=%s:detect_leaks=0" % fill,
                       MALLOC_PERTURB_=fill if fill != "0" else "")
            x = build.execute(exe, env=env, timeout=60)
            if x.rc != 0 or x.timeout:
                return False
            outs.append(x.out)
        return outs[0] == outs[1]

    def test(self, lines):
        h = hashlib.sha1(self.text(lines).encode()).hexdigest()
        if h in self.cache:
            return self.cache[h]
        self.tests += 1
        got = self.status(lines)
        ok = got == self.want and self.clean(lines)
        self.cache[h] = ok
        return ok

    # ---- passes ---------------------------------------------------------
    def try_replace(self, i, j, new):
        cand = self.lines[:i] + new + self.lines[j + 1:]
        if cand != self.lines and self.test(cand):
            self.lines = cand
            return True
        return False

    def pass_delete(self, top_only):
        changed = False
        us = units(self.lines, top_only)
        us.sort(key=lambda u: u[0] - u[1])       # biggest first
        done = set()
        while us:
            i, j = us.pop(0)
            if self.over():
                break
            key = tuple(self.lines[i:j + 1])
            if key in done:
                continue
            done.add(key)
            if self.try_replace(i, j, []):
                changed = True
                us = [u for u in units(self.lines, top_only)]
                us.sort(key=lambda u: u[0] - u[1])
        return changed

    def pass_unwrap(self):
        changed = False
        k = 0
        while k < len(self.lines) and not self.over():
            l = self.lines[k]
            if is_opener(l) and not is_closer(l) and l[:1] == " ":
                j = unit_end(self.lines, k)
                for new in unwrap_candidates(self.lines, k, j):
                    if self.try_replace(k, j, new):
                        changed = True
                        break
            k += 1
        return changed

    def pass_expr(self):
        changed = False
        for k in range(len(self.lines)):
            if self.over():
                break
            progress = True
            while progress and not self.over():
                progress = False
                for new in expr_candidates(self.lines[k]):
                    if self.try_replace(k, k, [new]):
                        changed = progress = True
                        break
        return changed

    def pass_tidy(self):
        """Cosmetics: drops redundant parentheses and blank lines."""
        self.lines = [l for i, l in enumerate(self.lines)
                      if l.strip() or (i > 0 and self.lines[i - 1].strip())]
        rules = [(re.compile(r"\(\(([^()]*)\)\)"), r"(\1)"),
                 (re.compile(r"(?<![\w\]])\(([A-Za-z_]\w*(?:\[[^\[\]]*\])?|-?[\d.]+)\)"), r"\1")]
        for k in range(len(self.lines)):
            while not self.over():          # ((e)) -> (e), = (e); -> = e;
                line = self.lines[k]
                cands = []
                for start, end, callee, lp in paren_spans(line):
                    if callee is None and (
                            (line[start - 1:start] == "(" and line[end:end + 1] == ")") or
                            (re.search(r"(= |return )$", line[:start]) and line[end:] == ";")):
                        cands.append(line[:start] + line[start + 1:end - 1] + line[end:])
                if not any(self.try_replace(k, k, [c]) for c in cands):
                    break
            for pat, rep in rules:
                while not self.over():
                    new = pat.sub(rep, self.lines[k])
                    if new == self.lines[k] or not self.try_replace(k, k, [new]):
                        break

    def over(self):
        return time.time() > self.deadline

    def run(self, budget):
        self.deadline = time.time() + budget
        if not self.test(self.lines):
            self.log("  reduce: the failure does not reproduce alone (or the program is not clean)")
            return None
        start = len(self.lines)
        for _ in range(4):
            ch = self.pass_delete(True)
            ch |= self.pass_delete(False)
            ch |= self.pass_unwrap()
            ch |= self.pass_delete(False)
            ch |= self.pass_expr()
            if not ch or self.over():
                break
        self.pass_tidy()
        self.log("  reduce: %d -> %d lines in %d tests%s" % (
            start, len(self.lines), self.tests, " (time budget reached)" if self.over() else ""))
        return self.text(self.lines)


def reduce_case(case, opts, log=print):
    """Reduces case (a failure); writes the reduced program next to the
    saved one and returns its path (or None)."""
    if case.status not in FAILURES or case.status == "generator-error":
        return None
    r = Reducer(case, opts, log)
    body = r.run(opts.reduce_time)
    if body is None:
        return None
    d = os.path.dirname(case.saved) if case.saved else opts.out
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "reduced-O%d-%s%s" % (case.level, case.mode, src_suffix(case.lang)))
    with open(path, "w") as f:
        f.write(source(r.prog, body))
    case.reduced = path
    case.reduced_body = body
    return path
