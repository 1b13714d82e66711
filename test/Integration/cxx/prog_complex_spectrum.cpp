// std::complex<double> in losses: a discrete Fourier transform built with
// std::polar, a weighted power spectrum with std::norm and std::conj, the
// phase of one coefficient (atan2 of imag and real: std::arg calls carg,
// which has no derivative rule), and Horner evaluation of a polynomial
// with complex coefficients at z = x0 + i x1, in a std::vector of complex.
//   spectrum: X_k = sum_j x_j e^{-2 pi i jk/N}, L = sum_k (k + 1/2) |X_k|^2
//             + arg(X_1) (|X|^2 as norm(X) - 0.5 Re(X conj X)); dX_k/dx_j =
//             e^{-2 pi i jk/N}, d|X|^2 = 2 Re(conj(X) dX), d arg X = Im(conj(X)
//             dX) / |X|^2
//   horner:   L = |p(z)|^2, dL/dx0 = 2 Re(conj(p) p'), dL/dx1 =
//             2 Re(conj(p) i p') = -2 Im(conj(p) p')
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <complex>
#include <vector>

using cd = std::complex<double>;
const double kPi = 3.14159265358979323846;

std::vector<cd> dft(const double *x, int n) {
  std::vector<cd> X(n);
  for (int k = 0; k < n; k++)
    for (int j = 0; j < n; j++)
      X[k] += x[j] * std::polar(1.0, -2 * kPi * j * k / n);
  return X;
}

double spectrum(const double *x, int n) {
  std::vector<cd> X = dft(x, n);
  double s = 0;
  for (int k = 0; k < n; k++)
    s += (1.0 + k) * std::norm(X[k]) - 0.5 * std::real(X[k] * std::conj(X[k]));
  return s + std::atan2(X[1].imag(), X[1].real());
}

double horner(const double *x, int) {
  const std::vector<cd> c = {{1, 0.5}, {-0.3, 2}, {0.7, -1}, {2, 0}};
  cd z(x[0], x[1]), p = 0;
  for (const cd &ck : c)
    p = p * z + ck;
  return std::norm(p);
}

int main() {
  const int n = 5;
  double x[n] = {0.3, -1.2, 0.8, 2.0, -0.5}, dx[n] = {};
  ad::gradient(spectrum, ad::dup(x, dx), ad::constant(n));
  std::vector<cd> X = dft(x, n);
  double want[n];
  for (int j = 0; j < n; j++) {
    want[j] = 0;
    for (int k = 0; k < n; k++) {
      cd e = std::polar(1.0, -2 * kPi * j * k / n);
      want[j] += (0.5 + k) * 2 * std::real(std::conj(X[k]) * e);
      if (k == 1)
        want[j] += std::imag(std::conj(X[k]) * e) / std::norm(X[k]);
    }
  }
  check_gradient(
      "spectrum", [&](const double *p) { return spectrum(p, n); }, x, dx, want,
      n);

  double z[2] = {0.6, -0.4}, dz[2] = {};
  ad::gradient(horner, ad::dup(z, dz), ad::constant(2));
  cd zz(z[0], z[1]), c[4] = {{1, 0.5}, {-0.3, 2}, {0.7, -1}, {2, 0}};
  cd p = ((c[0] * zz + c[1]) * zz + c[2]) * zz + c[3];
  cd dp = (3.0 * c[0] * zz + 2.0 * c[1]) * zz + c[2];
  double wz[2] = {2 * std::real(std::conj(p) * dp),
                  -2 * std::imag(std::conj(p) * dp)};
  check_gradient(
      "horner", [&](const double *q) { return horner(q, 2); }, z, dz, wz, 2);
  double tz[2] = {0, 1};
  ad_check("horner tangent y",
           ad::tangent(horner, ad::dup(z, tz), ad::constant(2)), wz[1], wz[1]);
  return ad_check_report();
}
