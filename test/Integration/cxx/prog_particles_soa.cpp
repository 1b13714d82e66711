// A particle simulation written as a struct-of-arrays class: positions and
// velocities in separate std::vector members, member functions for the
// forces, a symplectic-Euler step and the energy, the object built inside
// the differentiated function. Each particle moves in the harmonic well
// -k x (x and y decouple), so the state after S steps is M^S (x0, v0) with
// M = [[1 - h^2 k, h], [-h k, 1]]; the gradients with respect to the initial
// positions and to k are computed from M^S and d(M^S)/dk by hand.
//   L = sum_i (x_i^2 + y_i^2)(T) + 0.5 sum_i (vx_i^2 + vy_i^2)(T)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <vector>

class Swarm {
public:
  Swarm(const double *xy, int n, double k, double h)
      : x(n), y(n), vx(n, 0.1), vy(n, -0.2), k(k), h(h) {
    for (int i = 0; i < n; i++) {
      x[i] = xy[2 * i];
      y[i] = xy[2 * i + 1];
    }
  }
  void step() {
    for (size_t i = 0; i < x.size(); i++) {
      vx[i] += h * force(x[i]);
      vy[i] += h * force(y[i]);
      x[i] += h * vx[i];
      y[i] += h * vy[i];
    }
  }
  double loss() const {
    double s = 0;
    for (size_t i = 0; i < x.size(); i++)
      s += x[i] * x[i] + y[i] * y[i] + 0.5 * (vx[i] * vx[i] + vy[i] * vy[i]);
    return s;
  }

private:
  double force(double q) const { return -k * q; }
  std::vector<double> x, y, vx, vy;
  double k, h;
};

double simulate(const double *xy, double k, int n, int steps) {
  Swarm s(xy, n, k, 0.05);
  for (int t = 0; t < steps; t++)
    s.step();
  return s.loss();
}

struct M2 {
  double a, b, c, d; // [[a, b], [c, d]]
  M2 operator*(const M2 &o) const {
    return {a * o.a + b * o.c, a * o.b + b * o.d, c * o.a + d * o.c,
            c * o.b + d * o.d};
  }
  M2 operator+(const M2 &o) const {
    return {a + o.a, b + o.b, c + o.c, d + o.d};
  }
};

int main() {
  const int n = 3, steps = 40;
  const double h = 0.05, k = 1.7;
  double xy[2 * n] = {0.5, -0.3, 1.2, 0.4, -0.8, 0.9}, dxy[2 * n] = {};
  double dk = ad::gradient(simulate, ad::dup(xy, dxy), ad::active(k),
                           ad::constant(n), ad::constant(steps));
  // P = M^S and dP = d(M^S)/dk, by the product rule step by step.
  M2 m{1 - h * h * k, h, -h * k, 1}, dm{-h * h, 0, -h, 0};
  M2 p{1, 0, 0, 1}, dp{0, 0, 0, 0};
  for (int t = 0; t < steps; t++) {
    dp = dm * p + m * dp;
    p = m * p;
  }
  double want[2 * n], wantk = 0;
  const double v0[2] = {0.1, -0.2};
  for (int i = 0; i < 2 * n; i++) {
    double q0 = xy[i], u0 = v0[i % 2];
    double q = p.a * q0 + p.b * u0, u = p.c * q0 + p.d * u0;
    double dq = dp.a * q0 + dp.b * u0, du = dp.c * q0 + dp.d * u0;
    want[i] = 2 * q * p.a + u * p.c;
    wantk += 2 * q * dq + u * du;
  }
  auto f = [&](const double *p) { return simulate(p, k, n, steps); };
  check_gradient("swarm", f, xy, dxy, want, 2 * n);
  auto fk = [&](const double *kk) { return simulate(xy, kk[0], n, steps); };
  ad_check("swarm d/dk", dk, wantk, fd_at(fk, &k, 1, 0));
  // Forward mode along k.
  double t0[2 * n] = {};
  double tk = ad::tangent(simulate, ad::dup(xy, t0), ad::dual(k, 1.0),
                          ad::constant(n), ad::constant(steps));
  ad_check("swarm tangent k", tk, wantk, fd_at(fk, &k, 1, 0));
  return ad_check_report();
}
