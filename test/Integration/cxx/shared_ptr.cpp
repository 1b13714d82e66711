// std::shared_ptr inside the differentiated function, at -O1..-O3: the
// control block make_shared allocates holds the object itself (a struct of
// doubles, a std::vector<double>), next to its vtable pointer and the
// atomic reference counts; shared_ptr<double[]> keeps the array and its
// deleter. Three pieces made it work: the control block's virtual
// _M_dispose/_M_destroy are dispatched on the vtables stored into the block
// (a heap block allocated here, read back from the shared_ptr), the atomic
// count updates (`atomicrmw add i32`) of that differentiated block are no
// float computation, and a pointer loaded from the block at a known offset
// is only what was stored at that offset (the vector's buffer, not the
// vtable). At -O0 the control block's deleting destructor stays a call of
// its own that frees its argument: refused with a located error.
//   f1 = a b + sin(x0) a,  a = x0 x1 (shared_ptr<P>, copied)
//   f2 = sum exp(-x_i) x_i (make_shared<std::vector<double>>)
//   f3 = sum exp(-x_i) x_i (shared_ptr<double[]>)
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
// RUN: %not %clangxx -std=c++17 -O0 -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=O0
// O0: error: ADPass: in 'std::_Sp_counted_ptr_inplace<P, {{.*}}>::~_Sp_counted_ptr_inplace()': frees differentiated memory it did not allocate
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <memory>
#include <vector>

struct P {
  double a, b;
};

double f1(const double *x) {
  auto sp = std::make_shared<P>();
  sp->a = x[0] * x[1];
  sp->b = std::sin(x[0]);
  std::shared_ptr<P> q = sp;
  return q->a + q->b * sp->a;
}

double f2(const double *x, int n) {
  auto sp = std::make_shared<std::vector<double>>(n, 0.0);
  for (int i = 0; i < n; i++)
    (*sp)[i] = std::exp(-x[i]);
  std::shared_ptr<std::vector<double>> copy = sp;
  double e = 0;
  for (int i = 0; i < n; i++)
    e += (*copy)[i] * x[i];
  return e;
}

double f3(const double *x, int n) {
  std::shared_ptr<double[]> sp(new double[n]);
  for (int i = 0; i < n; i++)
    sp[i] = std::exp(-x[i]);
  double e = 0;
  for (int i = 0; i < n; i++)
    e += sp[i] * x[i];
  return e;
}

int main() {
  double x[2] = {0.7, 1.9}, dx[2] = {0, 0};
  __ad_autodiff((void *)f1, ad_dup, x, dx);
  double a = x[0] * x[1], b = std::sin(x[0]);
  double want1[2] = {x[1] + std::cos(x[0]) * a + b * x[1], x[0] + b * x[0]};
  check_gradient(
      "f1", [](const double *y) { return f1(y); }, x, dx, want1, 2);

  const int n = 6;
  double y[n], dy2[n] = {0}, dy3[n] = {0}, want[n];
  for (int i = 0; i < n; i++) {
    y[i] = 0.2 + 0.15 * i;
    want[i] = std::exp(-y[i]) * (1 - y[i]);
  }
  __ad_autodiff((void *)f2, ad_dup, y, dy2, ad_const, n);
  check_gradient(
      "f2", [&](const double *z) { return f2(z, n); }, y, dy2, want, n);
  __ad_autodiff((void *)f3, ad_dup, y, dy3, ad_const, n);
  check_gradient(
      "f3", [&](const double *z) { return f3(z, n); }, y, dy3, want, n);
  return ad_check_report();
}
