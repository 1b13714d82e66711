//===- vector_case.h - A scalar function of one array ----------*- C++ -*-===//
//
// The shape shared by eam, sumsq and atan: T f(const T *x, int n), gradient
// with respect to x. The ADOL-C variant always works in double (ADOL-C has
// no float type).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_BENCH_VECTOR_CASE_H
#define ADPASS_BENCH_VECTOR_CASE_H

#include "bench.h"

#include <adolc/adolc.h>

namespace bench {

template <class T> struct VectorCase : Instance {
  using PrimalFn = T (*)(const T *, int);
  using GradFn = void (*)(const T *, T *, int);
  using AdolcFn = adouble (*)(const adouble *, int);

  int N;
  PrimalFn Primal;
  std::vector<T> X, GHand, GAd;
  std::vector<double> XD, GAdolc, GFd;
  std::unique_ptr<AdolcTape> Tape;

  VectorCase(const std::string &CaseName, int N, double Lo, double Hi,
             PrimalFn Primal, GradFn Hand, GradFn ADPass, const char *StubDiag,
             AdolcFn AdolcF, bool WithFd)
      : N(N), Primal(Primal), X(N), GHand(N), GAd(N), GFd(N), XD(N), GAdolc(N) {
    Case = CaseName;
    Size = "n=" + std::to_string(N);
    Rng R(0x5eed0000ULL + N);
    for (int I = 0; I < N; ++I) {
      X[I] = static_cast<T>(R.uniform(Lo, Hi));
      XD[I] = static_cast<double>(X[I]);
    }
    if (sizeof(T) == sizeof(float)) {
      Tol = 1e-5;
      FdTol = 2e-2;
      FdStep = 1e-2;
    }
    Tape = std::make_unique<AdolcTape>(
        [this, AdolcF] {
          std::vector<adouble> AX(this->N);
          for (int I = 0; I < this->N; ++I)
            AX[I] <<= XD[I];
          double Y;
          AdolcF(AX.data(), this->N) >>= Y;
        },
        static_cast<size_t>(4) * N);

    add("primal", [this] { sink(this->Primal(X.data(), this->N)); });
    addDeriv(
        "hand", [this, Hand] { Hand(X.data(), GHand.data(), this->N); },
        [this] { zeroOut(GHand); },
        [this] { return toDoubles(GHand.data(), GHand.size()); });
    ADPassDiag = adpassDiag(ADPass != nullptr, StubDiag);
    if (ADPassDiag.empty())
      addDeriv(
          "adpass", [this, ADPass] { ADPass(X.data(), GAd.data(), this->N); },
          [this] { zeroOut(GAd); },
          [this] { return toDoubles(GAd.data(), GAd.size()); });
    addDeriv(
        "adolc",
        [this] { gradient(Tape->tag(), this->N, XD.data(), GAdolc.data()); },
        [this] { zeroOut(GAdolc); }, [this] { return GAdolc; });
    add("adolc_tape", [this] { Tape->record(); });
    if (WithFd)
      addDeriv(
          "fd",
          [this] {
            centralDiff(
                XD.data(), XD.size(),
                [this] {
                  for (int I = 0; I < this->N; ++I)
                    X[I] = static_cast<T>(XD[I]);
                  return static_cast<double>(this->Primal(X.data(), this->N));
                },
                GFd.data());
          },
          [this] { zeroOut(GFd); }, [this] { return GFd; }, 1, true);
    GetX = [this] { return XD; };
    SetX = [this](const std::vector<double> &V) {
      XD = V;
      for (int I = 0; I < this->N; ++I)
        X[I] = static_cast<T>(XD[I]);
    };
    Value = [this] {
      return static_cast<double>(this->Primal(X.data(), this->N));
    };
  }
};

} // namespace bench

#endif
