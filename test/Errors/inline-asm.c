// Inline assembly on an active path has no derivative. Only the strings
// of the table in Transform/AsmIdioms (Eigen's packet operations) are read
// as the operation they compute; a string outside it, or a volatile one
// (which may do more than its outputs say), stays refused.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <emmintrin.h>

double f(double x) {
  double y = x * x;
  // CHECK-DAG: inline-asm.c:[[@LINE+1]]:3: error: ADPass: in 'f': inline assembly on an active path has no derivative
  __asm__("" : "+x"(y));
  return y * x;
}

double g(double x) { return __ad_autodiff((void *)f, x); }

// The scalar maxsd: not in the table.
double scalar_max(double x) {
  double y = x * x;
  // CHECK-DAG: inline-asm.c:[[@LINE+1]]:3: error: ADPass: in 'scalar_max': inline assembly on an active path has no derivative
  __asm__("maxsd %1, %0" : "+x"(y) : "x"(x));
  return y;
}

double g2(double x) { return __ad_autodiff((void *)scalar_max, x); }

// A table string, volatile.
double volatile_max(const double *p) {
  __m128d a = _mm_loadu_pd(p), b = _mm_mul_pd(a, a);
  // CHECK-DAG: inline-asm.c:[[@LINE+1]]:3: error: ADPass: in 'volatile_max': inline assembly on an active path has no derivative
  __asm__ volatile("maxpd %1, %0" : "+x"(b) : "x"(a));
  return b[0] + b[1];
}

void g3(const double *p, double *dp) {
  __ad_autodiff((void *)volatile_max, ad_dup, p, dp);
}
