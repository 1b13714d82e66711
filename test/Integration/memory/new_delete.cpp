// C++ heap temporaries inside the differentiated function: an array from
// new[] released with delete[], and a single object from new released with
// delete (kept alive by an AD_INACTIVE logging call that takes its address).
// Both receive active values, so they get shadows; the deletes move to the
// reverse sweep.
// RUN: %clangxx -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -O2 %s -o %t2 -lm && %t2
// RUN: %clangxx -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clangxx -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <cmath>

#define N 5

/* Prefix sums in a new[] buffer: p[i] = x[0] + ... + x[i];
 * f = sum_i sin(p[i]) p[i]. */
double prefix(const double *x, int n) {
  double *p = new double[n];
  double f = 0;
  p[0] = x[0];
  for (int i = 1; i < n; ++i)
    p[i] = p[i - 1] + x[i];
  for (int i = 0; i < n; ++i)
    f += std::sin(p[i]) * p[i];
  delete[] p;
  return f;
}

struct Pt {
  double x, y;
};

/* A single heap object. */
static int logged;
AD_INACTIVE static void note(const Pt *p) {
  if (p)
    ++logged;
}
__attribute__((noinline)) static Pt *make(double a, double b) {
  return new Pt{a * b, a - b};
}
double obj(double a, double b) {
  Pt *p = make(a, b);
  note(p);
  double r = p->x * std::cos(p->y);
  delete p;
  return r;
}

static double prefix_w(const double *x) { return prefix(x, N); }
static double ob;
static double obj_a(double a) { return obj(a, ob); }
static double obj_b(double b) { return obj(0.9, b); }

int main() {
  double x[N], dx[N], e[N];
  int i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.2 * i - 0.3;
    dx[i] = 0;
  }
  __ad_autodiff((void *)prefix, ad_dup, x, dx, (int)ad_opaque(N));
  /* d f / d x[k] = sum_{i>=k} (cos(p_i) p_i + sin(p_i)) */
  {
    double p[N], g[N];
    p[0] = x[0];
    for (i = 1; i < N; ++i)
      p[i] = p[i - 1] + x[i];
    for (i = 0; i < N; ++i)
      g[i] = std::cos(p[i]) * p[i] + std::sin(p[i]);
    for (int k = 0; k < N; ++k) {
      e[k] = 0;
      for (i = k; i < N; ++i)
        e[k] += g[i];
    }
  }
  lfd_check_all("prefix dx", dx, e, prefix_w, x, N);

  {
    double a = 0.9, b = 0.4;
    ad_double2 d = __ad_autodiff_d2((void *)obj, ad_opaque(a), b);
    ob = b;
    /* r = a b cos(a - b) */
    ad_check("obj da", d.d[0], b * std::cos(a - b) - a * b * std::sin(a - b),
             ad_fd(obj_a, a));
    ad_check("obj db", d.d[1], a * std::cos(a - b) + a * b * std::sin(a - b),
             ad_fd(obj_b, b));
  }
  return ad_check_report();
}
