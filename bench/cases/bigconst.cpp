//===- bigconst.cpp - bigconst: inputs, ADOL-C, registration
//---------------===//
//
// One timed run is a batch of 64 calls (64 values of p), so that a call of a
// few nanoseconds is measured well; every variant runs the same batch.
//
//===----------------------------------------------------------------------===//
#include "bench.h"

#include <adolc/adolc.h>

extern "C" {
double bigconst_primal(const double *c, double p);
double bigconst_grad_hand(const double *c, double p);
__attribute__((weak)) double bigconst_grad_adpass(const double *c, double p);
}
BENCH_ADPASS_DIAG(bigconst);

namespace {
constexpr int Batch = 64;

struct BigConst : bench::Instance {
  std::vector<double> C, P, GHand, GAd, GAdolc, GFd;
  std::unique_ptr<bench::AdolcTape> Tape;

  double value() {
    double S = 0;
    for (double V : P)
      S += bigconst_primal(C.data(), V);
    return S;
  }

  BigConst(long N, const char *Label)
      : C(N), P(Batch), GHand(Batch), GAd(Batch), GAdolc(Batch), GFd(Batch) {
    Case = "bigconst";
    Size = Label;
    bench::Rng R(0xb16c0);
    for (double &V : C)
      V = R.uniform(0.5, 1.5);
    for (double &V : P)
      V = R.uniform(-1, 1);
    Tape = std::make_unique<bench::AdolcTape>([this] {
      adouble AP;
      AP <<= P[0];
      double Y;
      adouble AY = C[0] * AP;
      AY >>= Y;
    });
    add("primal", [this] { bench::sink(value()); }, Batch);
    auto Zero = [](std::vector<double> &G) {
      return [&G] { bench::zeroOut(G); };
    };
    auto Read = [](std::vector<double> &G) { return [&G] { return G; }; };
    addDeriv(
        "hand",
        [this] {
          for (int I = 0; I < Batch; ++I)
            GHand[I] += bigconst_grad_hand(C.data(), P[I]);
        },
        Zero(GHand), Read(GHand), Batch);
    ADPassDiag = bench::adpassDiag(bigconst_grad_adpass != nullptr,
                                   bigconst_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass",
          [this] {
            for (int I = 0; I < Batch; ++I)
              GAd[I] += bigconst_grad_adpass(C.data(), P[I]);
          },
          Zero(GAd), Read(GAd), Batch);
    addDeriv(
        "adolc",
        [this] {
          for (int I = 0; I < Batch; ++I)
            gradient(Tape->tag(), 1, &P[I], &GAdolc[I]);
        },
        Zero(GAdolc), Read(GAdolc), Batch);
    add("adolc_tape", [this] { Tape->record(); }, 1);
    addDeriv(
        "fd",
        [this] {
          for (int I = 0; I < Batch; ++I)
            bench::centralDiff(
                &P[I], 1, [this, I] { return bigconst_primal(C.data(), P[I]); },
                &GFd[I]);
        },
        Zero(GFd), Read(GFd), Batch, true);
    GetX = [this] { return P; };
    SetX = [this](const std::vector<double> &V) { P = V; };
    Value = [this] { return value(); };
  }
};

bench::MakerList make() {
  return {bench::maker<BigConst>("n=1e3", 1000L, "n=1e3"),
          bench::maker<BigConst>("n=1e5", 100000L, "n=1e5"),
          bench::maker<BigConst>("n=1e7", 10000000L, "n=1e7")};
}

bench::CaseRegistrar Reg("bigconst", 5, make);

} // namespace
