// C++ companions of adcheck.h: central differences of any callable taking a
// const double * (a lambda around the function under test), and a check of
// a whole gradient against them and against analytic values.
#ifndef ADPASS_TEST_ADCHECK_HPP
#define ADPASS_TEST_ADCHECK_HPP

#include "adcheck.h"

#include <cmath>
#include <string>
#include <vector>

template <class F> double fd_at(F f, const double *x, int n, int i) {
  std::vector<double> a(x, x + n), b(x, x + n);
  double h = 1e-5 * std::fmax(1.0, std::fabs(x[i]));
  a[i] += h;
  b[i] -= h;
  return (f(a.data()) - f(b.data())) / (2 * h);
}

/// Checks got[i] against want[i] and the central difference of f in x_i.
template <class F>
void check_gradient(const char *name, F f, const double *x, const double *got,
                    const double *want, int n) {
  for (int i = 0; i < n; i++) {
    std::string label = std::string(name) + " d/dx" + std::to_string(i);
    ad_check(label.c_str(), got[i], want[i], fd_at(f, x, n, i));
  }
}

#endif
