/* alloc_counter.h: counts the heap allocations of the test program by
 * interposing malloc, calloc, realloc and free (forwarding to glibc's
 * __libc_* entry points). Include it after adcheck.h.
 *
 *   count_start(); <gradient call>; struct counts c = count_stop();
 *   check_alloc(name, c, 1, 1);  exactly one allocation, every block freed
 *   check_alloc(name, c, 3, 0);  at most three
 *
 * Under valgrind, which replaces these functions, nothing is counted:
 * counting() is false and check_alloc checks nothing.
 */
#ifndef ADPASS_TEST_ALLOC_COUNTER_H
#define ADPASS_TEST_ALLOC_COUNTER_H

#include "adcheck.h"
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

static volatile long n_malloc, n_calloc, n_realloc, n_free;

void *malloc(size_t n) {
  ++n_malloc;
  return __libc_malloc(n);
}
void *calloc(size_t n, size_t s) {
  ++n_calloc;
  return __libc_calloc(n, s);
}
void *realloc(void *p, size_t n) {
  ++n_realloc;
  return __libc_realloc(p, n);
}
void free(void *p) {
  if (p)
    ++n_free;
  __libc_free(p);
}

struct counts {
  long alloc, freed;
};
static struct counts g_start;
/* The runtime keeps the tape blocks gradients free for the next calls
 * (ad.h): count_start and count_stop release them, so that each measured
 * call starts without any and its blocks count as freed; the _keep
 * variants leave them. */
void ad_release_tapes(void);
ADCHECK_UNUSED static void count_start_keep(void) {
  g_start.alloc = n_malloc + n_calloc + n_realloc;
  g_start.freed = n_free;
}
ADCHECK_UNUSED static void count_start(void) {
  ad_release_tapes();
  count_start_keep();
}
ADCHECK_UNUSED static struct counts count_stop_keep(void) {
  struct counts c;
  c.alloc = n_malloc + n_calloc + n_realloc - g_start.alloc;
  c.freed = n_free - g_start.freed;
  return c;
}
ADCHECK_UNUSED static struct counts count_stop(void) {
  ad_release_tapes();
  return count_stop_keep();
}
/* Whether the interposed functions see the program's allocations (not under
 * valgrind, which replaces them). Through a volatile pointer, so that the
 * compiler cannot elide the allocation. */
ADCHECK_UNUSED static int counting(void) {
  static int known, result;
  if (!known) {
    void *(*volatile alloc)(size_t) = malloc;
    long before = n_malloc;
    void *p = alloc(8);
    result = n_malloc == before + 1;
    free(p);
    known = 1;
    if (!result)
      printf("allocations are not counted here: counts unchecked\n");
  }
  return result;
}

/* Checks the counts of one gradient call: allocation calls (malloc, calloc
 * and realloc) at most `most` (exactly `most` when `exact`), and as many
 * blocks freed (no growth). */
ADCHECK_UNUSED static void check_alloc(const char *name, struct counts c,
                                       long most, int exact) {
  char buf[128];
  if (!counting())
    return;
  printf("%s: %ld allocation calls, %ld frees\n", name, c.alloc, c.freed);
  snprintf(buf, sizeof buf, "%s: %s %ld allocations", name,
           exact ? "exactly" : "at most", most);
  ad_check_eq(buf, exact ? c.alloc == most : c.alloc <= most, 1.0);
  snprintf(buf, sizeof buf, "%s: every block freed", name);
  ad_check_eq(buf, c.freed, c.alloc);
}
#endif /* ADPASS_TEST_ALLOC_COUNTER_H */
