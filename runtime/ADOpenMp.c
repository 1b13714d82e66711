/* ADPass runtime: the tapes of OpenMP parallel regions, and the order of
 * their critical sections.
 *
 * The augmented forward of a region runs on a team; each thread files the
 * tape of its part under its thread number. The reverse runs on as many
 * threads, each taking the tape its number filed. The table is made by the
 * first thread to file (it knows the team's size), without locks; the
 * fork's join orders everything else. Nothing here calls libomp: the
 * generated code passes the thread numbers. */
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ad_omp_tapes {
  int threads;
  void **slots;
};

void *__ad_omp_tapes_new(void) {
  struct ad_omp_tapes *t = calloc(1, sizeof *t);
  if (!t) {
    fprintf(stderr, "ADPass: out of memory for an OpenMP region's tapes\n");
    abort();
  }
  return t;
}

void __ad_omp_tapes_keep(void *table, int thread, int threads, void *tape) {
  struct ad_omp_tapes *t = table;
  void **slots = __atomic_load_n(&t->slots, __ATOMIC_ACQUIRE);
  if (!slots) {
    void **fresh = calloc(threads > 0 ? threads : 1, sizeof *fresh);
    void **none = NULL;
    if (!fresh) {
      fprintf(stderr, "ADPass: out of memory for an OpenMP region's tapes\n");
      abort();
    }
    if (__atomic_compare_exchange_n(&t->slots, &none, fresh, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      slots = fresh;
      t->threads = threads; /* read after the join */
    } else {
      free(fresh);
      slots = none;
    }
  }
  slots[thread] = tape;
}

int __ad_omp_tapes_threads(void *table) {
  return ((struct ad_omp_tapes *)table)->threads;
}

void *__ad_omp_tapes_take(void *table, int thread, int threads) {
  struct ad_omp_tapes *t = table;
  if (threads != t->threads) {
    fprintf(stderr,
            "ADPass: the reverse sweep of an OpenMP parallel region runs on "
            "%d threads where its forward sweep ran on %d; each thread must "
            "reverse its own iterations (is the thread count limited, e.g. "
            "by OMP_THREAD_LIMIT or omp_set_dynamic?)\n",
            threads, t->threads);
    abort();
  }
  return t->slots[thread];
}

void __ad_omp_tapes_free(void *table) {
  struct ad_omp_tapes *t = table;
  free(t->slots);
  free(t);
}

/* ---- Critical sections and locks, reversed in order --------------------- */

/* Each lock (a critical section's name, an omp_lock_t) has a turn counter.
 * The forward sweep takes a ticket (the counter, then incremented) inside
 * each section it differentiates; the reverse sweep enters the section's
 * mirror when the counter is back to its ticket + 1, and decrements it when
 * leaving: the sections are reversed in exactly the opposite order. */
enum { AD_OMP_LOCKS = 512 };
static struct {
  void *key;
  long turn;
} ad_omp_turns[AD_OMP_LOCKS];

static long *turn_of(void *key) {
  unsigned start = (unsigned)(((uintptr_t)key >> 3) % AD_OMP_LOCKS);
  for (unsigned k = 0; k < AD_OMP_LOCKS; k++) {
    unsigned slot = (start + k) % AD_OMP_LOCKS;
    void *cur = __atomic_load_n(&ad_omp_turns[slot].key, __ATOMIC_ACQUIRE);
    if (!cur &&
        __atomic_compare_exchange_n(&ad_omp_turns[slot].key, &cur, key, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return &ad_omp_turns[slot].turn;
    if (cur == key)
      return &ad_omp_turns[slot].turn;
  }
  fprintf(stderr,
          "ADPass: more than %d OpenMP locks or critical section "
          "names in differentiated code\n",
          AD_OMP_LOCKS);
  abort();
}

long __ad_omp_ticket(void *key) {
  return __atomic_fetch_add(turn_of(key), 1, __ATOMIC_RELAXED);
}

void __ad_omp_wait_turn(void *key, long ticket) {
  long *turn = turn_of(key);
  for (unsigned spins = 0;
       __atomic_load_n(turn, __ATOMIC_ACQUIRE) != ticket + 1; spins++)
    if (spins > 64)
      sched_yield();
}

void __ad_omp_pass_turn(void *key) {
  __atomic_fetch_sub(turn_of(key), 1, __ATOMIC_RELEASE);
}

/* ---- Adjoints of floats not known to be aligned ------------------------- */

/* Hardware atomics need natural alignment; these add under a lock. */
static char ad_omp_add_lock;

static void add_lock(void) {
  while (__atomic_test_and_set(&ad_omp_add_lock, __ATOMIC_ACQUIRE))
    sched_yield();
}

static void add_unlock(void) {
  __atomic_clear(&ad_omp_add_lock, __ATOMIC_RELEASE);
}

void __ad_omp_add_unaligned_f64(double *p, double d) {
  add_lock();
  *p += d;
  add_unlock();
}

void __ad_omp_add_unaligned_f32(float *p, float d) {
  add_lock();
  *p += d;
  add_unlock();
}

/* The reverse of a copy into a thread's memory from memory the team shares
 * (a firstprivate array): each adjoint of the copy is added to its source
 * atomically, then reset. */
#define AD_OMP_MEMMOVE_ADJOINT(NAME, T, U)                                     \
  void NAME(T *dsrc, T *ddst, size_t bytes) {                                  \
    size_t n = bytes / sizeof(T);                                              \
    for (size_t k = 0; k < n; ++k) {                                           \
      T d = ddst[k];                                                           \
      ddst[k] = 0;                                                             \
      if (d == 0)                                                              \
        continue;                                                              \
      U *bits = (U *)&dsrc[k], old = __atomic_load_n(bits, __ATOMIC_RELAXED);  \
      for (;;) {                                                               \
        T v;                                                                   \
        memcpy(&v, &old, sizeof v);                                            \
        v += d;                                                                \
        U next;                                                                \
        memcpy(&next, &v, sizeof next);                                        \
        if (__atomic_compare_exchange_n(bits, &old, next, 1, __ATOMIC_RELAXED, \
                                        __ATOMIC_RELAXED))                     \
          break;                                                               \
      }                                                                        \
    }                                                                          \
  }
AD_OMP_MEMMOVE_ADJOINT(__ad_omp_memmove_adjoint_f64, double, uint64_t)
AD_OMP_MEMMOVE_ADJOINT(__ad_omp_memmove_adjoint_f32, float, uint32_t)
