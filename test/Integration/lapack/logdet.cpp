// C++: log det A through a Cholesky factor (LAPACKE, row major) in a
// function called with std::vector buffers alive in the caller (the
// gradient call is an invoke). d log det A / dA = A^-1, on the stored
// triangle: (A^-1)_ii on the diagonal, 2 (A^-1)_ij off it. Checked against
// A^-1 computed by Gauss-Jordan elimination, and the tangent against the
// gradient, at every level.
// RUN: %clangxx -O0 %s -o %t0 %lapack_openblas && %t0
// RUN: %clangxx -O1 %s -o %t1 %lapack_ref && %t1
// RUN: %clangxx -O2 %s -o %t2 %lapack_openblas && %t2
// RUN: %clangxx -O3 %s -o %t3 %lapack_ref && %t3
#include "ad.h"
#include "adcheck.h"

#include <cmath>
#include <vector>

extern "C" int LAPACKE_dpotrf(int, char, int, double *, int);

namespace {
constexpr int N = 5;

double logdet(double *A) {
  LAPACKE_dpotrf(101, 'L', N, A, N);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += 2 * std::log(A[i * N + i]);
  return s;
}

std::vector<double> spd() {
  std::vector<double> A(N * N);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      A[i * N + j] = (i == j ? 4.0 + i : 0.0) + 0.3 / (1 + i + j);
  return A;
}

std::vector<double> inverse(std::vector<double> A) {
  std::vector<double> I(N * N, 0.0);
  for (int i = 0; i < N; ++i)
    I[i * N + i] = 1;
  for (int k = 0; k < N; ++k) {
    double p = A[k * N + k];
    for (int j = 0; j < N; ++j)
      A[k * N + j] /= p, I[k * N + j] /= p;
    for (int i = 0; i < N; ++i)
      if (i != k) {
        double f = A[i * N + k];
        for (int j = 0; j < N; ++j)
          A[i * N + j] -= f * A[k * N + j], I[i * N + j] -= f * I[k * N + j];
      }
  }
  return I;
}
} // namespace

int main() {
  std::vector<double> A = spd(), dA(N * N, 0.0), Inv = inverse(spd());
  __ad_autodiff((void *)logdet, ad_dup, A.data(), dA.data());
  double gv = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double want = j > i ? 0 : (i == j ? 1 : 2) * Inv[i * N + j];
      ad_check_eq("dlogdet/dA", dA[i * N + j], want);
      gv += dA[i * N + j] * (1 + 0.1 * (i * N + j));
    }
  std::vector<double> B = spd(), tB(N * N);
  for (int k = 0; k < N * N; ++k)
    tB[k] = 1 + 0.1 * k;
  double t = __ad_fwddiff((void *)logdet, ad_dup, B.data(), tB.data());
  ad_check("tangent", t, gv, gv);
  return ad_check_report();
}
