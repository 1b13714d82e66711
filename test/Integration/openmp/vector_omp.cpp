// C++ with OpenMP: a model whose energy is a parallel loop over a
// std::vector (a member function, differentiated with ad::gradient), a
// pairwise interaction with a parallel outer loop and a lambda inside, and
// the same energy through Enzyme's API (__enzyme_autodiff, enzyme_dup).
// Checked against the serial gradient and finite differences at 1, 2 and
// 4 threads.
// RUN: %clangxx -O0 -fopenmp %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 2 %t0 && %omprun 4 %t0
// RUN: %clangxx -O2 -fopenmp %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 2 %t2 && %omprun 4 %t2
// RUN: %clangxx -O3 -fopenmp -fno-exceptions %s -o %t3 -lm
// RUN: %omprun 2 %t3 && %omprun 3 %t3
#include <ad.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

extern int enzyme_dup, enzyme_const;
extern "C" double __enzyme_autodiff(void *, ...);

struct Model {
  std::vector<double> w; // constant weights
  explicit Model(int n) : w(n) {
    for (int i = 0; i < n; i++)
      w[i] = 1.0 + 0.1 * i;
  }
  double energy(const double *x, int n) const {
    double e = 0;
#pragma omp parallel for reduction(+ : e)
    for (int i = 0; i < n; i++)
      e += w[i] * (x[i] * x[i] - std::cos(x[i]));
    return e;
  }
  double energySerial(const double *x, int n) const {
    double e = 0;
    for (int i = 0; i < n; i++)
      e += w[i] * (x[i] * x[i] - std::cos(x[i]));
    return e;
  }
};

static double pairs(const double *x, int n) {
  auto kernel = [](double a, double b) { return std::exp(-(a - b) * (a - b)); };
  double e = 0;
#pragma omp parallel for reduction(+ : e) schedule(dynamic)
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      e += kernel(x[i], x[j]);
  return e;
}
static double pairsSerial(const double *x, int n) {
  double e = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      e += std::exp(-(x[i] - x[j]) * (x[i] - x[j]));
  return e;
}

// What the global points to is constant: said so (else the pointer read from
// it could point into differentiated memory, and is refused).
static Model *model AD_INACTIVE_GLOBAL;
static double energyOf(const double *x, int n) { return model->energy(x, n); }

static int failed, checks;
static void check(const char *what, int i, double got, double ref, double tol) {
  ++checks;
  if (!(std::fabs(got - ref) <= tol * std::fmax(1.0, std::fabs(ref)))) {
    ++failed;
    std::printf("FAIL %s %d: got %.12g, expected %.12g\n", what, i, got, ref);
  }
}

template <class F, class G>
static void compare(const char *what, F loss, G serial, const double *dx,
                    const double *ref, std::vector<double> x) {
  int n = (int)x.size();
  for (int i = 0; i < n; i++) {
    check(what, i, dx[i], ref[i], 1e-9);
    double xi = x[i], h = 1e-5;
    x[i] = xi + h;
    double fp = loss(x.data(), n);
    x[i] = xi - h;
    double fm = loss(x.data(), n);
    x[i] = xi;
    check(what, i, dx[i], (fp - fm) / (2 * h), 1e-6);
  }
  check(what, -1, loss(x.data(), n), serial(x.data(), n), 1e-9);
}

int main() {
  const int n = 29;
  Model m(n);
  model = &m;
  std::vector<double> x(n), dx(n), ref(n);
  for (int i = 0; i < n; i++)
    x[i] = 0.5 * std::sin(1.7 * i) + 0.1 * i;

  // No active scalar: the gradient is added to dx.
  ad::gradient<&Model::energy>(ad::constant(&m), ad::dup(x.data(), dx.data()),
                               ad::constant(n));
  ad::gradient<&Model::energySerial>(
      ad::constant(&m), ad::dup(x.data(), ref.data()), ad::constant(n));
  compare(
      "energy", energyOf,
      [&](const double *y, int k) { return m.energySerial(y, k); }, dx.data(),
      ref.data(), x);

  std::vector<double> dp(n), rp(n);
  ad::gradient(pairs, ad::dup(x.data(), dp.data()), ad::constant(n));
  ad::gradient(pairsSerial, ad::dup(x.data(), rp.data()), ad::constant(n));
  compare("pairs", pairs, pairsSerial, dp.data(), rp.data(), x);

  std::vector<double> de(n);
  __enzyme_autodiff((void *)energyOf, enzyme_dup, x.data(), de.data(),
                    enzyme_const, n);
  compare(
      "energy (Enzyme API)", energyOf,
      [&](const double *y, int k) { return m.energySerial(y, k); }, de.data(),
      ref.data(), x);

  std::printf("%d checks, %d failed\n", checks, failed);
  return failed != 0;
}
