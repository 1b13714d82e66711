"""Reads the compiler's output: a crash, a verifier error, an ADPass
refusal (a located `error: ADPass:` diagnostic) or an ordinary error."""

import re

CRASH_MARKS = ["PLEASE submit a bug report", "Stack dump:", "LLVM ERROR", "Assertion",
               "frontend command failed", "UNREACHABLE", "Segmentation fault",
               "Broken module", "Instruction does not dominate",
               "Referring to an instruction in another function"]
HARD_CRASH_MARKS = ["PLEASE submit a bug report", "Stack dump:", "LLVM ERROR",
                    "frontend command failed", "UNREACHABLE", "Segmentation fault"]
VERIFIER_MARKS = ["Broken module", "does not dominate", "verify", "Verifier",
                  "Referring to an instruction in another function"]

ADPASS_RE = re.compile(r"error: ADPass: (.*)")


def normalize(msg):
    """A refusal message without what varies between programs."""
    msg = re.sub(r"^.*?error: ADPass: ", "", msg.strip())
    msg = re.sub(r"'[^']*'", "'…'", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    msg = re.sub(r"\(.*?\)$", "", msg).strip()
    return msg


def crash_key(err):
    """A short signature of a compiler crash, for grouping and reduction."""
    for line in err.splitlines():
        for pat in ("LLVM ERROR: ", "Assertion ", "internal error"):
            if pat in line:
                return re.sub(r"\b0x[0-9a-f]+\b|%\S+|\b\d+\b", "#", line.strip())[:160]
    for line in err.splitlines():
        if "Broken module" in line or "does not dominate" in line or "Referring" in line:
            return line.strip()[:160]
    m = re.search(r"^\s*#\d+ 0x[0-9a-f]+ \S+ (\S+)", err, re.M)
    return "crash in " + m.group(1) if m else "crash"


def classify_compile(r):
    """(status, detail) for a finished compile: ok, refused (detail: the
    normalized messages), compiler-crash, internal-error, compile-error,
    compile-timeout."""
    if r.timeout:
        return "compile-timeout", "timeout"
    err = r.err
    ad = [m.group(1) for m in ADPASS_RE.finditer(err)]
    crashed = (r.rc is not None and r.rc < 0) or any(m in err for m in HARD_CRASH_MARKS)
    if not crashed:
        if any("internal error" in m for m in ad):
            m = next(m for m in ad if "internal error" in m)
            return "internal-error", re.sub(r"\b\d+\b", "N", re.sub(r"'[^']*'", "'…'", m))[:200]
        if ad:
            return "refused", sorted(set(normalize(m) for m in ad))
    if r.rc == 0 and not crashed:
        return "ok", ""
    if crashed or any(m in err for m in CRASH_MARKS):
        return "compiler-crash", crash_key(err)
    first = next((l for l in err.splitlines() if "error" in l), err.strip()[:200])
    return "compile-error", first.strip()[:200]
