// A congruence transform R D R^T of Eigen 3x3 matrices (an inertia tensor
// rotated to the world frame). At -O1 Eigen's product evaluator keeps the
// address of R's copy as an integer in its struct and reads it back as a
// pointer: the derivative read that pointer's shadow from the integer's
// shadow slot and wrote the adjoint through garbage (a segfault). Reverse
// and forward mode against the analytic gradient and finite differences.
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1 && %valgrind %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <Eigen/Dense>
#include <ad.hpp>

// W = R diag(1, 2, 3) R^T, R filled from x column by column; f = W(0, 1).
static double offDiagonal(const double *x) {
  Eigen::Matrix3d R;
  for (int i = 0; i < 9; i++)
    R.data()[i] = x[i];
  Eigen::Matrix3d D = Eigen::Vector3d(1, 2, 3).asDiagonal();
  Eigen::Matrix3d W = R * D * R.transpose();
  return W(0, 1);
}

int main() {
  double x[9];
  for (int i = 0; i < 9; i++)
    x[i] = 0.1 * (i + 1) * (i % 2 ? -1 : 1);
  // W(0,1) = sum_k d_k R(0,k) R(1,k), R(r,k) = x[r + 3k].
  double want[9] = {0};
  for (int k = 0; k < 3; k++) {
    want[3 * k] = (k + 1) * x[1 + 3 * k];
    want[1 + 3 * k] = (k + 1) * x[3 * k];
  }
  double dx[9] = {0};
  __ad_autodiff((void *)offDiagonal, ad_dup, x, dx);
  for (int i = 0; i < 9; i++) {
    double t[9] = {0};
    t[i] = 1;
    double fd = ad_fdn(offDiagonal, x, 9, i);
    ad_check("reverse", dx[i], want[i], fd);
    ad_check("forward", __ad_fwddiff((void *)offDiagonal, ad_dup, x, t),
             want[i], fd);
  }
  return ad_check_report();
}
