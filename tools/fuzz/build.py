"""Compiling and running the oracle and the AD builds, with time limits."""

import os
import shlex
import signal
import subprocess

from .config import COMPILE_TIMEOUT, RUN_TIMEOUT, std_flag


class Result:
    def __init__(self, cmd, rc, out, err, timeout=False):
        self.cmd = cmd
        self.rc = rc
        self.out = out
        self.err = err
        self.timeout = timeout

    @property
    def signal(self):
        return -self.rc if self.rc is not None and self.rc < 0 else None

    def cmdline(self):
        return " ".join(shlex.quote(c) for c in self.cmd)


def run(cmd, timeout, env=None, cwd=None):
    """Runs cmd in its own process group; kills the group on timeout."""
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, cwd=cwd, start_new_session=True)
    except OSError as e:
        return Result(cmd, 127, "", str(e))
    try:
        out, err = p.communicate(timeout=timeout)
        return Result(cmd, p.returncode, out.decode(errors="replace"), err.decode(errors="replace"))
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = p.communicate()
        return Result(cmd, None, out.decode(errors="replace"), err.decode(errors="replace"), True)


def oracle_cmd(tools, lang, src, exe, sanitize=None):
    cmd = [tools.plain(lang), std_flag(lang), "-O0", "-DADFUZZ_ORACLE", src, "-o", exe, "-lm"]
    cmd[3:3] = ["-Werror=return-type", "-Werror=uninitialized", "-Werror=sometimes-uninitialized",
                "-Werror=implicit-function-declaration"]
    if sanitize:
        cmd[3:3] = ["-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                    "-ftrivial-auto-var-init=" + sanitize]
    return cmd


def ad_cmd(tools, lang, src, exe, level, defines=(), modes=("rev", "fwd")):
    cmd = [tools.ad(lang), std_flag(lang), "-O%d" % level, "-w", "-DADFUZZ_AD"]
    cmd += ["-D" + d for d in defines]
    cmd += [src, "-o", exe]
    return cmd


def compile_(cmd, retries=2):
    """Compiles; retries when the plugin could not be loaded (it may be
    being rebuilt by someone else)."""
    import time
    for attempt in range(retries + 1):
        r = run(cmd, COMPILE_TIMEOUT)
        transient = ("could not load plugin" in r.err or "cannot open shared object" in r.err
                     or "file too short" in r.err or "invalid ELF header" in r.err
                     or "undefined symbol" in r.err and "libADPass" in r.err)
        if not transient or attempt == retries:
            return r
        time.sleep(5)
    return r


def execute(exe, args=(), timeout=RUN_TIMEOUT, env=None):
    return run([exe] + list(args), timeout, env=env)


_san_ok = {}


def sanitizers_available(tools, lang, tmpdir):
    """Whether the sanitizer runtimes are installed (libclang-rt-19-dev)."""
    if lang in _san_ok:
        return _san_ok[lang]
    ext = ".cpp" if lang == "c++" else ".c"
    src = os.path.join(tmpdir, "san_probe" + ext)
    with open(src, "w") as f:
        f.write("int main(void) { return 0; }\n")
    exe = os.path.join(tmpdir, "san_probe")
    r = run([tools.plain(lang), "-fsanitize=address,undefined", src, "-o", exe], 60)
    _san_ok[lang] = r.rc == 0 and run([exe], 10).rc == 0
    return _san_ok[lang]
