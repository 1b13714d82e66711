//===- graph.cpp - graph: inputs, ADOL-C, registration
//---------------------===//
#include "bench.h"

#include <adolc/adolc.h>

namespace {
constexpr int D = 16, NIn = 4, NW = 4;
constexpr int NX = NIn * D, NWt = NW * D * D, NP = NX + NWt;
} // namespace

extern "C" {
double graph_primal(const double *x, const double *W, const int *tab, int n,
                    double *V);
void graph_grad_hand(const double *x, const double *W, const int *tab, int n,
                     double *V, double *dx, double *dW, double *dV);
__attribute__((weak)) void graph_grad_adpass(const double *x, const double *W,
                                             const int *tab, int n, double *V,
                                             double *dx, double *dW,
                                             double *dV);
}
BENCH_ADPASS_DIAG(graph);

namespace {

struct Graph : bench::Instance {
  int N;
  std::vector<int> Tab;
  // P packs x then W; so do the gradients.
  std::vector<double> P, V, DV, GHand, GAd, GAdolc;
  std::unique_ptr<bench::AdolcTape> Tape;

  double primal() {
    return graph_primal(P.data(), P.data() + NX, Tab.data(), N, V.data());
  }

  explicit Graph(int N)
      : N(N), Tab(3 * N), P(NP), V(D * N), DV(D * N), GHand(NP), GAd(NP),
        GAdolc(NP) {
    Case = "graph";
    Size = "n=" + std::to_string(N);
    bench::Rng R(0x6a9f + N);
    for (int K = 0; K < NX; ++K)
      P[K] = R.uniform(-1, 1);
    for (int K = NX; K < NP; ++K)
      P[K] = R.uniform(-0.25, 0.25);
    for (int Vx = NIn; Vx < N; ++Vx) {
      Tab[3 * Vx] = R.below(Vx);
      Tab[3 * Vx + 1] = R.below(Vx);
      Tab[3 * Vx + 2] = R.below(NW);
    }
    Tape = std::make_unique<bench::AdolcTape>(
        [this] {
          std::vector<adouble> AP(NP), AV(D * this->N);
          for (int K = 0; K < NP; ++K)
            AP[K] <<= P[K];
          for (int K = 0; K < NX; ++K)
            AV[K] = AP[K];
          for (int Vx = NIn; Vx < this->N; ++Vx) {
            const adouble *Va = &AV[D * Tab[3 * Vx]];
            const adouble *Vb = &AV[D * Tab[3 * Vx + 1]];
            const adouble *W = &AP[NX + D * D * Tab[3 * Vx + 2]];
            for (int Rr = 0; Rr < D; ++Rr) {
              adouble S = Vb[Rr];
              for (int C = 0; C < D; ++C)
                S += W[D * Rr + C] * Va[C];
              AV[D * Vx + Rr] = tanh(S);
            }
          }
          adouble Y = 0.0;
          for (int K = 0; K < D * this->N; ++K)
            Y += AV[K];
          double YV;
          Y >>= YV;
        },
        static_cast<size_t>(3) * D * D * N);

    add("primal", [this] { bench::sink(primal()); });
    auto Grad = [this](decltype(&graph_grad_hand) F, std::vector<double> &G) {
      return [this, F, &G] {
        F(P.data(), P.data() + NX, Tab.data(), this->N, V.data(), G.data(),
          G.data() + NX, DV.data());
      };
    };
    addDeriv(
        "hand", Grad(graph_grad_hand, GHand), [this] { bench::zeroOut(GHand); },
        [this] { return GHand; });
    ADPassDiag =
        bench::adpassDiag(graph_grad_adpass != nullptr, graph_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass", Grad(graph_grad_adpass, GAd),
          [this] { bench::zeroOut(GAd); }, [this] { return GAd; });
    addDeriv(
        "adolc", [this] { gradient(Tape->tag(), NP, P.data(), GAdolc.data()); },
        [this] { bench::zeroOut(GAdolc); }, [this] { return GAdolc; });
    add("adolc_tape", [this] { Tape->record(); });
    GetX = [this] { return P; };
    SetX = [this](const std::vector<double> &X) { P = X; };
    Value = [this] { return primal(); };
  }
};

bench::MakerList make() {
  return {bench::maker<Graph>("n=100", 100),
          bench::maker<Graph>("n=1000", 1000)};
}

bench::CaseRegistrar Reg("graph", 9, make);

} // namespace
