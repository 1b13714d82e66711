// Two active floats: the derivatives come back in a {float, float} struct
// (packed into one vector register by the ABI).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef struct {
  float a, b;
} F2;
F2 __ad_autodiff_ff(void *, ...);

float f(float x, float y) { return x * y + x / y; }
float g(float x, float y) { return sinf(x) * expf(y); }

static float f_a(const float *a) { return f(a[0], a[1]); }
static float g_a(const float *a) { return g(a[0], a[1]); }

static void check_at(float x, float y) {
  float a[2];
  double xd = x, yd = y;
  F2 r = __ad_autodiff_ff((void *)f, x, y);
  a[0] = x;
  a[1] = y;
  ad_check_f("F2 f dx", r.a, yd + 1 / yd, ad_fdnf(f_a, a, 2, 0));
  ad_check_f("F2 f dy", r.b, xd - xd / (yd * yd), ad_fdnf(f_a, a, 2, 1));
  r = __ad_autodiff_ff((void *)g, x, y);
  ad_check_f("F2 g dx", r.a, cos(xd) * exp(yd), ad_fdnf(g_a, a, 2, 0));
  ad_check_f("F2 g dy", r.b, sin(xd) * exp(yd), ad_fdnf(g_a, a, 2, 1));
}

int main(void) {
  check_at(1.5f, 0.5f);
  check_at(ad_opaquef(-0.7f), ad_opaquef(1.2f));
  return ad_check_report();
}
