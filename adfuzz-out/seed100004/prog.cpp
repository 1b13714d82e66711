/* adfuzz seed 100004 lang c++ attempt 0
   features: call_reader call_scalar call_writer div f_member if lambda_copy lambda_mutating lambda_ref libm_cbrt libm_cos libm_cosh libm_exp libm_fabs libm_fma libm_fmin libm_fmod libm_log2 libm_sqrt libm_tan local_array loop_for_const loop_for_n loop_while read_p read_param read_vla read_x select_param_vla sig_naxp ternary vla vla_loop write_param write_vla write_vla_in_helper */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef ADFUZZ_AD
#include <ad.h>
#endif

#define N_MAX 8
/* ADFUZZ-BEGIN */

static void h1(double *w2, int m3, double u4) {
  double acc = 0.0;
  for (int k5 = 0; k5 < m3; k5++) {
    w2[k5] = tanh(w2[k5] * 0.53 + u4 * ((tan(0.7 * tanh(w2[2 % m3]))) * (acc - (-1.031))));
  }
  (void)acc;
}

static inline double h6(const double *v7, int m8) {
  double acc = 0.0;
  int k11 = 0;
  while (k11 < m8 && (((cbrt(1.0 + acc * acc) <= (-0.922)) && (v7[1 % m8] > (-0.829))))) {
    int i10 = k11;
    k11++;
    double v12[m8];
    for (int k13 = 0; k13 < m8; k13++) {
      v12[k13] = exp(-(v7[(k13 + 3) % m8]) * (v7[(k13 + 3) % m8]));
    }
    v12[1 % m8] = 0.5 * (((0.25 * i10) >= (-0.253) ? v7[0 % m8] : v12[i10]) + (-0.499));
    double v14[m8];
    for (int k15 = 0; k15 < m8; k15++) {
      v14[k15] = acc * v7[i10];
    }
    h1(v12, m8, v12[i10]);
    acc += 0.5 * (v14[(m8 - 1 - i10)]);
  }
  double s16 = acc;
  if ((cosh(1.5 * sin(acc)) < 0.356 ? fabs(s16) : v7[0 % m8] - s16) >= (-0.067)) {
    auto lam17 = [&](double u18) { return tanh(s16); };
    acc += 0.25 * lam17(1.488);
  } else {
    double v19[m8];
    for (int k20 = 0; k20 < m8; k20++) {
      v19[k20] = tanh(fabs(acc));
    }
    acc += 0.5 * (v19[m8 - 1]);
  }
  for (int k9 = 0; k9 < m8; k9++) {
    acc += 1.22 * tanh(v7[k9]);
  }
  acc = tanh(acc + v7[m8 - 1]);
  return acc;
}

static inline double h28(double u29, double u30) {
  double acc = 0.0;
  for (int i31 = 0; i31 < 1; i31++) {
    double t32[N_MAX] = {0.0};
    acc += 0.5 * t32[i31];
  }
  auto lam33 = [=](double u34) { return fabs(sqrt(hypot(u34, 0.75))); };
  acc += (0.575 + u30) / (2.0 + sin(fabs((-0.226))));
  acc += 0.25 * lam33(0.05);
  return acc;
}

struct Model {
  static double f(int n, double a, const double *x, const double *p) {
    double acc = 0.0;
    double s35 = fabs(log2(2.0 + cos(a))) - (fmin(fmin(0.884, x[n - 1]), p[4 % n]));
    auto lam36 = [&acc](double u37) { acc += 0.5 * sin(u37); };
    for (int i38 = 0; i38 < n; i38++) {
      double s39 = h28(fma((-1.776), acc, x[i38]), (i38 % 3 == 1 ? a : p[(n - 1 - i38)]));
      acc += 0.5 * s39;
    }
    double s40 = a + acc * (sin(acc));
    a += fmod(sqrt(2.0 + cos(acc)), 1.997);
    acc += 0.5 * (h6(p, n));
    acc = tanh(acc + x[n - 1]);
    acc += 0.5 * s35;
    acc += 0.5 * s40;
    lam36(0.523);
    return acc;
  }
};

/* ADFUZZ-HARNESS: the checks, not part of the reduced program */
#if defined(ADFUZZ_ORACLE) || defined(ADFUZZ_AD)
#define ADF_NRUNS 1
static const int adf_ns[ADF_NRUNS] = {5};
__attribute__((unused)) static const double adf_x0[8] = {-0.588218, -1.31262, -0.832258, -0.057692, -0.440347, -0.560426, -1.315845, 1.372997};
__attribute__((unused)) static const double adf_p0[8] = {-0.314497, -0.426771, 1.452591, 1.356054, 0.647835, -1.267514, -1.356206, 1.224012};
static const double adf_a0 = 0.654317;
__attribute__((unused)) static const double adf_w[8] = {0.913165, 0.418969, -0.444663, -0.090137, 0.55239, 0.198689, -0.380204, -0.231832};
__attribute__((unused)) static const double adf_v[17] = {-0.829815, 0.620865, -0.676807, 0.057108, 0.626958, 0.312354, -0.290341, 0.718915, -0.116448, -0.446894, 0.923069, -0.15634, 0.365169, 0.625137, -0.231401, -0.890145, -0.40127};
#define ADF_NSTEPS 3
__attribute__((unused)) static const double adf_steps[ADF_NSTEPS] = {0.0001, 1e-06, 1e-05};
static const int adf_p_active = 0, adf_a_active = 1;
static int adf_nslots(int n) { return n + (adf_p_active ? n : 0) + adf_a_active; }
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
  printf("\n");
  fflush(stdout);
}
#endif

#ifdef ADFUZZ_ORACLE
static double adf_eval(const double *xin, const double *pin, double a, int n,
                       double *xf) {
  double *x = (double *)malloc(sizeof(double) * (size_t)n);
  double *p = (double *)malloc(sizeof(double) * (size_t)n);
  memcpy(x, xin, sizeof(double) * (size_t)n);
  memcpy(p, pin, sizeof(double) * (size_t)n);
  (void)a;
  (void)p;
  double ret = Model::f(n, a, x, p);
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
      printf("history %d\n", r);
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
        printf("col %d %d", r, s);
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
      printf("dir %d", r);
      adf_print("", h, -1, (rpm[0] - rpm[1]) / (2 * step), 0, 0, col, n);
    }
  }
  return 0;
}
#endif

#ifdef ADFUZZ_AD
#ifndef ADFUZZ_INJECT_RUN
#define ADFUZZ_INJECT_RUN 0
#endif
__attribute__((unused)) static double adf_bump(double v) { return v * (1.0 + 1e-3) + (v == 0 ? 1e-3 : 0.0); }
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
    double ret = Model::f(n, a, x, p);
#ifdef ADFUZZ_INJECT_PRIMAL
    if (r == ADFUZZ_INJECT_RUN) ret = adf_bump(ret);
#endif
    adf_print("primal", r, -1, ret, 0, 0, x, n);
#ifndef ADFUZZ_NO_REV
    if (do_rev) {
      printf("begin rev %d\n", r);
      fflush(stdout);
      adf_reset(x, p, &a, n);
      for (int i = 0; i < n; i++) dx[i] = adf_w[i], dp[i] = 0.0;
#ifdef ADFUZZ_INJECT_CRASH
      if (r == ADFUZZ_INJECT_RUN) abort();
#endif
      double da = __ad_autodiff((void *)&Model::f, n, ad_out, a, ad_dup, x, dx, ad_const, p);
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
    }
#endif
#ifndef ADFUZZ_NO_FWD
    if (do_fwd) {
      printf("begin fwd %d\n", r);
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
        double t = __ad_fwddiff((void *)&Model::f, ad_result, &res, ad_const, n, ad_dup, a, ta, ad_dup, x, tx, ad_const, p);
        (void)ta;
#ifdef ADFUZZ_INJECT_TAN
        if (r == ADFUZZ_INJECT_RUN && d == ADFUZZ_INJECT_TAN) t = adf_bump(t);
#endif
        adf_print("fwd", r, d, t, res, 1, tx, n);
        adf_print("fwdx", r, d, x[0], 0, 0, x + 1, n - 1);
      }
    }
#endif
    free(x); free(p); free(dx); free(dp); free(tx); free(tp);
  }
  return 0;
}
#endif
