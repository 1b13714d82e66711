// A catch handler inside the differentiated function that is actually
// entered: derivatives do not run handlers, so rather than skipping it (the
// exception used to leave the derivative, where the primal would have
// caught it), the derivative aborts with the location of the throwing
// call. When the handler is not reached, the gradient is computed.
//   f = 3 r x0 with r = sum x_i^2, or r = -1 when n > 8 (caught)
// RUN: %clangxx -std=c++17 -O0 -g %s -o %t0
// RUN: %t0 4
// RUN: %not --crash %t0 9 2>&1 | %FileCheck %s
// RUN: %clangxx -std=c++17 -O2 -g %s -o %t2
// RUN: %t2 4
// RUN: %not --crash %t2 9 2>&1 | %FileCheck %s
// CHECK: ADPass: {{.*}}exceptions_caught.cpp:{{[0-9]+}}: an exception thrown in differentiated code would be caught by a handler inside it
#include <ad.hpp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

double checked(const double *x, int n) {
  if (n > 8)
    throw std::length_error("too long");
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

double f(const double *x, int n) {
  double r;
  try {
    r = checked(x, n);
  } catch (const std::exception &) {
    r = -1;
  }
  return 3 * r * x[0];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 4;
  double x[16], dx[16] = {};
  for (int i = 0; i < 16; i++)
    x[i] = 0.1 * (i + 1);
  ad::gradient(f, ad::dup(x, dx), ad::constant(n));
  double r = 0.01 + 0.04 + 0.09 + 0.16;
  double want = 3 * (r + 2 * 0.01);
  std::printf("df/dx0 = %g (expected %g)\n", dx[0], want);
  return std::abs(dx[0] - want) > 1e-12;
}
