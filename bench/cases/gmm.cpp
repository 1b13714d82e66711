//===- gmm.cpp - gmm: inputs, ADOL-C, registration
//-------------------------===//
#include "bench.h"

#include <adolc/adolc.h>

extern "C" {
double gmm_primal(int d, int k, int n, const double *alphas,
                  const double *means, const double *icf, const double *x,
                  double gamma, int m);
void gmm_grad_hand(int d, int k, int n, const double *alphas,
                   const double *means, const double *icf, const double *x,
                   double gamma, int m, double *dalphas, double *dmeans,
                   double *dicf);
__attribute__((weak)) void
gmm_grad_adpass(int d, int k, int n, const double *alphas, const double *means,
                const double *icf, const double *x, double gamma, int m,
                double *dalphas, double *dmeans, double *dicf);
}
BENCH_ADPASS_DIAG(gmm);

namespace {

adouble logsumexpAdolc(int N, const adouble *V) {
  adouble Mx = V[0];
  for (int I = 1; I < N; ++I)
    if (V[I] > Mx)
      Mx = V[I];
  adouble S = 0.0;
  for (int I = 0; I < N; ++I)
    S += exp(V[I] - Mx);
  return log(S) + Mx;
}

/// The ADBench objective on adoubles.
adouble gmmAdolc(int D, int K, int N, const adouble *Alphas,
                 const adouble *Means, const adouble *Icf, const double *X,
                 double Gamma, int M) {
  const int IcfSz = D * (D + 1) / 2;
  std::vector<adouble> Qdiags(K * D), SumQs(K), MainTerm(K), Xc(D), Qxc(D);
  for (int Ik = 0; Ik < K; ++Ik) {
    adouble S = 0.0;
    for (int Id = 0; Id < D; ++Id) {
      S += Icf[Ik * IcfSz + Id];
      Qdiags[Ik * D + Id] = exp(Icf[Ik * IcfSz + Id]);
    }
    SumQs[Ik] = S;
  }
  adouble Slse = 0.0;
  for (int Ix = 0; Ix < N; ++Ix) {
    for (int Ik = 0; Ik < K; ++Ik) {
      for (int Id = 0; Id < D; ++Id)
        Xc[Id] = X[Ix * D + Id] - Means[Ik * D + Id];
      for (int Id = 0; Id < D; ++Id)
        Qxc[Id] = Qdiags[Ik * D + Id] * Xc[Id];
      const adouble *L = Icf + Ik * IcfSz + D;
      int Li = 0;
      for (int I = 0; I < D; ++I)
        for (int J = I + 1; J < D; ++J)
          Qxc[J] += L[Li++] * Xc[I];
      adouble Sq = 0.0;
      for (int Id = 0; Id < D; ++Id)
        Sq += Qxc[Id] * Qxc[Id];
      MainTerm[Ik] = Alphas[Ik] + SumQs[Ik] - 0.5 * Sq;
    }
    Slse += logsumexpAdolc(K, MainTerm.data());
  }
  adouble LseAlphas = logsumexpAdolc(K, Alphas);
  int NN = D + M + 1;
  double LogGamma = 0.25 * D * (D - 1) * std::log(M_PI);
  for (int J = 1; J <= D; ++J)
    LogGamma += std::lgamma(0.5 * NN + 0.5 * (1 - J));
  double C = NN * D * (std::log(Gamma) - 0.5 * std::log(2.0)) - LogGamma;
  adouble Prior = 0.0;
  for (int Ik = 0; Ik < K; ++Ik) {
    adouble Fro = 0.0;
    for (int Id = 0; Id < D; ++Id)
      Fro += Qdiags[Ik * D + Id] * Qdiags[Ik * D + Id];
    for (int I = D; I < IcfSz; ++I)
      Fro += Icf[Ik * IcfSz + I] * Icf[Ik * IcfSz + I];
    Prior += 0.5 * Gamma * Gamma * Fro - M * SumQs[Ik];
  }
  Prior -= K * C;
  double Constant = -N * D * 0.5 * std::log(2.0 * M_PI);
  return Constant + Slse - N * LseAlphas + Prior;
}

struct Gmm : bench::Instance {
  int D, K, N, IcfSz, NP;
  double Gamma = 1.0;
  int M = 2;
  // P packs alphas, means, icf; so do the gradients.
  std::vector<double> P, X, GHand, GAd, GAdolc, GFd;
  std::unique_ptr<bench::AdolcTape> Tape;

  double primal() {
    return gmm_primal(D, K, N, P.data(), P.data() + K, P.data() + K + K * D,
                      X.data(), Gamma, M);
  }

  Gmm(int Dim, int Comp, int Pts)
      : D(Dim), K(Comp), N(Pts), IcfSz(D * (D + 1) / 2),
        NP(K + K * D + K * IcfSz), P(NP), X(N * D), GHand(NP), GAd(NP),
        GAdolc(NP), GFd(NP) {
    Case = "gmm";
    Size = "d=" + std::to_string(D) + ",K=" + std::to_string(K) +
           ",n=" + std::to_string(N);
    bench::Rng R(0x6330 + 97 * D + K);
    for (double &V : P)
      V = R.uniform(0, 1);
    for (double &V : X)
      V = R.uniform(0, 1);
    Tape = std::make_unique<bench::AdolcTape>(
        [this] {
          std::vector<adouble> AP(NP);
          for (int I = 0; I < NP; ++I)
            AP[I] <<= P[I];
          double Y;
          gmmAdolc(D, K, N, AP.data(), AP.data() + K, AP.data() + K + K * D,
                   X.data(), Gamma, M) >>= Y;
        },
        static_cast<size_t>(N) * K * (6 * D + D * D + 8));

    add("primal", [this] { bench::sink(primal()); });
    auto Grad = [this](decltype(&gmm_grad_hand) F, std::vector<double> &G) {
      return [this, F, &G] {
        F(D, K, N, P.data(), P.data() + K, P.data() + K + K * D, X.data(),
          Gamma, M, G.data(), G.data() + K, G.data() + K + K * D);
      };
    };
    addDeriv(
        "hand", Grad(gmm_grad_hand, GHand), [this] { bench::zeroOut(GHand); },
        [this] { return GHand; });
    ADPassDiag = bench::adpassDiag(gmm_grad_adpass != nullptr, gmm_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass", Grad(gmm_grad_adpass, GAd), [this] { bench::zeroOut(GAd); },
          [this] { return GAd; });
    addDeriv(
        "adolc", [this] { gradient(Tape->tag(), NP, P.data(), GAdolc.data()); },
        [this] { bench::zeroOut(GAdolc); }, [this] { return GAdolc; });
    add("adolc_tape", [this] { Tape->record(); });
    if (NP <= 64)
      addDeriv(
          "fd",
          [this] {
            bench::centralDiff(
                P.data(), P.size(), [this] { return primal(); }, GFd.data());
          },
          [this] { bench::zeroOut(GFd); }, [this] { return GFd; }, 1, true);
    GetX = [this] { return P; };
    SetX = [this](const std::vector<double> &V) { P = V; };
    Value = [this] { return primal(); };
  }
};

bench::MakerList make() {
  return {bench::maker<Gmm>("d=2,K=5,n=1000", 2, 5, 1000),
          bench::maker<Gmm>("d=10,K=25,n=1000", 10, 25, 1000)};
}

bench::CaseRegistrar Reg("gmm", 10, make);

} // namespace
