// enzyme_runtime_activity: a pointer passed as its own shadow is inactive
// (decided at run time: the pointers come through a function the optimizer
// does not look into). s = sum sin(a_i) b_i, with b scaled in place by 3:
// ds/da_i = cos(a_i) b_i, ds/db_i = sin(a_i). With b as its own shadow, b
// only gets the primal's update (without the marker it would also receive
// the adjoint); with a as its own shadow, a is untouched; in forward mode
// a tangent equal to the primal pointer contributes nothing.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <math.h>
#include <stdio.h>
#include <string.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_runtime_activity;

/* s = sum sin(a_i) b_i; b is scaled in place by 3 afterwards. */
double f(double *a, double *b, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    s += sin(a[i]) * b[i];
    b[i] *= 3;
  }
  return s;
}

/* Pointers the compiler cannot compare: the dispatch happens at run time. */
__attribute__((noinline)) double grad(double *a, double *da, double *b,
                                      double *db, int n) {
  return __enzyme_autodiff((void *)f, enzyme_runtime_activity, enzyme_dup, a,
                           da, enzyme_dup, b, db, enzyme_const, n);
}
__attribute__((noinline)) double tangent(double *a, double *ta, double *b,
                                         double *tb, int n) {
  return __enzyme_fwddiff((void *)f, enzyme_runtime_activity, a, ta, b, tb, n);
}

int main(void) {
  enum { N = 4 };
  int fails = 0;
  double a0[N] = {0.3, -1.1, 2.0, 0.7}, b0[N] = {1.5, 0.25, -2.0, 3.0};
  double a[N], b[N], da[N], db[N];
  /* Both active. */
  memcpy(a, a0, sizeof a);
  memcpy(b, b0, sizeof b);
  memset(da, 0, sizeof da);
  memset(db, 0, sizeof db);
  grad(a, da, b, db, N);
  for (int i = 0; i < N; ++i) {
    /* db was 0 on entry: the adjoint of b_out = 3 b is 0. */
    fails += fabs(da[i] - cos(a0[i]) * b0[i]) > 1e-12;
    fails += fabs(db[i] - sin(a0[i])) > 1e-12;
  }
  /* b passed as its own shadow: inactive, not accumulated into. */
  memcpy(a, a0, sizeof a);
  memcpy(b, b0, sizeof b);
  memset(da, 0, sizeof da);
  grad(a, da, b, b, N);
  for (int i = 0; i < N; ++i) {
    fails += fabs(da[i] - cos(a0[i]) * b0[i]) > 1e-12;
    fails += fabs(b[i] - 3 * b0[i]) > 1e-12; /* the primal's update */
  }
  /* a passed as its own shadow. */
  memcpy(a, a0, sizeof a);
  memcpy(b, b0, sizeof b);
  memset(db, 0, sizeof db);
  grad(a, a, b, db, N);
  for (int i = 0; i < N; ++i) {
    fails += fabs(db[i] - sin(a0[i])) > 1e-12;
    fails += a[i] != a0[i];
  }
  /* Forward mode: b its own shadow, so only a's tangent counts. */
  double ta[N] = {1, 0.5, -1, 2};
  memcpy(a, a0, sizeof a);
  memcpy(b, b0, sizeof b);
  double t = tangent(a, ta, b, b, N), want = 0;
  for (int i = 0; i < N; ++i)
    want += cos(a0[i]) * ta[i] * b0[i];
  fails += fabs(t - want) > 1e-12;
  /* Forward mode, both active. */
  double tb[N] = {0.5, 1, 1, -1};
  memcpy(a, a0, sizeof a);
  memcpy(b, b0, sizeof b);
  want = 0; /* before the call, which scales tb by 3 as b */
  for (int i = 0; i < N; ++i)
    want += cos(a0[i]) * ta[i] * b0[i] + sin(a0[i]) * tb[i];
  t = tangent(a, ta, b, tb, N);
  fails += fabs(t - want) > 1e-12;
  printf("%s (%d)\n", fails ? "FAIL" : "PASS", fails);
  return fails != 0;
}
