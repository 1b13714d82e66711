//===- qux.cpp - qux: inputs, ADOL-C, registration
//-------------------------===//
//
// One timed run is a batch of 64 calls covering the four branch combinations,
// the same batch for every variant. ADOL-C records one tape per combination
// (its tapes fix the control flow).
//
//===----------------------------------------------------------------------===//
#include "bench.h"

#include <adolc/adolc.h>

extern "C" {
double qux_primal(double x, int a, int b);
double qux_grad_hand(double x, int a, int b);
__attribute__((weak)) double qux_grad_adpass(double x, int a, int b);
}
BENCH_ADPASS_DIAG(qux);

namespace {
constexpr int Batch = 64;

adouble quxAdolc(const adouble &X, int A, int B) {
  adouble AA = A ? sin(X) : cos(X);
  return B ? 1.0 / cosh(AA) : tanh(AA);
}

struct Qux : bench::Instance {
  std::vector<double> X, GHand, GAd, GAdolc, GFd;
  std::vector<int> A, B;
  std::vector<std::unique_ptr<bench::AdolcTape>> Tapes;

  double value() {
    double S = 0;
    for (int I = 0; I < Batch; ++I)
      S += qux_primal(X[I], A[I], B[I]);
    return S;
  }

  Qux()
      : X(Batch), GHand(Batch), GAd(Batch), GAdolc(Batch), GFd(Batch), A(Batch),
        B(Batch) {
    Case = "qux";
    Size = "scalar";
    bench::Rng R(0x9c5);
    for (int I = 0; I < Batch; ++I) {
      X[I] = R.uniform(-3, 3);
      A[I] = I & 1;
      B[I] = (I >> 1) & 1;
    }
    for (int Combo = 0; Combo < 4; ++Combo)
      Tapes.push_back(std::make_unique<bench::AdolcTape>([this, Combo] {
        adouble AX;
        AX <<= X[0];
        double Y;
        quxAdolc(AX, Combo & 1, Combo >> 1) >>= Y;
      }));
    auto Zero = [](std::vector<double> &G) {
      return [&G] { bench::zeroOut(G); };
    };
    auto Read = [](std::vector<double> &G) { return [&G] { return G; }; };
    add("primal", [this] { bench::sink(value()); }, Batch);
    addDeriv(
        "hand",
        [this] {
          for (int I = 0; I < Batch; ++I)
            GHand[I] += qux_grad_hand(X[I], A[I], B[I]);
        },
        Zero(GHand), Read(GHand), Batch);
    ADPassDiag = bench::adpassDiag(qux_grad_adpass != nullptr, qux_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass",
          [this] {
            for (int I = 0; I < Batch; ++I)
              GAd[I] += qux_grad_adpass(X[I], A[I], B[I]);
          },
          Zero(GAd), Read(GAd), Batch);
    addDeriv(
        "adolc",
        [this] {
          for (int I = 0; I < Batch; ++I)
            gradient(Tapes[A[I] + 2 * B[I]]->tag(), 1, &X[I], &GAdolc[I]);
        },
        Zero(GAdolc), Read(GAdolc), Batch);
    add("adolc_tape", [this] { Tapes[3]->record(); });
    addDeriv(
        "fd",
        [this] {
          for (int I = 0; I < Batch; ++I)
            bench::centralDiff(
                &X[I], 1, [this, I] { return qux_primal(X[I], A[I], B[I]); },
                &GFd[I]);
        },
        Zero(GFd), Read(GFd), Batch, true);
    GetX = [this] { return X; };
    SetX = [this](const std::vector<double> &V) { X = V; };
    Value = [this] { return value(); };
  }
};

bench::MakerList make() { return {bench::maker<Qux>("scalar")}; }

bench::CaseRegistrar Reg("qux", 7, make);

} // namespace
