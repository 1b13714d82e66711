//===- bench.h - The ADPass benchmark harness ------------------*- C++ -*-===//
//
// A case builds one Instance per problem size. An Instance is a list of
// variants (primal, adpass, hand, adolc, adolc_tape, fd), each a closure that
// runs one evaluation; derivative variants also know how to clear and read
// their output. main.cpp checks all derivative variants against each other
// and against a directional finite difference, counts the heap allocations
// of one call of each, and only then hands the variants that agree to Google
// Benchmark.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_BENCH_BENCH_H
#define ADPASS_BENCH_BENCH_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bench {

/// splitmix64: every input of every case comes from one of these, seeded by a
/// constant, so runs and machines see the same numbers.
class Rng {
public:
  explicit Rng(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [Lo, Hi).
  double uniform(double Lo, double Hi) {
    return Lo + (Hi - Lo) * static_cast<double>(next() >> 11) * 0x1.0p-53;
  }
  /// Uniform in [0, N).
  int below(int N) {
    return static_cast<int>(next() % static_cast<uint64_t>(N));
  }

private:
  uint64_t State;
};

/// Heap allocation counter (alloc_count.cpp interposes the allocator).
void allocCountStart();
long allocCountStop();

/// Keeps a result alive without letting the compiler see through it.
void sink(double V);

struct Variant {
  std::string Name;                          ///< primal, adpass, hand, ...
  std::function<void()> Run;                 ///< one timed evaluation
  std::function<void()> Zero;                ///< clears the derivative output
  std::function<std::vector<double>()> Read; ///< the derivative output
  int CallsPerRun = 1; ///< Run evaluates this many independent calls
  bool Approx = false; ///< finite differences: checked loosely
};

struct Instance {
  std::string Case, Size;
  /// Relative (max-norm) agreement required between derivative variants.
  double Tol = 1e-9;
  /// Relative agreement required of a directional finite difference.
  double FdTol = 1e-5;
  /// Relative step of the directional finite difference.
  double FdStep = 1e-5;
  /// Non-empty when the ADPass translation unit did not compile: the reason.
  std::string ADPassDiag;
  std::vector<Variant> Variants;

  /// Directional finite-difference check of scalar functions: the active
  /// inputs as one vector (in the order Read returns derivatives), and the
  /// primal value at the current inputs.
  std::function<std::vector<double>()> GetX;
  std::function<void(const std::vector<double> &)> SetX;
  std::function<double()> Value;
  /// Vector-valued functions check themselves: returns "" or what is wrong.
  std::function<std::string(const std::vector<double> &Deriv)> CustomFdCheck;

  virtual ~Instance() = default;

  void add(const std::string &Name, std::function<void()> Run,
           int CallsPerRun = 1) {
    Variant V;
    V.Name = Name;
    V.Run = std::move(Run);
    V.CallsPerRun = CallsPerRun;
    Variants.push_back(std::move(V));
  }
  void addDeriv(const std::string &Name, std::function<void()> Run,
                std::function<void()> Zero,
                std::function<std::vector<double>()> Read, int CallsPerRun = 1,
                bool Approx = false) {
    Variant V;
    V.Name = Name;
    V.Run = std::move(Run);
    V.Zero = std::move(Zero);
    V.Read = std::move(Read);
    V.CallsPerRun = CallsPerRun;
    V.Approx = Approx;
    Variants.push_back(std::move(V));
  }
};

/// Builds one instance (a case at one size) on demand: each run of the
/// benchmark builds only the instances it was asked for.
struct Maker {
  std::string Size;
  std::function<std::unique_ptr<Instance>()> Make;
};
using MakerList = std::vector<Maker>;
using Factory = MakerList (*)();

template <class T, class... Args>
Maker maker(const std::string &Size, Args... A) {
  return {Size, [=] { return std::unique_ptr<Instance>(new T(A...)); }};
}

/// Registers a case; \p Order fixes its place in the report.
struct CaseRegistrar {
  CaseRegistrar(const char *Name, int Order, Factory F);
};

struct RegisteredCase {
  std::string Name;
  int Order;
  Factory Make;
};
std::vector<RegisteredCase> &registeredCases();

/// "" when the ADPass entry point was linked, else the diagnostic the stub
/// object carries (or a generic reason).
std::string adpassDiag(bool EntryLinked, const char *StubDiag);

template <class T> std::vector<double> toDoubles(const T *P, size_t N) {
  return std::vector<double>(P, P + N);
}
template <class T> void zeroOut(std::vector<T> &V) {
  for (T &E : V)
    E = T(0);
}

/// Central finite differences of Fn() with respect to X[0..N) into G.
template <class F> void centralDiff(double *X, size_t N, F &&Fn, double *G) {
  for (size_t K = 0; K < N; ++K) {
    double X0 = X[K];
    double H = 6e-6 * (X0 < 0 ? (X0 < -1 ? -X0 : 1) : (X0 > 1 ? X0 : 1));
    X[K] = X0 + H;
    double Fp = Fn();
    X[K] = X0 - H;
    double Fm = Fn();
    X[K] = X0;
    G[K] = (Fp - Fm) / (2 * H);
  }
}

/// ADOL-C: one tape, recorded by Body (trace_on/trace_off around it). The
/// first recording sizes the buffers from the tape's own statistics so the
/// tape and its Taylor stack stay in memory, never in tape files.
class AdolcTape {
public:
  /// \p OpsHint: expected number of operations, to size the buffers of the
  /// first recording (the default buffers hold 524288).
  explicit AdolcTape(std::function<void()> Body, size_t OpsHint = 0);
  /// Records the tape again (what the adolc_tape variant times).
  void record();
  short tag() const { return Tag; }

private:
  void recordOnce();
  std::function<void()> Body;
  short Tag;
  unsigned Obs = 0, Lbs = 0, Vbs = 0, Tbs = 0;
};

} // namespace bench

/// Declares the symbol the stub object of a case defines when its ADPass
/// translation unit did not compile (see scripts/compile_adpass_tu.py).
#define BENCH_ADPASS_DIAG(CASE)                                                \
  extern "C" __attribute__((weak)) const char CASE##_adpass_diag[]

#endif
