// An Eigen least-squares fit as a scientist writes it: a polynomial design
// matrix A (m x 3) built inside the function, the residual r = A w - b and
// the loss |r|^2 + lambda |w|^2 with squaredNorm and dot, over Maps of raw
// arrays (dynamic sizes), over fixed-size Eigen objects passed by pointer
// with shadow objects (ad::dup(&w, &dw)) and a weighted residual
// (cwiseProduct), and the least-squares solution itself as a function of
// the data, by a Householder QR and by an LDLT of the normal equations
// (fixed sizes: with dynamic sizes A^T b and householderQr are refused,
// reported).
//   loss:     dL/dw = 2 A^T r + 2 lambda w,  dL/db = -2 r
//   weighted: dL/dw = 2 A^T diag(c)^2 r
//   solve:    s = sum(w_qr) + w_ne[0] with w = (A^T A)^{-1} A^T b both ways,
//             ds/db = A (A^T A)^{-1} (1 + e0)
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <ad.hpp>

const int M = 8;
const double lambda = 0.1;

Eigen::MatrixXd design(int m) {
  Eigen::MatrixXd A(m, 3);
  for (int k = 0; k < m; k++) {
    double t = double(k) / (m - 1);
    A.row(k) << 1.0, t, t * t;
  }
  return A;
}

double loss(const double *w, const double *b, int m) {
  Eigen::MatrixXd A = design(m);
  Eigen::Map<const Eigen::VectorXd> wv(w, 3), bv(b, m);
  Eigen::VectorXd r = A * wv - bv;
  return r.squaredNorm() + lambda * wv.dot(wv);
}

using Vec8 = Eigen::Matrix<double, M, 1>;
double weighted(const Eigen::Vector3d *w, const Vec8 *b) {
  Eigen::Matrix<double, M, 3> A = design(M);
  Vec8 c = Vec8::LinSpaced(0.5, 1.5);
  return (A * *w - *b).cwiseProduct(c).squaredNorm();
}

double solve(const double *b, int) {
  Eigen::Matrix<double, M, 3> A = design(M);
  Eigen::Map<const Vec8> bv(b);
  Eigen::Vector3d wqr = A.householderQr().solve(bv);
  Eigen::Vector3d wne = (A.transpose() * A).ldlt().solve(A.transpose() * bv);
  return wqr.sum() + wne(0);
}

int main() {
  double w[3] = {0.3, -1.2, 2.0}, b[M], dw[3] = {}, db[M] = {};
  for (int k = 0; k < M; k++)
    b[k] = std::sin(1.0 + k);
  ad::gradient(loss, ad::dup(w, dw), ad::dup(b, db), ad::constant(M));
  Eigen::MatrixXd A = design(M);
  Eigen::Map<Eigen::VectorXd> wv(w, 3), bv(b, M);
  Eigen::VectorXd r = A * wv - bv;
  Eigen::VectorXd gw = 2 * A.transpose() * r + 2 * lambda * wv, gb = -2 * r;
  check_gradient(
      "loss dw", [&](const double *q) { return loss(q, b, M); }, w, dw,
      gw.data(), 3);
  check_gradient(
      "loss db", [&](const double *q) { return loss(w, q, M); }, b, db,
      gb.data(), M);

  Eigen::Vector3d we(w[0], w[1], w[2]), dwe = Eigen::Vector3d::Zero();
  Vec8 be = bv, dbe = Vec8::Zero();
  ad::gradient(weighted, ad::dup(&we, &dwe), ad::dup(&be, &dbe));
  Vec8 c = Vec8::LinSpaced(0.5, 1.5);
  Eigen::Vector3d gwe =
      2 * A.transpose() * (c.array().square() * r.array()).matrix();
  auto fw = [&](const double *q) {
    Eigen::Vector3d v(q[0], q[1], q[2]);
    return weighted(&v, &be);
  };
  check_gradient("weighted dw", fw, we.data(), dwe.data(), gwe.data(), 3);

  double ds[M] = {};
  ad::gradient(solve, ad::dup(b, ds), ad::constant(M));
  Eigen::VectorXd gs =
      A * (A.transpose() * A).inverse() * Eigen::Vector3d(2, 1, 1);
  check_gradient(
      "solve db", [&](const double *q) { return solve(q, M); }, b, ds,
      gs.data(), M);
  double t[M] = {};
  t[3] = 1;
  ad_check("solve tangent b3",
           ad::tangent(solve, ad::dup(b, t), ad::constant(M)), gs(3),
           fd_at([&](const double *q) { return solve(q, M); }, b, M, 3));
  return ad_check_report();
}
