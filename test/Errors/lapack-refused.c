// LAPACK calls whose derivative ADPass cannot make are refused at the call:
// a routine without a rule (dsyevd, eigenvalues by divide and conquer, here), a
// solve whose solution would get derivatives in memory without a shadow (the
// right-hand side ad_const while the factor is active), and the 64-bit
// integer (ILP64) interface, whose pivots the runtime cannot read.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

void dsyevd_(const char *, const char *, const int *, double *, const int *,
             double *, double *, const int *, int *, const int *, int *);
int LAPACKE_dpotrs(int, char, int, int, const double *, int, double *, int);
long LAPACKE_dgetrf(int, long, long, double *, long, long *);

double fit(double *A, double *w) {
  int n = 2, lwork = 64, liwork = 16, iwork[16], info;
  double work[64];
  // CHECK-DAG: lapack-refused.c:[[@LINE+1]]:3: error: ADPass: in 'fit': call to 'dsyevd_' on an active path has no derivative
  dsyevd_("N", "L", &n, A, &n, w, work, &lwork, iwork, &liwork, &info);
  return w[0] + w[1];
}

double lost(const double *L, double *b) {
  // CHECK-DAG: lapack-refused.c:[[@LINE+1]]:3: error: ADPass: in 'lost': 'LAPACKE_dpotrs' writes derivatives into memory that has no shadow (constant pointer); pass that array as ad_dup
  LAPACKE_dpotrs(102, 'L', 2, 1, L, 2, b, 2);
  return b[0] * L[0];
}

double wide(double *A) {
  long ipiv[2];
  // CHECK-DAG: lapack-refused.c:[[@LINE+1]]:3: error: ADPass: in 'wide': 'LAPACKE_dgetrf' takes 64-bit integers (an ILP64 LAPACK); ADPass differentiates the 32-bit-integer (LP64) interface only
  LAPACKE_dgetrf(102, 2, 2, A, 2, ipiv);
  return A[0];
}

void grads(double *A, double *dA, double *b, double *db, double *L,
           double *dL) {
  __ad_autodiff((void *)fit, ad_dup, A, dA, ad_dup, b, db);
  __ad_autodiff((void *)lost, ad_dup, L, dL, ad_const, b);
  __ad_autodiff((void *)wide, ad_dup, A, dA);
}
