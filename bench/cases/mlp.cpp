//===- mlp.cpp - mlp: inputs, ADOL-C, registration
//-------------------------===//
#include "bench.h"

#include <adolc/adolc.h>

namespace {
constexpr int In = 784, Hid = 32, Out = 10, B = 128;
constexpr int NW1 = Hid * In, NB1 = Hid, NW2 = Out * Hid, NB2 = Out;
constexpr int NP = NW1 + NB1 + NW2 + NB2;
} // namespace

extern "C" {
float mlp_primal(const float *W1, const float *b1, const float *W2,
                 const float *b2, const float *X);
void mlp_grad_hand(const float *W1, const float *b1, const float *W2,
                   const float *b2, const float *X, float *dW1, float *db1,
                   float *dW2, float *db2);
__attribute__((weak)) void mlp_grad_adpass(const float *W1, const float *b1,
                                           const float *W2, const float *b2,
                                           const float *X, float *dW1,
                                           float *db1, float *dW2, float *db2);
}
BENCH_ADPASS_DIAG(mlp);

namespace {

/// The same network on adoubles; P packs W1, b1, W2, b2.
adouble mlpAdolc(const adouble *P, const double *X) {
  const adouble *W1 = P, *B1 = P + NW1, *W2 = B1 + NB1, *B2 = W2 + NW2;
  std::vector<adouble> H(Hid * B);
  for (int I = 0; I < Hid; ++I)
    for (int J = 0; J < B; ++J)
      H[I * B + J] = B1[I];
  for (int I = 0; I < Hid; ++I)
    for (int K = 0; K < In; ++K)
      for (int J = 0; J < B; ++J)
        H[I * B + J] += W1[I * In + K] * X[K * B + J];
  for (int T = 0; T < Hid * B; ++T)
    H[T] = tanh(H[T]);
  adouble Loss = 0.0;
  for (int O = 0; O < Out; ++O)
    for (int J = 0; J < B; ++J) {
      adouble Y = B2[O];
      for (int I = 0; I < Hid; ++I)
        Y += W2[O * Hid + I] * H[I * B + J];
      Loss += Y * Y;
    }
  return Loss;
}

struct Mlp : bench::Instance {
  std::vector<float> P, X, GHand, GAd;
  std::vector<double> PD, GAdolc;
  std::unique_ptr<bench::AdolcTape> Tape;

  float primal() {
    return mlp_primal(P.data(), P.data() + NW1, P.data() + NW1 + NB1,
                      P.data() + NW1 + NB1 + NW2, X.data());
  }

  Mlp() : P(NP), X(In * B), GHand(NP), GAd(NP), PD(NP), GAdolc(NP) {
    Case = "mlp";
    Size = "32x784x128";
    Tol = 1e-4;
    FdTol = 2e-2;
    FdStep = 1e-2;
    bench::Rng R(0x31b);
    for (int K = 0; K < NP; ++K) {
      double Scale = K < NW1 + NB1 ? 0.05 : 0.2;
      P[K] = static_cast<float>(R.uniform(-Scale, Scale));
      PD[K] = P[K];
    }
    for (float &V : X)
      V = static_cast<float>(R.uniform(0.0, 1.0));
    std::vector<double> XD(X.begin(), X.end());
    Tape = std::make_unique<bench::AdolcTape>(
        [this, XD] {
          std::vector<adouble> AP(NP);
          for (int K = 0; K < NP; ++K)
            AP[K] <<= PD[K];
          double Y;
          mlpAdolc(AP.data(), XD.data()) >>= Y;
        },
        static_cast<size_t>(2) * NW1 * B + 200000);

    add("primal", [this] { bench::sink(primal()); });
    auto Grad = [this](decltype(&mlp_grad_hand) F, std::vector<float> &G) {
      return [this, F, &G] {
        F(P.data(), P.data() + NW1, P.data() + NW1 + NB1,
          P.data() + NW1 + NB1 + NW2, X.data(), G.data(), G.data() + NW1,
          G.data() + NW1 + NB1, G.data() + NW1 + NB1 + NW2);
      };
    };
    addDeriv(
        "hand", Grad(mlp_grad_hand, GHand), [this] { bench::zeroOut(GHand); },
        [this] { return bench::toDoubles(GHand.data(), GHand.size()); });
    ADPassDiag = bench::adpassDiag(mlp_grad_adpass != nullptr, mlp_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass", Grad(mlp_grad_adpass, GAd), [this] { bench::zeroOut(GAd); },
          [this] { return bench::toDoubles(GAd.data(), GAd.size()); });
    addDeriv(
        "adolc",
        [this] { gradient(Tape->tag(), NP, PD.data(), GAdolc.data()); },
        [this] { bench::zeroOut(GAdolc); }, [this] { return GAdolc; });
    add("adolc_tape", [this] { Tape->record(); });
    GetX = [this] { return PD; };
    SetX = [this](const std::vector<double> &V) {
      PD = V;
      for (int K = 0; K < NP; ++K)
        P[K] = static_cast<float>(PD[K]);
    };
    Value = [this] { return static_cast<double>(primal()); };
  }
};

bench::MakerList make() { return {bench::maker<Mlp>("32x784x128")}; }

bench::CaseRegistrar Reg("mlp", 4, make);

} // namespace
