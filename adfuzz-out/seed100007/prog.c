/* adfuzz seed 100007 lang c attempt 0
   features: call_recursive_static call_scalar call_scalar_noinline data_index div early_return f_plain if libm_atan2 libm_cbrt libm_ceil libm_copysign libm_cos libm_exp libm_expm1 libm_fabs libm_fmax libm_hypot libm_log libm_log10 libm_pow libm_sin libm_sinh libm_sqrt libm_tan local_array loop_dowhile loop_for_n loop_nested loop_while memcpy_x_from_p piecewise_int pow_int_exponent read_p read_x recurrence sig_xpan struct_array switch_data vla_loop write_x */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef ADFUZZ_AD
#include <ad.h>
#endif

#define N_MAX 8
/* ADFUZZ-BEGIN */
struct S1 {
  double v;
  int k;
  double w;
};

double h2(double u3, double u4) {
  double acc = 0.0;
  if (pow(1.0 + u3 * u3, 0.61) < u3) {
    return copysign(expm1(tanh(acc)), u3 * u4);
  }
  acc += exp(sin(u3)) - acc;
  return acc;
}

__attribute__((noinline)) double h5(double u6, double u7) {
  double acc = 0.0;
  double s8 = cbrt(1.0 + u6 * u6);
  double s9 = acc - s8;
  acc += fmax(exp(-u6 * u6), s9 + (-1.821));
  return acc;
}

static double h10(double u11, double u12) {
  double acc = 0.0;
  switch ((int)(fmin(fabs(u11), 1000.0) * 3.0) % 4) {
    case 2: {
      double s13 = u11;
      double t14[N_MAX];
      for (int k15 = 0; k15 < N_MAX; k15++) {
        t14[k15] = 0.472 / (1.497 + u11 * u11);
      }
      acc += 0.5 * s13;
      acc += 0.5 * t14[1];
      break;
    }
    default: {
      double s16 = u12;
      double s17 = (double)((int)(fmin(fabs(atan2(1.981, 1.537 + u11 * u11) + exp(0.5 * tanh(acc))), 1000.0) * 3.0) % 4);
      acc += 0.5 * s16;
      acc += 0.5 * s17;
      break;
    }
  }
  switch ((int)(fmin(fabs(u11), 1000.0) * 3.0) % 4) {
    case 2: {
      acc += h5(tanh(acc), log10(2.0 + cos(acc)));
      double s18 = u12 + u11;
      acc += 0.5 * s18;
      break;
    }
    default: {
      u11 = u11 * (-1.614);
      u11 = fmin(u11, cos(0.391));
      break;
    }
  }
  acc += expm1(sin((-0.311) * u11));
  return acc;
}

static __attribute__((noinline)) double h19(double u20, int d21) {
  if (d21 <= 0) {
    return erf(ceil(u20));
  }
  return tanh((-0.94) * tanh(h19(0.921 * u20, d21 - 1)) + tanh(u20));
}

double f(double *x, const double *p, double a, int n) {
  double acc = 0.0;
  x[((int)(fmin(fabs(x[n - 1]), 1000.0) * 3.0) % n)] = a + acc;
  acc = acc * 0.384 + log(1.5 + sin(x[n - 1]));
  acc = (sinh(1.5 * sin(a))) * (x[2 % n] + acc);
  x[n - 1] = sin(x[n - 1] * (-0.12) + sin(a + a));
  int k23 = 0;
  do {
    int i22 = k23;
    k23++;
    int k25 = 0;
    while (k25 < n && (((x[i22] / (2.0 + sin((0.25 * i22))) > 0.765) && (p[(i22 + 1) % n] > (-0.58))))) {
      int i24 = k25;
      k25++;
      for (int i26 = 0; i26 < n; i26++) {
        a = 0.5 * (a + erf(sin(a)));
        acc = tanh(acc + 16.0 * tanh((h10(pow(atan(acc), 3.0), tanh(acc / (1.278 + (x[n - 1]) * (x[n - 1]))))) / 32.0));
        x[i26] = x[i24];
      }
      x[1 % n] = -(tan(0.7 * tanh(a)));
      double v27[n];
      for (int k28 = 0; k28 < n; k28++) {
        v27[k28] = cos(expm1(tanh(1.728)));
      }
      acc = tanh(acc + 0.5 * (v27[(n - 1 - i22)]));
    }
  } while (k23 < n && (pow(1.0 + (p[(n - 1 - k23)]) * (p[(n - 1 - k23)]), 0.23) >= (-0.747)));
  if (sin(acc) >= acc + a) {
    memcpy(x, p, (size_t)n * sizeof(double));
    struct S1 ps29[N_MAX];
    for (int k30 = 0; k30 < N_MAX; k30++) {
      ps29[k30].v = acc;
      ps29[k30].w = atan2(ceil(a), 2.45 + sin(a));
      ps29[k30].k = (k30 + 2) % 3;
    }
  } else {
    double s31 = p[n - 1];
    acc = fmin(acc, sinh(1.5 * tanh(fabs(x[n - 1]))));
    acc += 0.5 * s31;
  }
  acc += 0.5 * (h2(sqrt(2.0 + cos(p[2 % n])), atan2((-1.526) - cos(x[n - 1]), a)));
  acc += 0.5 * (h19(atan(hypot(a, 1.635 + sin(p[0 % n]))), 2));
  acc += p[4 % n];
  return acc;
}

/* ADFUZZ-HARNESS: the checks, not part of the reduced program */
#if defined(ADFUZZ_ORACLE) || defined(ADFUZZ_AD)
#define ADF_NRUNS 2
static const int adf_ns[ADF_NRUNS] = {6, 2};
__attribute__((unused)) static const double adf_x0[8] = {0.787533, 1.002724, -1.035168, -0.707639, -0.914806, 1.330693, 0.598503, 0.196521};
__attribute__((unused)) static const double adf_p0[8] = {-0.830671, 1.247023, -0.162738, 1.302134, -0.658808, -0.062468, 0.689653, -0.154255};
static const double adf_a0 = 0.828149;
__attribute__((unused)) static const double adf_w[8] = {-0.55484, 0.744895, -0.537331, -0.819395, -0.97577, 0.442226, -0.806073, 0.658268};
__attribute__((unused)) static const double adf_v[17] = {-0.960939, 0.060579, -0.190069, 0.518239, 0.236222, 0.588656, 0.811812, 0.097759, 0.576805, 0.852701, -0.540438, 0.489945, 0.042383, -0.442479, -0.160957, 0.176083, -0.599728};
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
  double ret = f(x, p, a, n);
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
    double ret = f(x, p, a, n);
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
      double da = __ad_autodiff((void *)f, x, dx, ad_const, p, ad_out, a, n);
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
        double t = __ad_fwddiff((void *)f, ad_result, &res, x, tx, ad_const, p, ad_dup, a, ta, ad_const, n);
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
