// Hyperelastic material laws as a class hierarchy with virtual methods,
// typed API. A layered bar is assembled from a layup string read at run
// time (the program's argument, or a default): each element holds a
// const Material * to a Hookean, neo-Hookean or one-term Ogden law, and the
// energy of the deformed bar calls the virtual energy density through the
// base pointer; gradient with respect to the node positions. Then a
// calibration loss builds the three laws from active parameters inside the
// differentiated function and calls the virtual stress of the one chosen by
// a run-time kind; gradient with respect to the parameters.
//   Hooke  W = E/2 (l - 1)^2,            W' = E (l - 1)
//   neo    W = mu/2 (l^2 + 2/l - 3),     W' = mu (l - 1/l^2)
//   Ogden  W = 2mu/a^2 (l^a + 2 l^(-a/2) - 3),
//          W' = 2mu/a (l^(a-1) - l^(-a/2-1))
//   bar:   l_e = (x_{e+1} - x_e) / L0, U = sum_e A L0 W_e(l_e) - F x_n:
//          dU/dx_i = A (W'_{i-1}(l_{i-1}) - W'_i(l_i)) - F [i = n]
//   calibration: C = sum_k (W'(l_k; p) - s_k)^2, p = (mu or E, a):
//          dC/dp = 2 sum_k (W'_k - s_k) dW'_k/dp
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3 && %t3 NOHHNO
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

class Material {
public:
  virtual ~Material() = default;
  virtual double energy(double stretch) const = 0;
  virtual double stress(double stretch) const = 0; // dW/dstretch
};

class Hookean : public Material {
public:
  explicit Hookean(double E) : E(E) {}
  double energy(double l) const override { return 0.5 * E * (l - 1) * (l - 1); }
  double stress(double l) const override { return E * (l - 1); }

private:
  double E;
};

class NeoHookean : public Material {
public:
  explicit NeoHookean(double mu) : mu(mu) {}
  double energy(double l) const override {
    return 0.5 * mu * (l * l + 2 / l - 3);
  }
  double stress(double l) const override { return mu * (l - 1 / (l * l)); }

private:
  double mu;
};

class Ogden : public Material {
public:
  Ogden(double mu, double alpha) : mu(mu), alpha(alpha) {}
  double energy(double l) const override {
    return 2 * mu / (alpha * alpha) *
           (std::pow(l, alpha) + 2 * std::pow(l, -alpha / 2) - 3);
  }
  double stress(double l) const override {
    return 2 * mu / alpha *
           (std::pow(l, alpha - 1) - std::pow(l, -alpha / 2 - 1));
  }

private:
  double mu, alpha;
};

struct Element {
  const Material *mat;
  double rest_length, area;
};

struct Bar {
  std::vector<Element> elements;
  double end_force;
};

double bar_energy(const double *x, const Bar *bar) {
  double U = 0;
  int n = int(bar->elements.size());
  for (int e = 0; e < n; e++) {
    const Element &el = bar->elements[e];
    double stretch = (x[e + 1] - x[e]) / el.rest_length;
    U += el.area * el.rest_length * el.mat->energy(stretch);
  }
  return U - bar->end_force * x[n];
}

enum Kind { HOOKE, NEO, OGDEN };

struct TestData {
  const double *stretch, *measured;
  int n;
};

double calibration(const double *p, Kind kind, const TestData *data) {
  Hookean h(p[0]);
  NeoHookean neo(p[0]);
  Ogden og(p[0], p[1]);
  const Material *m = kind == HOOKE ? static_cast<const Material *>(&h)
                      : kind == NEO ? static_cast<const Material *>(&neo)
                                    : &og;
  double c = 0;
  for (int k = 0; k < data->n; k++) {
    double r = m->stress(data->stretch[k]) - data->measured[k];
    c += r * r;
  }
  return c;
}

// Independent closed forms of W' and of dW'/dp.
static double dW(char kind, double l, const double *p) {
  switch (kind) {
  case 'H':
    return p[0] * (l - 1);
  case 'N':
    return p[0] * (l - 1 / (l * l));
  default:
    return 2 * p[0] / p[1] *
           (std::pow(l, p[1] - 1) - std::pow(l, -p[1] / 2 - 1));
  }
}
static void dW_dp(char kind, double l, const double *p, double *g) {
  double mu = p[0], a = p[1], L = std::log(l);
  switch (kind) {
  case 'H':
    g[0] = l - 1, g[1] = 0;
    break;
  case 'N':
    g[0] = l - 1 / (l * l), g[1] = 0;
    break;
  default: {
    double u = std::pow(l, a - 1), v = std::pow(l, -a / 2 - 1);
    g[0] = 2 / a * (u - v);
    g[1] = -2 * mu / (a * a) * (u - v) + 2 * mu / a * (L * u + 0.5 * L * v);
  }
  }
}

int main(int argc, char **argv) {
  std::string layup = argc > 1 ? argv[1] : "HNOONH";
  const double mod[3] = {3.0, 1.2, 0.8}, alpha = 2.5;
  std::vector<std::unique_ptr<Material>> laws;
  Bar bar{{}, 0.35};
  for (std::size_t e = 0; e < layup.size(); e++) {
    char c = layup[e];
    if (c == 'H')
      laws.push_back(std::make_unique<Hookean>(mod[0]));
    else if (c == 'N')
      laws.push_back(std::make_unique<NeoHookean>(mod[1]));
    else
      laws.push_back(std::make_unique<Ogden>(mod[2], alpha));
    bar.elements.push_back({laws.back().get(), 0.5 + 0.1 * e, 1.0 - 0.05 * e});
  }
  const int n = int(layup.size());
  std::vector<double> x(n + 1), dx(n + 1, 0.0), want(n + 1, 0.0);
  x[0] = 0;
  for (int e = 0; e < n; e++)
    x[e + 1] =
        x[e] + bar.elements[e].rest_length * (1.05 + 0.04 * ((e * 7) % 5));
  ad::gradient(bar_energy, ad::dup(x, dx), ad::constant(&bar));
  for (int e = 0; e < n; e++) {
    const Element &el = bar.elements[e];
    double p[2] = {layup[e] == 'H'   ? mod[0]
                   : layup[e] == 'N' ? mod[1]
                                     : mod[2],
                   alpha};
    double s = el.area * dW(layup[e], (x[e + 1] - x[e]) / el.rest_length, p);
    want[e] -= s;
    want[e + 1] += s;
  }
  want[n] -= bar.end_force;
  check_gradient(("bar " + layup).c_str(),
                 [&](const double *q) { return bar_energy(q, &bar); }, x.data(),
                 dx.data(), want.data(), n + 1);

  const double stretch[5] = {0.8, 0.95, 1.1, 1.3, 1.6};
  const double measured[5] = {-1.1, -0.2, 0.35, 1.2, 2.9};
  TestData data{stretch, measured, 5};
  const char kinds[3] = {'H', 'N', 'O'};
  for (int k = 0; k < 3; k++) {
    Kind kind = Kind(k);
    double p[2] = {1.4, 1.8}, dp[2] = {}, wp[2] = {};
    ad::gradient(calibration, ad::dup(p, dp), ad::constant(kind),
                 ad::constant(&data));
    for (int j = 0; j < 5; j++) {
      double g[2];
      dW_dp(kinds[k], stretch[j], p, g);
      double r = dW(kinds[k], stretch[j], p) - measured[j];
      wp[0] += 2 * r * g[0];
      wp[1] += 2 * r * g[1];
    }
    check_gradient((std::string("calibration ") + kinds[k]).c_str(),
                   [&](const double *q) { return calibration(q, kind, &data); },
                   p, dp, wp, 2);
  }
  return ad_check_report();
}
