// qsort of differentiated data in vector modes (ad_width): the sort's
// permutation serves every lane's tangents (forward) or adjoints (reverse).
// Each lane's routine freed it, so the second lane read freed memory
// (a crash); now all lanes but the last keep it. Each lane equals the
// scalar call with its own seeds, bit for bit.
//   F(x) = sum_k (k+1) s_k^2 with s = x sorted.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <stdlib.h>

enum { N = 5 };

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double F(double *x) {
  qsort(x, N, sizeof(double), cmpd);
  double s = 0;
  for (int k = 0; k < N; k++)
    s += (k + 1) * x[k] * x[k];
  return s;
}

typedef struct {
  double d[3];
} three;
three __ad_fwddiff_3(void *, ...);

int main(void) {
  const double x0[N] = {0.4, -0.3, 1.5, 0.9, -1.1};
  double x[N], t[3][N] = {{0}}, g[3][N] = {{0}};
  for (int l = 0; l < 3; l++)
    for (int i = 0; i < N; i++)
      t[l][i] = (double)((l * 3 + i) % 4) - 1;
  for (int i = 0; i < N; i++)
    x[i] = x0[i];
  three w = __ad_fwddiff_3((void *)F, ad_width, 3, ad_dup, x, t[0], t[1], t[2]);
  for (int l = 0; l < 3; l++) {
    double xs[N], ts[N];
    for (int i = 0; i < N; i++) {
      xs[i] = x0[i];
      ts[i] = (double)((l * 3 + i) % 4) - 1;
    }
    ad_check_exact("tangent lane", w.d[l],
                   __ad_fwddiff((void *)F, ad_dup, xs, ts));
  }
  for (int i = 0; i < N; i++)
    x[i] = x0[i];
  __ad_autodiff((void *)F, ad_width, 3, ad_dup, x, g[0], g[1], g[2]);
  for (int l = 0; l < 3; l++) {
    double xs[N], gs[N] = {0};
    for (int i = 0; i < N; i++)
      xs[i] = x0[i];
    __ad_autodiff((void *)F, ad_dup, xs, gs);
    // Every lane is seeded with 1 (a scalar result): each is the gradient.
    for (int i = 0; i < N; i++)
      ad_check_exact("adjoint lane", g[l][i], gs[i]);
  }
  // The gradient itself: 2 (rank + 1) x_i.
  double xs[N], gs[N] = {0};
  for (int i = 0; i < N; i++)
    xs[i] = x0[i];
  __ad_autodiff((void *)F, ad_dup, xs, gs);
  for (int i = 0; i < N; i++) {
    int rank = 0;
    for (int j = 0; j < N; j++)
      rank += x0[j] < x0[i];
    ad_check_eq("gradient", gs[i], 2 * (rank + 1) * x0[i]);
  }
  return ad_check_report();
}
