// Reverse mode of a function that returns a struct or a vector of doubles in
// registers: `ad_seed, &s` gives the seed of each value of the result, and
// the gradient is that of sum_k s_k result_k.
//   polar(r, t) = (r cos t, r sin t) at (2, 0.5), seeds (1, 0) and
//   (0.5, 2): d/dr = s0 cos t + s1 sin t, d/dt = -s0 r sin t + s1 r cos t
//   pairsum(x) = <x0 x1, x0 + x1> with x through ad_dup, seed (3, 1):
//   dx0 = 3 x1 + 1, dx1 = 3 x0 + 1
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef struct {
  double a, b;
} P;
P polar(double r, double t) {
  P p = {r * cos(t), r * sin(t)};
  return p;
}
typedef struct {
  double dr, dt;
} G2;
G2 __ad_autodiff_g2(void *, ...);

typedef double v2d __attribute__((vector_size(16)));
v2d pairsum(const double *x) {
  v2d v = {x[0] * x[1], x[0] + x[1]};
  return v;
}

int main(void) {
  double r = 2.0, t = 0.5;
  P s1 = {1, 0}, s2 = {0.5, 2};
  G2 g = __ad_autodiff_g2((void *)polar, r, t, ad_seed, &s1);
  ad_check("seed (1, 0): d/dr", g.dr, cos(t), cos(t));
  ad_check("seed (1, 0): d/dt", g.dt, -r * sin(t), -r * sin(t));
  g = __ad_autodiff_g2((void *)polar, r, t, ad_seed, &s2);
  ad_check("seed (0.5, 2): d/dr", g.dr, 0.5 * cos(t) + 2 * sin(t),
           0.5 * cos(t) + 2 * sin(t));
  ad_check("seed (0.5, 2): d/dt", g.dt, -0.5 * r * sin(t) + 2 * r * cos(t),
           -0.5 * r * sin(t) + 2 * r * cos(t));
  double x[2] = {1.5, 0.7}, dx[2] = {0, 0};
  v2d sv = {3, 1};
  __ad_autodiff((void *)pairsum, ad_dup, x, dx, ad_seed, &sv);
  ad_check("vector result dx0", dx[0], 3 * 0.7 + 1, 3.1);
  ad_check("vector result dx1", dx[1], 3 * 1.5 + 1, 5.5);
  return ad_check_report();
}
