// A named Eigen::LLT of a fixed-size matrix filled by loops whose bound is
// only known at run time. At -O2 and -O3 SROA moves some of the matrix's
// doubles into the factorization's copy through integer phis (<2 x i64>,
// and i128 for 6x6), because the l1 norm masks them as integers: the
// derivative used to lose them (a silent wrong gradient, reverse and
// forward). 3x3: K = x x^T + I, f = L(2,2) = sqrt(s3 / s2) with
// s2 = 1 + x0^2 + x1^2, s3 = s2 + x2^2 (analytic gradient below). 6x6: a
// Gaussian kernel with nugget, f = log L(5,5), against finite differences.
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
#include <Eigen/Dense>
#include <ad.hpp>
#include <cmath>
#include <cstdio>

static int Fails = 0;
static void check(const char *What, double Got, double Want, double Tol) {
  if (!(std::fabs(Got - Want) <= Tol * (1 + std::fabs(Want)))) {
    std::printf("FAIL %s: %.10g, expected %.10g\n", What, Got, Want);
    ++Fails;
  }
}

double corner3(const double *x, int n) {
  Eigen::Matrix3d K;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      K(i, j) = x[i] * x[j] + (i == j ? 1.0 : 0.0);
  Eigen::LLT<Eigen::Matrix3d> llt(K);
  return llt.matrixLLT()(2, 2);
}

double logCorner6(const double *x, int n) {
  Eigen::Matrix<double, 6, 6> K;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double d = x[i] - x[j];
      K(i, j) = std::exp(-d * d) + (i == j ? 0.1 : 0.0);
    }
  Eigen::LLT<Eigen::Matrix<double, 6, 6>> llt(K);
  return std::log(llt.matrixLLT()(5, 5));
}

int main() {
  double x[3] = {0.3, 0.7, 1.1}, dx[3] = {0, 0, 0};
  ad::gradient(corner3, ad::dup(x, dx), ad::constant(3));
  double s2 = 1 + x[0] * x[0] + x[1] * x[1], s3 = s2 + x[2] * x[2];
  double L = std::sqrt(s3 / s2);
  check("d/dx0", dx[0], -x[0] * x[2] * x[2] / (s2 * s2 * L), 1e-12);
  check("d/dx1", dx[1], -x[1] * x[2] * x[2] / (s2 * s2 * L), 1e-12);
  check("d/dx2", dx[2], x[2] / (s2 * L), 1e-12);
  double tx[3] = {1, -2, 0.5};
  double t = ad::tangent(corner3, ad::dup(x, tx), ad::constant(3));
  check("tangent", t, dx[0] * tx[0] + dx[1] * tx[1] + dx[2] * tx[2], 1e-12);

  double y[6], dy[6] = {0};
  for (int i = 0; i < 6; i++)
    y[i] = 0.4 * i + 0.1 * std::sin(i);
  ad::gradient(logCorner6, ad::dup(y, dy), ad::constant(6));
  for (int i = 0; i < 6; i++) {
    double h = 1e-6, s = y[i];
    y[i] = s + h;
    double fp = logCorner6(y, 6);
    y[i] = s - h;
    double fm = logCorner6(y, 6);
    y[i] = s;
    check("6x6 d/dy", dy[i], (fp - fm) / (2 * h), 1e-6);
  }
  std::printf("%s\n", Fails ? "FAIL" : "PASS");
  return Fails != 0;
}
