//===- foldminus.cpp - foldminus: inputs, ADOL-C, registration
//-------------===//
//
// One timed run is a batch of 64 calls on 64 different 16-vectors.
//
//===----------------------------------------------------------------------===//
#include "bench.h"

#include <adolc/adolc.h>

extern "C" {
double foldminus_primal(const double *x);
void foldminus_grad_hand(const double *x, double *dx);
__attribute__((weak)) void foldminus_grad_adpass(const double *x, double *dx);
}
BENCH_ADPASS_DIAG(foldminus);

namespace {
constexpr int Batch = 64, N = 16;

struct FoldMinus : bench::Instance {
  std::vector<double> X, GHand, GAd, GAdolc, GFd;
  std::unique_ptr<bench::AdolcTape> Tape;

  double value() {
    double S = 0;
    for (int I = 0; I < Batch; ++I)
      S += foldminus_primal(&X[I * N]);
    return S;
  }

  FoldMinus()
      : X(Batch * N), GHand(Batch * N), GAd(Batch * N), GAdolc(Batch * N),
        GFd(Batch * N) {
    Case = "foldminus";
    Size = "n=16";
    bench::Rng R(0xf01d);
    for (double &V : X)
      V = R.uniform(-1, 1);
    Tape = std::make_unique<bench::AdolcTape>([this] {
      adouble AX[N];
      for (int K = 0; K < N; ++K)
        AX[K] <<= X[K];
      adouble S = AX[0];
      for (int K = 1; K < N; ++K)
        S = S - AX[K];
      double Y;
      S >>= Y;
    });
    auto Zero = [](std::vector<double> &G) {
      return [&G] { bench::zeroOut(G); };
    };
    auto Read = [](std::vector<double> &G) { return [&G] { return G; }; };
    add("primal", [this] { bench::sink(value()); }, Batch);
    addDeriv(
        "hand",
        [this] {
          for (int I = 0; I < Batch; ++I)
            foldminus_grad_hand(&X[I * N], &GHand[I * N]);
        },
        Zero(GHand), Read(GHand), Batch);
    ADPassDiag = bench::adpassDiag(foldminus_grad_adpass != nullptr,
                                   foldminus_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass",
          [this] {
            for (int I = 0; I < Batch; ++I)
              foldminus_grad_adpass(&X[I * N], &GAd[I * N]);
          },
          Zero(GAd), Read(GAd), Batch);
    // ADOL-C's gradient() overwrites; add up like the other variants.
    addDeriv(
        "adolc",
        [this] {
          double G[N];
          for (int I = 0; I < Batch; ++I) {
            gradient(Tape->tag(), N, &X[I * N], G);
            for (int K = 0; K < N; ++K)
              GAdolc[I * N + K] += G[K];
          }
        },
        Zero(GAdolc), Read(GAdolc), Batch);
    add("adolc_tape", [this] { Tape->record(); });
    addDeriv(
        "fd",
        [this] {
          for (int I = 0; I < Batch; ++I)
            bench::centralDiff(
                &X[I * N], N, [this, I] { return foldminus_primal(&X[I * N]); },
                &GFd[I * N]);
        },
        Zero(GFd), Read(GFd), Batch, true);
    GetX = [this] { return X; };
    SetX = [this](const std::vector<double> &V) { X = V; };
    Value = [this] { return value(); };
  }
};

bench::MakerList make() { return {bench::maker<FoldMinus>("n=16")}; }

bench::CaseRegistrar Reg("foldminus", 8, make);

} // namespace
