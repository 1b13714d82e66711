// Loops with float (not double) accumulators: a float sum of double terms, a
// float dot product over float arrays, and a float scalar iterated in place
// (logistic map) with both float derivatives returned in a struct.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 8

typedef struct {
  float dx, dr;
} F2;
F2 __ad_autodiff_ff(void *, ...);

double fsum_sq(const double *x, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += (float)(x[i] * x[i]);
  return s;
}

float fdot(const float *x, const float *y, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += sinf(x[i]) * y[i];
  return s;
}

float flogistic(float x, float r, int n) {
  for (int i = 0; i < n; ++i)
    x = r * x * (1.0f - x);
  return x;
}

static float g_y[N];
static float fsum_f(const float *xf) {
  double x[N];
  int i;
  for (i = 0; i < N; ++i)
    x[i] = xf[i];
  return (float)fsum_sq(x, N);
}
static float fdot_f(const float *x) { return fdot(x, g_y, N); }
static float logistic_f(const float *v) { return flogistic(v[0], v[1], 5); }

int main(void) {
  double x[N], dx[N] = {0};
  float xf[N], yf[N], dxf[N] = {0}, v[2] = {0.3f, 2.5f};
  float tx = 1, tr = 0, xs = v[0];
  char name[64];
  int i;
  F2 g;

  for (i = 0; i < N; ++i) {
    x[i] = 0.4 * i - 1.3;
    xf[i] = (float)x[i];
    g_y[i] = yf[i] = 1.0f - 0.2f * i;
  }

  __ad_autodiff((void *)fsum_sq, ad_dup, x, dx, N);
  for (i = 0; i < N; ++i) {
    snprintf(name, sizeof name, "fsum_sq dx[%d]", i);
    ad_check_f(name, dx[i], 2 * x[i], ad_fdnf(fsum_f, xf, N, i));
  }

  __ad_autodiff_f((void *)fdot, ad_dup, xf, dxf, ad_const, yf,
                  (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    snprintf(name, sizeof name, "fdot dx[%d]", i);
    ad_check_f(name, dxf[i], cos(xf[i]) * yf[i], ad_fdnf(fdot_f, xf, N, i));
  }

  /* Logistic map with r = 2.5 (contracts to 0.6), 5 steps. */
  for (i = 0; i < 5; ++i) {
    float f = v[1] * (1.0f - 2.0f * xs);
    tr = xs * (1.0f - xs) + f * tr;
    tx = f * tx;
    xs = v[1] * xs * (1.0f - xs);
  }
  g = __ad_autodiff_ff((void *)flogistic, v[0], v[1], 5);
  ad_check_f("logistic dx", g.dx, tx, ad_fdnf(logistic_f, v, 2, 0));
  ad_check_f("logistic dr", g.dr, tr, ad_fdnf(logistic_f, v, 2, 1));
  return ad_check_report();
}
