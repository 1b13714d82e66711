// Eigen's vectorized single-precision sin and cos (psincos_float) give the
// result the sign of its quadrant with an integer xor: the quadrant's bit
// shifted into the sign, `xor(bits(y), and(q << 30, sign))`. Read as a
// float negated where the sign bit is set, it has a derivative; as an
// integer it had none, and a materialized `ArrayXf phi = W.cos()` got a
// zero gradient in its vector lanes (the scalar tail was right), silently,
// at every level. AVX-512 holds the 16 floats' signs and absolute values
// as <8 x i64> masks, which are read per float. Reverse and forward, 21
// elements (vector lanes and a scalar tail), against the analytic values.
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
// RUN: %clangxx -std=c++17 %eigen -mavx2 -mfma -O2 %s -o %t4 && %run_avx %t4
// RUN: %clangxx -std=c++17 %eigen -mavx512f -O2 %s -o %t5 && %run_avx512 %t5
// RUN: %clangxx -std=c++17 %eigen -march=skylake-avx512 -O0 %s -o %t6 && %run_avx512 %t6
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <ad.hpp>
#include <cmath>

using Eigen::ArrayXf;

// sum(cos(w)) through a materialized array.
static float cosines(const float *w, int n) {
  Eigen::Map<const ArrayXf> W(w, n);
  ArrayXf phi = W.cos();
  return phi.sum();
}
// sum(sin(w) * w) and sum(cos(w + 2)): the sign of sin depends on x's too.
static float mixed(const float *w, int n) {
  Eigen::Map<const ArrayXf> W(w, n);
  ArrayXf s = W.sin() * W;
  return s.sum() + (W + 2.0f).cos().sum();
}
// sum(|w| * w) stored in an array (AVX-512's abs as an <8 x i64> mask).
static float absolutes(const float *w, int n) {
  Eigen::Map<const ArrayXf> W(w, n);
  ArrayXf a = W.abs() * W;
  return a.sum();
}

// (A macro: the function differentiated must be named at the call.)
#define CHECK(name, f, want)                                                   \
  do {                                                                         \
    float dw[N] = {0}, t[N] = {0};                                             \
    ad::gradient(f, ad::dup(w, dw), ad::constant(N));                          \
    for (int i = 0; i < N; i++)                                                \
      ad_check_f(name, dw[i], want(w[i]), want(w[i]));                         \
    t[3] = 1;                                                                  \
    t[18] = 2;                                                                 \
    float tan = ad::tangent(f, ad::dup(w, t), ad::constant(N));                \
    double exact = want(w[3]) + 2 * want(w[18]);                               \
    ad_check_f(name " forward", tan, exact, exact);                            \
  } while (0)

int main() {
  const int N = 21;
  float w[N];
  for (int i = 0; i < N; i++)
    w[i] = 0.37f * i - 3.1f; // every quadrant, both signs
  CHECK("cos", cosines, [](double x) { return -std::sin(x); });
  CHECK("sin cos", mixed, [](double x) {
    return std::cos(x) * x + std::sin(x) - std::sin(x + 2);
  });
  CHECK("abs", absolutes, [](double x) { return 2 * std::fabs(x); });
  return ad_check_report();
}
