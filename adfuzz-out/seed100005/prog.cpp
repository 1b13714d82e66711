/* adfuzz seed 100005 lang c++ attempt 0
   features: call_recursive_static call_reference_param call_template calloc continue div early_return_in_loop else_if f_member if lambda_copy lambda_ref libm_acos libm_atan2 libm_cbrt libm_copysign libm_cos libm_erfc libm_exp libm_expm1 libm_fabs libm_fmax libm_fmin libm_fmod libm_hypot libm_log libm_log1p libm_pow libm_round libm_sinh local_array loop_for_const loop_for_n loop_for_rev loop_nested loop_while piecewise_int pow_int_exponent ptr_select_p_x read_p read_param read_select read_vla read_x recurrence select_p_x sig_xpn switch_data switch_fallthrough ternary vla */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef ADFUZZ_AD
#include <ad.h>
#endif

#define N_MAX 8
/* ADFUZZ-BEGIN */

void h1(double &r2, double u3) {
  r2 += 0.71 * sin(u3);
}

static double h14(double u15, int d16) {
  if (d16 <= 0) {
    return copysign(u15, u15);
  }
  return tanh(0.8 * tanh(h14(tanh(u15 - u15), d16 - 1)) + (-0.644));
}

template <typename T>  T h17(T u18, T u19) {
  T acc = 0.0;
  u19 += u18;
  acc += sinh(1.5 * sin(acc));
  return acc;
}

struct Model {
  static double f(const double *x, const double *p, int n) {
    double acc = 0.0;
    const double *q20 = (((atan2(p[n - 1], 1.387 + sin(p[n - 1])) <= p[n - 1]) || (acc > 0.634))) ? x : p;
    acc += q20[0 % n];
    switch ((int)(fmin(fabs((pow(1.0 + (p[4 % n]) * (p[4 % n]), 0.51) > 0.463 ? cos(q20[2 % n]) : (q20[n - 1] >= (-0.248) ? x[n - 1] : acc))), 1000.0) * 3.0) % 4) {
      case 1: {
        double v21[n];
        for (int k22 = 0; k22 < n; k22++) {
          v21[k22] = sinh(1.5 * sin(acc));
        }
        for (int i23 = 0; i23 < 4; i23++) {
          if ((0.25 * i23) < acc) {
            return acc + x[0 % n] - (v21[0 % n]);
          }
        }
        break;
      }
      case 2: {
        switch ((int)(fmin(fabs(-((x[n - 1]) * 1.087)), 1000.0) * 3.0) % 4) {
          case 0: {
            for (int i24 = n - 1; i24 >= 0; i24--) {
              double s25 = x[n - 1];
              acc += tanh(h14(fmin(acc, x[i24]), 1));
              acc += 0.5 * s25;
            }
            break;
          }
          case 2: {
            acc += h17<double>(q20[n - 1], (-1.566));
            if (fmax(q20[4 % n] + acc, pow((-1.9), 3.0)) < 0.478) {
              acc = tanh(acc * 0.594 + (acc * (tanh(acc))) / (2.0 + sin(hypot(p[0 % n], 2.038 + sin(acc)))) - (fabs(acc) + cbrt(1.0 + (-1.38) * (-1.38))));
            } else {
              auto lam26 = [&](double u27) -> double { return atan2(1.642 + sin(u27 * (x[n - 1])), expm1(sin(u27))); };
              acc += 0.25 * lam26(0.652);
            }
            break;
          }
        }
        for (int i28 = n - 1; i28 >= 0; i28--) {
          double s29 = acc;
          double s30 = (exp(-(fabs(q20[n - 1])) * (fabs(q20[n - 1])))) * (atan2(exp(sin(1.399)), (-2.259) - cos(hypot(p[n - 1], 1.953 + (0.25 * i28) * (0.25 * i28)))));
          for (int i31 = 0; i31 < n; i31++) {
            acc = 0.5 * (acc * 0.32 + (x[2 % n] - 0.827 + (-0.561) >= round(q20[(n - 1 - i28)]) ? p[i28] : sinh(1.5 * sin(log1p((p[(n - 1 - i31)]) * (p[(n - 1 - i31)]))))));
            if (i31 % 2 == 1) continue;
            const double *q32 = (h17<double>(1.468, (0.25 * i28)) > (-0.075)) ? p : x;
            acc = tanh(acc + q32[(i28 + 1) % n]);
            acc = 16.0 * tanh((acc + sin(h17(2.0 * tanh((q32[(n - 1 - i31)] - acc) / 4.0), s29 + (0.25 * i28)))) / 32.0);
          }
          acc = sin(fabs(acc) + acc);
          acc += 0.5 * s30;
        }
      }
      case 3: {
        double s33 = acc / (1.0 + fabs(p[n - 1]));
        int k35 = 0;
        while (k35 < n && (((-1.469) <= 0.063 ? p[(k35 + 1) % n] : x[n - 1]) <= p[2 % n])) {
          k35++;
          acc = s33;
        }
        break;
      }
    }
    int k37 = 0;
    while (k37 < n && (acc + acc <= 0.098)) {
      int i36 = k37;
      k37++;
      double t38[N_MAX];
      for (int k39 = 0; k39 < N_MAX; k39++) {
        t38[k39] = acc * 0.048;
      }
      acc = sin(acc + tanh(tanh(fmod((0.25 * i36) + acc, 0.726))));
      acc += 0.5 * t38[4];
    }
    double s40 = p[0 % n];
    if (s40 > 0.419) {
      auto lam41 = [=](double u42) -> double { return 4.0 * tanh(((q20[n - 1]) * (q20[n - 1]) - (exp(-(p[3 % n]) * (p[3 % n])))) / 8.0); };
      s40 = h14((double)((int)(fmin(fabs(exp(sin(acc))), 1000.0) * 3.0) % 4), 0);
      double *h43 = (double *)calloc((size_t)n, sizeof(double));
      acc += 0.25 * lam41((-0.002));
      acc += 0.5 * (h43[3 % n]);
      free(h43);
    } else if (((h17<double>(p[n - 1], atan(acc)) >= x[4 % n]) && (x[0 % n] > 0.977))) {
      acc += h17(tanh(s40 * (x[4 % n])), tanh(s40 + s40));
    } else {
      acc += h14(h17(q20[n - 1], p[n - 1]), 3);
      auto lam44 = [&](double u45) { return p[n - 1] + q20[n - 1]; };
      const double *q46 = (p[1 % n] + p[n - 1] > p[n - 1]) ? p : x;
      acc += q46[4 % n];
      acc += 0.25 * lam44((-0.414));
    }
    for (int i47 = 0; i47 < n; i47++) {
      auto lam48 = [&](double u49) { return log(1.5 + sin(h17(x[i47], x[i47]))); };
      if ((exp(sin(q20[1 % n]))) * (exp(0.5 * tanh(s40))) <= copysign(s40, s40)) {
        h1(s40, p[i47]);
        for (int i50 = 0; i50 < 5; i50++) {
          double s51 = pow((0.25 * i47), 2.0);
          double s52 = -q20[i47];
          acc = tanh(acc + 0.5 * s51);
          acc = 16.0 * tanh((acc + 0.5 * s52) / 32.0);
        }
        acc = acc * (-0.368) + tanh(((((x[n - 1]) / (2.0 + sin(s40)) > acc) || ((0.25 * i47) > (-0.733))) ? x[(n - 1 - i47)] : p[(n - 1 - i47)]));
      } else {
        double s53 = s40;
        if ((((p[n - 1]) * (p[n - 1]) <= (-0.029)) && ((-0.07) > (-0.411)))) {
          double s54 = (i47 % 2 == 1 ? x[(i47 + 1) % n] : p[3 % n]);
          acc = atan(acc + 0.5 * s54);
        }
        for (int i55 = 0; i55 < n; i55++) {
          double t56[N_MAX];
          for (int k57 = 0; k57 < N_MAX; k57++) {
            t56[k57] = exp(sin(s40));
          }
          acc = 0.5 * (acc + 0.5 * (t56[(i47 + 3) % 8]));
        }
        acc = tanh(acc + 0.5 * s53);
      }
      acc += 0.25 * lam48(1.178);
    }
    acc += sinh(1.5 * sin(p[3 % n])) - (exp(sin(x[n - 1])));
    return acc;
  }
};

/* ADFUZZ-HARNESS: the checks, not part of the reduced program */
#if defined(ADFUZZ_ORACLE) || defined(ADFUZZ_AD)
#define ADF_NRUNS 2
static const int adf_ns[ADF_NRUNS] = {4, 3};
__attribute__((unused)) static const double adf_x0[8] = {0.168081, 1.26622, -1.015196, 1.360363, -0.281985, -0.066915, 0.157831, 0.072704};
__attribute__((unused)) static const double adf_p0[8] = {-1.203376, -0.505691, -1.08923, -1.18775, -0.900295, -1.136358, 0.372597, -0.829744};
static const double adf_a0 = 0.659599;
__attribute__((unused)) static const double adf_w[8] = {-0.438277, -0.12256, 0.644799, -0.77342, -0.021019, 0.052727, 0.380084, -0.539001};
__attribute__((unused)) static const double adf_v[17] = {-0.234427, 0.957128, -0.396182, 0.645226, 0.481405, 0.236111, 0.922478, 0.338343, -0.814698, 0.647985, -0.161601, 0.380837, 0.958921, -0.047284, -0.312275, -0.893995, -0.186322};
#define ADF_NSTEPS 3
__attribute__((unused)) static const double adf_steps[ADF_NSTEPS] = {0.0001, 1e-06, 1e-05};
static const int adf_p_active = 1, adf_a_active = 0;
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
  double ret = Model::f(x, p, n);
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
    double ret = Model::f(x, p, n);
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
      double da = __ad_autodiff((void *)&Model::f, x, dx, ad_dup, p, dp, ad_const, n);
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
        double t = __ad_fwddiff((void *)&Model::f, ad_dup, x, tx, ad_result, &res, ad_dup, p, tp, ad_const, n);
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
