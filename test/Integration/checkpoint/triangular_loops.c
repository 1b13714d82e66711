// Checkpointed loops over pairs (i, j > i), whose inner trip count depends
// on the outer index. The snapshot region of the array the body writes was
// bounded by adding the maxima of the inner loop's start (i + 1) and trip
// count (n - i - 1) apart: about twice the array, and restoring a snapshot
// wrote over the memory after it (here the shadow of x: the gradient came
// out 0 at -O1 and above). Found by a probe. Each gradient with a budget
// equals the fully taped one and finite differences.
//   pairs: a_i = sum_{j > i} sin(x_j - x_i) - sum_{j < i} sin(x_i - x_j),
//          L = sum a_i^2 (a passed ad_dup, its shadow and x's shadow lie
//          right after it);
//   lower: the same over j < i, written from the end.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

enum { N = 6 };

double pairs(const double *x, double *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double d = sin(x[j] - x[i]);
      a[i] += d;
      a[j] -= d;
    }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  return s;
}

double lower(const double *x, double *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
  for (int i = n - 1; i >= 0; i--)
    for (int j = i - 1; j >= 0; j--) {
      double d = cos(x[i] * x[j]);
      a[i] += d;
      a[j] += 0.5 * d;
    }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  return s;
}

static double scratch[N];
static double pairs_x(const double *x) { return pairs(x, scratch, N); }
static double lower_x(const double *x) { return lower(x, scratch, N); }

typedef double (*fn)(const double *, double *, int);

int main(void) {
  double x[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.3 * i * i - 0.2 * i;
  size_t budgets[] = {0, 200, 1 << 20};
  for (int f = 0; f < 2; f++) {
    double full[N];
    for (int b = 0; b < 3; b++) {
      // a, its shadow, then x's shadow: adjacent, as a region past a's
      // end would reach them.
      double buf[3 * N];
      memset(buf, 0, sizeof buf);
      double *a = buf, *da = buf + N, *dx = buf + 2 * N;
      if (f == 0 && budgets[b])
        __ad_autodiff((void *)pairs, ad_dup, x, dx, ad_dup, a, da, N,
                      ad_tape_budget, budgets[b]);
      else if (f == 0)
        __ad_autodiff((void *)pairs, ad_dup, x, dx, ad_dup, a, da, N);
      else if (budgets[b])
        __ad_autodiff((void *)lower, ad_dup, x, dx, ad_dup, a, da, N,
                      ad_tape_budget, budgets[b]);
      else
        __ad_autodiff((void *)lower, ad_dup, x, dx, ad_dup, a, da, N);
      for (int i = 0; i < N; i++) {
        if (b == 0)
          full[i] = dx[i];
        else
          ad_check_exact(f ? "lower budget = full" : "pairs budget = full",
                         dx[i], full[i]);
        double fd = ad_fdn(f ? lower_x : pairs_x, x, N, i);
        ad_check(f ? "lower" : "pairs", dx[i], fd, fd);
      }
    }
  }
  return ad_check_report();
}
