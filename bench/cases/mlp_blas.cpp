//===- mlp_blas.cpp - mlp_blas: inputs, registration ----------------------===//
//
// The mlp network with its products as cblas_sgemm (OpenBLAS): the ADPass
// gradient (BLAS derivative rules) against a hand-written backpropagation
// with BLAS. No ADOL-C variant: it cannot tape through a BLAS call (the loop
// version is the mlp case).
//
//===----------------------------------------------------------------------===//
#include "bench.h"

namespace {
constexpr int In = 784, Hid = 32, Out = 10, B = 128;
constexpr int NW1 = Hid * In, NB1 = Hid, NW2 = Out * Hid, NB2 = Out;
constexpr int NP = NW1 + NB1 + NW2 + NB2;
} // namespace

extern "C" {
float mlp_blas_primal(const float *W1, const float *b1, const float *W2,
                      const float *b2, const float *X);
void mlp_blas_grad_hand(const float *W1, const float *b1, const float *W2,
                        const float *b2, const float *X, float *dW1, float *db1,
                        float *dW2, float *db2);
__attribute__((weak)) void
mlp_blas_grad_adpass(const float *W1, const float *b1, const float *W2,
                     const float *b2, const float *X, float *dW1, float *db1,
                     float *dW2, float *db2);
}
BENCH_ADPASS_DIAG(mlp_blas);

namespace {

struct MlpBlas : bench::Instance {
  std::vector<float> P, X, GHand, GAd;
  std::vector<double> PD;

  float primal() {
    return mlp_blas_primal(P.data(), P.data() + NW1, P.data() + NW1 + NB1,
                           P.data() + NW1 + NB1 + NW2, X.data());
  }

  MlpBlas() : P(NP), X(In * B), GHand(NP), GAd(NP), PD(NP) {
    Case = "mlp_blas";
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

    add("primal", [this] { bench::sink(primal()); });
    auto Grad = [this](decltype(&mlp_blas_grad_hand) F, std::vector<float> &G) {
      return [this, F, &G] {
        F(P.data(), P.data() + NW1, P.data() + NW1 + NB1,
          P.data() + NW1 + NB1 + NW2, X.data(), G.data(), G.data() + NW1,
          G.data() + NW1 + NB1, G.data() + NW1 + NB1 + NW2);
      };
    };
    addDeriv(
        "hand", Grad(mlp_blas_grad_hand, GHand),
        [this] { bench::zeroOut(GHand); },
        [this] { return bench::toDoubles(GHand.data(), GHand.size()); });
    ADPassDiag = bench::adpassDiag(mlp_blas_grad_adpass != nullptr,
                                   mlp_blas_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass", Grad(mlp_blas_grad_adpass, GAd),
          [this] { bench::zeroOut(GAd); },
          [this] { return bench::toDoubles(GAd.data(), GAd.size()); });
    GetX = [this] { return PD; };
    SetX = [this](const std::vector<double> &V) {
      PD = V;
      for (int K = 0; K < NP; ++K)
        P[K] = static_cast<float>(PD[K]);
    };
    Value = [this] { return static_cast<double>(primal()); };
  }
};

bench::MakerList make() { return {bench::maker<MlpBlas>("32x784x128")}; }

bench::CaseRegistrar Reg("mlp_blas", 13, make);

} // namespace
