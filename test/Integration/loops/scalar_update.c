// An active scalar updated in place many times: x = sin(x) 1000 times (a
// constant and a run-time trip count) and the affine map x = x a + b, with
// gradients w.r.t. x, a and b.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double sin1000(double x) {
  for (int i = 0; i < 1000; ++i)
    x = sin(x);
  return x;
}

double sin_n(double x, int n) {
  for (int i = 0; i < n; ++i)
    x = sin(x);
  return x;
}

double affine_n(double x, double a, double b, int n) {
  for (int i = 0; i < n; ++i)
    x = x * a + b;
  return x;
}

/* Two scalars updated together (a rotation-like map). */
double pair_n(double x, double y, int n) {
  for (int i = 0; i < n; ++i) {
    double t = x;
    x = 0.9 * x - 0.3 * sin(y);
    y = 0.2 * t * t + 0.8 * y;
  }
  return x + 2.0 * y;
}

static double sin1000_tangent(double x) {
  double t = 1;
  for (int i = 0; i < 1000; ++i) {
    t *= cos(x);
    x = sin(x);
  }
  return t;
}

static int g_n;
static double sin_n_a(double x) { return sin_n(x, g_n); }
static double affine_a(const double *v) {
  return affine_n(v[0], v[1], v[2], g_n);
}
static double pair_a(const double *v) { return pair_n(v[0], v[1], g_n); }

int main(void) {
  double x = 1.2, v[3] = {0.7, 0.93, 0.4};
  int n;
  ad_double3 g;
  ad_double2 g2;

  ad_check("sin x1000", __ad_autodiff((void *)sin1000, x), sin1000_tangent(x),
           ad_fd(sin1000, x));
  x = ad_opaque(-0.8);
  ad_check("sin x1000 opaque", __ad_autodiff((void *)sin1000, x),
           sin1000_tangent(x), ad_fd(sin1000, x));
  g_n = n = (int)ad_opaque(1000);
  ad_check("sin xn, n=1000", __ad_autodiff((void *)sin_n, x, n),
           sin1000_tangent(x), ad_fd(sin_n_a, x));

  /* x_n = a^n x + b (1 + a + ... + a^(n-1)). */
  for (n = 1; n <= 1000; n *= 10) {
    double an = pow(v[1], n), geo = (1 - an) / (1 - v[1]);
    /* d geo / da = sum_{k<n} k a^(k-1) */
    double dgeo = 0;
    int k;
    for (k = 1; k < n; ++k)
      dgeo += k * pow(v[1], k - 1);
    g_n = n;
    printf("affine n=%d\n", n);
    g = __ad_autodiff_d3((void *)affine_n, v[0], v[1], v[2], (int)ad_opaque(n));
    ad_check("affine dx", g.d[0], an, ad_fdn(affine_a, v, 3, 0));
    ad_check("affine da", g.d[1], n * pow(v[1], n - 1) * v[0] + v[2] * dgeo,
             ad_fdn(affine_a, v, 3, 1));
    ad_check("affine db", g.d[2], geo, ad_fdn(affine_a, v, 3, 2));
  }

  /* Tangent of pair_n in both directions. */
  g_n = n = 50;
  {
    double p[2] = {0.6, -0.4};
    double xs = p[0], ys = p[1];
    double txx = 1, txy = 0, tyx = 0, tyy = 1; /* d(x,y)/d(x0,y0) */
    int i;
    for (i = 0; i < n; ++i) {
      double nxx = 0.9 * txx - 0.3 * cos(ys) * tyx;
      double nxy = 0.9 * txy - 0.3 * cos(ys) * tyy;
      double nyx = 0.4 * xs * txx + 0.8 * tyx;
      double nyy = 0.4 * xs * txy + 0.8 * tyy;
      double t = xs;
      xs = 0.9 * xs - 0.3 * sin(ys);
      ys = 0.2 * t * t + 0.8 * ys;
      txx = nxx;
      txy = nxy;
      tyx = nyx;
      tyy = nyy;
    }
    g2 = __ad_autodiff_d2((void *)pair_n, p[0], p[1], n);
    ad_check("pair dx", g2.d[0], txx + 2 * tyx, ad_fdn(pair_a, p, 2, 0));
    ad_check("pair dy", g2.d[1], txy + 2 * tyy, ad_fdn(pair_a, p, 2, 1));
  }
  return ad_check_report();
}
