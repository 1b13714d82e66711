//===- LoopPlans.h - Trip counts known before loops run ---------*- C++ -*-===//
//
// Planning happens on the primal, where ScalarEvolution is available: trip
// counts are expanded into preheaders before the gradient clones the primal,
// and the tapes (Tape.h) use the clones.
//
// Two facts per loop L:
//  - its trip count at its own preheader (for the reverse sweep's indices
//    and the size of L's own tape);
//  - how many times L's header runs per execution of L's whole nest, known
//    at the outermost preheader (NestCount.h), so that the tapes of all
//    loops of a nest can share one allocation made there.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LOOPPLANS_H
#define ADPASS_TRANSFORM_LOOPPLANS_H

#include "Transform/NestCount.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace llvm {
class DominatorTree;
class Function;
class Loop;
class LoopInfo;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace adpass {

/// What is known of a loop's trip count (primal values).
struct LoopPlan {
  llvm::Value *Trips = nullptr;  ///< header runs per entry, at L's preheader
  llvm::Value *Hint = nullptr;   ///< header runs per nest run, at L's preheader
  std::optional<NestCount> Nest; ///< at the outermost preheader
};
using LoopPlans = llvm::DenseMap<const llvm::Loop *, LoopPlan>;

/// Expands the trip counts SCEV can compute into the primal's preheaders.
LoopPlans planLoops(llvm::Function &Primal, llvm::LoopInfo &LI,
                    llvm::ScalarEvolution &SE, llvm::DominatorTree &DT);

} // namespace adpass

#endif
