// Three and four active doubles: the derivative struct is returned through a
// hidden sret pointer. User-declared structs and ad.h's ad_double3/4.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef struct {
  double dx, dy, dz;
} G3;
typedef struct {
  double dx, dy, dz, dw;
} G4;
G3 __ad_autodiff_3(void *, ...);
G4 __ad_autodiff_4(void *, ...);

double f3(double x, double y, double z) { return x * y * z + z; }
double f4(double x, double y, double z, double w) {
  return x * y - z * w + sin(w);
}
double ffma(double x, double y, double z) { return fma(x, y, z) * z; }

static double f3_a(const double *a) { return f3(a[0], a[1], a[2]); }
static double f4_a(const double *a) { return f4(a[0], a[1], a[2], a[3]); }
static double ffma_a(const double *a) { return ffma(a[0], a[1], a[2]); }

int main(void) {
  double a[4] = {1.5, -0.5, 2.0, 0.3};
  double x = a[0], y = a[1], z = a[2], w = a[3];
  G3 r3 = __ad_autodiff_3((void *)f3, x, y, z);
  G4 r4 = __ad_autodiff_4((void *)f4, x, y, z, w);
  ad_double3 q3;
  ad_double4 q4;

  ad_check("G3 dx", r3.dx, y * z, ad_fdn(f3_a, a, 3, 0));
  ad_check("G3 dy", r3.dy, x * z, ad_fdn(f3_a, a, 3, 1));
  ad_check("G3 dz", r3.dz, x * y + 1, ad_fdn(f3_a, a, 3, 2));

  ad_check("G4 dx", r4.dx, y, ad_fdn(f4_a, a, 4, 0));
  ad_check("G4 dy", r4.dy, x, ad_fdn(f4_a, a, 4, 1));
  ad_check("G4 dz", r4.dz, -w, ad_fdn(f4_a, a, 4, 2));
  ad_check("G4 dw", r4.dw, -z + cos(w), ad_fdn(f4_a, a, 4, 3));

  q3 = __ad_autodiff_d3((void *)ffma, ad_opaque(x), ad_opaque(y), ad_opaque(z));
  ad_check("ad_double3 fma dx", q3.d[0], y * z, ad_fdn(ffma_a, a, 3, 0));
  ad_check("ad_double3 fma dy", q3.d[1], x * z, ad_fdn(ffma_a, a, 3, 1));
  ad_check("ad_double3 fma dz", q3.d[2], x * y + 2 * z,
           ad_fdn(ffma_a, a, 3, 2));

  q4 = __ad_autodiff_d4((void *)f4, ad_opaque(x), ad_opaque(y), ad_opaque(z),
                        ad_opaque(w));
  ad_check("ad_double4 dx", q4.d[0], y, ad_fdn(f4_a, a, 4, 0));
  ad_check("ad_double4 dy", q4.d[1], x, ad_fdn(f4_a, a, 4, 1));
  ad_check("ad_double4 dz", q4.d[2], -w, ad_fdn(f4_a, a, 4, 2));
  ad_check("ad_double4 dw", q4.d[3], -z + cos(w), ad_fdn(f4_a, a, 4, 3));
  return ad_check_report();
}
