// A temporary buffer chosen at run time among the caller's memory, the
// stack and the heap, and freed only on the heap path (Eigen's
// ei_declare_aligned_stack_constructed_variable, behind its dynamic-size
// triangular solves, LU and LDLT): each choice gives the exact gradient, and
// a free that does reach an ad_dup argument aborts at run time with its
// location (it used to refuse all of them at compile time).
//   f = sum_i buf_i x_i with buf_i = x_i^2: df/dx_i = 3 x_i^2.
// RUN: %clang -O0 -g %s -o %t0 && %t0 && %valgrind %t0
// RUN: %clang -O1 %s -o %t1 && %t1
// RUN: %clang -O2 -g %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 && %t3
// RUN: %not --crash %t0 free-argument 2>&1 | %FileCheck %s
// RUN: %not --crash %t2 free-argument 2>&1 | %FileCheck %s
// CHECK: ADPass: {{.*}}stack_or_heap_buffer.c:{{[0-9]+}}: differentiated code frees memory passed to it (an ad_dup argument)
#include "adcheck.h"
#include <ad.h>
#include <alloca.h>
#include <stdlib.h>
#include <string.h>

enum { Direct = 0, Stack = 1, Heap = 2, FreeArgument = 3 };

static double cubes(double *x, int n, int where) {
  double *buf = where == Direct || where == FreeArgument ? x
                : where == Stack ? alloca(n * sizeof(double))
                                 : malloc(n * sizeof(double));
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * x[i];
  for (int i = 0; i < n; i++)
    buf[i] = x[i] * x[i];
  // (Direct: buf is x, and x now holds the squares.)
  if (where == Direct)
    return s;
  // (FreeArgument: the squares in x, as Direct.)
  s = 0;
  for (int i = 0; i < n; i++)
    s += buf[i] * x[i];
  if (where >= Heap)
    free(buf); // FreeArgument: the caller's block, refused when it happens
  return s;
}

int main(int argc, char **argv) {
  enum { N = 24 };
  if (argc > 1 && !strcmp(argv[1], "free-argument")) {
    double *x = malloc(N * sizeof(double)), dx[N] = {0};
    for (int i = 0; i < N; i++)
      x[i] = 1;
    __ad_autodiff((void *)cubes, ad_dup, x, dx, ad_const, N, ad_const,
                  FreeArgument);
    return 0;
  }
  for (int where = Direct; where <= Heap; where++) {
    double x[N], dx[N] = {0};
    for (int i = 0; i < N; i++)
      x[i] = 0.5 + 0.1 * i;
    __ad_autodiff((void *)cubes, ad_dup, x, dx, ad_const, N, ad_const, where);
    const char *name[] = {"direct", "stack", "heap"};
    for (int i = 0; i < N; i += 7) {
      double xi = 0.5 + 0.1 * i;
      ad_check(name[where], dx[i], 3 * xi * xi, 3 * xi * xi);
    }
  }
  return ad_check_report();
}
