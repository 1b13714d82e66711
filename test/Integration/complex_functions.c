// complex.h functions in both modes: carg, cpow, the trigonometric and
// hyperbolic functions and their inverses, double and float, alone and in
// a loop. f(v) = Re w + 0.7 Im w with w = F(v[0] + i v[1]) (cpow: v[2], v[3]
// the exponent); checked against the analytic derivative F' (d/dx = F',
// d/dy = i F') and finite differences. cargf is real: its gradient is
// (-y, x) / |z|^2.
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

static double part(double complex w) { return creal(w) + 0.7 * cimag(w); }

#define UNARY(F)                                                               \
  double f_##F(const double *v) { return part(F(CMPLX(v[0], v[1]))); }
UNARY(csin)
UNARY(ccos)
UNARY(ctan)
UNARY(csinh)
UNARY(ccosh)
UNARY(ctanh)
UNARY(casin)
UNARY(cacos)
UNARY(catan)
UNARY(casinh)
UNARY(cacosh)
UNARY(catanh)

double f_cpow(const double *v) {
  return part(cpow(CMPLX(v[0], v[1]), CMPLX(v[2], v[3])));
}
double f_carg(const double *v) { return carg(CMPLX(v[0], v[1])); }
float f_cargf(const float *v) { return cargf(CMPLXF(v[0], v[1])); }
float f_csinf(const float *v) {
  float complex w = csinf(CMPLXF(v[0], v[1]));
  return crealf(w) + 0.7f * cimagf(w);
}
float f_cpowf(const float *v) {
  float complex w = cpowf(CMPLXF(v[0], v[1]), CMPLXF(v[2], v[3]));
  return crealf(w) + 0.7f * cimagf(w);
}

/* A chain in a loop: z <- tanh(z) * 0.9 + sin(c z), n times; the reverse
 * sweep needs each step's z. */
double f_chain(const double *v, int n) {
  double complex z = CMPLX(v[0], v[1]), c = CMPLX(v[2], v[3]);
  for (int k = 0; k < n; ++k)
    z = ctanh(z) * 0.9 + csin(c * z);
  return part(z);
}
static double chain5(const double *v) { return f_chain(v, 5); }

#define HOLO(F, DF, V)                                                         \
  do {                                                                         \
    double g[2] = {0, 0}, t[2] = {0, 0};                                       \
    __ad_autodiff((void *)f_##F, ad_dup, V, g);                                \
    ad_check(#F " reverse dx", g[0], part(DF), ad_fdn(f_##F, V, 2, 0));        \
    ad_check(#F " reverse dy", g[1], part(I *(DF)), ad_fdn(f_##F, V, 2, 1));   \
    t[0] = 1;                                                                  \
    ad_check(#F " forward dx", __ad_fwddiff((void *)f_##F, ad_dup, V, t),      \
             part(DF), ad_fdn(f_##F, V, 2, 0));                                \
    t[0] = 0, t[1] = 1;                                                        \
    ad_check(#F " forward dy", __ad_fwddiff((void *)f_##F, ad_dup, V, t),      \
             part(I *(DF)), ad_fdn(f_##F, V, 2, 1));                           \
  } while (0)

int main(void) {
  double v[4] = {0.45, -0.6, 1.3, 0.25};
  double complex z = CMPLX(v[0], v[1]), one = 1;
  HOLO(csin, ccos(z), v);
  HOLO(ccos, -csin(z), v);
  HOLO(ctan, one + ctan(z) * ctan(z), v);
  HOLO(csinh, ccosh(z), v);
  HOLO(ccosh, csinh(z), v);
  HOLO(ctanh, one - ctanh(z) * ctanh(z), v);
  HOLO(casin, one / csqrt(one - z * z), v);
  HOLO(cacos, -one / csqrt(one - z * z), v);
  HOLO(catan, one / (one + z * z), v);
  HOLO(casinh, one / csqrt(one + z * z), v);
  HOLO(cacosh, one / (csqrt(z - one) * csqrt(z + one)), v);
  HOLO(catanh, one / (one - z * z), v);

  /* cpow: d/dz1 = z2 z1^(z2 - 1), d/dz2 = z1^z2 log z1. */
  double complex z2 = CMPLX(v[2], v[3]), w = cpow(z, z2);
  double complex d1 = z2 * w / z, d2 = w * clog(z);
  double want[4] = {part(d1), part(I * d1), part(d2), part(I * d2)};
  double g[4] = {0}, t[4] = {0};
  __ad_autodiff((void *)f_cpow, ad_dup, v, g);
  for (int k = 0; k < 4; ++k) {
    char name[32];
    snprintf(name, sizeof name, "cpow reverse %d", k);
    ad_check(name, g[k], want[k], ad_fdn(f_cpow, v, 4, k));
    t[k] = 1;
    snprintf(name, sizeof name, "cpow forward %d", k);
    ad_check(name, __ad_fwddiff((void *)f_cpow, ad_dup, v, t), want[k],
             ad_fdn(f_cpow, v, 4, k));
    t[k] = 0;
  }

  /* carg: (-y, x) / |z|^2. */
  double n2 = v[0] * v[0] + v[1] * v[1];
  double ga[2] = {0, 0}, ta[2] = {1, 0};
  __ad_autodiff((void *)f_carg, ad_dup, v, ga);
  ad_check("carg reverse dx", ga[0], -v[1] / n2, ad_fdn(f_carg, v, 2, 0));
  ad_check("carg reverse dy", ga[1], v[0] / n2, ad_fdn(f_carg, v, 2, 1));
  ad_check("carg forward dx", __ad_fwddiff((void *)f_carg, ad_dup, v, ta),
           -v[1] / n2, ad_fdn(f_carg, v, 2, 0));

  /* Float: cargf, csinf, cpowf. */
  float vf[4] = {0.45f, -0.6f, 1.3f, 0.25f}, gf[4] = {0}, tf[4] = {0};
  __ad_autodiff((void *)f_cargf, ad_dup, vf, gf);
  ad_check_f("cargf reverse dx", gf[0], -v[1] / n2, ad_fdnf(f_cargf, vf, 2, 0));
  ad_check_f("cargf reverse dy", gf[1], v[0] / n2, ad_fdnf(f_cargf, vf, 2, 1));
  gf[0] = gf[1] = 0;
  __ad_autodiff((void *)f_csinf, ad_dup, vf, gf);
  ad_check_f("csinf reverse dx", gf[0], part(ccos(z)),
             ad_fdnf(f_csinf, vf, 2, 0));
  ad_check_f("csinf reverse dy", gf[1], part(I * ccos(z)),
             ad_fdnf(f_csinf, vf, 2, 1));
  tf[1] = 1;
  ad_check_f("csinf forward dy", __ad_fwddiff((void *)f_csinf, ad_dup, vf, tf),
             part(I * ccos(z)), ad_fdnf(f_csinf, vf, 2, 1));
  for (int k = 0; k < 4; ++k)
    gf[k] = 0;
  __ad_autodiff((void *)f_cpowf, ad_dup, vf, gf);
  for (int k = 0; k < 4; ++k) {
    char name[32];
    snprintf(name, sizeof name, "cpowf reverse %d", k);
    ad_check_f(name, gf[k], want[k], ad_fdnf(f_cpowf, vf, 4, k));
  }

  /* The loop: against finite differences only. */
  double gc[4] = {0};
  __ad_autodiff((void *)f_chain, ad_dup, v, gc, ad_const, 5);
  for (int k = 0; k < 4; ++k) {
    char name[32];
    snprintf(name, sizeof name, "chain reverse %d", k);
    ad_check(name, gc[k], ad_fdn(chain5, v, 4, k), ad_fdn(chain5, v, 4, k));
  }
  return ad_check_report();
}
