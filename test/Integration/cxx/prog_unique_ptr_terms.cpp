// A class hierarchy of energy terms with virtual energy(), held in a
// std::vector<std::unique_ptr<Term>> of a ForceField built (std::make_unique)
// outside the differentiated function: the sum over the terms is
// differentiated through a static wrapper with the object as a constant,
// and with a shadow ForceField of the same shape (ad::dup) to get the
// derivatives with respect to the terms' parameters. (Building the vector
// inside the differentiated function, and ad::gradient<&ForceField::energy>
// at -O0, are refused: reported.)
//   E = 0.5 kb (x1 - x0 - r0)^2 + kw x2^4 + q / sqrt((x0 - x2)^2 + 0.1)
//       - f sum_i x_i
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <memory>
#include <vector>

struct Term {
  virtual ~Term() = default;
  virtual double energy(const double *x, int n) const = 0;
};
struct Bond : Term {
  int i, j;
  double k, r0;
  Bond(int i, int j, double k, double r0) : i(i), j(j), k(k), r0(r0) {}
  double energy(const double *x, int) const override {
    double d = x[j] - x[i] - r0;
    return 0.5 * k * d * d;
  }
};
struct Well : Term {
  int i;
  double k;
  Well(int i, double k) : i(i), k(k) {}
  double energy(const double *x, int) const override {
    return k * x[i] * x[i] * x[i] * x[i];
  }
};
struct Pair : Term {
  int i, j;
  double q;
  Pair(int i, int j, double q) : i(i), j(j), q(q) {}
  double energy(const double *x, int) const override {
    double d = x[i] - x[j];
    return q / std::sqrt(d * d + 0.1);
  }
};
struct Field : Term {
  double f;
  explicit Field(double f) : f(f) {}
  double energy(const double *x, int n) const override {
    double s = 0;
    for (int i = 0; i < n; i++)
      s -= f * x[i];
    return s;
  }
};

struct ForceField {
  std::vector<std::unique_ptr<Term>> terms;
  void build(double kb, double r0, double kw, double q, double f) {
    terms.push_back(std::make_unique<Bond>(0, 1, kb, r0));
    terms.push_back(std::make_unique<Well>(2, kw));
    terms.push_back(std::make_unique<Pair>(0, 2, q));
    terms.push_back(std::make_unique<Field>(f));
  }
  double energy(const double *x, int n) const {
    double e = 0;
    for (const auto &t : terms)
      e += t->energy(x, n);
    return e;
  }
  static double total(const ForceField *ff, const double *x, int n) {
    return ff->energy(x, n);
  }
};

const double kb = 2.0, r0 = 1.0, kw = 0.3, q = 0.7, fe = 0.25;

int main() {
  const int n = 3;
  double x[n] = {0.2, 1.5, -0.6};
  double d0 = x[1] - x[0] - r0, dp = x[0] - x[2], s = dp * dp + 0.1;
  double pq = -q * dp / (s * std::sqrt(s)); // d pair / d x0
  double want[n] = {-kb * d0 + pq - fe, kb * d0 - fe,
                    4 * kw * x[2] * x[2] * x[2] - pq - fe};
  ForceField ff, dff;
  ff.build(kb, r0, kw, q, fe);
  auto f = [&](const double *p) { return ff.energy(p, n); };
  double g2[n] = {}, g3[n] = {};
  ad::gradient(ForceField::total, ad::constant(&ff), ad::dup(x, g2),
               ad::constant(n));
  check_gradient("const object", f, x, g2, want, n);

  dff.build(0, 0, 0, 0, 0); // the shadow: same terms, zero parameters
  ad::gradient(ForceField::total, ad::dup(&ff, &dff), ad::dup(x, g3),
               ad::constant(n));
  check_gradient("shadow object", f, x, g3, want, n);
  const Bond &db = static_cast<const Bond &>(*dff.terms[0]);
  const Well &dw = static_cast<const Well &>(*dff.terms[1]);
  const Pair &dq = static_cast<const Pair &>(*dff.terms[2]);
  const Field &df = static_cast<const Field &>(*dff.terms[3]);
  double par[5] = {kb, r0, kw, q, fe};
  auto fp = [&](const double *p) {
    ForceField g;
    g.build(p[0], p[1], p[2], p[3], p[4]);
    return g.energy(x, n);
  };
  double gotp[5] = {db.k, db.r0, dw.k, dq.q, df.f};
  double wantp[5] = {0.5 * d0 * d0, -kb * d0, std::pow(x[2], 4),
                     1 / std::sqrt(s), -(x[0] + x[1] + x[2])};
  check_gradient("parameters", fp, par, gotp, wantp, 5);
  double t[n] = {0, 0, 1};
  ad_check("tangent x2",
           ad::tangent(ForceField::total, ad::constant(&ff), ad::dup(x, t),
                       ad::constant(n)),
           want[2], fd_at(f, x, n, 2));
  return ad_check_report();
}
