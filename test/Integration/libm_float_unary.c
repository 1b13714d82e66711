// Float variants of the unary libm functions (sinf, expf, logf, ...).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

float g_sinf(float x) { return sinf(x); }
float g_cosf(float x) { return cosf(x); }
float g_tanf(float x) { return tanf(x); }
float g_expf(float x) { return expf(x); }
float g_exp2f(float x) { return exp2f(x); }
float g_expm1f(float x) { return expm1f(x); }
float g_logf(float x) { return logf(x); }
float g_log2f(float x) { return log2f(x); }
float g_log10f(float x) { return log10f(x); }
float g_log1pf(float x) { return log1pf(x); }
float g_sqrtf(float x) { return sqrtf(x); }
float g_cbrtf(float x) { return cbrtf(x); }
float g_tanhf(float x) { return tanhf(x); }
float g_sinhf(float x) { return sinhf(x); }
float g_coshf(float x) { return coshf(x); }
float g_atanf(float x) { return atanf(x); }
float g_asinf(float x) { return asinf(x); }
float g_acosf(float x) { return acosf(x); }
float g_erff(float x) { return erff(x); }
float g_erfcf(float x) { return erfcf(x); }

#define CHECK1(fn, expected)                                                   \
  ad_check_f(#fn, __ad_autodiff_f((void *)fn, x), (expected), ad_fdf(fn, x))

static void check_at(float x) {
  double d = x;
  double k = 1.1283791670955126; /* 2 / sqrt(pi) */
  CHECK1(g_sinf, cos(d));
  CHECK1(g_cosf, -sin(d));
  CHECK1(g_tanf, 1 + tan(d) * tan(d));
  CHECK1(g_expf, exp(d));
  CHECK1(g_exp2f, exp2(d) * log(2.0));
  CHECK1(g_expm1f, exp(d));
  CHECK1(g_logf, 1 / d);
  CHECK1(g_log2f, 1 / (d * log(2.0)));
  CHECK1(g_log10f, 1 / (d * log(10.0)));
  CHECK1(g_log1pf, 1 / (1 + d));
  CHECK1(g_sqrtf, 0.5 / sqrt(d));
  CHECK1(g_cbrtf, 1 / (3 * cbrt(d) * cbrt(d)));
  CHECK1(g_tanhf, 1 - tanh(d) * tanh(d));
  CHECK1(g_sinhf, cosh(d));
  CHECK1(g_coshf, sinh(d));
  CHECK1(g_atanf, 1 / (1 + d * d));
  CHECK1(g_asinf, 1 / sqrt(1 - d * d));
  CHECK1(g_acosf, -1 / sqrt(1 - d * d));
  CHECK1(g_erff, k * exp(-d * d));
  CHECK1(g_erfcf, -k * exp(-d * d));
}

int main(void) {
  check_at(0.6f);
  check_at(ad_opaquef(0.35f));
  return ad_check_report();
}
