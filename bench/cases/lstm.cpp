//===- lstm.cpp - lstm: inputs, ADOL-C, registration
//-----------------------===//
#include "bench.h"

#include <adolc/adolc.h>

extern "C" {
double lstm_primal(int l, int c, int b, const double *main_params,
                   const double *extra_params, const double *state,
                   const double *sequence, double *s);
long lstm_hand_workspace(int l, int c, int b);
void lstm_grad_hand(int l, int c, int b, const double *main_params,
                    const double *extra_params, const double *state,
                    const double *sequence, double *dmain, double *dextra,
                    double *ws);
__attribute__((weak)) void
lstm_grad_adpass(int l, int c, int b, const double *main_params,
                 const double *extra_params, const double *state,
                 const double *sequence, double *dmain, double *dextra,
                 double *s, double *ds);
}
BENCH_ADPASS_DIAG(lstm);

namespace {

adouble sigmoidAdolc(const adouble &X) { return 1.0 / (1.0 + exp(-X)); }

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

/// The ADBench LSTM loss on adoubles.
adouble lstmAdolc(int L, int C, int B, const adouble *Main,
                  const adouble *Extra, const double *State,
                  const double *Seq) {
  std::vector<adouble> S(2 * L * B), X2(B), Y(B);
  for (int I = 0; I < 2 * L * B; ++I)
    S[I] = State[I];
  adouble Total = 0.0;
  for (int T = 0; T < C - 1; ++T) {
    const double *X = Seq + T * B;
    for (int I = 0; I < B; ++I)
      X2[I] = X[I] * Extra[I];
    const adouble *Xp = X2.data();
    for (int Layer = 0; Layer < L; ++Layer) {
      const adouble *W = Main + 8 * B * Layer, *Bs = W + 4 * B;
      adouble *H = &S[2 * B * Layer], *Cl = H + B;
      for (int I = 0; I < B; ++I) {
        adouble F = sigmoidAdolc(Xp[I] * W[I] + Bs[I]);
        adouble Ig = sigmoidAdolc(H[I] * W[B + I] + Bs[B + I]);
        adouble O = sigmoidAdolc(Xp[I] * W[2 * B + I] + Bs[2 * B + I]);
        adouble G = tanh(H[I] * W[3 * B + I] + Bs[3 * B + I]);
        Cl[I] = Cl[I] * F + Ig * G;
        H[I] = O * tanh(Cl[I]);
      }
      Xp = H;
    }
    for (int I = 0; I < B; ++I)
      Y[I] = Xp[I] * Extra[B + I] + Extra[2 * B + I];
    adouble Lse = logsumexpAdolc(B, Y.data());
    const double *Gold = Seq + (T + 1) * B;
    for (int I = 0; I < B; ++I)
      Total += Gold[I] * (Y[I] - Lse);
  }
  return -Total / static_cast<double>((C - 1) * B);
}

struct Lstm : bench::Instance {
  int L, C, B, NMain, NP;
  std::vector<double> P, State, Seq, S, DS, Ws, GHand, GAd, GAdolc;
  std::unique_ptr<bench::AdolcTape> Tape;

  double primal() {
    return lstm_primal(L, C, B, P.data(), P.data() + NMain, State.data(),
                       Seq.data(), S.data());
  }

  Lstm(int Layers, int Chars)
      : L(Layers), C(Chars), B(14), NMain(8 * B * L), NP(NMain + 3 * B), P(NP),
        State(2 * L * B), Seq(C * B), S(2 * L * B), DS(2 * L * B),
        Ws(lstm_hand_workspace(L, C, B)), GHand(NP), GAd(NP), GAdolc(NP) {
    Case = "lstm";
    Size = "l=" + std::to_string(L) + ",c=" + std::to_string(C) +
           ",b=" + std::to_string(B);
    bench::Rng R(0x157 + 31 * L + C);
    for (double &V : P)
      V = R.uniform(-1, 1);
    for (double &V : State)
      V = R.uniform(-1, 1);
    for (double &V : Seq)
      V = R.uniform(0, 1);
    Tape = std::make_unique<bench::AdolcTape>(
        [this] {
          std::vector<adouble> AP(NP);
          for (int I = 0; I < NP; ++I)
            AP[I] <<= P[I];
          double Y;
          lstmAdolc(L, C, B, AP.data(), AP.data() + NMain, State.data(),
                    Seq.data()) >>= Y;
        },
        static_cast<size_t>(C) * L * B * 30 + static_cast<size_t>(C) * B * 12);

    add("primal", [this] { bench::sink(primal()); });
    addDeriv(
        "hand",
        [this] {
          lstm_grad_hand(L, C, B, P.data(), P.data() + NMain, State.data(),
                         Seq.data(), GHand.data(), GHand.data() + NMain,
                         Ws.data());
        },
        [this] { bench::zeroOut(GHand); }, [this] { return GHand; });
    ADPassDiag =
        bench::adpassDiag(lstm_grad_adpass != nullptr, lstm_adpass_diag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass",
          [this] {
            lstm_grad_adpass(L, C, B, P.data(), P.data() + NMain, State.data(),
                             Seq.data(), GAd.data(), GAd.data() + NMain,
                             S.data(), DS.data());
          },
          [this] { bench::zeroOut(GAd); }, [this] { return GAd; });
    addDeriv(
        "adolc", [this] { gradient(Tape->tag(), NP, P.data(), GAdolc.data()); },
        [this] { bench::zeroOut(GAdolc); }, [this] { return GAdolc; });
    add("adolc_tape", [this] { Tape->record(); });
    GetX = [this] { return P; };
    SetX = [this](const std::vector<double> &V) { P = V; };
    Value = [this] { return primal(); };
  }
};

bench::MakerList make() {
  return {bench::maker<Lstm>("l=2,c=1024,b=14", 2, 1024),
          bench::maker<Lstm>("l=4,c=4096,b=14", 4, 4096)};
}

bench::CaseRegistrar Reg("lstm", 12, make);

} // namespace
