// Less common derivative structs: three floats (two vector registers) and a
// {double, float} pair matching a function with a double and a float
// argument.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef struct {
  float a, b, c;
} F3;
typedef struct {
  double a;
  float b;
} DF;
F3 __ad_autodiff_f3(void *, ...);
DF __ad_autodiff_df(void *, ...);

float f3(float x, float y, float z) { return x * y + y * z * z; }
double mix(double x, float y) { return x * (double)y + (double)(y * y); }

static float f3_a(const float *a) { return f3(a[0], a[1], a[2]); }
static double mix_a(const double *a) { return mix(a[0], (float)a[1]); }
static float mix_f(const float *a) { return (float)mix(a[0], a[1]); }

int main(void) {
  float fa[3] = {1.5f, -0.5f, 2.0f};
  double da[2] = {1.25, 0.75};
  float fy = 0.75f;
  float mf[2] = {1.25f, 0.75f};
  F3 r3 = __ad_autodiff_f3((void *)f3, fa[0], fa[1], fa[2]);
  DF rdf = __ad_autodiff_df((void *)mix, da[0], fy);
  double x = fa[0], y = fa[1], z = fa[2];

  ad_check_f("F3 dx", r3.a, y, ad_fdnf(f3_a, fa, 3, 0));
  ad_check_f("F3 dy", r3.b, x + z * z, ad_fdnf(f3_a, fa, 3, 1));
  ad_check_f("F3 dz", r3.c, 2 * y * z, ad_fdnf(f3_a, fa, 3, 2));

  ad_check("DF dx", rdf.a, 0.75, ad_fdn(mix_a, da, 2, 0));
  ad_check_f("DF dy", rdf.b, 1.25 + 1.5, ad_fdnf(mix_f, mf, 2, 1));
  return ad_check_report();
}
