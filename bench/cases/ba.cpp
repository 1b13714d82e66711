//===- ba.cpp - ba: inputs, ADOL-C, finite differences, registration ------===//
#include "bench.h"

#include <adolc/adolc.h>

#include <algorithm>
#include <cmath>

extern "C" {
void ba_primal(int p, const double *cams, const double *X, const double *w,
               const int *obs, const double *feats, double *reproj,
               double *werr);
void ba_reproj_one(const double *cam, const double *X, double w,
                   const double *feat, double *err);
void ba_jacobian_hand(int p, const double *cams, const double *X,
                      const double *w, const int *obs, const double *feats,
                      double *J);
__attribute__((weak)) void ba_jacobian_adpass(int p, const double *cams,
                                              const double *X, const double *w,
                                              const int *obs,
                                              const double *feats, double *J);
}
BENCH_ADPASS_DIAG(ba);

namespace {
constexpr int NCam = 11, JStride = 31;

/// One observation on adoubles: P = camera (11), point (3), weight, and the
/// feature (2): independents too, so that one tape serves every observation.
void reprojAdolc(const adouble *P, adouble *Err) {
  const adouble *Feat = P + 15;
  const adouble *Cam = P, *X = P + NCam;
  const adouble &W = P[14];
  adouble Y[3] = {X[0] - Cam[3], X[1] - Cam[4], X[2] - Cam[5]};
  adouble Xc[3];
  adouble SqTheta = Cam[0] * Cam[0] + Cam[1] * Cam[1] + Cam[2] * Cam[2];
  // The generated inputs never have a zero rotation: record that branch.
  adouble Theta = sqrt(SqTheta);
  adouble Ct = cos(Theta), St = sin(Theta), Inv = 1.0 / Theta;
  adouble U[3] = {Cam[0] * Inv, Cam[1] * Inv, Cam[2] * Inv};
  adouble UxY[3] = {U[1] * Y[2] - U[2] * Y[1], U[2] * Y[0] - U[0] * Y[2],
                    U[0] * Y[1] - U[1] * Y[0]};
  adouble Tmp = (U[0] * Y[0] + U[1] * Y[1] + U[2] * Y[2]) * (1.0 - Ct);
  for (int I = 0; I < 3; ++I)
    Xc[I] = Y[I] * Ct + UxY[I] * St + U[I] * Tmp;
  adouble P0 = Xc[0] / Xc[2], P1 = Xc[1] / Xc[2];
  adouble Rsq = P0 * P0 + P1 * P1;
  adouble L = 1.0 + Cam[9] * Rsq + Cam[10] * Rsq * Rsq;
  Err[0] = W * (P0 * L * Cam[6] + Cam[7] - Feat[0]);
  Err[1] = W * (P1 * L * Cam[6] + Cam[8] - Feat[1]);
}

struct Ba : bench::Instance {
  int NC, NP, NO;
  std::vector<double> Cams, X, W, Feats, Reproj, WErr;
  std::vector<int> Obs;
  std::vector<double> JHand, JAd, JAdolc, JFd;
  std::unique_ptr<bench::AdolcTape> Tape, WTape;

  Ba(int Cameras, int Points, int Observations)
      : NC(Cameras), NP(Points), NO(Observations), Cams(NCam * NC), X(3 * NP),
        W(NO), Feats(2 * NO), Reproj(2 * NO), WErr(NO), Obs(2 * NO),
        JHand(JStride * NO), JAd(JStride * NO), JAdolc(JStride * NO),
        JFd(JStride * NO) {
    Case = "ba";
    Size = "n=" + std::to_string(NC) + ",m=" + std::to_string(NP) +
           ",p=" + std::to_string(NO);
    bench::Rng R(0xba + NO);
    for (int C = 0; C < NC; ++C) {
      double *Cam = &Cams[NCam * C];
      for (int K = 0; K < 3; ++K)
        Cam[K] = R.uniform(-0.3, 0.3);
      Cam[3] = R.uniform(-1, 1);
      Cam[4] = R.uniform(-1, 1);
      Cam[5] = R.uniform(-1, 0);
      Cam[6] = R.uniform(400, 600);
      Cam[7] = R.uniform(-1, 1);
      Cam[8] = R.uniform(-1, 1);
      Cam[9] = R.uniform(-0.1, 0.1);
      Cam[10] = R.uniform(-0.01, 0.01);
    }
    for (int Pt = 0; Pt < NP; ++Pt) {
      X[3 * Pt] = R.uniform(-2, 2);
      X[3 * Pt + 1] = R.uniform(-2, 2);
      X[3 * Pt + 2] = R.uniform(4, 8);
    }
    for (int I = 0; I < NO; ++I) {
      Obs[2 * I] = R.below(NC);
      Obs[2 * I + 1] = I % NP;
      W[I] = R.uniform(0.5, 1.5);
      Feats[2 * I] = R.uniform(-200, 200);
      Feats[2 * I + 1] = R.uniform(-200, 200);
    }
    Tape = std::make_unique<bench::AdolcTape>([this] {
      double In[17];
      pack(0, In);
      adouble AP[17], AE[2];
      for (int K = 0; K < 17; ++K)
        AP[K] <<= In[K];
      reprojAdolc(AP, AE);
      double E[2];
      AE[0] >>= E[0];
      AE[1] >>= E[1];
    });
    WTape = std::make_unique<bench::AdolcTape>([this] {
      adouble AW, AE;
      AW <<= W[0];
      AE = 1.0 - AW * AW;
      double E;
      AE >>= E;
    });

    add("primal", [this] {
      ba_primal(NO, Cams.data(), X.data(), W.data(), Obs.data(), Feats.data(),
                Reproj.data(), WErr.data());
    });
    addDeriv(
        "hand",
        [this] {
          ba_jacobian_hand(NO, Cams.data(), X.data(), W.data(), Obs.data(),
                           Feats.data(), JHand.data());
        },
        [this] { bench::zeroOut(JHand); }, [this] { return JHand; });
    ADPassDiag =
        bench::adpassDiag(ba_jacobian_adpass != nullptr, ba_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass",
          [this] {
            ba_jacobian_adpass(NO, Cams.data(), X.data(), W.data(), Obs.data(),
                               Feats.data(), JAd.data());
          },
          [this] { bench::zeroOut(JAd); }, [this] { return JAd; });
    // ADOL-C: the per-observation tape, re-evaluated at each observation
    // (ADOL-C's feature: no retaping while the control flow is the same).
    addDeriv(
        "adolc",
        [this] {
          double In[17], J0[17], J1[17];
          double *Rows[2] = {J0, J1};
          for (int I = 0; I < NO; ++I) {
            double *Ji = &JAdolc[JStride * I];
            pack(I, In);
            jacobian(Tape->tag(), 2, 17, In, Rows);
            std::copy(J0, J0 + 15, Ji);
            std::copy(J1, J1 + 15, Ji + 15);
            gradient(WTape->tag(), 1, &W[I], Ji + 30);
          }
        },
        [this] { bench::zeroOut(JAdolc); }, [this] { return JAdolc; });
    add("adolc_tape", [this] { Tape->record(); });
    addDeriv(
        "fd", [this] { fdJacobian(JFd.data()); },
        [this] { bench::zeroOut(JFd); }, [this] { return JFd; }, 1, true);
    CustomFdCheck = [this](const std::vector<double> &J) {
      return checkAgainstFd(J);
    };
  }

  void pack(int I, double *In) const {
    const double *Cam = &Cams[NCam * Obs[2 * I]];
    const double *Pt = &X[3 * Obs[2 * I + 1]];
    std::copy(Cam, Cam + NCam, In);
    std::copy(Pt, Pt + 3, In + NCam);
    In[14] = W[I];
    In[15] = Feats[2 * I];
    In[16] = Feats[2 * I + 1];
  }

  /// Central differences, observation by observation (the Jacobian is
  /// block-sparse, so this is 30 residual evaluations per observation).
  void fdBlock(int I, double *Ji) const {
    double In[17];
    pack(I, In);
    const double *Feat = In + 15;
    for (int K = 0; K < 15; ++K) {
      double X0 = In[K];
      double H = 6e-6 * std::max(1.0, std::fabs(X0));
      double Ep[2], Em[2];
      In[K] = X0 + H;
      ba_reproj_one(In, In + NCam, In[14], Feat, Ep);
      In[K] = X0 - H;
      ba_reproj_one(In, In + NCam, In[14], Feat, Em);
      In[K] = X0;
      Ji[K] = (Ep[0] - Em[0]) / (2 * H);
      Ji[15 + K] = (Ep[1] - Em[1]) / (2 * H);
    }
    double H = 6e-6 * std::max(1.0, std::fabs(W[I]));
    double Wp = W[I] + H, Wm = W[I] - H;
    Ji[30] = ((1.0 - Wp * Wp) - (1.0 - Wm * Wm)) / (2 * H);
  }

  void fdJacobian(double *J) const {
    for (int I = 0; I < NO; ++I)
      fdBlock(I, J + JStride * I);
  }

  std::string checkAgainstFd(const std::vector<double> &J) const {
    double Block[JStride];
    for (int S = 0; S < 64; ++S) {
      int I = static_cast<int>((static_cast<long>(S) * NO) / 64);
      fdBlock(I, Block);
      double Scale = 0, Err = 0;
      for (int K = 0; K < JStride; ++K) {
        Scale = std::max(Scale, std::fabs(Block[K]));
        Err = std::max(Err, std::fabs(Block[K] - J[JStride * I + K]));
      }
      if (Err > 1e-5 * Scale)
        return "observation " + std::to_string(I) + ": relative error " +
               std::to_string(Err / Scale);
    }
    return "";
  }
};

bench::MakerList make() {
  return {bench::maker<Ba>("n=49,m=7776,p=31843", 49, 7776, 31843),
          bench::maker<Ba>("n=372,m=47423,p=204472", 372, 47423, 204472)};
}

bench::CaseRegistrar Reg("ba", 11, make);

} // namespace
