// Forward mode (__ad_fwddiff, C entry point) on the kinematics of a planar
// robot arm written with a small complex-like 2D value type: Vec2 with
// operators (+, -, +=, the complex product * that composes rotations, a
// scalar *), a static polar() constructor and member functions (norm2,
// rotated). The tip position is written through a Vec2 * (its shadow
// receives the tangent: a column of the Jacobian), and the squared reach
// error to a target is a scalar whose directional derivatives along the
// joint angles and along the link lengths are checked.
//   phi_i = q_1 + ... + q_i, tip = sum_i l_i (cos phi_i, sin phi_i),
//   dtip/dq_j = sum_{i>=j} l_i (-sin phi_i, cos phi_i),
//   dtip/dl_i = (cos phi_i, sin phi_i),
//   E = |tip - target|^2: dE/dq_j = 2 (tip - target) . dtip/dq_j.
//   The elbow offset is applied by rotated(): the last link is bent by a
//   fixed angle beta (phi_n += beta).
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.h>
#include <cmath>

struct Vec2 {
  double x, y;
  static Vec2 polar(double r, double angle) {
    return {r * std::cos(angle), r * std::sin(angle)};
  }
  Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
  Vec2 operator-(const Vec2 &o) const { return {x - o.x, y - o.y}; }
  Vec2 &operator+=(const Vec2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  // The complex product: rotates and scales.
  Vec2 operator*(const Vec2 &o) const {
    return {x * o.x - y * o.y, x * o.y + y * o.x};
  }
  friend Vec2 operator*(double s, const Vec2 &v) { return {s * v.x, s * v.y}; }
  double norm2() const { return x * x + y * y; }
  Vec2 rotated(double angle) const { return *this * polar(1.0, angle); }
};

const double beta = 0.3; // elbow offset of the last link

void tip_position(const double *q, const double *len, int n, Vec2 *tip) {
  Vec2 frame{1.0, 0.0}, p{0.0, 0.0};
  for (int i = 0; i < n; i++) {
    frame = frame * Vec2::polar(1.0, q[i]);
    Vec2 link = i == n - 1 ? frame.rotated(beta) : frame;
    p += len[i] * link;
  }
  *tip = p;
}

double reach_error(const double *q, const double *len, int n,
                   const Vec2 *target) {
  Vec2 tip;
  tip_position(q, len, n, &tip);
  return (tip - *target).norm2();
}

const int N = 4;

int main() {
  double q[N] = {0.4, -0.7, 1.1, 0.25}, len[N] = {1.0, 0.8, 0.6, 0.3};
  const Vec2 target{1.2, 0.9};
  double phi[N], s = 0;
  Vec2 tip{0, 0};
  for (int i = 0; i < N; i++) {
    s += q[i];
    phi[i] = s + (i == N - 1 ? beta : 0);
    tip.x += len[i] * std::cos(phi[i]);
    tip.y += len[i] * std::sin(phi[i]);
  }
  auto E = [&](const double *a) { return reach_error(a, len, N, &target); };
  auto EL = [&](const double *a) { return reach_error(q, a, N, &target); };
  for (int j = 0; j < N; j++) {
    // The Jacobian column j through the Vec2 * shadow.
    double tq[N] = {}, tl[N] = {};
    tq[j] = 1;
    Vec2 out, dout{};
    __ad_fwddiff((void *)tip_position, ad_dup, q, tq, ad_const, len, ad_const,
                 N, ad_dup, &out, &dout);
    Vec2 J{0, 0};
    for (int i = j; i < N; i++) {
      J.x -= len[i] * std::sin(phi[i]);
      J.y += len[i] * std::cos(phi[i]);
    }
    std::string c = "jacobian column " + std::to_string(j);
    auto tipx = [&](const double *a) {
      Vec2 t;
      tip_position(a, len, N, &t);
      return t.x;
    };
    auto tipy = [&](const double *a) {
      Vec2 t;
      tip_position(a, len, N, &t);
      return t.y;
    };
    ad_check((c + " x").c_str(), dout.x, J.x, fd_at(tipx, q, N, j));
    ad_check((c + " y").c_str(), dout.y, J.y, fd_at(tipy, q, N, j));
    ad_check_eq((c + " primal x").c_str(), out.x, tip.x);

    // The reach error along q_j, and along l_j.
    double want = 2 * ((tip.x - target.x) * J.x + (tip.y - target.y) * J.y);
    double d = __ad_fwddiff((void *)reach_error, ad_dup, q, tq, ad_const, len,
                            ad_const, N, ad_const, &target);
    ad_check(("reach dq" + std::to_string(j)).c_str(), d, want,
             fd_at(E, q, N, j));
    tq[j] = 0;
    tl[j] = 1;
    double wl = 2 * ((tip.x - target.x) * std::cos(phi[j]) +
                     (tip.y - target.y) * std::sin(phi[j]));
    double dl = __ad_fwddiff((void *)reach_error, ad_dup, q, tq, ad_dup, len,
                             tl, ad_const, N, ad_const, &target);
    ad_check(("reach dl" + std::to_string(j)).c_str(), dl, wl,
             fd_at(EL, len, N, j));
  }
  return ad_check_report();
}
