/* Timing for the higher-derivative benchmarks: TIME(best, k, BODY) sets
 * best to the shortest time of one run of BODY, over 7 repetitions of k
 * runs each. */
#ifndef ADPASS_BENCH_HIGHER_TIMING_H
#define ADPASS_BENCH_HIGHER_TIMING_H

#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

#define TIME(best, k, BODY)                                                    \
  do {                                                                         \
    best = 1e30;                                                               \
    for (int rep = 0; rep < 7; ++rep) {                                        \
      double t0 = now();                                                       \
      for (int it = 0; it < (k); ++it) {                                       \
        BODY;                                                                  \
      }                                                                        \
      double t = (now() - t0) / (k);                                           \
      if (t < best)                                                            \
        best = t;                                                              \
    }                                                                          \
  } while (0)

#endif
