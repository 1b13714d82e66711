//===- NestCount.h - Iterations of each loop per nest run -------*- C++ -*-===//
//
// The tapes of all loops of a nest can share one allocation made at the
// outermost preheader when, for each of them, the number of header runs per
// execution of the nest is known there, exactly (an estimate could overflow
// a tape, or make it absurdly large). NestCount is that number as a recipe
// over values available at the outermost preheader: planned on the primal
// with ScalarEvolution, evaluated on the gradient's copy.
//
// For a loop L with parent P (entries(outermost) = 1, count(outermost) =
// its trip count):
//
//  - L runs a fixed number of iterations per entry and is entered in every
//    (body) iteration of P when its Guards hold:
//      entries(L) = Guards ? count(P) [- entries(P)] : 0
//      count(L)   = entries(L) == 0 ? 0 : entries(L) * Trips
//    (P's own exit test in its header, at -O0, leaves one header run per
//    execution of P without a body: the bracketed term.)
//
//  - L's trip count is f(k) = Trips + TripsStep * k in P's iteration k, or L
//    is entered only in the iterations where D(k) = Window + WindowStep * k
//    is positive (a triangular nest: the test of the inner loop's guard).
//    P must run the same iterations k = 0 .. T-1 in each execution; the
//    iterations that enter L are an interval [lo, hi) and
//      count(L) = entries'(P) * sum(f(k), lo <= k < hi)
//    with entries'(P) = Guards ? entries(P) : 0.
//
// f is only ever evaluated at iterations that enter L: an inner trip count
// expanded before its loop's guard may be garbage (even poison) otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_NESTCOUNT_H
#define ADPASS_TRANSFORM_NESTCOUNT_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <cstdint>
#include <utility>

namespace llvm {
class DominatorTree;
class Loop;
class SCEVExpander;
class ScalarEvolution;
} // namespace llvm

namespace adpass {

struct LoopPlan;

/// The recipe (primal values at the outermost preheader).
struct NestCount {
  llvm::Value *Trips = nullptr; ///< header runs per entry (in P's iteration 0)
  int64_t TripsStep = 0;
  /// Loop-invariant branch conditions on the way from P's header to L's
  /// preheader, with the value that leads to L.
  llvm::SmallVector<std::pair<llvm::Value *, bool>, 2> Guards;
  bool AfterHeaderExit = false;  ///< P exits from its header
  llvm::Value *Window = nullptr; ///< D(0), when L is entered while D(k) > 0
  int64_t WindowStep = 0;
  /// Whether the same number of header runs follows each entry.
  bool fixedTrips() const { return !TripsStep && !Window; }
};

/// Plans the NestCount of each loop of the nest of \p Outer whose count can
/// be known at its preheader, expanding what it needs there. \p Plans must
/// hold the trip counts at the preheaders.
void planNestCounts(llvm::Loop &Outer, llvm::ScalarEvolution &SE,
                    llvm::DominatorTree &DT, llvm::SCEVExpander &Exp,
                    llvm::DenseMap<const llvm::Loop *, LoopPlan> &Plans);

/// Emits the recipes on the gradient, where \p VMap maps primal values.
class NestCountEmitter {
public:
  NestCountEmitter(const llvm::DenseMap<const llvm::Loop *, LoopPlan> &Plans,
                   llvm::ValueToValueMapTy &VMap)
      : Plans(Plans), VMap(VMap) {}

  /// Runs of L's header per execution of its nest (L has a NestCount), at
  /// \p IRB, which must be at the outermost preheader.
  llvm::Value *count(const llvm::Loop *L, llvm::IRBuilder<> &IRB) {
    return get(L, IRB).second;
  }

private:
  /// Entries of L and runs of its header.
  std::pair<llvm::Value *, llvm::Value *> get(const llvm::Loop *L,
                                              llvm::IRBuilder<> &IRB);
  std::pair<llvm::Value *, llvm::Value *>
  perIteration(const NestCount &N, const NestCount &Parent, llvm::Value *Enters,
               llvm::Value *ParentEntries, llvm::IRBuilder<> &IRB);
  llvm::Value *frozen(llvm::Value *PrimalV, llvm::IRBuilder<> &IRB);

  const llvm::DenseMap<const llvm::Loop *, LoopPlan> &Plans;
  llvm::ValueToValueMapTy &VMap;
  llvm::DenseMap<const llvm::Loop *, std::pair<llvm::Value *, llvm::Value *>>
      Done;
};

} // namespace adpass

#endif
