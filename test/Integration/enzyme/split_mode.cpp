// Enzyme's split mode from C++: the entry points declared as templates (as
// Enzyme's examples do), called where a std::vector is alive (the calls are
// invokes), a larger struct result (returned through memory), and a time
// loop run forward step by step and reversed last step first.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <cmath>
#include <vector>

extern int enzyme_dup, enzyme_const, enzyme_tape, enzyme_allocated;
template <typename Ret, typename... Args>
Ret __enzyme_augmentfwd(void *, Args...);
template <typename Ret, typename... Args> Ret __enzyme_reverse(void *, Args...);
extern "C" int __enzyme_augmentsize(void *, ...);

// One explicit step of x' = -k x^3 in place; returns the step's cost.
static double step(double *x, int n, double k, double dt) {
  double c = 0;
  for (int i = 0; i < n; i++) {
    c += dt * x[i] * x[i];
    x[i] -= dt * k * x[i] * x[i] * x[i];
  }
  return c;
}

struct Aug {
  void *tape;
  double cost;
};
// Returned through memory (sret): 32 bytes.
struct Wide {
  void *tape;
  double cost, pad0, pad1;
};

static double total(const double *x0, int n, double k, int steps) {
  std::vector<double> x(x0, x0 + n);
  double cost = 0;
  for (int t = 0; t < steps; t++)
    cost += step(x.data(), n, k, 0.05);
  for (int i = 0; i < n; i++)
    cost += 0.5 * x[i] * x[i];
  return cost;
}

static double total_k(double k) {
  const double x0[3] = {0.9, -0.4, 0.6};
  return total(x0, 3, k, 6);
}

int main() {
  const int n = 3, steps = 6;
  const double x0[3] = {0.9, -0.4, 0.6};
  double k = 1.3;
  std::vector<double> x(x0, x0 + n), dx(n, 0.0);
  std::vector<void *> tapes(steps);
  double cost = 0;
  for (int t = 0; t < steps; t++) {
    Aug a =
        __enzyme_augmentfwd<Aug>((void *)step, enzyme_dup, x.data(), dx.data(),
                                 enzyme_const, n, k, enzyme_const, 0.05);
    tapes[t] = a.tape;
    cost += a.cost;
  }
  for (int i = 0; i < n; i++) {
    cost += 0.5 * x[i] * x[i];
    dx[i] = x[i];
  }
  double dk = 0;
  for (int t = steps - 1; t >= 0; t--)
    dk += __enzyme_reverse<double>((void *)step, enzyme_dup, x.data(),
                                   dx.data(), enzyme_const, n, k, enzyme_const,
                                   0.05, 1.0, tapes[t]);
  ad_check_eq("cost", cost, total(x0, n, k, steps));
  ad_check("d cost / dk", dk, dk, ad_fd(total_k, k));
  for (int i = 0; i < n; i++) {
    double xp[3] = {x0[0], x0[1], x0[2]}, h = 1e-6;
    xp[i] += h;
    double up = total(xp, n, k, steps);
    xp[i] -= 2 * h;
    double fd = (up - total(xp, n, k, steps)) / (2 * h);
    ad_check("d cost / dx0", dx[i], dx[i], fd);
  }

  // A struct result returned through memory, and the tape in the caller's
  // memory sized by __enzyme_augmentsize.
  std::vector<double> y(x0, x0 + n), dy(n, 0.0);
  int size = __enzyme_augmentsize((void *)step, enzyme_dup, enzyme_const,
                                  enzyme_const);
  std::vector<char> mem(size);
  Wide w = __enzyme_augmentfwd<Wide>((void *)step, enzyme_dup, y.data(),
                                     dy.data(), enzyme_const, n, enzyme_const,
                                     k, enzyme_const, 0.05);
  std::vector<double> again(x0, x0 + n);
  ad_check_eq("sret: cost", w.cost, step(again.data(), n, k, 0.05));
  __enzyme_reverse<void>((void *)step, enzyme_dup, y.data(), dy.data(),
                         enzyme_const, n, enzyme_const, k, enzyme_const, 0.05,
                         1.0, w.tape);
  for (int i = 0; i < n; i++)
    ad_check_eq("sret: d/dx", dy[i], 0.1 * x0[i]);
  // The tape's address in the caller's memory (enzyme_allocated with the
  // size __enzyme_augmentsize gave, enzyme_tape).
  std::vector<double> z(x0, x0 + n), dz(n, 0.0);
  double c = __enzyme_augmentfwd<double>((void *)step, enzyme_allocated, size,
                                         enzyme_tape, mem.data(), enzyme_dup,
                                         z.data(), dz.data(), enzyme_const, n,
                                         enzyme_const, k, enzyme_const, 0.05);
  ad_check_eq("tape in memory: cost", c, w.cost);
  __enzyme_reverse<void>((void *)step, enzyme_allocated, size, enzyme_tape,
                         mem.data(), enzyme_dup, z.data(), dz.data(),
                         enzyme_const, n, enzyme_const, k, enzyme_const, 0.05,
                         2.0);
  for (int i = 0; i < n; i++)
    ad_check_eq("tape in memory: d/dx (seed 2)", dz[i], 0.2 * x0[i]);
  return ad_check_report();
}
