// C99 complex arithmetic in both modes: multiplication (the inline fast
// path, and __muldc3/__mulsc3 called directly since for finite values the
// fast path hides them), division (__divdc3/__divsc3, always called),
// cabs/cabsf, creal/cimag; double, float and long double complex
// (__mulxc3/__divxc3, x87 registers); a division by a huge
// |z2| where the naive formula overflows; loops (repeated __muldc3, Horner,
// a continued fraction, a small DFT). Gradients (__ad_autodiff) and tangents
// (__ad_fwddiff) against analytic values and finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <complex.h>
#include <math.h>
#include <stdio.h>

#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#endif

double complex __muldc3(double, double, double, double);
float complex __mulsc3(float, float, float, float);

/* v = {a, b, c, d}: z1 = a + ib, z2 = c + id; each returns Re w + 2 Im w. */
double mul_lib(const double *v) {
  double complex w = __muldc3(v[0], v[1], v[2], v[3]);
  return creal(w) + 2 * cimag(w);
}
double mul_op(const double *v) {
  double complex w = CMPLX(v[0], v[1]) * CMPLX(v[2], v[3]);
  return creal(w) + 2 * cimag(w);
}
double div_op(const double *v) {
  double complex w = CMPLX(v[0], v[1]) / CMPLX(v[2], v[3]);
  return creal(w) + 2 * cimag(w);
}
float mulf_lib(const float *v) {
  float complex w = __mulsc3(v[0], v[1], v[2], v[3]);
  return crealf(w) + 2 * cimagf(w);
}
float divf_op(const float *v) {
  float complex w = CMPLXF(v[0], v[1]) / CMPLXF(v[2], v[3]);
  return crealf(w) + 2 * cimagf(w);
}

/* ((x + 2i) / (3 + ix))^2, in long double. */
long double divl_op(long double x) {
  long double complex u = (x + 2.0L * I) / (3.0L + x * I);
  long double complex w = u * u;
  return creall(w) + cimagl(w);
}
long double __ad_autodiff_l(void *, ...);

/* |z2| = 5e200: z2's squared modulus overflows. */
double div_huge(double x, double y) {
  return 1e200 * cimag(CMPLX(x, 2) / CMPLX(y, 4e200));
}

/* z^n by repeated __muldc3: the call's operands and result are taped. */
double zpow_lib(double x, double y, int n) {
  double complex w = 1;
  for (int k = 0; k < n; ++k)
    w = __muldc3(creal(w), cimag(w), x, y);
  return creal(w) + cimag(w);
}

/* |p(z)| by Horner, coefficients c[0..n-1]. */
double poly_abs(const double complex *c, int n, double x, double y) {
  double complex z = CMPLX(x, y), p = c[n - 1];
  for (int k = n - 2; k >= 0; --k)
    p = p * z + c[k];
  return cabs(p);
}
float poly_absf(const float complex *c, int n, float x, float y) {
  float complex z = CMPLXF(x, y), p = c[n - 1];
  for (int k = n - 2; k >= 0; --k)
    p = p * z + c[k];
  return cabsf(p);
}

/* t = c0 + z / (c1 + z / (c2 + ...)); Re t + 3 Im t. */
double cfrac(const double complex *c, int n, double x, double y) {
  double complex z = CMPLX(x, y), t = c[n - 1];
  for (int k = n - 2; k >= 0; --k)
    t = c[k] + z / t;
  return creal(t) + 3 * cimag(t);
}

/* sum_k |X_k|, X_k = sum_j x_j e^{-2 pi i jk/n}. */
double dft_abs(const double complex *x, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k) {
    double a = -2 * M_PI * k / n;
    double complex r = CMPLX(cos(a), sin(a)), t = 1, X = 0;
    for (int j = 0; j < n; ++j) {
      X += x[j] * t;
      t *= r;
    }
    s += cabs(X);
  }
  return s;
}

/* Re g + 2 Im g for each partial derivative g of w along a, b, c, d. */
static void refs(double complex dw_dz1, double complex dw_dz2, double *ref) {
  double complex g[4] = {dw_dz1, I * dw_dz1, dw_dz2, I * dw_dz2};
  for (int k = 0; k < 4; ++k)
    ref[k] = creal(g[k]) + 2 * cimag(g[k]);
}

/* Gradient and the four axis tangents of f at v against ref. */
#define CHECK4(name, f, v, ref)                                                \
  do {                                                                         \
    double dv_[4] = {0}, t_[4] = {0};                                          \
    char buf_[64];                                                             \
    __ad_autodiff((void *)f, ad_dup, v, dv_);                                  \
    for (int k_ = 0; k_ < 4; ++k_) {                                           \
      double fd_ = ad_fdn(f, v, 4, k_);                                        \
      t_[k_] = 1;                                                              \
      snprintf(buf_, sizeof buf_, "%s reverse %d", name, k_);                  \
      ad_check(buf_, dv_[k_], ref[k_], fd_);                                   \
      snprintf(buf_, sizeof buf_, "%s forward %d", name, k_);                  \
      ad_check(buf_, __ad_fwddiff((void *)f, ad_dup, v, t_), ref[k_], fd_);    \
      t_[k_] = 0;                                                              \
    }                                                                          \
  } while (0)

#define CHECK4F(name, f, v, ref)                                               \
  do {                                                                         \
    float dv_[4] = {0}, t_[4] = {0};                                           \
    char buf_[64];                                                             \
    __ad_autodiff((void *)f, ad_dup, v, dv_);                                  \
    for (int k_ = 0; k_ < 4; ++k_) {                                           \
      double fd_ = ad_fdnf(f, v, 4, k_);                                       \
      t_[k_] = 1;                                                              \
      snprintf(buf_, sizeof buf_, "%s reverse %d", name, k_);                  \
      ad_check_f(buf_, dv_[k_], ref[k_], fd_);                                 \
      snprintf(buf_, sizeof buf_, "%s forward %d", name, k_);                  \
      ad_check_f(buf_, __ad_fwddiff_f((void *)f, ad_dup, v, t_), ref[k_],      \
                 fd_);                                                         \
      t_[k_] = 0;                                                              \
    }                                                                          \
  } while (0)

#define N 5
static double complex C[N], DIR[N];
static double X0 = 0.4, Y0 = -0.7;
static double divl_d(double x) { return divl_op(x); }
static double div_huge_x(double t) { return div_huge(1 + t, 3e200); }
static double div_huge_y(double t) { return div_huge(1, 3e200 + t * 1e200); }
static double zpow_a(const double *a) { return zpow_lib(a[0], a[1], 7); }
static double poly_a(const double *a) {
  double complex c[N];
  for (int k = 0; k < N; ++k)
    c[k] = CMPLX(a[2 + 2 * k], a[3 + 2 * k]);
  return poly_abs(c, N, a[0], a[1]);
}
static float polyf_a(const float *a) {
  float complex c[N];
  for (int k = 0; k < N; ++k)
    c[k] = CMPLXF(a[2 + 2 * k], a[3 + 2 * k]);
  return poly_absf(c, N, a[0], a[1]);
}
static double poly_dir(double s) {
  double complex c[N];
  for (int k = 0; k < N; ++k)
    c[k] = C[k] + s * DIR[k];
  return poly_abs(c, N, X0 + 0.3 * s, Y0 - 0.6 * s);
}
static double cfrac_a(const double *a) { return cfrac(C, N, a[0], a[1]); }
static double dft_a(const double *a) {
  double complex x[N];
  for (int k = 0; k < N; ++k)
    x[k] = CMPLX(a[2 * k], a[2 * k + 1]);
  return dft_abs(x, N);
}

int main(void) {
  double v[4] = {0.7, -1.3, 2.1, 0.4}, ref[4];
  float vf[4] = {0.7f, -1.3f, 2.1f, 0.4f};
  double complex z1 = CMPLX(v[0], v[1]), z2 = CMPLX(v[2], v[3]), w = z1 / z2;
  refs(z2, z1, ref);
  CHECK4("__muldc3", mul_lib, v, ref);
  CHECK4("z1 * z2", mul_op, v, ref);
  CHECK4F("__mulsc3", mulf_lib, vf, ref);
  refs(1 / z2, -w / z2, ref);
  CHECK4("z1 / z2", div_op, v, ref);
  CHECK4F("float z1 / z2", divf_op, vf, ref);

  /* du/dx = 5 / (3 + ix)^2, dw = 2u du. */
  double complex u = CMPLX(v[0], 2) / CMPLX(3, v[0]);
  double complex dw = 2 * u * 5 / (CMPLX(3, v[0]) * CMPLX(3, v[0]));
  ad_check("long double reverse", __ad_autodiff_l((void *)divl_op, 0.7L),
           creal(dw) + cimag(dw), ad_fd(divl_d, v[0]));
  ad_check("long double forward",
           __ad_fwddiff((void *)divl_op, ad_dup, 0.7L, 1.0L),
           creal(dw) + cimag(dw), ad_fd(divl_d, v[0]));

  /* Im(1 / (3 + 4i)) = -0.16; along y (scaled by 1e200):
   * Im(-(1 + 2i) / (3 + 4i)^2) = 0.0608. */
  ad_double2 g = __ad_autodiff_d2((void *)div_huge, 1.0, 3e200);
  ad_check("huge z2 reverse x", g.d[0], -0.16, ad_fd(div_huge_x, 0));
  ad_check("huge z2 reverse y", g.d[1] * 1e200, 0.0608, ad_fd(div_huge_y, 0));
  ad_check("huge z2 forward x",
           __ad_fwddiff((void *)div_huge, ad_dup, 1.0, 1.0, ad_const, 3e200),
           -0.16, ad_fd(div_huge_x, 0));
  ad_check("huge z2 forward y",
           __ad_fwddiff((void *)div_huge, ad_const, 1.0, ad_dup, 3e200, 1e200),
           0.0608, ad_fd(div_huge_y, 0));

  /* z^7: d/dx = 7 z^6, d/dy = 7i z^6. */
  double a[2 + 2 * N] = {X0, Y0};
  double complex z = CMPLX(X0, Y0), d7 = 7 * cpow(z, 6);
  g = __ad_autodiff_d2((void *)zpow_lib, X0, Y0, 7);
  ad_check("z^7 reverse x", g.d[0], creal(d7) + cimag(d7),
           ad_fdn(zpow_a, a, 2, 0));
  ad_check("z^7 reverse y", g.d[1], creal(I * d7) + cimag(I * d7),
           ad_fdn(zpow_a, a, 2, 1));
  ad_check("z^7 forward x",
           __ad_fwddiff((void *)zpow_lib, ad_dup, X0, 1.0, ad_const, Y0, 7),
           creal(d7) + cimag(d7), ad_fdn(zpow_a, a, 2, 0));

  /* |p(z)|: along dz, Re(conj(p) p' dz) / |p|; along dc_k, z^k dc_k. */
  double complex p = 0, dp = 0, dc[N] = {0}, dirp = 0;
  for (int k = 0; k < N; ++k) {
    C[k] = CMPLX(0.5 + 0.25 * k, 1.0 - 0.5 * k);
    DIR[k] = CMPLX(0.1 * k - 0.2, 0.3);
    a[2 + 2 * k] = creal(C[k]);
    a[3 + 2 * k] = cimag(C[k]);
  }
  for (int k = N - 1; k >= 0; --k) {
    dp = dp * z + p;
    p = p * z + C[k];
    dirp = dirp * z + DIR[k];
  }
  double ap = cabs(p);
  g = __ad_autodiff_d2((void *)poly_abs, ad_dup, C, dc, N, X0, Y0);
  ad_check("|p| reverse x", g.d[0], creal(conj(p) * dp) / ap,
           ad_fdn(poly_a, a, 2 + 2 * N, 0));
  ad_check("|p| reverse y", g.d[1], creal(conj(p) * I * dp) / ap,
           ad_fdn(poly_a, a, 2 + 2 * N, 1));
  double complex zk = 1;
  for (int k = 0; k < N; ++k, zk *= z) {
    ad_check("|p| reverse Re c_k", creal(dc[k]), creal(conj(p) * zk) / ap,
             ad_fdn(poly_a, a, 2 + 2 * N, 2 + 2 * k));
    ad_check("|p| reverse Im c_k", cimag(dc[k]), creal(conj(p) * I * zk) / ap,
             ad_fdn(poly_a, a, 2 + 2 * N, 3 + 2 * k));
  }
  ad_check("|p| forward mixed",
           __ad_fwddiff((void *)poly_abs, ad_dup, C, DIR, N, ad_dup, X0, 0.3,
                        ad_dup, Y0, -0.6),
           creal(conj(p) * (dp * CMPLX(0.3, -0.6) + dirp)) / ap,
           ad_fd(poly_dir, 0));

  /* The same in float. */
  float complex cf[N], dcf[N] = {0};
  float af[2 + 2 * N] = {X0, Y0};
  for (int k = 0; k < N; ++k) {
    cf[k] = C[k];
    af[2 + 2 * k] = creal(C[k]);
    af[3 + 2 * k] = cimag(C[k]);
  }
  __ad_autodiff((void *)poly_absf, ad_dup, cf, dcf, N, ad_const, (float)X0,
                ad_const, (float)Y0);
  ad_check_f("float |p| reverse Re c_1", crealf(dcf[1]),
             creal(conj(p) * z) / ap, ad_fdnf(polyf_a, af, 2 + 2 * N, 4));
  ad_check_f("float |p| reverse Im c_1", cimagf(dcf[1]),
             creal(conj(p) * I * z) / ap, ad_fdnf(polyf_a, af, 2 + 2 * N, 5));
  ad_check_f("float |p| forward y",
             __ad_fwddiff_f((void *)poly_absf, ad_const, cf, N, ad_const,
                            (float)X0, ad_dup, (float)Y0, 1.0f),
             creal(conj(p) * I * dp) / ap, ad_fdnf(polyf_a, af, 2 + 2 * N, 1));

  /* Continued fraction: t_k' = (t_{k+1} - z t_{k+1}') / t_{k+1}^2. */
  double complex t = C[N - 1], dt = 0;
  for (int k = N - 2; k >= 0; --k) {
    dt = (t - z * dt) / (t * t);
    t = C[k] + z / t;
  }
  g = __ad_autodiff_d2((void *)cfrac, ad_const, C, N, X0, Y0);
  ad_check("cfrac reverse x", g.d[0], creal(dt) + 3 * cimag(dt),
           ad_fdn(cfrac_a, a, 2, 0));
  ad_check("cfrac reverse y", g.d[1], creal(I * dt) + 3 * cimag(I * dt),
           ad_fdn(cfrac_a, a, 2, 1));
  ad_check("cfrac forward y",
           __ad_fwddiff((void *)cfrac, ad_const, C, N, ad_const, X0, ad_dup, Y0,
                        1.0),
           creal(I * dt) + 3 * cimag(I * dt), ad_fdn(cfrac_a, a, 2, 1));

  /* DFT: d sum_k |X_k| / d x_j = sum_k conj(X_k) e_kj / |X_k| (Re, Im). */
  double complex dx[N] = {0}, X[N], tdir[N] = {0};
  for (int k = 0; k < N; ++k) {
    X[k] = 0;
    for (int j = 0; j < N; ++j)
      X[k] += C[j] * cexp(-2 * M_PI * I * j * k / N);
  }
  __ad_autodiff((void *)dft_abs, ad_dup, C, dx, N);
  for (int j = 0; j < N; ++j) {
    double complex r = 0;
    for (int k = 0; k < N; ++k)
      r += conj(X[k]) * cexp(-2 * M_PI * I * j * k / N) / cabs(X[k]);
    ad_check("dft reverse Re x_j", creal(dx[j]), creal(r),
             ad_fdn(dft_a, a + 2, 2 * N, 2 * j));
    ad_check("dft reverse Im x_j", cimag(dx[j]), -cimag(r),
             ad_fdn(dft_a, a + 2, 2 * N, 2 * j + 1));
    tdir[j] = I;
    ad_check("dft forward Im x_j",
             __ad_fwddiff((void *)dft_abs, ad_dup, C, tdir, N), -cimag(r),
             ad_fdn(dft_a, a + 2, 2 * N, 2 * j + 1));
    tdir[j] = 0;
  }
  return ad_check_report();
}
