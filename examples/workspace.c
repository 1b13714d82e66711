// Repeated gradients with no heap allocation: a workspace.
//
// logistic() integrates x' = r x (1 - x) with explicit Euler steps. Its
// reverse sweep needs x at every step (the update is nonlinear), so the loop
// keeps a tape. With `ad_workspace, ws` among the arguments the tape is carved
// from a caller-owned workspace instead of the heap; ad_workspace_stats tells
// whether it was ever too small.
//
//   build/bin/ad-clang -O2 examples/workspace.c -o workspace && ./workspace
#include <ad.h>
#include <math.h>
#include <stdio.h>

double logistic(double x0, double r, int steps) {
  double x = x0, h = 0.01;
  for (int k = 0; k < steps; k++)
    x += h * r * x * (1 - x);
  return x;
}

static int check(const char *what, double ad, double fd) {
  int bad = !(fabs(ad - fd) <= 1e-6 * (1 + fabs(fd)));
  printf("%-8s AD % .10f   FD % .10f%s\n", what, ad, fd,
         bad ? "   MISMATCH" : "");
  return bad;
}

int main(void) {
  const int steps = 300;
  double x0 = 0.1, r = 1.5;
  ad_workspace_t *ws = ad_workspace_create(64 * 1024); // once
  ad_double2 g = {{0, 0}};
  for (int call = 0; call < 100; call++) // steady state: no malloc
    g = __ad_autodiff_d2((void *)logistic, x0, r, steps, ad_workspace, ws);
  ad_workspace_stats_t st = ad_workspace_stats(ws);
  printf("workspace: %zu heap fallbacks, peak %zu bytes\n", st.heap_allocations,
         st.peak_bytes);

  double h = 1e-6;
  int bad = st.heap_allocations != 0;
  bad |= check("d/dx0", g.d[0],
               (logistic(x0 + h, r, steps) - logistic(x0 - h, r, steps)) /
                   (2 * h));
  bad |= check("d/dr", g.d[1],
               (logistic(x0, r + h, steps) - logistic(x0, r - h, steps)) /
                   (2 * h));

  // Too small a workspace still works: the tape falls back to the heap,
  // and the statistics say so.
  ad_workspace_t *tiny = ad_workspace_create(256);
  ad_double2 t =
      __ad_autodiff_d2((void *)logistic, x0, r, steps, ad_workspace, tiny);
  st = ad_workspace_stats(tiny);
  printf("tiny workspace: %zu heap fallback(s) of %zu bytes\n",
         st.heap_allocations, st.heap_bytes);
  bad |= st.heap_allocations == 0 || t.d[0] != g.d[0] || t.d[1] != g.d[1];

  ad_workspace_destroy(tiny);
  ad_workspace_destroy(ws);
  printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
