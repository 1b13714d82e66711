/* ADPass runtime: binomial checkpointing of a loop in the reverse sweep.
 *
 * The plugin outlines a checkpointed loop's iteration into a step function
 * over a context block (the values carried from one iteration to the next,
 * the loop-invariant inputs, the results) and computes, before the loop,
 * the memory regions the iterations write. The snapshot of the loop's
 * state at an iteration is then the context block and those regions.
 *
 * The forward sweep runs every step and keeps snapshots where the schedule
 * says; the reverse sweep reverses the steps from last to first, each from
 * a snapshot and a few recomputed steps, with Griewank's binomial schedule
 * ("Revolve") inside the segments between kept snapshots. With an unknown
 * trip count (a while loop) the forward sweep keeps snapshots at a stride
 * that doubles whenever the slots fill up. */
#include "ad.h"

#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A step reads the loop's state and inputs from ctx, and the inputs that
 * point into ad_const memory from consts (which has no shadow). */
typedef int (*ad_step_fn)(void *ctx, void *consts);
typedef void (*ad_step_adjoint_fn)(void *ctx, void *dctx, void *consts);

/* The context block starts with the trip count (-1: unknown) and the
 * regions' table; the plugin lays it out so. */
typedef struct {
  void *base;
  int64_t bytes;
} ad_region_t;

typedef struct {
  int64_t pos; /* the step the snapshot was taken before */
  char *data;
} ad_slot_t;

typedef struct {
  ad_step_fn step;
  ad_step_adjoint_fn adjoint;
  char *ctx;
  void *consts;
  size_t ctx_bytes, snap_bytes;
  ad_region_t *regions;
  size_t nregions;
  int64_t steps;     /* steps the loop took */
  size_t recomputed; /* steps its reverse sweep ran again */
  size_t slots;      /* snapshots the budget allows */
  ad_slot_t *kept;   /* the forward sweep's snapshots, in step order */
  size_t nkept, capacity;
  char *final_state; /* memory as the forward sweep left it */
  const char *where;
} ad_ckpt_t;

static __thread size_t budget_bytes;
static __thread ad_checkpoint_stats_t stats;
static __thread size_t live_bytes; /* snapshots held now */

/* Tape bytes on the heap (ADRuntime.c): a step's reverse sweep allocates
 * its own tape, which counts against the budget. */
extern __thread long __ad_heap_tape_live, __ad_heap_tape_peak;

void __ad_set_tape_budget(size_t bytes) { budget_bytes = bytes; }

ad_checkpoint_stats_t ad_checkpoint_stats(void) { return stats; }

void ad_checkpoint_reset_stats(void) { memset(&stats, 0, sizeof stats); }

static size_t heap_tape(long bytes) { return bytes > 0 ? (size_t)bytes : 0; }

static void note_peak(void) {
  size_t now = live_bytes + heap_tape(__ad_heap_tape_live);
  if (now > stats.peak_bytes)
    stats.peak_bytes = now;
}

static char *take_memory(size_t bytes) {
  char *p = (char *)malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "ADPass: out of memory for a checkpoint (%zu bytes)\n",
            bytes);
    abort();
  }
  live_bytes += bytes;
  note_peak();
  return p;
}

static void give_memory(char *p, size_t bytes) {
  free(p);
  live_bytes -= bytes;
}

static void save(const ad_ckpt_t *c, char *to) {
  memcpy(to, c->ctx, c->ctx_bytes);
  to += c->ctx_bytes;
  for (size_t k = 0; k != c->nregions; ++k) {
    if (c->regions[k].bytes <= 0)
      continue;
    memcpy(to, c->regions[k].base, (size_t)c->regions[k].bytes);
    to += c->regions[k].bytes;
  }
}

static void restore(const ad_ckpt_t *c, const char *from) {
  /* The regions' table is part of the block: it does not change. */
  memcpy(c->ctx, from, c->ctx_bytes);
  from += c->ctx_bytes;
  for (size_t k = 0; k != c->nregions; ++k) {
    if (c->regions[k].bytes <= 0)
      continue;
    memcpy(c->regions[k].base, from, (size_t)c->regions[k].bytes);
    from += c->regions[k].bytes;
  }
}

/* ---- The binomial schedule --------------------------------------------- */

/* C(c + r, c), saturated: the most steps that c snapshots reverse with
 * every step recomputed at most r times. */
static uint64_t beta(uint64_t c, uint64_t r) {
  double b = 1;
  for (uint64_t k = 1; k <= c; ++k) {
    b = b * (double)(r + k) / (double)k;
    if (b > 1e18)
      return (uint64_t)1e18;
  }
  return (uint64_t)(b + 0.5);
}

/* Where to take the next snapshot in a segment of l >= 2 steps that starts
 * at a snapshot, with c snapshots in all (that one included, c >= 2): the
 * steps after it are reversed with c - 1 snapshots, those before with c and
 * one repetition fewer. */
static int64_t binomial_split(int64_t l, uint64_t c) {
  uint64_t r = 0;
  while (beta(c, r) < (uint64_t)l)
    ++r;
  int64_t m = l - (int64_t)beta(c - 1, r);
  if (m < 1)
    m = 1;
  if (m > l - 1)
    m = l - 1;
  return m;
}

/* Forward steps Griewank's schedule recomputes to reverse l steps with c
 * snapshots (the first at the start), the forward sweep included: the
 * optimum. */
size_t ad_checkpoint_optimal_recomputations(size_t l, size_t c) {
  if (l <= 1)
    return 0;
  if (c == 0)
    c = 1;
  uint64_t r = 0;
  while (beta(c, r) < l)
    ++r;
  return r * l - beta(c + 1, r - 1);
}

static void advance(ad_ckpt_t *c, int64_t n) {
  for (int64_t k = 0; k != n; ++k)
    c->step(c->ctx, c->consts);
  c->recomputed += (size_t)n;
}

/* A step's own tape, as measured the last time this loop was reversed on
 * this thread: the next forward sweep plans its snapshots around it. */
typedef struct {
  ad_step_fn step;
  size_t bytes;
} ad_step_tape_t;
static __thread ad_step_tape_t step_tapes[8];

static size_t *step_tape_of(ad_step_fn step) {
  for (int k = 0; k != 8; ++k)
    if (step_tapes[k].step == step)
      return &step_tapes[k].bytes;
  for (int k = 0; k != 8; ++k)
    if (!step_tapes[k].step) {
      step_tapes[k].step = step;
      return &step_tapes[k].bytes;
    }
  step_tapes[0].step = step;
  step_tapes[0].bytes = 0;
  return &step_tapes[0].bytes;
}

static void adjoint_step(ad_ckpt_t *c, void *dctx) {
  long before = __ad_heap_tape_live;
  __ad_heap_tape_peak = before;
  c->adjoint(c->ctx, dctx, c->consts);
  size_t *tape = step_tape_of(c->step);
  if (__ad_heap_tape_peak - before > (long)*tape)
    *tape = (size_t)(__ad_heap_tape_peak - before);
  size_t most = live_bytes + heap_tape(__ad_heap_tape_peak);
  if (most > stats.peak_bytes)
    stats.peak_bytes = most;
  stats.adjoint_steps++;
}

/* Reverses steps [a, b), the state before step a being in `from`, with
 * `free_slots` more snapshots to use. */
static void reverse_segment(ad_ckpt_t *c, void *dctx, int64_t a, int64_t b,
                            const char *from, size_t free_slots) {
  while (b > a) {
    if (b - a == 1 || free_slots == 0) {
      for (int64_t j = b - 1; j >= a; --j) {
        restore(c, from);
        advance(c, j - a);
        adjoint_step(c, dctx);
      }
      return;
    }
    int64_t m = a + binomial_split(b - a, free_slots + 1);
    restore(c, from);
    advance(c, m - a);
    char *mid = take_memory(c->snap_bytes);
    save(c, mid);
    stats.snapshots_taken++;
    reverse_segment(c, dctx, m, b, mid, free_slots - 1);
    give_memory(mid, c->snap_bytes);
    b = m;
  }
}

/* ---- The entry points the generated code calls -------------------------- */

static size_t region_bytes(const ad_region_t *r, size_t n) {
  size_t s = 0;
  for (size_t k = 0; k != n; ++k)
    if (r[k].bytes > 0)
      s += (size_t)r[k].bytes;
  return s;
}

static void keep(ad_ckpt_t *c, int64_t pos) {
  if (c->nkept == c->capacity) {
    c->capacity = c->capacity ? 2 * c->capacity : 64;
    c->kept = (ad_slot_t *)realloc(c->kept, c->capacity * sizeof *c->kept);
  }
  ad_slot_t *s = &c->kept[c->nkept++];
  s->pos = pos;
  s->data = take_memory(c->snap_bytes);
  save(c, s->data);
  stats.snapshots_taken++;
}

/* The online schedule's slots are full: keep every other snapshot. */
static void thin(ad_ckpt_t *c) {
  size_t n = 0;
  for (size_t k = 0; k != c->nkept; ++k) {
    if (k % 2 == 0)
      c->kept[n++] = c->kept[k];
    else
      give_memory(c->kept[k].data, c->snap_bytes);
  }
  c->nkept = n;
}

/* Runs the loop (every step, as the primal does) and keeps the snapshots
 * of the schedule; returns what the reverse sweep needs. */
void *__ad_checkpoint_forward(void *ctx, size_t ctx_bytes, const void *consts,
                              size_t consts_bytes, size_t nregions,
                              ad_step_fn step, ad_step_adjoint_fn adjoint,
                              const char *where) {
  ad_ckpt_t *c = (ad_ckpt_t *)calloc(1, sizeof *c);
  /* The block of ad_const pointers lives in the caller's frame, gone when
   * the reverse sweep runs: kept here. */
  c->consts = malloc(consts_bytes ? consts_bytes : 1);
  memcpy(c->consts, consts, consts_bytes);
  c->step = step;
  c->adjoint = adjoint;
  c->ctx = (char *)ctx;
  c->ctx_bytes = ctx_bytes;
  c->regions = (ad_region_t *)((char *)ctx + sizeof(int64_t));
  c->nregions = nregions;
  c->where = where;
  c->snap_bytes = ctx_bytes + region_bytes(c->regions, nregions);
  int64_t trip = *(int64_t *)ctx;
  /* The budget holds the snapshots, the final state and one step's tape
   * (as measured last time; two snapshots' worth the first time). */
  size_t budget = budget_bytes > live_bytes ? budget_bytes - live_bytes : 0;
  size_t tape = *step_tape_of(step);
  if (!tape)
    tape = 2 * c->snap_bytes;
  size_t fit = budget > tape ? (budget - tape) / c->snap_bytes : 0;
  c->slots = fit > 1 ? fit - 1 : 1;
  if (fit < 2) {
    if (!stats.budget_exceeded)
      fprintf(stderr,
              "ADPass: the tape budget (%zu bytes) is smaller than two "
              "snapshots of the loop at %s (%zu bytes each) and a step's "
              "tape; it is exceeded\n",
              budget, where, c->snap_bytes);
    stats.budget_exceeded = 1;
  }
  if (trip > 0 && (size_t)trip < c->slots)
    c->slots = (size_t)trip;
  c->final_state = take_memory(c->snap_bytes);
  stats.loops++;

  /* The known trip count: the snapshots down the schedule's first path. */
  int64_t next = 0, stride = 1;
  int64_t pos = 0;
  for (;;) {
    if (trip > 0) {
      if (pos == next && c->nkept < c->slots) {
        keep(c, pos);
        size_t free_slots = c->slots - c->nkept;
        next = trip - pos >= 2 && free_slots > 0
                   ? pos + binomial_split(trip - pos, free_slots + 1)
                   : -1;
      }
    } else if (pos % stride == 0) {
      if (c->nkept == c->slots && c->slots > 1) {
        thin(c);
        stride *= 2;
      }
      if (pos % stride == 0 && c->nkept < c->slots)
        keep(c, pos);
    }
    stats.forward_steps++;
    ++pos;
    if (!step(ctx, c->consts))
      break;
  }
  c->steps = pos;
  return c;
}

/* Reverses the loop: its adjoints are added into dctx (the context's
 * shadow) and the memory the loop wrote. The primal memory is left as the
 * forward sweep left it. */
void __ad_checkpoint_reverse(void *handle, void *dctx) {
  ad_ckpt_t *c = (ad_ckpt_t *)handle;
  save(c, c->final_state);
  size_t used = c->nkept;
  for (size_t k = c->nkept; k-- > 0;) {
    int64_t end = k + 1 < c->nkept ? c->kept[k + 1].pos : c->steps;
    --used;
    reverse_segment(c, dctx, c->kept[k].pos, end, c->kept[k].data,
                    c->slots - used - 1);
    give_memory(c->kept[k].data, c->snap_bytes);
  }
  restore(c, c->final_state);
  give_memory(c->final_state, c->snap_bytes);
  stats.recomputed_steps += c->recomputed;
  if ((size_t)c->steps >= stats.steps) {
    stats.steps = (size_t)c->steps;
    stats.slots = c->slots;
    stats.longest_recomputed_steps = c->recomputed;
  }
  if (getenv("ADPASS_CHECKPOINT_REPORT"))
    fprintf(stderr,
            "ADPass: checkpointed loop at %s: %lld steps, %zu snapshots of "
            "%zu bytes, %zu steps recomputed (%.2f per step)\n",
            c->where, (long long)c->steps, c->slots, c->snap_bytes,
            c->recomputed,
            c->steps ? (double)c->recomputed / (double)c->steps : 0);
  free(c->kept);
  free(c->consts);
  free(c);
}
