// Unsupported code that is inactive is not refused: an external call without
// a body or a rule whose arguments do not depend on the active input, inline
// assembly on integers, a printf of an active value, and an active value
// stored to ad_const memory that is never read back. All compile.
// RUN: %clang -O2 -c %s -o /dev/null
// RUN: %clang -O0 -c %s -o /dev/null
// RUN: %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
#include <ad.h>
#include <stdio.h>

double table_lookup(int i); // no body, no rule
int counter;

double f(double x, int i, double *log) {
  double k = table_lookup(i); // inactive: only an integer goes in
  int c = counter;
  __asm__ volatile("" : "+r"(c)); // inactive: integers only
  counter = c + 1;
  printf("x = %f\n", x * 2.0); // active value printed: not an error
  log[0] = x * x;              // ad_const memory, never read back
  return k * x;
}

double g(double x, int i, double *log) {
  return __ad_autodiff((void *)f, x, i, ad_const, log);
}
