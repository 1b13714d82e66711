// Eigen's dynamic-size solves: LLT, LDLT, partial-pivoting LU (blocked above
// 16 columns) and a triangular solve in place. Their temporaries are
// Eigen's stack-or-heap buffers (`direct ? dst : small ? alloca : malloc`,
// freed on the heap path only), made in loops of the LU's blocked kernel,
// which ADPass differentiates in split mode: both were refused. Gradients
// against the analytic dy (K^{-1} y forms) and finite differences in A, at
// n = 4 and 20.
//   llt:  y^T K^{-1} y,  K = A^T A + I/2     dy = 2 K^{-1} y
//   ldlt: |K^{-1} y|^2 / 2                   dy = K^{-1} K^{-1} y
//   lu:   sum(A^{-1} y)                      dy = A^{-T} 1
//   tri:  sum(L^{-1} y), L = lower(A)        dy = L^{-T} 1
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2 && %valgrind %t2 20
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <ad.hpp>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

using MX = Eigen::MatrixXd;
using VX = Eigen::VectorXd;

static MX gram(const Eigen::Map<const MX> &A, int n) {
  return A.transpose() * A + 0.5 * MX::Identity(n, n);
}
double llt(const double *a, const double *y, int n) {
  Eigen::Map<const MX> A(a, n, n);
  Eigen::Map<const VX> Y(y, n);
  VX x = gram(A, n).llt().solve(Y);
  return Y.dot(x);
}
double ldlt(const double *a, const double *y, int n) {
  Eigen::Map<const MX> A(a, n, n);
  Eigen::Map<const VX> Y(y, n);
  VX x = gram(A, n).ldlt().solve(Y);
  return 0.5 * x.squaredNorm();
}
double lu(const double *a, const double *y, int n) {
  Eigen::Map<const MX> A(a, n, n);
  Eigen::Map<const VX> Y(y, n);
  VX x = A.partialPivLu().solve(Y);
  return x.sum();
}
double tri(const double *a, const double *y, int n) {
  Eigen::Map<const MX> A(a, n, n);
  VX x = Eigen::Map<const VX>(y, n);
  A.triangularView<Eigen::Lower>().solveInPlace(x);
  return x.sum();
}

#define CHECK(name, f, n, wantdy)                                              \
  do {                                                                         \
    std::vector<double> da(n *n), dy(n);                                       \
    ad::gradient(f, ad::dup(a.data(), da.data()),                              \
                 ad::dup(y.data(), dy.data()), ad::constant(n));               \
    VX w = (wantdy);                                                           \
    std::string s = std::string(name) + " n=" + std::to_string(n);             \
    check_gradient((s + " y").c_str(),                                         \
                   [&](const double *p) { return f(a.data(), p, n); },         \
                   y.data(), dy.data(), w.data(), n);                          \
    for (int i = 0; i < n * n; i += n + 3)                                     \
      ad_check((s + " A").c_str(), da[i],                                      \
               fd_at([&](const double *p) { return f(p, y.data(), n); },       \
                     a.data(), n *n, i),                                       \
               fd_at([&](const double *p) { return f(p, y.data(), n); },       \
                     a.data(), n *n, i));                                      \
  } while (0)

int main(int argc, char **argv) {
  for (int n : {4, 20}) {
    if (argc > 1 && n != std::atoi(argv[1]))
      continue;
    std::vector<double> a(n * n), y(n);
    for (int i = 0; i < n * n; i++)
      a[i] = std::sin(1.3 * i) + (i % (n + 1) == 0 ? 3.0 : 0.0);
    for (int i = 0; i < n; i++)
      y[i] = std::cos(0.7 * i);
    Eigen::Map<const MX> A(a.data(), n, n);
    Eigen::Map<const VX> Y(y.data(), n);
    MX K = gram(A, n), Ki = K.inverse();
    CHECK("llt", llt, n, 2 * Ki * Y);
    CHECK("ldlt", ldlt, n, Ki * Ki * Y);
    CHECK("lu", lu, n, A.inverse().transpose() * VX::Ones(n));
    MX L = A.triangularView<Eigen::Lower>();
    CHECK("tri", tri, n, L.inverse().transpose() * VX::Ones(n));
  }
  return ad_check_report();
}
