//===- eam.cpp - eam: inputs, ADOL-C, registration
//-------------------------===//
#include "vector_case.h"

extern "C" {
double eam_primal(const double *x, int n);
void eam_grad_hand(const double *x, double *dx, int n);
__attribute__((weak)) void eam_grad_adpass(const double *x, double *dx, int n);
}
BENCH_ADPASS_DIAG(eam);

namespace {

adouble eamAdolc(const adouble *X, int N) {
  adouble Rho = 0.0;
  for (int I = 0; I < N; ++I)
    Rho += exp(-3.0 * (X[I] + 1.0));
  return Rho * Rho + Rho * Rho * Rho + 0.25 * Rho * Rho * Rho * Rho;
}

bench::MakerList make() {
  bench::MakerList L;
  for (int N : {100, 1000})
    L.push_back(bench::maker<bench::VectorCase<double>>(
        "n=" + std::to_string(N), std::string("eam"), N, -0.5, 0.5, eam_primal,
        eam_grad_hand, eam_grad_adpass, eam_adpass_diag, eamAdolc,
        /*WithFd=*/true));
  return L;
}

bench::CaseRegistrar Reg("eam", 1, make);

} // namespace
