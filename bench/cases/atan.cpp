//===- atan.cpp - atan: inputs, ADOL-C, registration
//-----------------------===//
#include "vector_case.h"

extern "C" {
float atan_primal(const float *x, int n);
void atan_grad_hand(const float *x, float *dx, int n);
__attribute__((weak)) void atan_grad_adpass(const float *x, float *dx, int n);
}
BENCH_ADPASS_DIAG(atan);

namespace {

adouble atanAdolc(const adouble *X, int N) {
  adouble S = 0.0;
  adouble Two = 2.0;
  for (int I = 0; I < N; ++I)
    S += atan2(X[I], Two);
  return S;
}

bench::MakerList make() {
  return {bench::maker<bench::VectorCase<float>>(
      "n=100352", std::string("atan"), 28 * 28 * 128, -3.0, 3.0, atan_primal,
      atan_grad_hand, atan_grad_adpass, atan_adpass_diag, atanAdolc,
      /*WithFd=*/false)};
}

bench::CaseRegistrar Reg("atan", 3, make);

} // namespace
