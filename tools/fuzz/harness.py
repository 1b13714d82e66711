"""The main() appended to each program.

-DADFUZZ_ORACLE (built without the plugin): prints the primal (result and
final x) and central finite differences of both, at two step sizes, for
each active input (a column of the Jacobian) and for one dense direction.

-DADFUZZ_AD (built with ad-clang): prints the primal of a plain call, the
reverse gradient of L = f + w . x_final (dx seeded with w) and x after the
call, and forward tangents along each unit direction and the dense one
with f's result (ad_result) and x after the call. `prog rev|fwd` runs one
mode only. ADFUZZ_INJECT_* perturb what it prints (self-check).

Output lines: `<tag> <run> [<index>...] <values %.17g>`."""

import random

from .config import STEPS


def _arr(name, vals):
    return "__attribute__((unused)) static const double %s[%d] = {%s};" % (
        name, len(vals), ", ".join(repr(float(v)) for v in vals))


def call_args(prog, values):
    """f's argument list, from the values of each parameter kind."""
    return ", ".join(values[p.kind] for p in prog.params)


def ad_args(prog, mode, rng):
    """The activity-annotated arguments of __ad_autodiff/__ad_fwddiff."""
    out = []
    for p in prog.params:
        k = p.kind
        if k == "x":
            out.append(("ad_dup, x, dx" if rng.random() < 0.6 else "x, dx") if mode == "rev"
                       else ("ad_dup, x, tx" if rng.random() < 0.6 else "x, tx"))
        elif k == "p":
            if prog.p_active:
                out.append("ad_dup, p, dp" if mode == "rev" else "ad_dup, p, tp")
            else:
                out.append("ad_const, p")
        elif k == "a":
            if not prog.a_active:
                out.append("ad_const, a")
            elif mode == "rev":
                out.append("ad_out, a" if rng.random() < 0.5 else "a")
            else:
                out.append("ad_dup, a, ta")
        else:
            out.append("ad_const, n" if rng.random() < 0.4 else "n")
    if mode == "fwd":
        out.insert(rng.randrange(len(out) + 1), "ad_result, &res")
    return ", ".join(out)


def vec_args(prog, rng, mode="fwd"):
    """The arguments of the width-3 __ad_fwddiff (mode "fwd") or
    __ad_autodiff (mode "rev", ADFUZZ_VEC_REV) call: each shadow or tangent
    three times."""
    out = []
    for p in prog.params:
        k = p.kind
        if k == "x":
            out.append(("ad_dup, " if rng.random() < 0.6 else "") + "x, vx[0], vx[1], vx[2]")
        elif k == "p":
            out.append("ad_dup, p, vp[0], vp[1], vp[2]" if prog.p_active else "ad_const, p")
        elif k == "a":
            active = "ad_out, a" if mode == "rev" else "ad_dup, a, va[0], va[1], va[2]"
            out.append(active if prog.a_active else "ad_const, a")
        else:
            out.append("ad_const, n" if rng.random() < 0.4 else "n")
    if mode == "fwd":
        out.insert(rng.randrange(len(out) + 1), "ad_result, &res")
    out.insert(rng.randrange(len(out) + 1), "ad_width, 3")
    return ", ".join(out)


def harness(prog):
    rng = random.Random(prog.marker_rng)
    L = []
    e = L.append
    e("#if defined(ADFUZZ_ORACLE) || defined(ADFUZZ_AD)")
    e("#define ADF_NRUNS %d" % len(prog.ns))
    e("static const int adf_ns[ADF_NRUNS] = {%s};" % ", ".join(map(str, prog.ns)))
    e(_arr("adf_x0", prog.x0))
    e(_arr("adf_p0", prog.p0))
    e("static const double adf_a0 = %r;" % float(prog.a0))
    e(_arr("adf_w", prog.w))
    e(_arr("adf_v", prog.v))
    e("#define ADF_NSTEPS %d" % len(STEPS))
    e("__attribute__((unused)) static const double adf_steps[ADF_NSTEPS] = {%s};"
      % ", ".join(repr(h) for h in STEPS))
    e("static const int adf_p_active = %d, adf_a_active = %d;" % (prog.p_active, prog.a_active))
    e("""static int adf_nslots(int n) { return n + (adf_p_active ? n : 0) + adf_a_active; }
/* the input of slot s: x[s], then p[s - n] if p is active, then a */
static double *adf_slot(int s, int n, double *x, double *p, double *a) {
  if (s < n) return &x[s];
  if (adf_p_active && s < 2 * n) return &p[s - n];
  return a;
}
/* the dense direction's component for slot s */
static double adf_dir(int s, int n) {
  if (s < n) return adf_v[s];
  if (adf_p_active && s < 2 * n) return adf_v[N_MAX + s - n];
  return adf_v[2 * N_MAX];
}
static void adf_print(const char *tag, int r, int d, double v0, double v1, int two,
                      const double *v, int k) {
  printf("%s %d", tag, r);
  if (d >= 0) printf(" %d", d);
  printf(" %.17g", v0);
  if (two) printf(" %.17g", v1);
  for (int i = 0; i < k; i++) printf(" %.17g", v[i]);
  printf("\\n");
  fflush(stdout);
}
#endif
""")
    vals = {"x": "x", "p": "p", "a": "a", "n": "n"}
    # ---- oracle ----
    e("#ifdef ADFUZZ_ORACLE")
    e("""static double adf_eval(const double *xin, const double *pin, double a, int n,
                       double *xf) {
  double *x = (double *)malloc(sizeof(double) * (size_t)n);
  double *p = (double *)malloc(sizeof(double) * (size_t)n);
  memcpy(x, xin, sizeof(double) * (size_t)n);
  memcpy(p, pin, sizeof(double) * (size_t)n);
  (void)a;
  (void)p;
  double ret = %s(%s);
  memcpy(xf, x, sizeof(double) * (size_t)n);
  free(x);
  free(p);
  return ret;
}
int main(void) {
  for (int r = 0; r < ADF_NRUNS; r++) {
    int n = adf_ns[r], ns = adf_nslots(n);
    double xin[N_MAX], pin[N_MAX], a = adf_a0, xf[N_MAX], xg[N_MAX], col[N_MAX];
    memcpy(xin, adf_x0, sizeof xin);
    memcpy(pin, adf_p0, sizeof pin);
    double ret = adf_eval(xin, pin, a, n, xf);
    adf_print("primal", r, -1, ret, 0, 0, xf, n);
    /* f must not depend on earlier calls (globals written before read) */
    double ret2 = adf_eval(xin, pin, a, n, xg);
    if (memcmp(&ret, &ret2, sizeof ret) != 0 || memcmp(xf, xg, sizeof(double) * (size_t)n) != 0)
      printf("history %%d\\n", r);
    for (int s = 0; s < ns; s++) {
      for (int h = 0; h < ADF_NSTEPS; h++) {
        double *v = adf_slot(s, n, xin, pin, &a), v0 = *v;
        double step = adf_steps[h] * fmax(1.0, fabs(v0));
        volatile double vp = v0 + step, vm = v0 - step;
        *v = vp;
        double rp = adf_eval(xin, pin, a, n, xf);
        *v = vm;
        double rm = adf_eval(xin, pin, a, n, xg);
        *v = v0;
        for (int i = 0; i < n; i++) col[i] = (xf[i] - xg[i]) / (vp - vm);
        printf("col %%d %%d", r, s);
        adf_print("", h, -1, (rp - rm) / (vp - vm), 0, 0, col, n);
      }
    }
    for (int h = 0; h < ADF_NSTEPS; h++) {
      double big = 1.0;
      for (int s = 0; s < ns; s++) big = fmax(big, fabs(*adf_slot(s, n, xin, pin, &a)));
      double step = adf_steps[h] * big, rpm[2];
      double xs[N_MAX], ps[N_MAX], as = a;
      memcpy(xs, xin, sizeof xs);
      memcpy(ps, pin, sizeof ps);
      for (int sg = 0; sg < 2; sg++) {
        double sign = sg == 0 ? 1.0 : -1.0;
        for (int s = 0; s < ns; s++)
          *adf_slot(s, n, xin, pin, &a) = *adf_slot(s, n, xs, ps, &as) + sign * step * adf_dir(s, n);
        rpm[sg] = adf_eval(xin, pin, a, n, sg == 0 ? xf : xg);
      }
      memcpy(xin, xs, sizeof xs);
      memcpy(pin, ps, sizeof ps);
      a = as;
      for (int i = 0; i < n; i++) col[i] = (xf[i] - xg[i]) / (2 * step);
      printf("dir %%d", r);
      adf_print("", h, -1, (rpm[0] - rpm[1]) / (2 * step), 0, 0, col, n);
    }
  }
  return 0;
}
#endif
""" % (prog.fn, call_args(prog, vals)))
    # ---- AD build ----
    e("#ifdef ADFUZZ_AD")
    e("""#ifndef ADFUZZ_INJECT_RUN
#define ADFUZZ_INJECT_RUN 0
#endif
__attribute__((unused)) static double adf_bump(double v) { return v * (1.0 + 1e-3) + (v == 0 ? 1e-3 : 0.0); }
typedef struct { double d[3]; } adf_vec3;
adf_vec3 __ad_fwddiff_adfv3(void *, ...);
adf_vec3 __ad_autodiff_adfv3(void *, ...);
__attribute__((unused)) static int adf_same(double u, double v) { return u == v || (u != u && v != v); }
/* Equal up to rounding: reverse mode may reassociate adjoint sums
 * (vectorized differently in the scalar and the vector derivative), and in
 * both modes C's default contraction (a*b+c as llvm.fmuladd) may be fused
 * in one derivative and not in the other once each is inlined where it was
 * asked for (seed 510237 at -O1: equal with -ffp-contract=off). */
__attribute__((unused)) static int adf_close(double u, double v) {
  return adf_same(u, v) || fabs(u - v) <= 1e-12 * (fabs(u) + fabs(v)) + 1e-300;
}
static void adf_reset(double *x, double *p, double *a, int n) {
  memcpy(x, adf_x0, sizeof(double) * (size_t)n);
  memcpy(p, adf_p0, sizeof(double) * (size_t)n);
  *a = adf_a0;
}
int main(int argc, char **argv) {
  int do_rev = argc < 2 || strcmp(argv[1], "fwd") != 0;
  int do_fwd = argc < 2 || strcmp(argv[1], "rev") != 0;
  (void)do_rev;
  (void)do_fwd;
  for (int r = 0; r < ADF_NRUNS; r++) {
    int n = adf_ns[r], ns = adf_nslots(n);
    size_t bytes = sizeof(double) * (size_t)n;
    double *x = (double *)malloc(bytes), *p = (double *)malloc(bytes);
    double *dx = (double *)malloc(bytes), *dp = (double *)malloc(bytes);
    double *tx = (double *)malloc(bytes), *tp = (double *)malloc(bytes);
    double a, g[2 * N_MAX + 1];
    (void)p; (void)dp; (void)tp;
    adf_reset(x, p, &a, n);
    double ret = %(call)s;
#ifdef ADFUZZ_INJECT_PRIMAL
    if (r == ADFUZZ_INJECT_RUN) ret = adf_bump(ret);
#endif
    adf_print("primal", r, -1, ret, 0, 0, x, n);
#ifndef ADFUZZ_NO_REV
    if (do_rev) {
      printf("begin rev %%d\\n", r);
      fflush(stdout);
      adf_reset(x, p, &a, n);
      for (int i = 0; i < n; i++) dx[i] = adf_w[i], dp[i] = 0.0;
#ifdef ADFUZZ_INJECT_CRASH
      if (r == ADFUZZ_INJECT_RUN) abort();
#endif
      double da = __ad_autodiff((void *)%(fnaddr)s, %(rev)s);
      (void)da;
      for (int s = 0; s < ns; s++)
        g[s] = s < n ? dx[s] : (adf_p_active && s < 2 * n) ? dp[s - n] : da;
#ifdef ADFUZZ_INJECT_GRAD
      if (r == ADFUZZ_INJECT_RUN) g[ADFUZZ_INJECT_GRAD] = adf_bump(g[ADFUZZ_INJECT_GRAD]);
#endif
#ifdef ADFUZZ_INJECT_NAN
      if (r == ADFUZZ_INJECT_RUN) g[ADFUZZ_INJECT_NAN] = NAN;
#endif
      adf_print("rev", r, -1, g[0], 0, 0, g + 1, ns - 1);
      adf_print("revx", r, -1, x[0], 0, 0, x + 1, n - 1);
#ifdef ADFUZZ_VEC_REV
      /* Vector reverse mode (opt-in: callees that stay calls are refused
       * there): three lanes of seeds, each equal to its scalar call. */
      {
        int same = 1;
        double *vx[3], *vp[3], *sx[3], *sp[3], sa[3];
        for (int l = 0; l < 3; l++) {
          vx[l] = (double *)malloc(bytes), vp[l] = (double *)malloc(bytes);
          sx[l] = (double *)malloc(bytes), sp[l] = (double *)malloc(bytes);
        }
        for (int l = 0; l < 3; l++) {
          adf_reset(x, p, &a, n);
          for (int i = 0; i < n; i++) dx[i] = adf_w[i] * (1.0 + l) + 0.25 * l, dp[i] = 0.0;
          sa[l] = __ad_autodiff((void *)%(fnaddr)s, %(rev)s);
          memcpy(sx[l], dx, bytes);
          memcpy(sp[l], dp, bytes);
        }
        adf_reset(x, p, &a, n);
        for (int l = 0; l < 3; l++)
          for (int i = 0; i < n; i++) vx[l][i] = adf_w[i] * (1.0 + l) + 0.25 * l, vp[l][i] = 0.0;
        adf_vec3 t = __ad_autodiff_adfv3((void *)%(fnaddr)s, %(vecrev)s);
        for (int l = 0; l < 3; l++) {
          if (adf_a_active) same &= adf_close(t.d[l], sa[l]);
          for (int i = 0; i < n; i++)
            same &= adf_close(vx[l][i], sx[l][i]) && (!adf_p_active || adf_close(vp[l][i], sp[l][i]));
        }
        printf("revvec %%d %%d\\n", r, same);
        for (int l = 0; l < 3; l++) free(vx[l]), free(vp[l]), free(sx[l]), free(sp[l]);
      }
#endif
    }
#endif
#ifndef ADFUZZ_NO_FWD
    if (do_fwd) {
      printf("begin fwd %%d\\n", r);
      fflush(stdout);
      for (int d = 0; d <= ns; d++) {
        double ta = 0.0, res = 0.0;
        adf_reset(x, p, &a, n);
        for (int s = 0; s < ns; s++) {
          double v = d < ns ? (s == d) : adf_dir(s, n);
          *adf_slot(s, n, tx, tp, &ta) = v;
        }
        if (!adf_p_active)
          for (int i = 0; i < n; i++) tp[i] = 0.0;
        double t = __ad_fwddiff((void *)%(fnaddr)s, %(fwd)s);
        (void)ta;
#ifdef ADFUZZ_INJECT_TAN
        if (r == ADFUZZ_INJECT_RUN && d == ADFUZZ_INJECT_TAN) t = adf_bump(t);
#endif
        adf_print("fwd", r, d, t, res, 1, tx, n);
        adf_print("fwdx", r, d, x[0], 0, 0, x + 1, n - 1);
      }
#ifndef ADFUZZ_NO_VEC
      /* Vector mode: three lanes (directions e_0, e_last, dense), each
       * equal to its scalar call bit for bit. */
      {
        int dirs[3] = {0, ns - 1, ns}, same = 1;
        double *vx[3], *vp[3], *sx[3], va[3], st[3], vres = 0.0;
        for (int l = 0; l < 3; l++) {
          vx[l] = (double *)malloc(bytes), vp[l] = (double *)malloc(bytes);
          sx[l] = (double *)malloc(bytes);
        }
        for (int l = 0; l < 3; l++) {
          double ta = 0.0, res = 0.0;
          adf_reset(x, p, &a, n);
          for (int s = 0; s < ns; s++)
            *adf_slot(s, n, tx, tp, &ta) = dirs[l] < ns ? (s == dirs[l]) : adf_dir(s, n);
          if (!adf_p_active)
            for (int i = 0; i < n; i++) tp[i] = 0.0;
          st[l] = __ad_fwddiff((void *)%(fnaddr)s, %(fwd)s);
          (void)res;
          memcpy(sx[l], tx, bytes);
        }
        adf_reset(x, p, &a, n);
        for (int l = 0; l < 3; l++) {
          double ta = 0.0;
          for (int s = 0; s < ns; s++)
            *adf_slot(s, n, vx[l], vp[l], &ta) = dirs[l] < ns ? (s == dirs[l]) : adf_dir(s, n);
          if (!adf_p_active)
            for (int i = 0; i < n; i++) vp[l][i] = 0.0;
          va[l] = ta;
        }
        {
          double res = 0.0;
          adf_vec3 t = __ad_fwddiff_adfv3((void *)%(fnaddr)s, %(vec)s);
          vres = res;
          for (int l = 0; l < 3; l++) {
            same &= adf_close(t.d[l], st[l]);
            for (int i = 0; i < n; i++) same &= adf_close(vx[l][i], sx[l][i]);
          }
        }
        (void)vres; (void)va;
#ifdef ADFUZZ_INJECT_VEC
        if (r == ADFUZZ_INJECT_RUN) same = 0;
#endif
        printf("fwdvec %%d %%d\\n", r, same);
        for (int l = 0; l < 3; l++) free(vx[l]), free(vp[l]), free(sx[l]);
      }
#endif
    }
#endif
    free(x); free(p); free(dx); free(dp); free(tx); free(tp);
  }
  return 0;
}
#endif""" % dict(call="%s(%s)" % (prog.fn, call_args(prog, vals)), fnaddr=prog.fnaddr,
                 rev=ad_args(prog, "rev", rng), fwd=ad_args(prog, "fwd", rng),
                 vec=vec_args(prog, rng), vecrev=vec_args(prog, rng, "rev")))
    return "\n".join(L) + "\n"


def source(prog, body=None):
    """The complete source: header, program (possibly reduced), harness."""
    from .generator import HARNESS, HEADER_C
    head = "/* adfuzz seed %d lang %s attempt %d\n   features: %s */\n" % (
        prog.seed, prog.lang, prog.attempt, " ".join(prog.features))
    return head + HEADER_C + (body if body is not None else prog.body) + "\n" + HARNESS + \
        "\n" + harness(prog)
