// Too few arguments for the differentiated function: refused at the call,
// with its location; the compiler exits with an error, not a crash.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, double y) { return x * y; }

double g(double x) {
  // CHECK: args-too-few.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: 'f' takes 2 argument(s) but the call passes 1
  return __ad_autodiff((void *)f, x);
}
