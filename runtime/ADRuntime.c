/* ADPass runtime: shadows the user preallocates, workspaces, and the tape
 * allocation entry points that generated code calls.
 *
 * The plugin embeds this file as bitcode and links what a module uses into
 * it, so `-fplugin` alone needs no link flag; libADRuntime.a offers the same
 * functions to code compiled without the plugin. */
#include "ad.h"

#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Shadows ------------------------------------------------------------ */

void *ad_shadow_alloc(size_t bytes) { return calloc(1, bytes ? bytes : 1); }

void ad_shadow_zero(void *shadow, size_t bytes) {
  if (shadow)
    memset(shadow, 0, bytes);
}

void *ad_shadow_realloc(void *shadow, size_t old_bytes, size_t new_bytes) {
  char *p = (char *)realloc(shadow, new_bytes ? new_bytes : 1);
  if (p && new_bytes > old_bytes)
    memset(p + old_bytes, 0, new_bytes - old_bytes);
  return p;
}

void ad_shadow_free(void *shadow) { free(shadow); }

/* ---- Shadows of the heap blocks a differentiated function allocates ----- */

/* A zeroed shadow with the primal block's alignment (aligned_alloc,
 * posix_memalign, aligned new): aligned accesses to the primal are aligned
 * accesses to the shadow. */
void *__ad_shadow_alloc_aligned(size_t align, size_t bytes) {
  void *p = NULL;
  size_t a = sizeof(void *);
  while (a < align)
    a *= 2;
  if (posix_memalign(&p, a, bytes ? bytes : 1) != 0)
    return NULL;
  memset(p, 0, bytes);
  return p;
}

/* posix_memalign(out, align, bytes) returned rc: on success its shadow slot
 * gets a zeroed shadow block of the same size and alignment. */
void __ad_shadow_memalign(int rc, void **dout, size_t align, size_t bytes) {
  if (rc == 0 && dout)
    *dout = __ad_shadow_alloc_aligned(align, bytes);
}

/* The shadow of realloc(p, bytes): a new zeroed block holding the first
 * `kept` bytes of p's shadow. The old shadow stays: the reverse sweep moves
 * the adjoints of the kept bytes back into it. */
void *__ad_shadow_realloc_keep(const void *old, size_t kept, size_t bytes) {
  char *p = (char *)calloc(1, bytes ? bytes : 1);
  if (p && old && kept)
    memcpy(p, old, kept);
  return p;
}

/* Blocks (and shadows) the reverse sweep reads until its end: freed there,
 * last deferred first. `fn` frees the primal block (free, delete, delete[]);
 * either pointer may be null. */
typedef struct {
  void (*fn)(void *);
  void *primal, *shadow;
} ad_deferred_free_t;
typedef struct {
  size_t n, cap;
  ad_deferred_free_t e[];
} ad_deferred_list_t;

void __ad_defer_free(void **list, void (*fn)(void *), void *primal,
                     void *shadow) {
  ad_deferred_list_t *d = (ad_deferred_list_t *)*list;
  if (!d || d->n == d->cap) {
    size_t cap = d ? 2 * d->cap : 16;
    ad_deferred_list_t *g = (ad_deferred_list_t *)realloc(
        d, sizeof *d + cap * sizeof(ad_deferred_free_t));
    if (!g)
      abort(); /* freeing now would be wrong: the reverse sweep needs it */
    if (!d)
      g->n = 0;
    g->cap = cap;
    *list = d = g;
  }
  d->e[d->n].fn = fn;
  d->e[d->n].primal = primal;
  d->e[d->n].shadow = shadow;
  d->n++;
}

void __ad_free_deferred(void **list) {
  ad_deferred_list_t *d = (ad_deferred_list_t *)*list;
  if (!d)
    return;
  for (size_t k = d->n; k-- > 0;) {
    if (d->e[k].fn)
      d->e[k].fn(d->e[k].primal);
    free(d->e[k].shadow);
  }
  free(d);
  *list = NULL;
}

/* Blocks freed by a callee's derivative that its callers' reverse sweeps
 * still read (a tree freed by a recursive destructor): freed at the end of
 * the outermost reverse sweep, which takes a mark of this per-thread list
 * when it starts and frees what was added after it when it ends. Nested
 * derivatives take marks of their own, inside their caller's. The list
 * keeps its capacity: no allocation in steady state. */
static _Thread_local ad_deferred_list_t *ad_outer_frees;

void __ad_defer_free_outer(void (*fn)(void *), void *primal, void *shadow) {
  __ad_defer_free((void **)&ad_outer_frees, fn, primal, shadow);
}

uint64_t __ad_outer_frees_mark(void) {
  return ad_outer_frees ? ad_outer_frees->n : 0;
}

void __ad_outer_frees_release(uint64_t mark) {
  ad_deferred_list_t *d = ad_outer_frees;
  if (!d)
    return;
  while (d->n > mark) {
    ad_deferred_free_t e = d->e[--d->n];
    if (e.fn)
      e.fn(e.primal);
    free(e.shadow);
  }
}

/* ---- Workspaces: a caller-owned arena tapes are carved from ------------- */

struct ad_workspace_s {
  char *base;
  size_t size;
  size_t used;
  int owns_base;
  ad_workspace_stats_t stats;
};

#define AD_ALIGN 64

static size_t round_up(size_t n) {
  return (n + AD_ALIGN - 1) & ~(size_t)(AD_ALIGN - 1);
}

ad_workspace_t *ad_workspace_create(size_t bytes) {
  ad_workspace_t *ws = (ad_workspace_t *)calloc(1, sizeof *ws);
  if (!ws)
    return NULL;
  bytes = round_up(bytes);
  ws->base = bytes ? (char *)aligned_alloc(AD_ALIGN, bytes) : NULL;
  ws->size = ws->base ? bytes : 0;
  ws->owns_base = 1;
  return ws;
}

ad_workspace_t *ad_workspace_wrap(void *buffer, size_t bytes) {
  ad_workspace_t *ws = (ad_workspace_t *)calloc(1, sizeof *ws);
  if (!ws)
    return NULL;
  /* Align the start; the usable size shrinks accordingly. */
  uintptr_t p = (uintptr_t)buffer,
            a = (p + AD_ALIGN - 1) & ~(uintptr_t)(AD_ALIGN - 1);
  ws->base = (char *)a;
  ws->size = bytes > a - p ? (bytes - (a - p)) & ~(size_t)(AD_ALIGN - 1) : 0;
  return ws;
}

void ad_workspace_destroy(ad_workspace_t *ws) {
  if (!ws)
    return;
  if (ws->owns_base)
    free(ws->base);
  free(ws);
}

ad_workspace_stats_t ad_workspace_stats(const ad_workspace_t *ws) {
  ad_workspace_stats_t none = {0, 0, 0};
  return ws ? ws->stats : none;
}

void ad_workspace_reset_stats(ad_workspace_t *ws) {
  if (ws)
    memset(&ws->stats, 0, sizeof ws->stats);
}

static int in_workspace(const ad_workspace_t *ws, const void *p) {
  return ws && (const char *)p >= ws->base &&
         (const char *)p < ws->base + ws->size;
}

/* ---- Entry points of generated code ------------------------------------- */

size_t __ad_ws_mark(ad_workspace_t *ws) { return ws ? ws->used : 0; }

void __ad_ws_release(ad_workspace_t *ws, size_t mark) {
  if (ws)
    ws->used = mark;
}

/* Without a workspace, the tape blocks freed are kept (per thread, the
 * largest few) for the next gradient calls: a gradient called in a loop then
 * allocates nothing after its first call (eam: one 8 KB tape per call
 * before), and glibc, which serves large blocks with mmap and unmaps them on
 * free, does not fault the whole block in again each call (lstm, 36 MB of
 * tape: 95 ms per gradient instead of 10 ms). */
#define AD_KEPT_TAPES 16

typedef struct {
  void *block[AD_KEPT_TAPES];
} kept_tapes_t;

/* The kept blocks are thread-local (no allocation of their own), freed
 * when their thread exits: a key's destructor, registered on first use. */
static __thread kept_tapes_t kept_tls;
static __thread int kept_registered;
static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static void free_kept_tapes(void *p) {
  kept_tapes_t *k = (kept_tapes_t *)p;
  for (int i = 0; i < AD_KEPT_TAPES; i++) {
    free(k->block[i]);
    k->block[i] = NULL;
  }
}
static void make_kept_key(void) {
  pthread_key_create(&kept_key, free_kept_tapes);
}

static kept_tapes_t *kept_tapes(int create) {
  if (!kept_registered && create) {
    pthread_once(&kept_once, make_kept_key);
    pthread_setspecific(kept_key, &kept_tls);
    kept_registered = 1;
  }
  return &kept_tls;
}

/* The smallest kept block that holds \p bytes without wasting three
 * quarters of itself, taken out of the cache; NULL if none. */
static void *take_kept_tape(void *old, size_t bytes) {
  kept_tapes_t *k = old ? NULL : kept_tapes(0);
  if (!k)
    return NULL;
  int best = -1;
  size_t best_have = 0;
  for (int i = 0; i < AD_KEPT_TAPES; i++) {
    if (!k->block[i])
      continue;
    size_t have = malloc_usable_size(k->block[i]);
    if (bytes <= have && bytes >= have / 4 && (best < 0 || have < best_have)) {
      best = i;
      best_have = have;
    }
  }
  if (best < 0)
    return NULL;
  void *p = k->block[best];
  k->block[best] = NULL;
  return p;
}

/* Keeps \p p for a later tape: in a free slot, or in place of the smallest
 * kept block if \p p is larger; frees what is not kept. */
static void keep_tape(void *p) {
  kept_tapes_t *k = kept_tapes(1);
  if (!k) {
    free(p);
    return;
  }
  int slot = -1;
  for (int i = 0; i < AD_KEPT_TAPES && slot < 0; i++)
    if (!k->block[i])
      slot = i;
  if (slot < 0) {
    slot = 0;
    for (int i = 1; i < AD_KEPT_TAPES; i++)
      if (malloc_usable_size(k->block[i]) < malloc_usable_size(k->block[slot]))
        slot = i;
    if (malloc_usable_size(k->block[slot]) >= malloc_usable_size(p)) {
      free(p);
      return;
    }
    free(k->block[slot]);
  }
  k->block[slot] = p;
}

void ad_release_tapes(void) {
  kept_tapes_t *k = kept_tapes(0);
  if (!k)
    return;
  for (int i = 0; i < AD_KEPT_TAPES; i++) {
    free(k->block[i]);
    k->block[i] = NULL;
  }
}

/* Heap tape bytes in use by this thread, and their most since the last
 * reset: the checkpointing runtime (ADCheckpoint.c) counts them against a
 * tape budget. */
__thread long __ad_heap_tape_live, __ad_heap_tape_peak;

static void *count_heap_tape(void *p) {
  if (p)
    __ad_heap_tape_live += (long)malloc_usable_size(p);
  if (__ad_heap_tape_live > __ad_heap_tape_peak)
    __ad_heap_tape_peak = __ad_heap_tape_live;
  return p;
}

/* Grows a tape from old_bytes to new_bytes (contents kept). Without a
 * workspace, or when it is full, the heap is used (and counted). */
void *__ad_tape_realloc(ad_workspace_t *ws, void *old, size_t old_bytes,
                        size_t new_bytes) {
  if (!ws) {
    long had = old ? (long)malloc_usable_size(old) : 0;
    void *kept = take_kept_tape(old, new_bytes);
    void *p = kept ? kept : realloc(old, new_bytes);
    __ad_heap_tape_live -= had;
    return count_heap_tape(p);
  }
  if (old && in_workspace(ws, old) &&
      (char *)old + round_up(old_bytes) == ws->base + ws->used &&
      (size_t)((char *)old - ws->base) + round_up(new_bytes) <= ws->size) {
    /* The top block grows in place. */
    ws->used = (size_t)((char *)old - ws->base) + round_up(new_bytes);
  } else if (ws->used + round_up(new_bytes) <= ws->size) {
    void *p = ws->base + ws->used;
    ws->used += round_up(new_bytes);
    if (old) {
      memcpy(p, old, old_bytes);
      if (!in_workspace(ws, old))
        free(old);
    }
    old = p;
  } else {
    void *p = old && !in_workspace(ws, old) ? realloc(old, new_bytes)
                                            : malloc(new_bytes);
    if (p && old && in_workspace(ws, old))
      memcpy(p, old, old_bytes);
    ws->stats.heap_allocations++;
    ws->stats.heap_bytes += new_bytes;
    old = p;
  }
  if (ws->used > ws->stats.peak_bytes)
    ws->stats.peak_bytes = ws->used;
  return old;
}

void __ad_tape_free(ad_workspace_t *ws, void *p) {
  if (in_workspace(ws, p))
    return;
  if (!ws && p) {
    __ad_heap_tape_live -= (long)malloc_usable_size(p);
    keep_tape(p);
    return;
  }
  free(p);
}

/* A heap tape of an inner reverse sweep that an outer derivative
 * differentiates: its reverse sweep frees it last (a deferred free). */
void __ad_tape_free_deferred(void *p) { __ad_tape_free(NULL, p); }

/* The tangents of an inner reverse sweep's tape, under an outer forward
 * sweep: written where the tape is written, read where it is read, so a
 * tape block too (from the same workspace, or kept between calls), with no
 * zeroing. Names of their own: vector mode gives each direction one. */
void *__ad_tape_shadow_realloc(ad_workspace_t *ws, void *old, size_t old_bytes,
                               size_t new_bytes) {
  return __ad_tape_realloc(ws, old, old_bytes, new_bytes);
}
void __ad_tape_shadow_free(ad_workspace_t *ws, void *p) {
  __ad_tape_free(ws, p);
}

/* ---- Split mode ---------------------------------------------------------- */

/* Tapes of split mode, and stack objects of an augmented forward that its
 * reverse still reads. */
void *__ad_split_alloc(size_t bytes, size_t align) {
  if (bytes == 0)
    bytes = 1;
  if (align <= 16)
    return malloc(bytes);
  return aligned_alloc(align, (bytes + align - 1) / align * align);
}

/* Variable-length arrays made in a loop of a split derivative's augmented
 * forward: heap blocks on a list (*list, a link before each block) that the
 * reverse frees, as the stack would have when the function returned. */
void *__ad_split_alloc_listed(void **list, size_t bytes, size_t align) {
  size_t head = align > 16 ? align : 16;
  char *block = __ad_split_alloc(head + bytes, head);
  *(void **)block = *list;
  *list = block;
  return block + head;
}

void __ad_free_listed(void **list) {
  for (void *block = *list; block;) {
    void *next = *(void **)block;
    free(block);
    block = next;
  }
  *list = NULL;
}

void __ad_split_mismatch(const char *fn) {
  fprintf(stderr,
          "ADPass: __ad_reverse of '%s' was given a tape that is not from "
          "__ad_augmentfwd of '%s' with the same markers in this translation "
          "unit, or that was already reversed\n",
          fn, fn);
  abort();
}

/* An indirect call in differentiated code (a callback, a virtual method)
 * reached none of the functions of its type defined in the translation unit
 * of the derivative: it has no derivative. */
void __ad_unknown_target(const char *where) {
  fprintf(stderr,
          "ADPass: %s: an indirect call in differentiated code reached a "
          "function that is not defined in the translation unit of the "
          "derivative; it has no derivative\n",
          where);
  abort();
}

/* A free in differentiated code of a block that may be one of the
 * function's pointer arguments (a buffer chosen at run time between the
 * caller's memory, the stack and the heap): freeing the caller's block, the
 * derivative would free its shadow too. */
void __ad_free_argument_check(const void *freed, const void *arg,
                              const char *where) {
  if (freed != arg)
    return;
  fprintf(stderr,
          "ADPass: %s: differentiated code frees memory passed to it (an "
          "ad_dup argument); its shadow belongs to the caller: free it "
          "outside the differentiated function\n",
          where);
  abort();
}

/* An exception thrown in differentiated code reached a handler (catch)
 * inside it: the derivative does not run handlers. */
void __ad_exception_caught(const char *where) {
  fprintf(stderr,
          "ADPass: %s: an exception thrown in differentiated code would be "
          "caught by a handler inside it; derivatives do not run exception "
          "handlers (catch it outside the differentiated function)\n",
          where);
  abort();
}

/* ---- qsort of differentiated data -------------------------------------- */

/* Merge sort of the indices idx[0..n) by the elements they name (stable). */
static void sort_indices(size_t *idx, size_t *tmp, size_t n, const char *base,
                         size_t size, int (*cmp)(const void *, const void *)) {
  if (n < 2)
    return;
  size_t h = n / 2, i = 0, j = h, k = 0;
  sort_indices(idx, tmp, h, base, size, cmp);
  sort_indices(idx + h, tmp, n - h, base, size, cmp);
  while (i < h && j < n)
    tmp[k++] = cmp(base + idx[j] * size, base + idx[i] * size) < 0 ? idx[j++]
                                                                   : idx[i++];
  while (i < h)
    tmp[k++] = idx[i++];
  while (j < n)
    tmp[k++] = idx[j++];
  memcpy(idx, tmp, n * sizeof *idx);
}

/* Sorts like qsort and returns the permutation: element i of the result
 * was element perm[i] of the input. */
size_t *__ad_qsort(void *base, size_t n, size_t size,
                   int (*cmp)(const void *, const void *)) {
  size_t *perm = malloc((n ? n : 1) * sizeof *perm);
  size_t *tmp = malloc((n ? n : 1) * sizeof *tmp);
  char *copy = malloc(n * size ? n * size : 1);
  for (size_t i = 0; i < n; i++)
    perm[i] = i;
  sort_indices(perm, tmp, n, base, size, cmp);
  memcpy(copy, base, n * size);
  for (size_t i = 0; i < n; i++)
    memcpy((char *)base + i * size, copy + perm[i] * size, size);
  free(copy);
  free(tmp);
  return perm;
}

/* Reverse of __ad_qsort on the adjoints: each goes back to where its
 * element came from. The _keep variant leaves the permutation to the next
 * direction (vector mode runs one call per direction, the last frees). */
void __ad_qsort_adjoint_keep(void *dbase, size_t n, size_t size, size_t *perm) {
  char *copy = malloc(n * size ? n * size : 1);
  memcpy(copy, dbase, n * size);
  for (size_t i = 0; i < n; i++)
    memcpy((char *)dbase + perm[i] * size, copy + i * size, size);
  free(copy);
}

void __ad_qsort_adjoint(void *dbase, size_t n, size_t size, size_t *perm) {
  __ad_qsort_adjoint_keep(dbase, n, size, perm);
  free(perm);
}

/* Forward mode: the tangents move with their elements, as __ad_qsort moved
 * the elements. Frees the permutation (not the _keep variant). */
void __ad_qsort_tangent_keep(void *dbase, size_t n, size_t size, size_t *perm) {
  char *copy = malloc(n * size ? n * size : 1);
  memcpy(copy, dbase, n * size);
  for (size_t i = 0; i < n; i++)
    memcpy((char *)dbase + i * size, copy + perm[i] * size, size);
  free(copy);
}

void __ad_qsort_tangent(void *dbase, size_t n, size_t size, size_t *perm) {
  __ad_qsort_tangent_keep(dbase, n, size, perm);
  free(perm);
}

/* ---- Adjoints of memory operations -------------------------------------- */

/* Reverse of memcpy/memmove(dst, src, bytes) on floating-point memory: the
 * adjoint of each destination element moves to its source element, and the
 * destination's adjoint restarts from zero. Overlapping ranges are walked in
 * the direction that reads every destination adjoint before it is written.
 * A zero adjoint is added nowhere: bytes of the source that the function
 * never read as floats (a pointer in a partly read copy) keep their shadow
 * bits (a shadow pointer would not survive + 0.0 as a denormal under DAZ). */
#define AD_MEMMOVE_ADJOINT(NAME, T)                                            \
  void NAME(T *dsrc, T *ddst, size_t bytes) {                                  \
    size_t n = bytes / sizeof(T);                                              \
    if (dsrc == ddst)                                                          \
      return;                                                                  \
    if (ddst > dsrc) {                                                         \
      for (size_t k = 0; k < n; ++k) {                                         \
        T t = ddst[k];                                                         \
        ddst[k] = 0;                                                           \
        if (t != 0)                                                            \
          dsrc[k] += t;                                                        \
      }                                                                        \
    } else {                                                                   \
      for (size_t k = n; k-- > 0;) {                                           \
        T t = ddst[k];                                                         \
        ddst[k] = 0;                                                           \
        if (t != 0)                                                            \
          dsrc[k] += t;                                                        \
      }                                                                        \
    }                                                                          \
  }
AD_MEMMOVE_ADJOINT(__ad_memmove_adjoint_f64, double)
AD_MEMMOVE_ADJOINT(__ad_memmove_adjoint_f32, float)

/* The same for one floating-point slot of an array of records: count slots
 * `stride` bytes apart (a copy of whole records moves each slot of the
 * record this way). Without a source (dsrc null: the source has no shadow)
 * the destination's adjoints are only reset. */
#define AD_MEMMOVE_ADJOINT_STRIDED(NAME, T)                                    \
  void NAME(T *dsrc, T *ddst, size_t count, size_t stride) {                   \
    char *s = (char *)dsrc, *d = (char *)ddst;                                 \
    if (s == d)                                                                \
      return;                                                                  \
    for (size_t i = 0; i < count; ++i) {                                       \
      size_t k = d > s ? i : count - 1 - i;                                    \
      T *dk = (T *)(d + k * stride);                                           \
      T t = *dk;                                                               \
      *dk = 0;                                                                 \
      if (s)                                                                   \
        *(T *)(s + k * stride) += t;                                           \
    }                                                                          \
  }
AD_MEMMOVE_ADJOINT_STRIDED(__ad_memmove_adjoint_strided_f64, double)
AD_MEMMOVE_ADJOINT_STRIDED(__ad_memmove_adjoint_strided_f32, float)

/* The transpose of the above, for an outer reverse sweep that differentiates
 * an inner one: each step (dsrc[k] += ddst[k]; ddst[k] = 0) transposes to
 * a_ddst[k] = a_dsrc[k], taken in the opposite order. */
#define AD_MEMMOVE_ADJOINT_TRANSPOSE(NAME, T)                                  \
  void NAME(T *asrc, T *adst, size_t bytes) {                                  \
    size_t n = bytes / sizeof(T);                                              \
    if (asrc == adst)                                                          \
      return;                                                                  \
    if (adst > asrc) {                                                         \
      for (size_t k = n; k-- > 0;)                                             \
        adst[k] = asrc[k];                                                     \
    } else {                                                                   \
      for (size_t k = 0; k < n; ++k)                                           \
        adst[k] = asrc[k];                                                     \
    }                                                                          \
  }
AD_MEMMOVE_ADJOINT_TRANSPOSE(__ad_memmove_adjoint_transpose_f64, double)
AD_MEMMOVE_ADJOINT_TRANSPOSE(__ad_memmove_adjoint_transpose_f32, float)

/* ---- Array helpers of the BLAS derivative rules ------------------------- */

/* The BLAS rules (plugin/Transform/Library/) call the user's BLAS for every
 * product; these loops do the elementwise rest. A column-major rows x cols
 * matrix with leading dimension ld; a vector of n elements with increment
 * inc is the matrix 1 x n with ld = |inc|. Sizes are 64-bit. */
#define AD_BLAS_HELPERS(P, T)                                                  \
  /* A packed copy (leading dimension rows) of what the reverse sweep needs    \
   * and the function overwrites; freed by the reverse sweep. */               \
  T *__ad_blas_##P##pack(int64_t rows, int64_t cols, const T *x, int64_t ld) { \
    if (rows <= 0 || cols <= 0)                                                \
      return 0;                                                                \
    T *c = malloc((size_t)rows * (size_t)cols * sizeof(T));                    \
    if (!c) {                                                                  \
      fprintf(stderr, "ADPass: out of memory keeping a BLAS operand\n");       \
      abort();                                                                 \
    }                                                                          \
    for (int64_t j = 0; j < cols; ++j)                                         \
      memcpy(c + j * rows, x + j * ld, (size_t)rows * sizeof(T));              \
    return c;                                                                  \
  }                                                                            \
  /* x = beta x; exactly zero when beta is (the memory was overwritten). */    \
  void __ad_blas_##P##scale(int64_t rows, int64_t cols, T beta, T *x,          \
                            int64_t ld) {                                      \
    for (int64_t j = 0; j < cols; ++j)                                         \
      for (int64_t i = 0; i < rows; ++i)                                       \
        x[i + j * ld] = beta == 0 ? (T)0 : beta * x[i + j * ld];               \
  }                                                                            \
  /* sum of x .* y */                                                          \
  T __ad_blas_##P##dot_matrix(int64_t rows, int64_t cols, const T *x,          \
                              int64_t ldx, const T *y, int64_t ldy) {          \
    T s = 0;                                                                   \
    for (int64_t j = 0; j < cols; ++j)                                         \
      for (int64_t i = 0; i < rows; ++i)                                       \
        s += x[i + j * ldx] * y[i + j * ldy];                                  \
    return s;                                                                  \
  }                                                                            \
  /* y += a x */                                                               \
  void __ad_blas_##P##axpy_matrix(int64_t rows, int64_t cols, T a, const T *x, \
                                  int64_t ldx, T *y, int64_t ldy) {            \
    for (int64_t j = 0; j < cols; ++j)                                         \
      for (int64_t i = 0; i < rows; ++i)                                       \
        y[i + j * ldy] += a * x[i + j * ldx];                                  \
  }                                                                            \
  /* asum's reverse: dx += seed * sign(x) (0 where x is 0); the strides        \
   * are |inc| (the rule passes n = 0 when the library ignored the vector). */ \
  void __ad_blas_##P##asum_adjoint(int64_t n, T seed, const T *x,              \
                                   int64_t incx, T *dx, int64_t incd) {        \
    for (int64_t k = 0; k < n; ++k)                                            \
      dx[k * incd] += x[k * incx] > 0 ? seed : x[k * incx] < 0 ? -seed : (T)0; \
  }                                                                            \
  /* asum's tangent: sum sign(x) dx. */                                        \
  T __ad_blas_##P##asum_tangent(int64_t n, const T *x, int64_t incx,           \
                                const T *dx, int64_t incd) {                   \
    T t = 0;                                                                   \
    for (int64_t k = 0; k < n; ++k)                                            \
      t += x[k * incx] > 0   ? dx[k * incd]                                    \
           : x[k * incx] < 0 ? -dx[k * incd]                                   \
                             : (T)0;                                           \
    return t;                                                                  \
  }                                                                            \
  /* The symmetric and triangular routines: a triangle of an n x n matrix      \
   * (lower or upper, with or without its diagonal). */                        \
  /* d += a g on the triangle (without the diagonal when unit). */             \
  void __ad_blas_##P##tri_accumulate(int32_t lower, int32_t unit, int64_t n,   \
                                     T a, const T *g, int64_t ldg, T *d,       \
                                     int64_t ldd) {                            \
    for (int64_t j = 0; j < n; ++j)                                            \
      for (int64_t i = lower ? j + !!unit : 0; i < (lower ? n : j + !unit);    \
           ++i)                                                                \
        d[i + j * ldd] += a * g[i + j * ldg];                                  \
  }                                                                            \
  /* A symmetric matrix read from one triangle: d_ij += a (g_ij + g_ji) off    \
   * the diagonal, d_ii += a g_ii. */                                          \
  void __ad_blas_##P##sym_accumulate(int32_t lower, int64_t n, T a,            \
                                     const T *g, int64_t ldg, T *d,            \
                                     int64_t ldd) {                            \
    for (int64_t j = 0; j < n; ++j)                                            \
      for (int64_t i = lower ? j : 0; i < (lower ? n : j + 1); ++i)            \
        d[i + j * ldd] +=                                                      \
            a * (i == j ? g[i + j * ldg] : g[i + j * ldg] + g[j + i * ldg]);   \
  }                                                                            \
  /* s (n x n, packed) = d + d^T from the triangle of d (diagonal doubled). */ \
  void __ad_blas_##P##sym_double(int32_t lower, int64_t n, const T *d,         \
                                 int64_t ldd, T *s) {                          \
    for (int64_t j = 0; j < n; ++j)                                            \
      for (int64_t i = 0; i < n; ++i) {                                        \
        int in = lower ? i >= j : i <= j;                                      \
        T v = in ? d[i + j * ldd] : d[j + i * ldd];                            \
        s[i + j * n] = i == j ? 2 * v : v;                                     \
      }                                                                        \
  }                                                                            \
  /* x = beta x on the triangle (exactly zero when beta is). */                \
  void __ad_blas_##P##tri_scale(int32_t lower, int64_t n, T beta, T *x,        \
                                int64_t ld) {                                  \
    for (int64_t j = 0; j < n; ++j)                                            \
      for (int64_t i = lower ? j : 0; i < (lower ? n : j + 1); ++i)            \
        x[i + j * ld] = beta == 0 ? (T)0 : beta * x[i + j * ld];               \
  }                                                                            \
  /* sum of x .* y over the triangle */                                        \
  T __ad_blas_##P##tri_dot(int32_t lower, int64_t n, const T *x, int64_t ldx,  \
                           const T *y, int64_t ldy) {                          \
    T s = 0;                                                                   \
    for (int64_t j = 0; j < n; ++j)                                            \
      for (int64_t i = lower ? j : 0; i < (lower ? n : j + 1); ++i)            \
        s += x[i + j * ldx] * y[i + j * ldy];                                  \
    return s;                                                                  \
  }                                                                            \
  /* d += a x_i y_j on the triangle; vectors with BLAS increments. */          \
  void __ad_blas_##P##tri_rank1(int32_t lower, int32_t unit, int64_t n, T a,   \
                                const T *x, int64_t incx, const T *y,          \
                                int64_t incy, T *d, int64_t ldd) {             \
    const T *x0 = incx < 0 ? x - (n - 1) * incx : x;                           \
    const T *y0 = incy < 0 ? y - (n - 1) * incy : y;                           \
    for (int64_t j = 0; j < n; ++j)                                            \
      for (int64_t i = lower ? j + !!unit : 0; i < (lower ? n : j + !unit);    \
           ++i)                                                                \
        d[i + j * ldd] += a * x0[i * incx] * y0[j * incy];                     \
  }                                                                            \
  /* A symmetric matrix read from one triangle, its outer-product adjoint:     \
   * d_ij += a (x_i y_j + x_j y_i) off the diagonal, d_ii += a x_i y_i. */     \
  void __ad_blas_##P##sym_rank2(int32_t lower, int64_t n, T a, const T *x,     \
                                int64_t incx, const T *y, int64_t incy, T *d,  \
                                int64_t ldd) {                                 \
    const T *x0 = incx < 0 ? x - (n - 1) * incx : x;                           \
    const T *y0 = incy < 0 ? y - (n - 1) * incy : y;                           \
    for (int64_t j = 0; j < n; ++j)                                            \
      for (int64_t i = lower ? j : 0; i < (lower ? n : j + 1); ++i) {          \
        T v = x0[i * incx] * y0[j * incy];                                     \
        if (i != j)                                                            \
          v += x0[j * incx] * y0[i * incy];                                    \
        d[i + j * ldd] += a * v;                                               \
      }                                                                        \
  }
AD_BLAS_HELPERS(d, double)
AD_BLAS_HELPERS(s, float)
