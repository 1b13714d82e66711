// Enzyme's __enzyme_batch: f evaluated for N sets of arguments in one call,
// each parameter given N values (enzyme_vector, the default), one shared
// value (enzyme_scalar) or a strided block (enzyme_buffer, stride); the N
// results in the struct the caller declares, a void function's effects on
// each lane's memory; a batch inside a function that is differentiated.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_width, enzyme_vector, enzyme_scalar, enzyme_buffer,
    enzyme_dup, enzyme_const;
typedef struct {
  double d[4];
} v4;
typedef struct {
  double a, b, c;
} v3;
typedef struct {
  double a, b;
} v2;
extern v4 __enzyme_batch(void *, ...);
extern v3 __enzyme_batch_3(void *, ...);
extern v2 __enzyme_batch_2(void *, ...);
extern void __enzyme_batch_void(void *, ...);
extern double __enzyme_autodiff(void *, ...);

static double square(double x) { return x * x * sin(x); }
static double mix(double x, double s, const double *p) {
  return x * s + p[0] * p[1];
}
static void scale(double *v, double a, int n) {
  for (int i = 0; i < n; ++i)
    v[i] *= a;
}

// Two lanes of square, summed: its derivative is that of both lanes.
static double both(double x) {
  v2 r = __enzyme_batch_2((void *)square, enzyme_width, 2, x, 2 * x);
  return r.a + r.b;
}

int main(void) {
  v4 r = __enzyme_batch((void *)square, enzyme_width, 4, enzyme_vector, 1.0,
                        2.0, 3.0, 4.0);
  for (int k = 0; k < 4; ++k)
    ad_check_exact("square lanes", r.d[k], square(k + 1.0));

  double P[3][2] = {{1, 2}, {3, 4}, {5, 6}};
  v3 m =
      __enzyme_batch_3((void *)mix, enzyme_width, 3, 1.0, 2.0, 3.0,
                       enzyme_scalar, 10.0, enzyme_buffer, sizeof P[0], P[0]);
  ad_check_exact("mix lane 0", m.a, 12);
  ad_check_exact("mix lane 1", m.b, 32);
  ad_check_exact("mix lane 2", m.c, 60);

  double V[2][3] = {{1, 2, 3}, {4, 5, 6}};
  __enzyme_batch_void((void *)scale, enzyme_width, 2, enzyme_buffer,
                      sizeof V[0], V[0], 2.0, 3.0, enzyme_scalar, 3);
  ad_check_exact("scale lane 0", V[0][2], 6);
  ad_check_exact("scale lane 1", V[1][0], 12);

  // A marker given twice (one load of it, shared by the optimizer, was
  // erased twice: a crash at -O1 and above).
  double Q[2] = {7, 8};
  v2 t = __enzyme_batch_2((void *)mix, enzyme_width, 2, enzyme_vector, 1.0, 2.0,
                          enzyme_scalar, 3.0, enzyme_scalar, Q);
  ad_check_exact("repeated markers, lane 0", t.a, 3 + 56);
  ad_check_exact("repeated markers, lane 1", t.b, 6 + 56);

  double x = 0.7;
  double d = __enzyme_autodiff((void *)both, x);
  double ds = 2 * x * sin(x) + x * x * cos(x), y = 2 * x;
  ad_check("derivative through a batch", d,
           ds + 2 * (2 * y * sin(y) + y * y * cos(y)), ad_fd(both, x));
  return ad_check_report();
}
