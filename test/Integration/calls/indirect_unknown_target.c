// A callback defined in another translation unit that this one never names:
// the dispatch of the indirect call covers only this file's functions of its
// type, so at run time the call reaches none of them and the derivative
// aborts with the call's location, rather than returning a wrong gradient.
// RUN: clang -O2 -c -DOTHER_FILE %s -o %t.other.o
// RUN: %clang -O0 -g %s %t.other.o -o %t0 -lm
// RUN: %t0 local
// RUN: %not --crash %t0 2>&1 | %FileCheck %s
// RUN: %clang -O2 -g %s %t.other.o -o %t2 -lm
// RUN: %t2 local
// RUN: %not --crash %t2 2>&1 | %FileCheck %s
// CHECK: ADPass: {{.*}}indirect_unknown_target.c:{{[0-9]+}}: an indirect call in differentiated code reached a function that is not defined in the translation unit of the derivative
typedef double (*rhs_t)(double);

#ifdef OTHER_FILE
static double cube(double y) { return y * y * y; }
rhs_t other_rhs(void) { return cube; }
#else
#include <ad.h>
#include <stdio.h>

rhs_t other_rhs(void);
static double square(double y) { return y * y; }
rhs_t pick_local(void) { return square; }

__attribute__((noinline)) double apply(rhs_t f, double y) { return f(y) * 2.0; }

double run(double y, const void *f) { return apply((rhs_t)f, y); }

int main(int argc, char **argv) {
  (void)argv;
  const void *f =
      argc > 1 ? (const void *)pick_local() : (const void *)other_rhs();
  double d = __ad_autodiff((void *)run, 1.5, ad_const, f);
  printf("%g\n", d);
  return argc > 1 ? !(d == 6.0) : 0;
}
#endif
