//===- sumsq.cpp - sumsq: inputs, ADOL-C, registration
//---------------------===//
#include "vector_case.h"

extern "C" {
float sumsq_primal(const float *x, int n);
void sumsq_grad_hand(const float *x, float *dx, int n);
__attribute__((weak)) void sumsq_grad_adpass(const float *x, float *dx, int n);
}
BENCH_ADPASS_DIAG(sumsq);

namespace {

adouble sumsqAdolc(const adouble *X, int N) {
  adouble S = 0.0;
  for (int I = 0; I < N; ++I)
    S += X[I] * X[I];
  return S;
}

bench::MakerList make() {
  return {bench::maker<bench::VectorCase<float>>(
      "n=100352", std::string("sumsq"), 28 * 28 * 128, -1.0, 1.0, sumsq_primal,
      sumsq_grad_hand, sumsq_grad_adpass, sumsq_adpass_diag, sumsqAdolc,
      /*WithFd=*/false)};
}

bench::CaseRegistrar Reg("sumsq", 2, make);

} // namespace
