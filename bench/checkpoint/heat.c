/* Checkpointing benchmark: a 1-D heat equation of n cells and T steps,
 * gradient with the full tape and with tape budgets; time, peak resident
 * memory of the process (the full tape) or peak held by the checkpointing
 * runtime, and recomputed steps against the binomial optimum.
 *   heat T n budget   (budget 0: the full tape) */
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

double heat(double *u, double *tmp, const double *kappa, int n, int steps) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      tmp[i] = u[i] + kappa[0] * (u[i - 1] - 2 * u[i] + u[i + 1]) +
               0.001 * sin(u[i]);
    for (int i = 1; i < n - 1; ++i)
      u[i] = tmp[i];
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += u[i] * u[i];
  return s;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  int T = atoi(argv[1]), n = atoi(argv[2]);
  long budget = atol(argv[3]);
  double *u = malloc(n * 8), *du = calloc(n, 8), *tmp = calloc(n, 8),
         *dtmp = calloc(n, 8), kappa[1] = {0.25}, dk[1] = {0};
  for (int i = 0; i < n; ++i)
    u[i] = sin(0.01 * i);
  double t0 = now();
  if (budget == 0)
    __ad_autodiff((void *)heat, ad_dup, u, du, ad_dup, tmp, dtmp, ad_dup, kappa,
                  dk, n, T);
  else
    __ad_autodiff((void *)heat, ad_dup, u, du, ad_dup, tmp, dtmp, ad_dup, kappa,
                  dk, n, T, ad_tape_budget, budget);
  double t1 = now();
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  ad_checkpoint_stats_t s = ad_checkpoint_stats();
  printf("T=%d n=%d budget=%ld time=%.3fs maxrss=%ldKB held=%zuKB "
         "snapshots=%zu recomputed=%zu optimum=%zu dk=%.12g\n",
         T, n, budget, t1 - t0, ru.ru_maxrss, s.peak_bytes / 1024, s.slots,
         s.longest_recomputed_steps,
         s.slots ? ad_checkpoint_optimal_recomputations(s.steps, s.slots) : 0,
         dk[0]);
  return 0;
}
