//===- lsq_lapack.cpp - lsq_lapack: inputs, registration ------------------===//
//
// A ridge least-squares fit through a Cholesky solve (dsyrk, dgemv, potrf,
// potrs): the ADPass gradient (BLAS and LAPACK derivative rules) against a
// hand-written adjoint that reuses the factor (issue #18's least-squares
// benchmark). No ADOL-C variant: it cannot tape through LAPACK.
//
//===----------------------------------------------------------------------===//
#include "bench.h"

namespace {
constexpr int M = 512, N = 64, NP = M * N + M;
} // namespace

extern "C" {
double lsq_lapack_primal(const double *X, const double *y, const double *t);
void lsq_lapack_grad_hand(const double *X, const double *y, const double *t,
                          double *dX, double *dy);
__attribute__((weak)) void lsq_lapack_grad_adpass(const double *X,
                                                  const double *y,
                                                  const double *t, double *dX,
                                                  double *dy);
}
BENCH_ADPASS_DIAG(lsq_lapack);

namespace {

struct LsqLapack : bench::Instance {
  std::vector<double> P, T, GHand, GAd;

  double primal() {
    return lsq_lapack_primal(P.data(), P.data() + M * N, T.data());
  }

  LsqLapack() : P(NP), T(N), GHand(NP), GAd(NP) {
    Case = "lsq_lapack";
    Size = "512x64";
    Tol = 1e-8;
    FdTol = 1e-4;
    FdStep = 1e-6;
    bench::Rng R(0x15a);
    for (double &V : P)
      V = R.uniform(-1.0, 1.0);
    for (double &V : T)
      V = R.uniform(-0.1, 0.1);

    add("primal", [this] { bench::sink(primal()); });
    auto Grad = [this](decltype(&lsq_lapack_grad_hand) F,
                       std::vector<double> &G) {
      return [this, F, &G] {
        F(P.data(), P.data() + M * N, T.data(), G.data(), G.data() + M * N);
      };
    };
    addDeriv(
        "hand", Grad(lsq_lapack_grad_hand, GHand),
        [this] { bench::zeroOut(GHand); }, [this] { return GHand; });
    ADPassDiag = bench::adpassDiag(lsq_lapack_grad_adpass != nullptr,
                                   lsq_lapack_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass", Grad(lsq_lapack_grad_adpass, GAd),
          [this] { bench::zeroOut(GAd); }, [this] { return GAd; });
    GetX = [this] { return P; };
    SetX = [this](const std::vector<double> &V) { P = V; };
    Value = [this] { return primal(); };
  }
};

bench::MakerList make() { return {bench::maker<LsqLapack>("512x64")}; }

bench::CaseRegistrar Reg("lsq_lapack", 14, make);

} // namespace
