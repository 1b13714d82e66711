// Enzyme's vector forward mode, as code written for Enzyme spells it:
// `enzyme_width, N` in __enzyme_fwddiff, a scalar followed by its N
// tangents, a pointer by N shadows (enzyme_dup) or by one strided block
// (enzyme_dupv, stride in bytes), the N tangents of the result returned in
// a struct the caller declares; each lane equals the width-1 call.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_width, enzyme_dup, enzyme_dupv, enzyme_const;
typedef struct {
  double d1, d2, d3;
} Vector3;
typedef struct {
  double d[2];
} Vector2;
extern Vector3 __enzyme_fwddiff(void *, ...);
extern Vector2 __enzyme_fwddiff_2(void *, ...);
extern double __enzyme_fwddiff_1(void *, ...);

static double square(double x) { return x * x * sin(x); }

static double norm(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * v[i];
  return sqrt(s);
}

static void scale(double *v, double a, int n) {
  for (int i = 0; i < n; i++)
    v[i] = a * v[i] * v[i];
}

int main(void) {
  double x = 1.3;
  Vector3 d =
      __enzyme_fwddiff((void *)square, enzyme_width, 3, x, 1.0, 2.0, 3.0);
  double ref = 2 * x * sin(x) + x * x * cos(x);
  ad_check_eq("square lane 0", d.d1, ref);
  ad_check_eq("square lane 1", d.d2, 2 * ref);
  ad_check_eq("square lane 2", d.d3, 3 * ref);

  double v[4] = {1, -2, 0.5, 3}, dv[2][4] = {{1, 0, 0, 0}, {0, 1, 1, 0}};
  Vector2 t = __enzyme_fwddiff_2((void *)norm, enzyme_width, 2, enzyme_dupv,
                                 sizeof dv[0], v, dv[0], enzyme_const, 4);
  for (int k = 0; k < 2; k++) {
    double s =
        __enzyme_fwddiff_1((void *)norm, enzyme_dup, v, dv[k], enzyme_const, 4);
    ad_check_exact(k ? "norm lane 1" : "norm lane 0", t.d[k], s);
  }
  ad_check_eq("norm lane 1 analytic", t.d[1], (v[1] + v[2]) / norm(v, 4));

  double w[3] = {0.5, 1.5, -1}, dw0[3] = {1, 0, 0}, dw1[3] = {0, 0, 1};
  __enzyme_fwddiff_2((void *)scale, enzyme_width, 2, enzyme_dup, w, dw0, dw1,
                     2.0, 0.0, 1.0, enzyme_const, 3);
  // w_i = a w_i^2: dw = 2 a w dw + w^2 da
  ad_check_eq("scale lane 0 [0]", dw0[0], 2 * 2.0 * 0.5);
  ad_check_eq("scale lane 0 [2]", dw0[2], 0);
  ad_check_eq("scale lane 1 [0]", dw1[0], 0.25);
  ad_check_eq("scale lane 1 [2]", dw1[2], 2 * 2.0 * -1 + 1);
  ad_check_eq("primal", w[1], 2.0 * 1.5 * 1.5);
  return ad_check_report();
}
