//===- poly9.cpp - poly9: inputs, ADOL-C, registration
//---------------------===//
#include "bench.h"

#include <adolc/adolc.h>

extern "C" {
double poly9_primal(const double *c, const double *x, int n);
void poly9_grad_hand(const double *c, const double *x, double *dc, int n);
__attribute__((weak)) double poly9_grad_adpass(const double *c, const double *x,
                                               int n);
}
BENCH_ADPASS_DIAG(poly9);

namespace {

struct Poly9 : bench::Instance {
  int N;
  std::vector<double> C, X, DcHand;
  double GAd = 0, GAdolc = 0, GFd = 0;
  std::unique_ptr<bench::AdolcTape> Tape;

  explicit Poly9(int N) : N(N), C(10), X(N), DcHand(10) {
    Case = "poly9";
    Size = "n=" + std::to_string(N);
    bench::Rng R(0x9019);
    for (double &V : C)
      V = R.uniform(-1, 1);
    for (double &V : X)
      V = R.uniform(-1, 1);
    // Only c_2 is independent; the other coefficients are passive doubles.
    Tape = std::make_unique<bench::AdolcTape>([this] {
      adouble C2;
      C2 <<= C[2];
      adouble S = 0.0;
      for (int J = 0; J < this->N; ++J) {
        double P = 1.0;
        for (int K = 0; K < 10; ++K) {
          if (K == 2)
            S += C2 * P;
          else
            S += C[K] * P;
          P *= X[J];
        }
      }
      double Y;
      S >>= Y;
    });
    add("primal",
        [this] { bench::sink(poly9_primal(C.data(), X.data(), this->N)); });
    addDeriv(
        "hand",
        [this] { poly9_grad_hand(C.data(), X.data(), DcHand.data(), this->N); },
        [this] { bench::zeroOut(DcHand); },
        [this] { return std::vector<double>{DcHand[2]}; });
    ADPassDiag =
        bench::adpassDiag(poly9_grad_adpass != nullptr, poly9_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass",
          [this] { GAd += poly9_grad_adpass(C.data(), X.data(), this->N); },
          [this] { GAd = 0; }, [this] { return std::vector<double>{GAd}; });
    addDeriv(
        "adolc", [this] { gradient(Tape->tag(), 1, &C[2], &GAdolc); },
        [this] { GAdolc = 0; }, [this] { return std::vector<double>{GAdolc}; });
    add("adolc_tape", [this] { Tape->record(); });
    addDeriv(
        "fd",
        [this] {
          bench::centralDiff(
              &C[2], 1,
              [this] { return poly9_primal(C.data(), X.data(), this->N); },
              &GFd);
        },
        [this] { GFd = 0; }, [this] { return std::vector<double>{GFd}; }, 1,
        true);
    GetX = [this] { return std::vector<double>{C[2]}; };
    SetX = [this](const std::vector<double> &V) { C[2] = V[0]; };
    Value = [this] { return poly9_primal(C.data(), X.data(), this->N); };
  }
};

bench::MakerList make() { return {bench::maker<Poly9>("n=1000", 1000)}; }

bench::CaseRegistrar Reg("poly9", 6, make);

} // namespace
