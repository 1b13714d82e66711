/* Tape layout: array of structs (one record per iteration, the layout
 * ADPass uses) against struct of arrays (one array per cached value).
 * The forward sweep writes K values per iteration; the reverse sweep reads
 * them back in reverse order and combines them, as a reverse loop does.
 *
 *   clang-19 -O2 bench/micro/tape_layout.c -o tape_layout && ./tape_layout
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N (1 << 20)
#define REPS 20

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double sink;

#define LAYOUT_BENCH(K)                                                        \
  static void bench_##K(double *x) {                                           \
    double *aos = malloc(sizeof(double) * K * N);                              \
    double *soa = malloc(sizeof(double) * K * N);                              \
    double best_aos = 1e9, best_soa = 1e9;                                     \
    for (int rep = 0; rep < REPS; ++rep) {                                     \
      double t0 = now(), acc = 0;                                              \
      for (long i = 0; i < N; ++i)                                             \
        for (int k = 0; k < K; ++k)                                            \
          aos[i * K + k] = x[i] * (k + 1);                                     \
      for (long i = N - 1; i >= 0; --i)                                        \
        for (int k = 0; k < K; ++k)                                            \
          acc += aos[i * K + k] * x[i];                                        \
      double t1 = now();                                                       \
      for (long i = 0; i < N; ++i)                                             \
        for (int k = 0; k < K; ++k)                                            \
          soa[k * (long)N + i] = x[i] * (k + 1);                               \
      for (long i = N - 1; i >= 0; --i)                                        \
        for (int k = 0; k < K; ++k)                                            \
          acc += soa[k * (long)N + i] * x[i];                                  \
      double t2 = now();                                                       \
      sink += acc;                                                             \
      if (t1 - t0 < best_aos)                                                  \
        best_aos = t1 - t0;                                                    \
      if (t2 - t1 < best_soa)                                                  \
        best_soa = t2 - t1;                                                    \
    }                                                                          \
    printf("K=%d values/iteration: AoS %.2f ns/iter, SoA %.2f ns/iter, "       \
           "SoA/AoS %.2f\n",                                                   \
           K, 1e9 * best_aos / N, 1e9 * best_soa / N, best_soa / best_aos);    \
    free(aos);                                                                 \
    free(soa);                                                                 \
  }
LAYOUT_BENCH(1)
LAYOUT_BENCH(2)
LAYOUT_BENCH(4)
LAYOUT_BENCH(8)

int main(void) {
  double *x = malloc(sizeof(double) * N);
  for (long i = 0; i < N; ++i)
    x[i] = 1.0 + 1e-6 * i;
  bench_1(x);
  bench_2(x);
  bench_4(x);
  bench_8(x);
  free(x);
  return sink == 0.5; /* keep the work alive */
}
