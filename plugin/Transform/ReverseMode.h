//===- ReverseMode.h - Combined forward + reverse sweep --------*- C++ -*-===//
//
// Generates the gradient function of a normalized primal: the primal body
// (forward sweep), then, where it returned, the reverse sweep, which visits
// the blocks backwards and accumulates adjoints. The gradient function takes
// the primal arguments, each ad_dup one followed by its shadow, and returns
// the derivatives of the ad_out arguments (one value, a struct, or void).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_REVERSEMODE_H
#define ADPASS_TRANSFORM_REVERSEMODE_H

#include "Frontend/DerivativeRequest.h"
#include "Transform/Tape.h"

#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <vector>

namespace llvm {
class Function;
class Type;
} // namespace llvm

namespace adpass {

class ActivityAnalysis;
class CacheAnalysis;
class DerivativeCache;
class DiagnosticSink;

/// What a derivative cost, for the optimization remark.
struct GradientStats {
  unsigned PrimalInstructions = 0;
  unsigned Active = 0;     ///< instructions with an adjoint
  unsigned Taped = 0;      ///< values kept per loop iteration
  unsigned Recomputed = 0; ///< values recomputed in the reverse sweep
  /// The forward-sweep copies of the primal's instructions: those the
  /// cleanup deletes are primal work the derivative did not need.
  std::vector<llvm::WeakVH> ForwardCopies;
};

/// The primal's part of the stats: its size, its active instructions and
/// their copies (through \p VMap) in the derivative.
GradientStats primalStats(const llvm::Function &P, const ActivityAnalysis &AA,
                          const llvm::ValueToValueMapTy &VMap);

/// The type of the gradient of \p Fn under \p Req: Fn's parameters, each
/// ad_dup one followed by its shadow, then the seed of the result (callees),
/// then the workspace; it returns the ad_out derivatives (one value, a
/// struct, or void).
llvm::FunctionType *gradientFunctionType(const llvm::Function &Fn,
                                         const DerivativeRequest &Req);

/// Fills \p G, a function of gradientFunctionType(), with the gradient of
/// \p Primal (a normalized private clone of \p UserFn). Returns false,
/// leaving G empty, after reporting through \p Diag when some active
/// construct cannot be differentiated. \p Cache provides the derivatives of
/// callees. With \p PrimalCopies, G is the scalar derivative that vector
/// mode splits into \p Lanes directions afterwards.
bool generateGradient(
    llvm::Function &G, llvm::Function &Primal, const llvm::Function &UserFn,
    const DerivativeRequest &Req, const ActivityAnalysis &AA, CacheAnalysis &CA,
    LoopPlans Plans, DerivativeCache &Cache, DiagnosticSink &Diag,
    GradientStats &Stats,
    llvm::SmallVectorImpl<llvm::WeakVH> *PrimalCopies = nullptr,
    unsigned Lanes = 1);

} // namespace adpass

#endif
