// Eigen 3 (fixed-size and dynamic matrices and vectors) inside the
// differentiated function: coefficient loops, trace, sum, dot, norm,
// squaredNorm, array operations, matrix-vector and matrix-matrix products,
// transpose, an outer product, the inverse of a fixed 3x3 and an LLT solve;
// checked against finite differences at every level.
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <ad.hpp>

double traces(const double *x, int n) {
  Eigen::Matrix3d A;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      A(i, j) = x[(i * 3 + j) % n] * (i + 1);
  return A.trace() + A.sum();
}

double vectors(const double *x, int) {
  Eigen::Vector3d v(x[0], x[1], x[2]), w(x[3], x[0], x[1]);
  return v.dot(w) + v.norm();
}

double dynamic(const double *x, int n) {
  Eigen::Map<const Eigen::VectorXd> v(x, n);
  Eigen::VectorXd w = v.array().square().matrix();
  Eigen::VectorXd s(n);
  for (int i = 0; i < n; i++)
    s(i) = std::sin(x[i]);
  Eigen::MatrixXd M = s * s.transpose();
  return w.sum() + v.squaredNorm() + M.sum();
}

double products(const double *x, int) {
  Eigen::Matrix3d A;
  A << x[0], x[1], 0.1, 0.2, x[2], 0.3, 0.4, 0.5, x[3] + 2;
  Eigen::Vector3d b(1, 2, 3);
  Eigen::Vector3d y = A * b;
  Eigen::Matrix3d B = A.transpose() * A;
  return y.sum() + B(0, 0);
}

double inverse(const double *x, int) {
  Eigen::Matrix3d A;
  A << x[0] + 3, x[1], 0.1, 0.2, x[2] + 3, 0.3, 0.4, 0.5, x[3] + 2;
  return A.inverse()(0, 0) + A.determinant();
}

double solve(const double *x, int) {
  Eigen::Matrix3d A;
  A << x[0] + 3, x[1], 0.1, x[1], x[2] + 3, 0.3, 0.1, 0.3, x[3] + 2;
  Eigen::Vector3d b(1, 2, 3);
  Eigen::Vector3d s = A.llt().solve(b);
  return s.sum();
}

typedef double (*Fn)(const double *, int);

int main() {
  const int n = 4;
  double x[n] = {0.3, 1.2, 0.7, 0.9};
  const char *names[] = {"trace, sum",
                         "dot, norm",
                         "dynamic, outer product",
                         "products, transpose",
                         "inverse, determinant",
                         "llt solve"};
  Fn fns[] = {traces, vectors, dynamic, products, inverse, solve};
  double d[6][n] = {};
  ad::gradient(traces, ad::dup(x, d[0]), ad::constant(n));
  ad::gradient(vectors, ad::dup(x, d[1]), ad::constant(n));
  ad::gradient(dynamic, ad::dup(x, d[2]), ad::constant(n));
  ad::gradient(products, ad::dup(x, d[3]), ad::constant(n));
  ad::gradient(inverse, ad::dup(x, d[4]), ad::constant(n));
  ad::gradient(solve, ad::dup(x, d[5]), ad::constant(n));
  for (int k = 0; k < 6; k++) {
    auto f = [&](const double *p) { return fns[k](p, n); };
    double want[n];
    for (int i = 0; i < n; i++)
      want[i] = fd_at(f, x, n, i);
    check_gradient(names[k], f, x, d[k], want, n);
  }
  double t[n] = {0, 1, 0, 0};
  ad_check("products, forward",
           ad::tangent(products, ad::dup(x, t), ad::constant(n)), d[3][1],
           d[3][1]);
  // trace + sum of A(i, j) = x_{(3i+j) % 4} (i + 1): x0 is on the diagonal,
  // with factors 1, 2, 3, counted by both.
  ad_check("trace, sum: analytic", d[0][0], 2 * (1 + 2 + 3), 12);
  return ad_check_report();
}
