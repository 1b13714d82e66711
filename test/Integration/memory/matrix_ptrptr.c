// Matrices as `double **` (an array of row pointers). The shadow of a
// `double **` is a `double **` whose rows are the shadow rows (pointers
// stored in differentiated memory have their shadow pointer at the same
// place in the shadow memory). C = A B with the seed in dC gives
// dA = dC B^T, dB = A^T dC and dC reset; a scalar function reads rows
// through the row pointers.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define NR 3
#define NK 4
#define NC 2

void matmul(double **a, double **b, double **c, int n, int m, int p) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < p; ++j) {
      double s = 0;
      for (int k = 0; k < m; ++k)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

/* sum_ij sin(a[i][j]) a[i][j + 1]: rows read through the row pointers. */
double rows(double **a, int n, int m) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    const double *r = a[i];
    for (int j = 0; j + 1 < m; ++j)
      s += sin(r[j]) * r[j + 1];
  }
  return s;
}

static double **alloc_mat(int n, int m) {
  double **a = malloc(n * sizeof(double *));
  for (int i = 0; i < n; ++i)
    a[i] = calloc(m, sizeof(double));
  return a;
}
static void free_mat(double **a, int n) {
  for (int i = 0; i < n; ++i)
    free(a[i]);
  free(a);
}

/* Flat view: A (NR x NK) then B (NK x NC). */
static double wc[NR][NC];
static double matmul_w(const double *x) {
  double ar[NR][NK], br[NK][NC], cr[NR][NC];
  double *ap[NR], *bp[NK], *cp[NR];
  double r = 0;
  for (int i = 0; i < NR; ++i) {
    ap[i] = ar[i];
    cp[i] = cr[i];
    for (int k = 0; k < NK; ++k)
      ar[i][k] = x[i * NK + k];
  }
  for (int k = 0; k < NK; ++k) {
    bp[k] = br[k];
    for (int j = 0; j < NC; ++j)
      br[k][j] = x[NR * NK + k * NC + j];
  }
  matmul(ap, bp, cp, NR, NK, NC);
  for (int i = 0; i < NR; ++i)
    for (int j = 0; j < NC; ++j)
      r += wc[i][j] * cr[i][j];
  return r;
}
static double rows_w(const double *x) {
  double ar[NR][NK], *ap[NR];
  for (int i = 0; i < NR; ++i) {
    ap[i] = ar[i];
    for (int k = 0; k < NK; ++k)
      ar[i][k] = x[i * NK + k];
  }
  return rows(ap, NR, NK);
}

int main(void) {
  double **a = alloc_mat(NR, NK), **b = alloc_mat(NK, NC),
         **c = alloc_mat(NR, NC);
  double **da = alloc_mat(NR, NK), **db = alloc_mat(NK, NC),
         **dc = alloc_mat(NR, NC);
  double x[NR * NK + NK * NC];
  char buf[96];
  int i, j, k;

  for (i = 0; i < NR; ++i)
    for (k = 0; k < NK; ++k)
      x[i * NK + k] = a[i][k] = sin(1.1 * i + 0.7 * k + 0.3);
  for (k = 0; k < NK; ++k)
    for (j = 0; j < NC; ++j)
      x[NR * NK + k * NC + j] = b[k][j] = cos(0.9 * k - 0.4 * j);
  for (i = 0; i < NR; ++i)
    for (j = 0; j < NC; ++j)
      dc[i][j] = wc[i][j] = 1.0 + 0.5 * i - 0.75 * j;

  __ad_autodiff((void *)matmul, ad_dup, a, da, ad_dup, b, db, ad_dup, c, dc,
                (int)ad_opaque(NR), NK, NC);
  for (i = 0; i < NR; ++i)
    for (j = 0; j < NC; ++j) {
      double s = 0;
      for (k = 0; k < NK; ++k)
        s += a[i][k] * b[k][j];
      snprintf(buf, sizeof buf, "C[%d][%d] written", i, j);
      ad_check_eq(buf, c[i][j], s);
      snprintf(buf, sizeof buf, "dC[%d][%d] reset", i, j);
      ad_check_eq(buf, dc[i][j], 0.0);
    }
  for (i = 0; i < NR; ++i)
    for (k = 0; k < NK; ++k) {
      double e = 0;
      for (j = 0; j < NC; ++j)
        e += wc[i][j] * b[k][j];
      snprintf(buf, sizeof buf, "dA[%d][%d]", i, k);
      ad_check(buf, da[i][k], e, lfd(matmul_w, x, i * NK + k));
    }
  for (k = 0; k < NK; ++k)
    for (j = 0; j < NC; ++j) {
      double e = 0;
      for (i = 0; i < NR; ++i)
        e += a[i][k] * wc[i][j];
      snprintf(buf, sizeof buf, "dB[%d][%d]", k, j);
      ad_check(buf, db[k][j], e, lfd(matmul_w, x, NR * NK + k * NC + j));
    }

  for (i = 0; i < NR; ++i)
    for (k = 0; k < NK; ++k)
      da[i][k] = 0;
  __ad_autodiff((void *)rows, ad_dup, a, da, NR, (int)ad_opaque(NK));
  for (i = 0; i < NR; ++i)
    for (k = 0; k < NK; ++k) {
      double e = 0;
      if (k + 1 < NK)
        e += cos(a[i][k]) * a[i][k + 1];
      if (k > 0)
        e += sin(a[i][k - 1]);
      snprintf(buf, sizeof buf, "rows dA[%d][%d]", i, k);
      ad_check(buf, da[i][k], e, lfd(rows_w, x, i * NK + k));
    }

  free_mat(a, NR);
  free_mat(b, NK);
  free_mat(c, NR);
  free_mat(da, NR);
  free_mat(db, NK);
  free_mat(dc, NR);
  return ad_check_report();
}
