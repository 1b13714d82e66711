// The negative log marginal likelihood of a Gaussian process on three
// observations, with fixed-size Eigen (Matrix3d), through the C entry point
// (__ad_autodiff with ad_dup/ad_const): the squared-exponential kernel
// matrix K is built from the log-hyperparameters, and the likelihood is
// computed twice, once by a Cholesky factorization (llt().solve() and the
// diagonal of matrixL() for the log-determinant), once by inverse() and
// determinant(). Differentiated with respect to the hyperparameters and the
// observations y, and in forward mode (__ad_fwddiff) along one direction.
//   K_ij = s^2 exp(-(t_i - t_j)^2 / (2 l^2)) + sn^2 [i = j],
//   theta = (log s, log l, log sn),  alpha = K^{-1} y,
//   NLL = y.alpha / 2 + log det K / 2 + 3/2 log(2 pi):
//   dNLL/dy = alpha,
//   dNLL/dtheta_k = tr((K^{-1} - alpha alpha^T) dK/dtheta_k) / 2
//   with dK/dlog s = 2 F, dK/dlog l = F .* D / l^2, dK/dlog sn = 2 sn^2 I
//   (F the signal part, D_ij = (t_i - t_j)^2).
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <Eigen/Dense>
#include <ad.h>
#include <cmath>

using Mat3 = Eigen::Matrix3d;
using Vec3 = Eigen::Vector3d;

const double log_2pi = 1.8378770664093454836;

Mat3 kernel(const double *theta, const double *t) {
  double s2 = std::exp(2 * theta[0]), l = std::exp(theta[1]);
  double sn2 = std::exp(2 * theta[2]);
  Mat3 K;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double d = t[i] - t[j];
      K(i, j) = s2 * std::exp(-d * d / (2 * l * l)) + (i == j ? sn2 : 0.0);
    }
  return K;
}

double nll_cholesky(const double *theta, const double *y, const double *t) {
  Mat3 K = kernel(theta, t);
  Eigen::Map<const Vec3> yv(y);
  Eigen::LLT<Mat3> chol(K);
  Vec3 alpha = chol.solve(yv);
  Mat3 L = chol.matrixL();
  double logdet = 0;
  for (int i = 0; i < 3; i++)
    logdet += 2 * std::log(L(i, i));
  return 0.5 * yv.dot(alpha) + 0.5 * logdet + 1.5 * log_2pi;
}

double nll_inverse(const double *theta, const double *y, const double *t) {
  Mat3 K = kernel(theta, t);
  Eigen::Map<const Vec3> yv(y);
  Mat3 Kinv = K.inverse();
  return 0.5 * yv.dot(Kinv * yv) + 0.5 * std::log(K.determinant()) +
         1.5 * log_2pi;
}

int main() {
  const double t[3] = {0.0, 0.6, 1.5};
  double theta[3] = {0.2, -0.3, -1.1}, y[3] = {0.4, 1.1, -0.3};
  double dth[2][3] = {}, dy[2][3] = {};
  __ad_autodiff((void *)nll_cholesky, ad_dup, theta, dth[0], ad_dup, y, dy[0],
                ad_const, t);
  __ad_autodiff((void *)nll_inverse, ad_dup, theta, dth[1], ad_dup, y, dy[1],
                ad_const, t);

  // Analytic gradient, from the matrix identities above.
  double s2 = std::exp(2 * theta[0]), l = std::exp(theta[1]);
  double sn2 = std::exp(2 * theta[2]);
  Mat3 F, FD;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double d2 = (t[i] - t[j]) * (t[i] - t[j]);
      F(i, j) = s2 * std::exp(-d2 / (2 * l * l));
      FD(i, j) = F(i, j) * d2 / (l * l);
    }
  Mat3 K = F + sn2 * Mat3::Identity();
  Mat3 Kinv = K.inverse();
  Vec3 alpha = Kinv * Eigen::Map<const Vec3>(y);
  Mat3 W = Kinv - alpha * alpha.transpose();
  double wth[3] = {0.5 * (W.cwiseProduct(2 * F)).sum(),
                   0.5 * (W.cwiseProduct(FD)).sum(), 0.5 * W.trace() * 2 * sn2};
  double wy[3] = {alpha(0), alpha(1), alpha(2)};

  const char *name[2] = {"llt", "inverse"};
  double (*fn[2])(const double *, const double *,
                  const double *) = {nll_cholesky, nll_inverse};
  for (int k = 0; k < 2; k++) {
    std::string a = std::string(name[k]) + " dtheta";
    std::string b = std::string(name[k]) + " dy";
    check_gradient(
        a.c_str(), [&](const double *q) { return fn[k](q, y, t); }, theta,
        dth[k], wth, 3);
    check_gradient(
        b.c_str(), [&](const double *q) { return fn[k](theta, q, t); }, y,
        dy[k], wy, 3);
  }
  double nll = 0.5 * Eigen::Map<const Vec3>(y).dot(alpha) +
               0.5 * std::log(K.determinant()) + 1.5 * log_2pi;
  ad_check_eq("llt value", nll_cholesky(theta, y, t), nll);
  // Forward mode along log l and y_1 together.
  double tth[3] = {0, 1, 0}, ty[3] = {0, 1, 0};
  ad_check_eq("llt tangent",
              __ad_fwddiff((void *)nll_cholesky, ad_dup, theta, tth, ad_dup, y,
                           ty, ad_const, t),
              wth[1] + wy[1]);
  return ad_check_report();
}
