// BLAS calls whose derivative ADPass cannot make are refused at the call:
// a routine without a rule (tpsv, packed storage, here), derivatives written
// into memory without a shadow (an ad_const output), and a BLAS routine whose
// prototype does not match the routine it is named after (not recognised: no
// rule). The integer-valued idamax is inactive and accepted.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

void cblas_dtpsv(int, int, int, int, int, const double *, double *, int);
void cblas_daxpy(int, double, const double *, int, double *, int);
double cblas_ddot(int, const double *, int, const double *);
int cblas_idamax(int, const double *, int);

double solve(const double *A, double *b) {
  // CHECK-DAG: blas-refused.c:[[@LINE+1]]:3: error: ADPass: in 'solve': call to 'cblas_dtpsv' on an active path has no derivative
  cblas_dtpsv(102, 121, 111, 131, 2, A, b, 1);
  return b[0] + b[1];
}

double lost(const double *x, double *out) {
  // CHECK-DAG: blas-refused.c:[[@LINE+1]]:3: error: ADPass: in 'lost': 'cblas_daxpy' writes derivatives into memory that has no shadow (constant pointer); pass that array as ad_dup
  cblas_daxpy(3, 2.0, x, 1, out, 1);
  return out[0] * x[0];
}

double wrong_prototype(const double *x) {
  // CHECK-DAG: blas-refused.c:[[@LINE+1]]:10: error: ADPass: in 'wrong_prototype': call to 'cblas_ddot' on an active path has no derivative
  return cblas_ddot(3, x, 1, x);
}

double largest(const double *x) { return x[cblas_idamax(3, x, 1)]; }

void grads(const double *A, double *dA, double *b, double *db, double *x,
           double *dx, double *out) {
  __ad_autodiff((void *)solve, ad_dup, A, dA, ad_dup, b, db);
  __ad_autodiff((void *)lost, ad_dup, x, dx, ad_const, out);
  __ad_autodiff((void *)wrong_prototype, ad_dup, x, dx);
  __ad_autodiff((void *)largest, ad_dup, x, dx);
}
