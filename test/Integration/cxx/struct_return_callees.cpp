// Callees that return structs and vectors: {double, double} in registers,
// <2 x double>, and a struct of four doubles returned through sret; small
// ones (inlined into the derivative) and recursive ones (which get
// derivatives of their own).
//   p(x) = (x^2, 3x): f1 = p.a * p.b + x1 = 3 x0^3 + x1
//   q = (x0 x1, x1, x2^2, x3): f2 = q.a + q.b q.c + q.d
//   v(a, b) = <a b, a + b>: f3 = v0 * v1
//   r(x, d) = d == 0 ? (x, 1) : (r.a * x, r.b + r.a): f4 = r(x0, 3).a + r.b
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>

struct P {
  double a, b;
};
struct Q {
  double a, b, c, d;
};
typedef double v2d __attribute__((vector_size(16)));

__attribute__((noinline)) P pair(double x) { return {x * x, 3 * x}; }
__attribute__((noinline)) Q four(const double *x) {
  return {x[0] * x[1], x[1], x[2] * x[2], x[3]};
}
__attribute__((noinline)) v2d vec(double a, double b) {
  v2d r = {a * b, a + b};
  return r;
}
P rec(double x, int d) {
  if (d == 0)
    return {x, 1};
  P r = rec(x, d - 1);
  return {r.a * x, r.b + r.a};
}

double f1(const double *x, int) {
  P p = pair(x[0]);
  return p.a * p.b + x[1];
}
double f2(const double *x, int) {
  Q q = four(x);
  return q.a + q.b * q.c + q.d;
}
double f3(const double *x, int) {
  v2d v = vec(x[0], x[1]);
  return v[0] * v[1];
}
double f4(const double *x, int) {
  P r = rec(x[0], 3);
  return r.a + r.b;
}

int main() {
  const int n = 4;
  double x[n] = {0.3, 1.2, 0.7, 0.9};
  double d[4][n] = {};
  ad::gradient(f1, ad::dup(x, d[0]), ad::constant(n));
  ad::gradient(f2, ad::dup(x, d[1]), ad::constant(n));
  ad::gradient(f3, ad::dup(x, d[2]), ad::constant(n));
  ad::gradient(f4, ad::dup(x, d[3]), ad::constant(n));
  double a = x[0], b = x[1];
  double w1[n] = {9 * a * a, 1, 0, 0};
  double w2[n] = {b, a + x[2] * x[2], 2 * b * x[2], 1};
  double w3[n] = {b * (a + b) + a * b, a * (a + b) + a * b, 0, 0};
  // r(x, 3) = (x^4, 1 + x + x^2 + x^3)
  double w4[n] = {4 * a * a * a + 1 + 2 * a + 3 * a * a, 0, 0, 0};
  check_gradient(
      "{double, double}", [&](const double *p) { return f1(p, n); }, x, d[0],
      w1, n);
  check_gradient(
      "sret", [&](const double *p) { return f2(p, n); }, x, d[1], w2, n);
  check_gradient(
      "<2 x double>", [&](const double *p) { return f3(p, n); }, x, d[2], w3,
      n);
  check_gradient(
      "recursive", [&](const double *p) { return f4(p, n); }, x, d[3], w4, n);
  double t[n] = {1, 0, 0, 0};
  ad_check("recursive, forward",
           ad::tangent(f4, ad::dup(x, t), ad::constant(n)), w4[0], w4[0]);
  return ad_check_report();
}
