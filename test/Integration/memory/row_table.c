// Tables of row pointers the function builds itself: a malloc'd table of
// malloc'd rows, filled, read back through the table and freed row by row
// through the pointers read back (free(rows[i])); a stack table of rows
// pointing into a local array; a stack table of rows of an ad_dup matrix.
// Pointers read from the function's own memory point to what was stored
// there, and their shadows are read from the table's shadow.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
// RUN: %clang -O0 -gdwarf-4 %s -o %t.vg0 -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg0
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define NR 3
#define NC 4

/* r[i][j] = x[i][j]^2; s = sum_ij sin(r[i][j]) r[i][(j + 1) % m]. */
double heap_rows(const double *x, int n, int m) {
  double **rows = malloc(n * sizeof(double *));
  for (int i = 0; i < n; ++i)
    rows[i] = malloc(m * sizeof(double));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      rows[i][j] = x[i * m + j] * x[i * m + j];
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      s += sin(rows[i][j]) * rows[i][(j + 1) % m];
  for (int i = 0; i < n; ++i)
    free(rows[i]);
  free(rows);
  return s;
}

/* The same with a stack table over a local array, rows in reverse order. */
double stack_rows(const double *x) {
  double store[NR][NC];
  double *rows[NR];
  for (int i = 0; i < NR; ++i)
    rows[NR - 1 - i] = store[i];
  for (int i = 0; i < NR; ++i)
    for (int j = 0; j < NC; ++j)
      rows[i][j] = x[i * NC + j] * x[i * NC + j];
  double s = 0;
  for (int i = 0; i < NR; ++i)
    for (int j = 0; j < NC; ++j)
      s += sin(rows[i][j]) * rows[i][(j + 1) % NC];
  return s;
}

/* Rows of the argument, kept in a stack table: s = sum_i a[i][0] a[i][1]. */
double arg_rows(double *a) {
  double *rows[NR];
  for (int i = 0; i < NR; ++i)
    rows[i] = a + i * NC;
  double s = 0;
  for (int i = 0; i < NR; ++i)
    s += rows[i][0] * rows[i][1] * rows[(i + 1) % NR][2];
  return s;
}

static double heap_w(const double *x) { return heap_rows(x, NR, NC); }
static double stack_w(const double *x) { return stack_rows(x); }
static double arg_w(const double *x) {
  double a[NR * NC];
  for (int k = 0; k < NR * NC; ++k)
    a[k] = x[k];
  return arg_rows(a);
}

int main(void) {
  double x[NR * NC], dx[NR * NC], e[NR * NC];
  int i, j;
  for (i = 0; i < NR * NC; ++i) {
    x[i] = 0.1 + 0.07 * i;
    dx[i] = 0;
  }
  __ad_autodiff((void *)heap_rows, ad_dup, x, dx, (int)ad_opaque(NR), NC);
  for (i = 0; i < NR; ++i)
    for (j = 0; j < NC; ++j) {
      int k = i * NC + j, nx = i * NC + (j + 1) % NC,
          pv = i * NC + (j + NC - 1) % NC;
      double r = x[k] * x[k];
      e[k] = 2 * x[k] * (cos(r) * x[nx] * x[nx] + sin(x[pv] * x[pv]));
    }
  lfd_check_all("heap_rows dx", dx, e, heap_w, x, NR * NC);

  for (i = 0; i < NR * NC; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)stack_rows, ad_dup, x, dx);
  lfd_check_all("stack_rows dx", dx, e, stack_w, x, NR * NC);

  for (i = 0; i < NR * NC; ++i) {
    dx[i] = 0;
    e[i] = 0;
  }
  __ad_autodiff((void *)arg_rows, ad_dup, x, dx);
  for (i = 0; i < NR; ++i) {
    int n = (i + 1) % NR;
    e[i * NC + 0] += x[i * NC + 1] * x[n * NC + 2];
    e[i * NC + 1] += x[i * NC + 0] * x[n * NC + 2];
    e[n * NC + 2] += x[i * NC + 0] * x[i * NC + 1];
  }
  lfd_check_all("arg_rows dx", dx, e, arg_w, x, NR * NC);
  return ad_check_report();
}
