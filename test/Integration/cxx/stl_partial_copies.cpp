// Containers built by copying differentiated memory and then read only in
// part: `std::vector<double> a(x, x + 4)` read at a[0..2] is one memcpy
// into a block the function allocated, accessed as doubles at fixed
// offsets; the bytes never read have a zero adjoint, which goes nowhere.
// It was refused at every level ("cannot tell what the memory copied here
// holds (mixed)"). Reverse and forward, against analytic values and
// central differences.
// RUN: %clangxx -O0 %s -o %t0 && %t0
// RUN: %clangxx -O1 %s -o %t1 && %t1
// RUN: %clangxx -O2 %s -o %t2 && %t2
// RUN: %clangxx -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <array>
#include <vector>

// Three of the four elements copied are read.
static double head(const double *x) {
  std::vector<double> a(x, x + 4);
  return a[0] * a[1] + a[2];
}

// A copy of a copy, read in part, and a std::array assigned from it.
static double twice(const double *x) {
  std::vector<double> a(x, x + 6);
  std::vector<double> b = a;
  std::array<double, 6> c;
  std::copy(b.begin(), b.end(), c.begin());
  return b[1] * b[1] + c[5] * a[0];
}

// The copy grows (push_back after the range constructor) and only the new
// element and the first one are read.
static double grown(const double *x) {
  std::vector<double> a(x, x + 3);
  a.push_back(x[3] * 2.0);
  return a[3] * a[0];
}

// (A macro: the function differentiated must be named at the call.)
#define RUN(name, f, want)                                                     \
  do {                                                                         \
    double x[6] = {1.5, -0.7, 2.25, 0.4, 3.0, -1.2}, dx[6] = {0};              \
    ad::gradient(f, ad::dup(x, dx));                                           \
    check_gradient(name, f, x, dx, want, 6);                                   \
    double t[6] = {0.3, -1.1, 0.7, 2.0, -0.5, 0.9}, dot = 0;                   \
    for (int i = 0; i < 6; i++)                                                \
      dot += want[i] * t[i];                                                   \
    ad_check("forward", ad::tangent(f, ad::dup(x, t)), dot, dot);              \
  } while (0)

int main() {
  const double x[6] = {1.5, -0.7, 2.25, 0.4, 3.0, -1.2};
  double w1[6] = {x[1], x[0], 1, 0, 0, 0};
  RUN("head", head, w1);
  double w2[6] = {x[5], 2 * x[1], 0, 0, 0, x[0]};
  RUN("twice", twice, w2);
  double w3[6] = {2 * x[3], 0, 0, 2 * x[0], 0, 0};
  RUN("grown", grown, w3);
  return ad_check_report();
}
