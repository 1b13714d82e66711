//===- OpenMpRegions.h - Parallel regions and their derivatives -*- C++ -*-===//
//
// clang outlines the body of `#pragma omp parallel` into a function (the
// microtask) that `__kmpc_fork_call` runs on every thread of a team. The
// normalization wraps each fork in a small function of its own, the region
// (`__ad_omp_region.<microtask>`, taking the fork's shared arguments), so
// that the derivative of its caller sees an ordinary call to a function
// that writes memory: the call machinery splits it like any such callee,
// and its derivatives are made here from the microtask's:
//
// - split (reverse mode): the augmented region forks the microtask's
//   augmented forward, each thread filing its tape in a per-thread table;
//   the reverse region forks the microtask's reverse over as many threads,
//   each taking the tape its thread filed. With the same threads, every
//   thread reverses exactly the iterations it ran (whatever the schedule).
// - forward mode: the tangent region forks the microtask's tangent.
//
// The microtask's derivatives are made with DerivativeRequest::Parallel:
// adjoints of memory shared between threads are added atomically.
//
// Reductions are performed under the reduction's lock before any of this
// (lockReductions): the runtime may otherwise combine the threads' private
// copies in a tree, through a function the derivative does not see.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_PARALLEL_OPENMPREGIONS_H
#define ADPASS_TRANSFORM_PARALLEL_OPENMPREGIONS_H

#include "Frontend/DerivativeRequest.h"
#include "Transform/SplitMode.h"

namespace llvm {
class Argument;
class Function;
} // namespace llvm

namespace adpass {

class DerivativeCache;
class DiagnosticSink;

/// Replaces each fork with a constant microtask in \p C by a call to its
/// region function.
void wrapParallelRegions(llvm::Function &C);
/// Turns the reductions of \p C into combinations under their lock.
void lockReductions(llvm::Function &C);

/// Whether microtask parameter \p A, the address of a shared variable, is
/// only read through and never kept (code from -O0 parks it in a local
/// slot first, and reads it back from there).
bool onlyReadThrough(const llvm::Argument &A);

/// Whether microtask parameter \p A is the address of a local of the
/// forking function that no other shared variable can point into.
bool isPrivateShared(const llvm::Argument &A);

/// Whether \p F is a region function made by wrapParallelRegions.
bool isParallelRegion(const llvm::Function &F);

/// The body of the derivative \p G of region \p Req.Fn: tangent (forward
/// mode), or augmented forward and reverse in sequence (reverse mode).
/// False after a diagnostic.
bool generateRegionDerivative(llvm::Function &G, const DerivativeRequest &Req,
                              DerivativeCache &Cache, DiagnosticSink &Diag);
/// The bodies of \p Pair, the split derivative of region \p Req.Fn.
bool generateRegionSplit(SplitPair Pair, const DerivativeRequest &Req,
                         DerivativeCache &Cache, DiagnosticSink &Diag);

} // namespace adpass

#endif
