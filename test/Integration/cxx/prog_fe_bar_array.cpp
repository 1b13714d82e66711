// The potential energy of a 1D finite-element bar on a hardening elastic
// foundation, written over std::array with the standard algorithms, typed
// API: element strains by std::transform of shifted iterators
// (std::begin/std::end) with a lambda capturing the element length, the
// strain energy by std::inner_product with custom operations, the
// foundation by range-for, the work of the loads by std::inner_product.
// The nodal displacements and the element stiffnesses are std::arrays
// passed by reference (ad::dup(&u, &du)); the gradient with respect to u is
// the FE residual, with respect to EA the stiffness sensitivities.
//   eps_e = (u_{e+1} - u_e) / h,
//   P = h/2 sum_e EA_e eps_e^2 + kw sum_i (u_i^2/2 + beta u_i^4/4) - f.u:
//   dP/du_i = EA_{i-1} eps_{i-1} - EA_i eps_i + kw (u_i + beta u_i^3) - f_i
//   (missing elements dropped), dP/dEA_e = h eps_e^2 / 2.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <iterator>
#include <numeric>

constexpr std::size_t Nodes = 7, Elems = Nodes - 1;
using Nodal = std::array<double, Nodes>;
using Elemental = std::array<double, Elems>;

struct BarModel {
  double length, kw, beta;
  Nodal load;
};

double potential(const Nodal &u, const Elemental &EA, const BarModel *m) {
  const double h = m->length / Elems;
  Elemental strain;
  std::transform(std::begin(u) + 1, std::end(u), std::begin(u),
                 std::begin(strain),
                 [h](double right, double left) { return (right - left) / h; });
  double strain_energy =
      0.5 * h *
      std::inner_product(std::begin(EA), std::end(EA), std::begin(strain), 0.0,
                         std::plus<>(),
                         [](double k, double e) { return k * e * e; });
  double foundation = 0;
  for (double ui : u)
    foundation += m->kw * (0.5 * ui * ui + 0.25 * m->beta * ui * ui * ui * ui);
  double work = std::inner_product(std::begin(m->load), std::end(m->load),
                                   std::begin(u), 0.0);
  return strain_energy + foundation - work;
}

int main() {
  const BarModel m{3.0, 0.7, 2.5, {0.0, 0.2, -0.1, 0.4, 0.3, -0.2, 0.5}};
  Nodal u{0.05, 0.12, 0.31, 0.28, 0.47, 0.52, 0.44}, du{};
  Elemental EA{2.0, 1.8, 2.4, 1.5, 2.2, 1.9}, dEA{};
  ad::gradient(potential, ad::dup(&u, &du), ad::dup(&EA, &dEA),
               ad::constant(&m));

  const double h = m.length / Elems;
  Elemental eps;
  for (std::size_t e = 0; e < Elems; e++)
    eps[e] = (u[e + 1] - u[e]) / h;
  Nodal wu;
  Elemental wEA;
  for (std::size_t i = 0; i < Nodes; i++) {
    double r = m.kw * (u[i] + m.beta * u[i] * u[i] * u[i]) - m.load[i];
    if (i > 0)
      r += EA[i - 1] * eps[i - 1];
    if (i < Elems)
      r -= EA[i] * eps[i];
    wu[i] = r;
  }
  for (std::size_t e = 0; e < Elems; e++)
    wEA[e] = 0.5 * h * eps[e] * eps[e];
  check_gradient(
      "bar du",
      [&](const double *q) {
        Nodal v;
        std::copy(q, q + Nodes, v.begin());
        return potential(v, EA, &m);
      },
      u.data(), du.data(), wu.data(), Nodes);
  check_gradient(
      "bar dEA",
      [&](const double *q) {
        Elemental k;
        std::copy(q, q + Elems, k.begin());
        return potential(u, k, &m);
      },
      EA.data(), dEA.data(), wEA.data(), Elems);
  // Forward mode along the 4th node: the residual's entry 3.
  Nodal t{};
  Elemental tEA{};
  t[3] = 1;
  ad_check("bar tangent u3",
           ad::tangent(potential, ad::dup(&u, &t), ad::dup(&EA, &tEA),
                       ad::constant(&m)),
           wu[3],
           fd_at(
               [&](const double *q) {
                 Nodal v;
                 std::copy(q, q + Nodes, v.begin());
                 return potential(v, EA, &m);
               },
               u.data(), Nodes, 3));
  return ad_check_report();
}
