"""Paths of the tools adfuzz runs, and the numerical constants of the check."""
import os
import re
import shutil

TOOLS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(TOOLS_DIR)

N_MAX = 8                 # arrays hold at most N_MAX elements; 1 <= n <= N_MAX
STEPS = (1e-4, 1e-6, 1e-5)  # finite-difference steps, scaled by max(1, |input|);
                           # the third tells a discontinuity next to the point
KINK_RTOL = 1e-3          # the two finite differences disagree: kink, skipped
GRAD_RTOL = 1e-5          # AD vs finite difference
GRAD_ATOL = 1e-8          # absolute floor, times the size of the values
PRIMAL_RTOL = 1e-9        # primal of the AD build vs the oracle's
PRIMAL_ATOL = 1e-12
VALUE_LIMIT = 1e6         # programs whose values exceed this are regenerated
COMPILE_TIMEOUT = 120
RUN_TIMEOUT = 10


class Tools:
    """The compilers: ad-clang/ad-clang++ (with the plugin) and the plain
    clang/clang++ they wrap (for the oracle, built without the plugin)."""

    def __init__(self, bin_dir=None):
        self.bin_dir = os.path.abspath(bin_dir or os.path.join(REPO, "build", "bin"))
        self.ad_clang = os.path.join(self.bin_dir, "ad-clang")
        self.ad_clangxx = os.path.join(self.bin_dir, "ad-clang++")
        self.clang = self._wrapped(self.ad_clang) or shutil.which("clang-19") or "clang-19"
        self.clangxx = self._wrapped(self.ad_clangxx) or shutil.which("clang++-19") or "clang++-19"

    @staticmethod
    def _wrapped(wrapper):
        try:
            with open(wrapper) as f:
                m = re.search(r'exec "([^"]+)"', f.read())
            return m.group(1) if m else None
        except OSError:
            return None

    def check(self):
        missing = [p for p in (self.ad_clang, self.ad_clangxx) if not os.access(p, os.X_OK)]
        return missing

    def ad(self, lang):
        return self.ad_clangxx if lang == "c++" else self.ad_clang

    def plain(self, lang):
        return self.clangxx if lang == "c++" else self.clang


def std_flag(lang):
    return "-std=c++17" if lang == "c++" else "-std=c11"


def src_suffix(lang):
    return ".cpp" if lang == "c++" else ".c"
