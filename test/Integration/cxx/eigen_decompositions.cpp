// Eigen's fixed-size decompositions of a differentiated 3x3 matrix, which a
// probe found refused at -O1..-O3 (their scaling by cwiseAbs().maxCoeff()
// selects between two sign-masked bit vectors, cast to double after the
// select) or at -O0 (a quaternion's conjugate takes a lane out of a xor'ed
// bit vector). Each against its analytic derivative and finite differences:
//   eig:  lambda_max(S) + lambda_min(S)/2, S = A + A^T: dl/dA = 2 v v^T
//   svd:  s_max(A) + s_min(A): ds/dA = u v^T
//   qr, cpqr, lu: sum(A^{-1} b): d/dA = -(A^{-T} 1) x^T
//   absmax: max |A_ij| (also in a vector lane); conj: the conjugate's x of
//   a quaternion.
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <ad.hpp>
#include <cmath>

using Eigen::Matrix3d;
using Eigen::Vector3d;

static const Vector3d B(1.0, -0.5, 2.0);

double eig(const double *a) {
  Eigen::Map<const Matrix3d> A(a);
  Eigen::SelfAdjointEigenSolver<Matrix3d> es(A + A.transpose());
  return es.eigenvalues()(2) + 0.5 * es.eigenvalues()(0);
}
double svd(const double *a) {
  Eigen::Map<const Matrix3d> A(a);
  Eigen::JacobiSVD<Matrix3d> s(A);
  return s.singularValues()(0) + s.singularValues()(2);
}
double qr(const double *a) {
  Eigen::Map<const Matrix3d> A(a);
  Eigen::HouseholderQR<Matrix3d> d(A);
  return d.solve(B).sum();
}
double cpqr(const double *a) {
  Eigen::Map<const Matrix3d> A(a);
  Eigen::ColPivHouseholderQR<Matrix3d> d(A);
  return d.solve(B).sum();
}
double lu(const double *a) {
  Eigen::Map<const Matrix3d> A(a);
  Eigen::FullPivLU<Matrix3d> d(A);
  return d.solve(B).sum();
}
double absmax(const double *a) {
  return Eigen::Map<const Matrix3d>(a).cwiseAbs().maxCoeff();
}
double conj(const double *q) {
  Eigen::Quaterniond Q(q[0], q[1], q[2], q[3]);
  return Q.conjugate().x() + 2 * Q.conjugate().w();
}

// (A macro: the function differentiated must be named at the call.)
#define CHECK(name, f, a, want)                                                \
  do {                                                                         \
    double da[9] = {};                                                         \
    ad::gradient(f, ad::dup(a, da));                                           \
    Matrix3d w = (want);                                                       \
    check_gradient(name, f, a, da, w.data(), 9);                               \
  } while (0)

int main() {
  double a[9];
  for (int i = 0; i < 9; i++)
    a[i] = std::sin(1.7 * i + 0.3) + (i % 4 == 0 ? 1.5 : 0.0);
  Eigen::Map<const Matrix3d> A(a);

  Eigen::SelfAdjointEigenSolver<Matrix3d> es(A + A.transpose());
  Vector3d v0 = es.eigenvectors().col(0), v2 = es.eigenvectors().col(2);
  CHECK("eig", eig, a, 2 * v2 * v2.transpose() + v0 * v0.transpose());

  Eigen::JacobiSVD<Matrix3d> s(A, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Matrix3d U = s.matrixU(), V = s.matrixV();
  CHECK("svd", svd, a,
        U.col(0) * V.col(0).transpose() + U.col(2) * V.col(2).transpose());

  Vector3d x = A.inverse() * B;
  Matrix3d dsolve =
      -(A.inverse().transpose() * Vector3d::Ones()) * x.transpose();
  CHECK("qr", qr, a, dsolve);
  CHECK("cpqr", cpqr, a, dsolve);
  CHECK("lu", lu, a, dsolve);

  Matrix3d dabs = Matrix3d::Zero();
  Eigen::Index r, c;
  A.cwiseAbs().maxCoeff(&r, &c);
  dabs(r, c) = A(r, c) > 0 ? 1 : -1;
  CHECK("absmax", absmax, a, dabs);
  // The largest entry in a vector lane (the first 8 entries are compared
  // as packets): at -O0 its derivative was silently lost (the packets'
  // absolute values, masks of bits, selected and stored as integers).
  double b[9];
  for (int i = 0; i < 9; i++)
    b[i] = a[i];
  b[3] = -3.0;
  Matrix3d dlane = Matrix3d::Zero();
  dlane(0, 1) = -1;
  CHECK("absmax lane", absmax, b, dlane);

  double q[4] = {0.8, 0.2, -0.4, 0.3}, dq[4] = {}, wq[4] = {2, -1, 0, 0};
  ad::gradient(conj, ad::dup(q, dq));
  check_gradient("conj", conj, q, dq, wq, 4);
  return ad_check_report();
}
