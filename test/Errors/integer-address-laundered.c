// An address kept as an integer in memory and read back: the integer read
// may be any address (or none), so it cannot be traced to one object whose
// shadow it would use, and reads through it are refused. (Addresses
// computed by integer arithmetic from one pointer are differentiated.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdint.h>

double via_memory(const double *x) {
  volatile uintptr_t slot = (uintptr_t)x;
  const double *p = (const double *)(slot + sizeof(double));
  // CHECK: integer-address-laundered.c:[[@LINE+1]]:10: error: ADPass: in 'via_memory': cannot tell whether this unknown pointer points into differentiated memory
  return *p * x[0];
}

double g(const double *x, double *dx) {
  return __ad_autodiff((void *)via_memory, ad_dup, x, dx);
}
