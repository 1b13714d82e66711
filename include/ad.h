/* ADPass public API: compiler-generated derivatives for C and C++.
 *
 * Compile with `clang-19 -fplugin=libADPass.so` (or the `ad-clang` wrapper).
 * Every call to a function whose name begins with `__ad_autodiff` is replaced
 * at compile time by a call to the reverse-mode derivative of its first
 * argument (`__ad_fwddiff`: forward mode, below). See docs/user-guide.md for
 * the full description.
 *
 *   double f(double x, double *y, int n);
 *   double dx = __ad_autodiff((void *)f, x, ad_dup, y, dy, ad_const, n);
 *
 * Activity markers precede an argument and say how it is differentiated:
 *   ad_dup        next two arguments: a pointer and its shadow (same layout);
 *                 the shadow receives the adjoint (+=).
 *   ad_dupnoneed  as ad_dup, but the primal values written through the pointer
 *                 are not needed by the caller.
 *   ad_const      next argument is a constant: no derivative.
 *   ad_out        next argument is an active floating-point scalar; its
 *                 derivative is returned.
 * Defaults without a marker: floating-point scalars are ad_out, integers are
 * ad_const, pointers are ad_dup (their shadow follows).
 *
 * The call returns the derivatives of the active scalar arguments, in order: a
 * single value, or a struct of them that the caller declares, e.g.
 *   typedef struct { double dx, dy; } grad2;
 *   grad2 __ad_autodiff_2(void *, ...);
 */
#ifndef ADPASS_AD_H
#define ADPASS_AD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The entry points and the runtime do not throw, so that in C++ a gradient
 * call stays a plain call where a local with a destructor is alive. To let an
 * exception thrown by the differentiated code leave the call, declare your
 * own entry point without it, e.g. `double __ad_autodiff_throws(void *, ...);`
 * (see docs/cpp.md). */
#define AD_NOTHROW __attribute__((nothrow))

/* Activity markers. They are never defined: the plugin consumes them. */
extern int ad_dup;
extern int ad_dupnoneed;
extern int ad_const;
extern int ad_out;

/* Stands for nothing: the C++ API (ad.hpp) pads every activity to three
 * arguments with it. */
extern int ad_pad;

/* Reverse mode of a function that returns a struct or vector of
 * floating-point values in registers (up to two doubles): `ad_seed, &s`,
 * with s of the result's type, gives the seed of each of its values (the
 * gradient is that of sum_k s.k * result.k). */
extern int ad_seed;

/* `ad_runtime_activity` (Enzyme: enzyme_runtime_activity), anywhere among
 * the arguments: a pointer passed as its own shadow (`ad_dup, x, x`) is
 * treated as ad_const, decided at run time (docs/enzyme.md). */
extern int ad_runtime_activity;

/* Enzyme spellings, accepted as aliases. */
extern int enzyme_dup;
extern int enzyme_dupnoneed;
extern int enzyme_const;
extern int enzyme_out;
extern int enzyme_width;
extern int enzyme_dupv;
extern int enzyme_runtime_activity;
/* Enzyme's return markers: the call also returns f's result (first), or
 * does not differentiate it (see docs/enzyme.md). */
extern int enzyme_primal_return;
extern int enzyme_const_return;
extern int enzyme_active_return;
extern int enzyme_dup_return;
extern int enzyme_noret;
/* Enzyme's split mode (__enzyme_augmentfwd / __enzyme_reverse): where the
 * tape's address is kept, and that memory's size (docs/enzyme.md). */
extern int enzyme_tape;
extern int enzyme_allocated;

/* Marks a function as having no derivative: calls to it inside
 * differentiated code stay plain calls, whatever their arguments (logging,
 * timing, checks). Its effects on differentiated values are ignored, so use it
 * only for functions that do not influence the result. */
#define AD_INACTIVE __attribute__((annotate("ad_inactive"), noinline))
/* Marks a global variable as inactive: it has no shadow and what is read
 * from it is a constant (a cache of integers, a random generator's state, a
 * table filled before differentiation). Storing an active value into it is
 * a compile error. Enzyme's __enzyme_inactive_global and
 * __attribute__((enzyme_inactive)) on a variable are accepted too. */
#define AD_INACTIVE_GLOBAL __attribute__((annotate("ad_inactive")))
/* Marks a function as checkpointed (jax.checkpoint): its calls in a
 * gradient keep no tape; the reverse sweep computes the function again from
 * its inputs, then its derivative. Honored where running it again gives the
 * same values (it writes only through pointer arguments it does not read,
 * and nothing else writes what it reads or writes; a call in a loop must
 * not write memory); elsewhere the call is taped, with a warning saying
 * why. See docs/checkpointing.md. */
#define AD_CHECKPOINT __attribute__((annotate("ad_checkpoint"), noinline))
/* Marks a function as computing the math function `name` (a string literal
 * such as "log1p", of the same type): its calls are differentiated by that
 * function's rule, while its own results are kept (a faster implementation,
 * one from a library without a body, a wrapper). Enzyme's spelling,
 * __attribute__((enzyme_function_like("log1p"))), is accepted too. */
#define AD_FUNCTION_LIKE(name)                                                 \
  __attribute__((annotate("ad_function_like=" name), noinline))

/* Registers `rev` as the reverse derivative of `fn`, used wherever a call to
 * `fn` remains in differentiated code (a function from another translation
 * unit or a library; a function defined here should be `noinline`, or the
 * optimizer may inline it first). For `R fn(A1, ..., An)`, `rev` is
 *   void rev(A1, ..., An, [R seed,] D1, ..., Dn)
 * with `R seed` present when R is floating point, and for each floating-point
 * Ai a pointer Di to which rev adds seed * d fn / d ai, and for each pointer
 * Ai its shadow (NULL when that argument is not differentiated); integer
 * arguments get no Di. The plugin checks the signature. */
#define AD_REGISTER_REVERSE(fn, rev)                                           \
  __attribute__((used)) static void *const __ad_custom_rev_##fn[2] = {         \
      (void *)(fn), (void *)(rev)}

/* Registers an augmented forward `aug` and its reverse `rev` for `fn`: for
 * functions that write memory, or whose reverse needs values only their
 * forward computation has. For `R fn(A1, ..., An)`:
 *   void *aug(A1, ..., An, S..., [R *result])
 * does what fn does (side effects included) and returns a tape (whatever rev
 * will need), given for each pointer Ai its shadow S (NULL when that
 * argument is not differentiated) and, when R is not void, where to store
 * fn's result;
 *   void rev(A1, ..., An, [R seed,] D1, ..., Dn, void *tape)
 * is as for AD_REGISTER_REVERSE, plus the tape, which rev must release. It
 * runs in the reverse sweep, when the memory fn read may have changed: what
 * it needs of it must be in the tape. The plugin checks both signatures. */
#define AD_REGISTER_AUGMENTED(fn, aug, rev)                                    \
  __attribute__((used)) static void *const __ad_custom_aug_##fn[3] = {         \
      (void *)(fn), (void *)(aug), (void *)(rev)}

/* Registers `fwd` as the forward derivative of `fn`, used wherever a call to
 * `fn` remains in code differentiated in forward mode (__ad_fwddiff). For
 * `R fn(A1, ..., An)`, `fwd` is
 *   R' fwd(A1, ..., An, T..., [R *result])
 * given, after fn's arguments, the tangent of each floating-point Ai (0 when
 * it has none) and the shadow of each pointer Ai (NULL when that argument is
 * not differentiated; the shadow holds the tangents of what Ai points to),
 * and, when R is not void, where to store fn's result. It does what fn does
 * (side effects included, writing the tangents of what it stores into the
 * shadows) and returns the tangent of the result when R is floating point
 * (R' = R; void otherwise). The plugin checks the signature. */
#define AD_REGISTER_FORWARD(fn, fwd)                                           \
  __attribute__((used)) static void *const __ad_custom_fwd_##fn[2] = {         \
      (void *)(fn), (void *)(fwd)}

/* Reverse mode, one active scalar (or none: the result is then 0). */
AD_NOTHROW double __ad_autodiff(void *fn, ...);
/* Reverse mode with a float result. */
AD_NOTHROW float __ad_autodiff_f(void *fn, ...);

/* Common multi-result shapes. Any struct of floating-point fields works: the
 * user may declare their own `__ad_autodiff_<anything>` with it. */
typedef struct {
  double d[2];
} ad_double2;
typedef struct {
  double d[3];
} ad_double3;
typedef struct {
  double d[4];
} ad_double4;
AD_NOTHROW ad_double2 __ad_autodiff_d2(void *fn, ...);
AD_NOTHROW ad_double3 __ad_autodiff_d3(void *fn, ...);
AD_NOTHROW ad_double4 __ad_autodiff_d4(void *fn, ...);

/* Split mode: the forward sweep now, the reverse sweep later.
 *
 *   void *tape = __ad_augmentfwd((void *)f, ad_dup, x, dx, ad_const, n);
 *   ... other work; f's inputs may change ...
 *   double dy = __ad_reverse((void *)f, ad_dup, x, dx, ad_const, n, tape);
 *
 * __ad_augmentfwd runs f (with its side effects) and returns a tape holding
 * what the reverse sweep needs; `ad_result, &r` among its arguments stores
 * f's return value in r. __ad_reverse takes the same function and markers
 * (from the same translation unit), the tape last; it adds the gradient into
 * the shadows given to __ad_augmentfwd, returns the derivatives of the
 * scalar arguments like __ad_autodiff (declare `__ad_reverse_<anything>`
 * with another result type) and frees the tape. Each tape is reversed once. */
AD_NOTHROW void *__ad_augmentfwd(void *fn, ...);
AD_NOTHROW double __ad_reverse(void *fn, ...);
extern int ad_result;

/* Forward mode: the directional derivative of f's result.
 *
 *   double dy = __ad_fwddiff((void *)f, ad_dup, x, dx, ad_dup, p, dp,
 *                            ad_const, c, n);
 *
 * `ad_dup, x, dx` gives a floating-point argument x its tangent dx; for a
 * pointer p, dp holds the tangents of what p points to: f's reads through p
 * read them from dp, and f's writes through p write the tangents of what it
 * stores into dp (=, not +=). Floating-point arguments need a marker (ad_dup
 * or ad_const); pointers without one are ad_dup, integers ad_const. The
 * call returns the tangent of f's floating-point result (0 if it has none);
 * `ad_result, &r` among the arguments stores f's result in r. */
AD_NOTHROW double __ad_fwddiff(void *fn, ...);
AD_NOTHROW float __ad_fwddiff_f(void *fn, ...);

/* Vector forward mode: `ad_width, N` among the arguments of __ad_fwddiff
 * computes N directional derivatives in one call, f itself running once.
 * Each ad_dup argument is followed by N shadows (pointers) or N tangents
 * (floating-point values), one per direction; `ad_dupv, stride, p, dp`
 * gives a pointer the N shadows dp, dp + stride bytes, dp + 2 * stride
 * bytes... (e.g. the rows of a matrix of tangents). The call returns the N
 * tangents of f's result, direction after direction: declare an entry point
 * `__ad_fwddiff_<anything>` returning a struct of N doubles (ad_double2..4
 * below, or your own).
 *
 *   ad_double4 j = __ad_fwddiff_d4((void *)f, ad_width, 4,
 *                                  ad_dupv, n * sizeof(double), x, dx,
 *                                  ad_const, n);
 *   // j.d[k] = f'(x) . (row k of dx)
 *
 * Functions that call custom forward derivatives, BLAS or MPI routines or
 * contain OpenMP regions take one direction per call. See
 * docs/higher-order.md. */
extern int ad_width;
extern int ad_dupv;
AD_NOTHROW ad_double2 __ad_fwddiff_d2(void *fn, ...);
AD_NOTHROW ad_double3 __ad_fwddiff_d3(void *fn, ...);
AD_NOTHROW ad_double4 __ad_fwddiff_d4(void *fn, ...);

/* Workspace marker: `ad_workspace, ws` anywhere in a gradient call makes the
 * derivative carve its tapes from the caller-owned workspace `ws`, so that
 * repeated calls make no heap allocation in steady state. */
extern int ad_workspace;

/* Tape budget marker: `ad_tape_budget, bytes` anywhere in a gradient call
 * bounds the memory the reverse sweep keeps for the long loops of the
 * function: the outermost loop with floating-point work is reversed by
 * binomial checkpointing (snapshots of its state at a few steps, the steps
 * in between recomputed), with as many snapshots as the budget holds. The
 * gradient is the same as without a budget. See docs/checkpointing.md. */
extern int ad_tape_budget;

/* What the checkpointed loops of this thread did since the last reset. */
typedef struct {
  size_t loops;            /* checkpointed loops reversed */
  size_t forward_steps;    /* steps run by their forward sweeps */
  size_t recomputed_steps; /* steps run again by their reverse sweeps */
  size_t adjoint_steps;    /* steps reversed */
  size_t snapshots_taken;
  size_t peak_bytes;   /* most memory held: snapshots, state, step tapes */
  int budget_exceeded; /* a budget below two snapshots and a step's tape */
  /* The loop with the most steps: */
  size_t steps;
  size_t slots; /* the snapshots its budget allowed */
  size_t longest_recomputed_steps;
} ad_checkpoint_stats_t;
AD_NOTHROW ad_checkpoint_stats_t ad_checkpoint_stats(void);
AD_NOTHROW void ad_checkpoint_reset_stats(void);
/* The fewest steps Griewank's binomial schedule recomputes to reverse
 * `steps` steps with `snapshots` snapshots (the first sweep included). */
AD_NOTHROW size_t ad_checkpoint_optimal_recomputations(size_t steps,
                                                       size_t snapshots);

/* Runtime: shadows the caller preallocates once and reuses, and workspaces.
 * Linked automatically into programs compiled with the plugin; code compiled
 * without it can link libADRuntime.a. */
AD_NOTHROW void *ad_shadow_alloc(size_t bytes); /* zero-initialized */
AD_NOTHROW void ad_shadow_zero(void *shadow, size_t bytes);
/* Grows or shrinks a shadow like realloc: the first min(old_bytes,
 * new_bytes) bytes are kept, the grown part is zeroed. */
AD_NOTHROW void *ad_shadow_realloc(void *shadow, size_t old_bytes,
                                   size_t new_bytes);
AD_NOTHROW void ad_shadow_free(void *shadow);

typedef struct ad_workspace_s ad_workspace_t;
typedef struct {
  size_t heap_allocations; /* tapes that did not fit and went to the heap */
  size_t heap_bytes;       /* their total size */
  size_t peak_bytes;       /* most of the workspace ever in use */
} ad_workspace_stats_t;
/* A workspace that owns its buffer, or one over the user's buffer. */
AD_NOTHROW ad_workspace_t *ad_workspace_create(size_t bytes);
AD_NOTHROW ad_workspace_t *ad_workspace_wrap(void *buffer, size_t bytes);
AD_NOTHROW void ad_workspace_destroy(ad_workspace_t *ws);
AD_NOTHROW ad_workspace_stats_t ad_workspace_stats(const ad_workspace_t *ws);
AD_NOTHROW void ad_workspace_reset_stats(ad_workspace_t *ws);

/* Without a workspace, the tape blocks gradients free are kept (the four
 * largest, per thread) for the next calls, which then allocate nothing.
 * This frees the calling thread's kept blocks now (they are freed anyway
 * when the thread exits). */
AD_NOTHROW void ad_release_tapes(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ADPASS_AD_H */
