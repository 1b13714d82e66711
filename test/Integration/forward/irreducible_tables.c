// Forward mode where reverse mode refuses or works hard: a loop entered in
// the middle through goto (irreducible; forward mode needs no reversal),
// a table of row pointers given as ad_dup with a table of shadow rows, and a
// table of pointers the function builds itself on the heap.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <stdlib.h>

static int N;

double irreducible(double x, int n) {
  double s = x;
  int i = 0;
  if (n > 3)
    goto mid;
top:
  s = s * x + 1;
mid:
  s = s * 0.5 + x;
  if (++i < n)
    goto top;
  return s;
}
static double irreducible_x(double x) { return irreducible(x, N); }

double rows(double **m, int r, int c) {
  double s = 0;
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j)
      s += m[i][j] * m[i][j] * (j + 1);
  return s;
}

double table(const double *x, int n) {
  const double **t = malloc(n * sizeof *t);
  for (int i = 0; i < n; ++i)
    t[i] = x + (n - 1 - i);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += *t[i] * *t[i] * *t[i] * (i + 1);
  free(t);
  return s;
}

static const double V[3] = {0.5, -1.2, 2.0}, T[3] = {1.0, 0.3, -0.4};
static double table_dir(double h) {
  double x[3];
  for (int i = 0; i < 3; ++i)
    x[i] = V[i] + h * T[i];
  return table(x, 3);
}

int main(void) {
  char name[64];
  double x = ad_opaque(0.7);
  for (N = 2; N <= 5; ++N) {
    /* s_{k+1} = (s_k x + 1) / 2 + x, from s = x (n > 3 skips the first
     * multiplication): the analytic tangent follows the same recurrence. */
    double s = x, ds = 1;
    int i = 0;
    if (N <= 3) {
      ds = ds * x + s;
      s = s * x + 1;
    }
    for (;;) {
      ds = ds * 0.5 + 1;
      s = s * 0.5 + x;
      if (++i >= N)
        break;
      ds = ds * x + s;
      s = s * x + 1;
    }
    snprintf(name, sizeof name, "irreducible n=%d", N);
    ad_check(name, __ad_fwddiff((void *)irreducible, ad_dup, x, 1.0, N), ds,
             ad_fd(irreducible_x, x));
  }

  double a[2] = {1, 2}, b[2] = {3, -4}, da[2] = {1, 0.5}, db[2] = {0, 1};
  double *m[2] = {a, b}, *dm[2] = {da, db};
  ad_check_eq("rows", __ad_fwddiff((void *)rows, ad_dup, m, dm, 2, 2),
              2 * 1 * 1 + 2 * 2 * 0.5 * 2 + 2 * (-4) * 1 * 2);

  double v[3], dv[3], e = 0;
  for (int i = 0; i < 3; ++i) {
    v[i] = V[i];
    dv[i] = T[i];
    e += 3 * V[i] * V[i] * T[i] * (3 - i);
  }
  ad_check("table", __ad_fwddiff((void *)table, ad_dup, v, dv, 3), e,
           ad_fd(table_dir, 0.0));
  return ad_check_report();
}
