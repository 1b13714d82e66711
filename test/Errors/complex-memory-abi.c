// Complex arithmetic whose values the target passes in memory (cabsl: a long
// double complex goes on the stack on x86-64) has no derivative: refused at
// the call, saying why and what to do instead. (Its multiplication,
// __mulxc3, takes and returns registers: it is differentiated.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <complex.h>

long double f(long double x) {
  long double complex z = x + 2.0L * I;
  // CHECK: complex-memory-abi.c:[[@LINE+1]]:10: error: ADPass: in 'f': call to 'cabsl' (complex arithmetic) passes or returns its complex values in memory on this target, which ADPass does not differentiate; compute in double complex or float complex, or on the real and imaginary parts
  return cabsl(z * z);
}

double g(long double x) { return __ad_fwddiff((void *)f, ad_dup, x, 1.0L); }
