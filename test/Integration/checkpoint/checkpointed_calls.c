// AD_CHECKPOINT functions: their calls in a gradient keep no tape, the
// reverse sweep computes them again (a remark says so for each call), and
// the gradient is the same as without the marker. A function writing its
// output through a pointer qualifies when it does not read that output and
// nothing after the call writes what it reads or wrote: layers writing
// fresh local buffers, a pure energy called in a loop. Calls that would
// not give the same values again are taped, with a warning saying why: an
// update in place, an input overwritten after the call, a writer in a
// loop, a function advancing a random generator's state (AD_INACTIVE or
// not), overlapping input and output.
// RUN: %clang -O0 -g -Rpass-analysis=ad %s -o %t0 -lm 2>&1 | %FileCheck %s --check-prefix=DIAG
// RUN: %t0
// RUN: %clang -O1 %s -o %t1 -lm 2>/dev/null && %t1
// RUN: %clang -O2 -g -Rpass-analysis=ad %s -o %t2 -lm 2>&1 | %FileCheck %s --check-prefix=DIAG
// RUN: %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm 2>/dev/null && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 6

AD_CHECKPOINT void layer(const double *in, double *out, int n, double w) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += sin(w * in[j] + i) * in[j];
    out[i] = tanh(s);
  }
}

AD_CHECKPOINT double energy(const double *x, int n) {
  double e = 0;
  for (int i = 0; i < n; i++)
    e += exp(-x[i] * x[i]) * x[i];
  return e;
}

AD_CHECKPOINT void scale_in_place(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * x[i] + 1.0;
}

static unsigned long rng = 88172645463325252UL;
AD_INACTIVE double uniform(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (double)(rng >> 11) / 9007199254740992.0;
}
AD_CHECKPOINT double noisy(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * (1.0 + 0.1 * uniform());
  return s;
}

double net(const double *x, int n) {
  double h1[N], h2[N];
  // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:3: remark: call to 'layer' is checkpointed (AD_CHECKPOINT): computed again in the reverse sweep, nothing taped
  layer(x, h1, n, 0.7);
  // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:3: remark: call to 'layer' is checkpointed
  layer(h1, h2, n, 1.3);
  // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:14: remark: call to 'energy' is checkpointed
  double s = energy(h2, n);
  for (int k = 1; k < 4; k++)
    // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:10: remark: call to 'energy' is checkpointed
    s += energy(x, n) / k;
  return s;
}

double refused(const double *x, int n) {
  double a[N], c[2 * N], d[2 * N];
  for (int i = 0; i < n; i++)
    a[i] = x[i];
  // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:3: warning: ADPass: the call to 'scale_in_place' (AD_CHECKPOINT) is taped: it cannot be computed again in the reverse sweep because it reads and writes through its argument 1 (an update in place cannot run again)
  scale_in_place(a, n);
  // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:14: warning: ADPass: the call to 'energy' (AD_CHECKPOINT) is taped: it cannot be computed again in the reverse sweep because the memory its argument 1 points to may be written after the call
  double s = energy(a, n);
  a[0] = sin(a[0]);
  // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:8: warning: ADPass: the call to 'noisy' (AD_CHECKPOINT) is taped: it cannot be computed again in the reverse sweep because 'uniform' writes memory other than through its pointer arguments
  s += noisy(a, n);
  for (int i = 0; i < n; i++)
    c[i] = a[i];
  // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:3: warning: ADPass: the call to 'layer' (AD_CHECKPOINT) is taped: it cannot be computed again in the reverse sweep because its argument 2 (written) and argument 1 (read) may point into the same memory
  layer(c, c + n, n, 0.9);
  for (int t = 0; t < 2; t++)
    // (-O0: "it writes memory and is called in a loop"; unrolled at -O2,
    // the first call's output is written by the second.)
    // DIAG-DAG: checkpointed_calls.c:[[@LINE+1]]:5: warning: ADPass: the call to 'layer' (AD_CHECKPOINT) is taped: it cannot be computed again in the reverse sweep because {{it writes memory and is called in a loop|the memory its argument 2 points to may be written after the call}}
    layer(a, d + t, n, 0.5);
  return s + c[n] + c[2 * n - 1] + d[1] + d[n];
}

static const double X0[N] = {0.3, -0.5, 0.9, 0.1, -1.2, 0.7};
static double net_fd(const double *x) { return net(x, N); }
static double refused_fd(const double *x) {
  unsigned long saved = rng;
  double r = refused(x, N);
  rng = saved;
  return r;
}

int main(void) {
  double x[N], dx[N] = {0};
  for (int i = 0; i < N; i++)
    x[i] = X0[i];
  __ad_autodiff((void *)net, ad_dup, x, dx, ad_const, N);
  for (int i = 0; i < N; i++)
    ad_check("recomputed calls: d/dx", dx[i], ad_fdn(net_fd, x, N, i),
             ad_fdn(net_fd, x, N, i));
  double dy[N] = {0};
  unsigned long saved = rng;
  __ad_autodiff((void *)refused, ad_dup, x, dy, ad_const, N);
  rng = saved; /* the finite differences draw the same numbers */
  for (int i = 0; i < N; i++)
    ad_check("taped calls: d/dx", dy[i], ad_fdn(refused_fd, x, N, i),
             ad_fdn(refused_fd, x, N, i));
  return ad_check_report();
}
