// Eigen's vectorized sqrt of floats (and of doubles under AVX-512) starts
// from x86's approximate reciprocal square root (rsqrtps, rsqrt14) and
// refines it with a Newton step; its pow under SSE4.1/AVX picks lanes with
// blendv. Both had no derivative (refused): blendv is a select on the
// mask's sign bits, and an approximation gets the derivative of the exact
// function at its value, which the Newton step makes exact to the square
// of the approximation's error. Reverse and forward, 19 elements (vector
// lanes and a scalar tail), against analytic values (relative 1e-6 for
// floats, 1e-12 for doubles).
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -msse4.1 -O3 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 %eigen -mavx2 -mfma -O2 %s -o %t3 && %run_avx %t3
// RUN: %clangxx -std=c++17 %eigen -march=skylake-avx512 -O2 %s -o %t4 && %run_avx512 %t4
// RUN: %clangxx -std=c++17 %eigen -march=skylake-avx512 -O1 %s -o %t5 && %run_avx512 %t5
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <ad.hpp>
#include <cmath>

using Eigen::ArrayXd;
using Eigen::ArrayXf;

static float sqrtf_sum(const float *p, int n) {
  Eigen::Map<const ArrayXf> a(p, n);
  return (a + 2.0f).sqrt().sum();
}
static float rsqrtf_sum(const float *p, int n) {
  Eigen::Map<const ArrayXf> a(p, n);
  ArrayXf r = (a * a + 1.0f).rsqrt();
  return r.sum();
}
static double sqrt_sum(const double *p, int n) {
  Eigen::Map<const ArrayXd> a(p, n);
  return (a.square() + 1.0).sqrt().sum();
}
static double pow_sum(const double *p, int n) {
  Eigen::Map<const ArrayXd> a(p, n);
  ArrayXd b = (a + 2.0).pow(1.7);
  return b.sum();
}

// (A macro: the function differentiated must be named at the call.)
#define CHECK(name, T, check, f, x, want)                                      \
  do {                                                                         \
    T dx[N] = {0}, t[N] = {0};                                                 \
    ad::gradient(f, ad::dup(x, dx), ad::constant(N));                          \
    for (int i = 0; i < N; i++)                                                \
      check(name, dx[i], want(x[i]), want(x[i]));                              \
    t[2] = 1;                                                                  \
    t[17] = -1;                                                                \
    T tan = ad::tangent(f, ad::dup(x, t), ad::constant(N));                    \
    double exact = want(x[2]) - want(x[17]);                                   \
    check(name " forward", tan, exact, exact);                                 \
  } while (0)

int main() {
  const int N = 19;
  float xf[N];
  double xd[N];
  for (int i = 0; i < N; i++) {
    xf[i] = 0.21f * i - 1.5f;
    xd[i] = 0.23 * i - 1.6;
  }
  CHECK("sqrtf", float, ad_check_f, sqrtf_sum, xf,
        [](double x) { return 0.5 / std::sqrt(x + 2); });
  CHECK("rsqrtf", float, ad_check_f, rsqrtf_sum, xf,
        [](double x) { return -x / std::pow(x * x + 1, 1.5); });
  CHECK("sqrt", double, ad_check, sqrt_sum, xd,
        [](double x) { return x / std::sqrt(x * x + 1); });
  CHECK("pow", double, ad_check, pow_sum, xd,
        [](double x) { return 1.7 * std::pow(x + 2, 0.7); });
  return ad_check_report();
}
