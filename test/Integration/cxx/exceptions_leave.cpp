// An exception that leaves a derivative: the primal's cleanups run (a
// guard's destructor, std::vector's frees) and what the derivative
// allocated is released (shadows, tapes, blocks whose frees wait for the
// reverse sweep, what was carved from a workspace): valgrind-clean, in
// reverse and forward mode. Thrown by a callee after a taped loop, by a
// callee called in a loop, by a throw inside a loop, by a virtual method
// called in a loop, and by operator new (a huge vector); then the same
// functions differentiated without a throw.
//   f = r^2 sum x_i^2 with r = sum sin(x_i) x_i (throws when r > limit)
//   g = sum (log(x_i) x_i)^2 + log(x_last) x_last (throws when some x_i <= 0)
//   h = sum (sin(x_i) x_i)^2 (throws when some x_i < 0)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %valgrind %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

static int live = 0; // guards constructed and not yet destroyed
struct Guard {
  __attribute__((noinline)) Guard() { ++live; }
  __attribute__((noinline)) ~Guard() { --live; }
};

__attribute__((noinline)) void validate(double r, double limit) {
  if (r > limit)
    throw std::range_error("too large");
}

double f(const double *x, int n, double limit) {
  Guard g;
  std::vector<double> copy(x, x + n);
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += std::sin(copy[i]) * x[i];
  validate(r, limit);
  std::vector<double> w(n);
  for (int i = 0; i < n; ++i)
    w[i] = copy[i] * r;
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * w[i];
  return s;
}

__attribute__((noinline)) double checked_log(double v) {
  if (v <= 0)
    throw std::domain_error("log of a non-positive value");
  return std::log(v);
}

double g(const double *x, int n) {
  Guard guard;
  std::vector<double> terms;
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double v = checked_log(x[i]) * x[i];
    terms.push_back(v);
    s += v * v;
  }
  return s + terms.back();
}

double h(const double *x, int n) {
  Guard guard;
  std::vector<double> sq(n);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    if (x[i] < 0)
      throw std::domain_error("negative");
    sq[i] = std::sin(x[i]) * x[i];
    s += sq[i] * sq[i];
  }
  return s;
}

// operator new throws: std::bad_alloc (or length_error) for a huge n
double big(const double *x, long n) {
  Guard guard;
  std::vector<double> a(x, x + 4);
  std::vector<double> b(n);
  b[0] = a[0] * a[1] + a[2] * a[3];
  return b[0] * x[2];
}

// Thrown by a virtual method called in a loop (dispatched to each
// override, then inlined), with a vector of owning pointers, a string and a
// std::function alive.
//   v = c sum_i t_i(x), t_i = x_i^2 (odd i) or sin(x_i), c = 1 + 0.041
struct Term {
  virtual ~Term() = default;
  virtual double eval(const double *x) const = 0;
};
struct Square : Term {
  int i;
  explicit Square(int i) : i(i) {}
  double eval(const double *x) const override {
    if (x[i] > 1e6)
      throw std::overflow_error("too large");
    return x[i] * x[i];
  }
};
struct Sine : Term {
  int i;
  explicit Sine(int i) : i(i) {}
  double eval(const double *x) const override { return std::sin(x[i]); }
};
double terms(const double *x, int n) {
  std::vector<std::unique_ptr<Term>> ts;
  for (int i = 0; i < n; ++i) {
    if (i % 2)
      ts.push_back(std::make_unique<Square>(i));
    else
      ts.push_back(std::make_unique<Sine>(i));
  }
  std::string label = "a label long enough to be allocated on the heap";
  std::function<double(double)> scale = [&](double v) {
    return v * (1 + label.size() * 1e-3);
  };
  double s = 0;
  for (auto &t : ts)
    s += t->eval(x);
  return scale(s);
}

template <class Call> static void expect_throw(const char *name, Call call) {
  bool thrown = false;
  try {
    call();
  } catch (const std::exception &) {
    thrown = true;
  }
  ad_check_exact(name, thrown, 1);
  std::string cleanup = std::string(name) + ": guards destroyed";
  ad_check_exact(cleanup.c_str(), live, 0);
}

int main() {
  const int n = 40;
  double x[n], dx[n] = {}, t[n] = {};
  for (int i = 0; i < n; i++)
    x[i] = 0.5 + 0.01 * i;
  t[3] = 1;

  expect_throw("f reverse", [&] {
    ad::gradient(f, ad::dup(x, dx), ad::constant(n), ad::constant(1.0));
  });
  expect_throw("f forward", [&] {
    ad::tangent(f, ad::dup(x, t), ad::constant(n), ad::constant(1.0));
  });
  x[30] = -1;
  expect_throw("g reverse",
               [&] { ad::gradient(g, ad::dup(x, dx), ad::constant(n)); });
  expect_throw("g forward",
               [&] { ad::tangent(g, ad::dup(x, t), ad::constant(n)); });
  expect_throw("h reverse",
               [&] { ad::gradient(h, ad::dup(x, dx), ad::constant(n)); });
  expect_throw("h forward",
               [&] { ad::tangent(h, ad::dup(x, t), ad::constant(n)); });
  x[30] = 0.8;
  long huge = 1L << 61;
  expect_throw("operator new, reverse",
               [&] { ad::gradient(big, ad::dup(x, dx), ad::constant(huge)); });
  expect_throw("operator new, forward",
               [&] { ad::tangent(big, ad::dup(x, t), ad::constant(huge)); });

  double big_x3 = x[3];
  x[3] = 1e7;
  expect_throw("virtual method, reverse",
               [&] { ad::gradient(terms, ad::dup(x, dx), ad::constant(8)); });
  expect_throw("virtual method, forward",
               [&] { ad::tangent(terms, ad::dup(x, t), ad::constant(8)); });
  x[3] = big_x3;

  // With a workspace: what the throwing call carved from it is returned
  // (the peak stays that of one call).
  ad_workspace_t *ws = ad_workspace_create(1 << 16);
  size_t peak[3];
  for (int k = 0; k < 3; k++) {
    expect_throw("f reverse, workspace", [&] {
      ad::gradient(f, ad::dup(x, dx), ad::constant(n), ad::constant(1.0),
                   ad::workspace(ws));
    });
    peak[k] = ad_workspace_stats(ws).peak_bytes;
  }
  ad_check_exact("workspace returned on unwind", peak[2] == peak[0], 1);
  ad_check_exact("the workspace was used", peak[0] > 0, 1);
  ad_workspace_destroy(ws);

  // Without a throw, the gradients.
  for (int i = 0; i < n; i++)
    dx[i] = 0;
  ad::gradient(f, ad::dup(x, dx), ad::constant(n), ad::constant(1e9));
  double r = 0, q = 0;
  for (int i = 0; i < n; i++) {
    r += std::sin(x[i]) * x[i];
    q += x[i] * x[i];
  }
  double want[n];
  for (int i = 0; i < n; i++)
    want[i] =
        2 * r * q * (std::cos(x[i]) * x[i] + std::sin(x[i])) + r * r * 2 * x[i];
  check_gradient(
      "f", [&](const double *p) { return f(p, n, 1e9); }, x, dx, want, n);
  for (int i = 0; i < n; i++)
    dx[i] = 0;
  ad::gradient(g, ad::dup(x, dx), ad::constant(n));
  for (int i = 0; i < n; i++) {
    double v = std::log(x[i]) * x[i], dv = std::log(x[i]) + 1;
    want[i] = 2 * v * dv + (i == n - 1 ? dv : 0);
  }
  check_gradient(
      "g", [&](const double *p) { return g(p, n); }, x, dx, want, n);
  ad_check("g forward", ad::tangent(g, ad::dup(x, t), ad::constant(n)), want[3],
           want[3]);
  for (int i = 0; i < n; i++)
    dx[i] = 0;
  ad::gradient(h, ad::dup(x, dx), ad::constant(n));
  for (int i = 0; i < n; i++) {
    double v = std::sin(x[i]) * x[i];
    want[i] = 2 * v * (std::cos(x[i]) * x[i] + std::sin(x[i]));
  }
  check_gradient(
      "h", [&](const double *p) { return h(p, n); }, x, dx, want, n);
  for (int i = 0; i < n; i++)
    dx[i] = 0;
  ad::gradient(terms, ad::dup(x, dx), ad::constant(8));
  double c = 1 + 47e-3;
  for (int i = 0; i < 8; i++)
    want[i] = c * (i % 2 ? 2 * x[i] : std::cos(x[i]));
  check_gradient(
      "virtual terms", [&](const double *p) { return terms(p, 8); }, x, dx,
      want, 8);
  ad_check_exact("guards destroyed", live, 0);
  return ad_check_report();
}
