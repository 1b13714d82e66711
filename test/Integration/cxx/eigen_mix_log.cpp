// Eigen in one function, as a user writes it (a probe's program): 4x4
// products, a 2x2 inverse and determinant, a VectorXd normalized in a loop,
// then the vectorized exp and log of an array. At -O0 with SSE2, Eigen
// blends lanes through bits (andnot, and, or), and its log's result was
// stored as those integer bits: with the blends made selects, the
// derivative of log was lost through that store (the e * dl/dv terms, on
// the vector lanes only). Blends are selects of floats now, floats stored
// as integers are stored as floats, and a float read back over changed
// bits is refused.
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
// RUN: %clangxx -std=c++17 %eigen -O0 -mavx %s -o %t4 && %run_avx %t4
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <ad.hpp>

using namespace Eigen;

static double loss(const double *p, int n) {
  Map<const Matrix4d> A(p);
  Map<const Matrix2d> B(p + 16);
  Map<const VectorXd> v(p + 20, n);
  Matrix4d C = A * A.transpose() + 0.5 * A;
  Matrix4d D = C * A;
  Matrix2d Bi = B.inverse();
  double L = D.trace() * 0.01 + Bi.sum() + Bi.determinant();
  VectorXd u = v;
  for (int it = 0; it < 3; it++) {
    double nu = u.norm();
    u = u / nu + 0.1 * v;
    L += u.dot(v) * 0.5;
  }
  ArrayXd a = v.array();
  ArrayXd e = (0.3 * a).exp();
  ArrayXd l = (a * a + 1.0).log();
  L += (e * l).sum() + (e / (1.0 + e)).sum();
  return L;
}

int main() {
  const int n = 7, m = 20 + n;
  double p[m], dp[m] = {0};
  for (int i = 0; i < 16; i++)
    p[i] = 0.1 * ((i * 5) % 7) - 0.3 + (i % 5 == 0);
  p[16] = 2.0;
  p[17] = 0.3;
  p[18] = -0.4;
  p[19] = 1.5;
  for (int i = 0; i < n; i++)
    p[20 + i] = 0.4 * i - 1.1;
  ad::gradient(loss, ad::dup(p, dp), ad::constant(n));
  auto f = [&](const double *q) { return loss(q, n); };
  for (int i = 0; i < m; i++) {
    double fd = fd_at(f, p, m, i);
    ad_check("gradient", dp[i], fd, fd);
  }
  double t[m], dot = 0;
  for (int i = 0; i < m; i++) {
    t[i] = std::sin(i + 1.0);
    dot += dp[i] * t[i];
  }
  ad_check("forward", ad::tangent(loss, ad::dup(p, t), ad::constant(n)), dot,
           dot);
  return ad_check_report();
}
