// The higher-derivative helpers allocate nothing in steady state, also when
// the function's gradient keeps a tape: the inner gradient's tape and, under
// forward over reverse, the tangents of that tape are tape blocks the
// runtime keeps between calls (they used to be shadow blocks allocated and
// freed per call: one allocation per Hessian-vector product, nine per
// vector call of the dense Hessian); with a workspace given to the inner
// gradient, both come from it. Counted by wrapping malloc, calloc and
// realloc (posix_memalign and aligned_alloc are not used).
// RUN: %clang -O0 %s -o %t0 -lm -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc && %t0
// RUN: %clang -O1 %s -o %t1 -lm -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc && %t1
// RUN: %clang -O2 %s -o %t2 -lm -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc && %t2
// RUN: %clang -O3 %s -o %t3 -lm -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc && %t3
#include "adcheck.h"
#include <ad_higher.h>
#include <math.h>
#include <stdlib.h>

static long allocations;
void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void *__wrap_malloc(size_t n) {
  ++allocations;
  return __real_malloc(n);
}
void *__wrap_calloc(size_t k, size_t n) {
  ++allocations;
  return __real_calloc(k, n);
}
void *__wrap_realloc(void *p, size_t n) {
  ++allocations;
  return __real_realloc(p, n);
}

enum { N = 40 };

// A recurrence: the gradient keeps s of each step in a tape.
static double f(const double *x, int n) {
  double s = 1;
  for (int i = 0; i < n; ++i)
    s = s * (0.9 + 0.1 * cos(x[i])) + x[i] * x[i];
  return s;
}
AD_DEFINE_HESSIAN(f_d2, f)

// The gradient with a workspace, under forward over reverse: the tape and
// its tangents are carved from the workspace.
static void grad_ws(const double *x, double *g, int n, ad_workspace_t *ws) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  __ad_autodiff((void *)f, ad_dup, x, g, ad_const, n, ad_workspace, ws);
}
static void hvp_ws(const double *x, const double *v, double *hv, double *g,
                   int n, ad_workspace_t *ws) {
  __ad_fwddiff((void *)grad_ws, ad_dup, x, v, ad_dup, g, hv, ad_const, n,
               ad_const, ws);
}

int main(void) {
  static double x[N], v[N], hv[N], g[N], h[N * N], work[AD_HESSIAN_WORK(N)];
  for (int i = 0; i < N; ++i) {
    x[i] = 0.3 + 0.01 * i;
    v[i] = 1;
  }
  // Warm-up calls, then counted ones.
  f_d2_gradient(x, g, N);
  f_d2_hvp(x, v, hv, g, N);
  f_d2_hessian(x, h, N, work);
  long before = allocations;
  for (int k = 0; k < 5; ++k)
    f_d2_gradient(x, g, N);
  ad_check_exact("allocations per gradient", allocations - before, 0);
  before = allocations;
  for (int k = 0; k < 5; ++k)
    f_d2_hvp(x, v, hv, g, N);
  ad_check_exact("allocations per Hessian-vector product", allocations - before,
                 0);
  before = allocations;
  for (int k = 0; k < 3; ++k)
    f_d2_hessian(x, h, N, work);
  ad_check_exact("allocations per dense Hessian (vector mode)",
                 allocations - before, 0);
  ad_workspace_t *ws = ad_workspace_create(1 << 16);
  double hw[N];
  hvp_ws(x, v, hw, g, N, ws);
  before = allocations;
  for (int k = 0; k < 5; ++k)
    hvp_ws(x, v, hw, g, N, ws);
  ad_check_exact("allocations per Hessian-vector product (workspace)",
                 allocations - before, 0);
  ad_check_exact("the same product with the workspace", hw[7], hv[7]);
  ad_workspace_destroy(ws);
  // And the results: H v is the row sum of H (v = 1).
  double row = 0;
  for (int j = 0; j < N; ++j)
    row += h[7 * N + j];
  ad_check_eq("H v = the row sums of H", hv[7], row);
  return ad_check_report();
}
