// Enzyme's registrations and attributes in C++: registration globals at
// namespace scope and static ones (mangled names), a gradient for a function
// in a namespace, the attributes [[enzyme::inactive]] (C++11 spelling) and
// __attribute__((enzyme_function_like("tanh"))), used from enzyme::autodiff.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <cmath>
#include <enzyme/enzyme>

namespace phys {
__attribute__((noinline)) double energy(double q) { return q * q * q; }
double energy_aug(double q) { return q * q * q; }
// Deliberately 2x the true derivative: shows the registration is used.
double energy_grad(double q, double seed) { return 2.0 * 3.0 * q * q * seed; }
} // namespace phys

void *__enzyme_register_gradient_energy[3] = {
    (void *)phys::energy, (void *)phys::energy_aug, (void *)phys::energy_grad};

[[enzyme::inactive]] double log_value(double v) { return 0.0 * v + 1.0; }

// A static registration (its C++ name is mangled) that nothing reads.
double damping(double v) { return 1.0 + 0.1 * v; }
static void *__enzyme_inactivefn_damping[1] = {(void *)damping};

__attribute__((enzyme_function_like("tanh"))) double fast_tanh(double v) {
  return std::tanh(v);
}

static double model(double q) {
  return phys::energy(q) * log_value(q) + fast_tanh(q) + q * damping(q);
}

int main() {
  double q = 0.7;
  auto r = enzyme::autodiff<enzyme::Reverse>(model, enzyme::Active(q));
  double t = std::tanh(q);
  ad_check_eq("registered gradient in C++", enzyme::get<0>(enzyme::get<0>(r)),
              2.0 * 3.0 * q * q + (1 - t * t) + (1.0 + 0.1 * q));
  return ad_check_report();
}
