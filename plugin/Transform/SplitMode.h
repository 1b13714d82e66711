//===- SplitMode.h - Augmented forward and reverse as two functions -*- C++
//-*-//
//
// Split mode cuts a gradient in two where its forward sweep ends. The
// augmented forward runs the primal, side effects included, and returns with
// the primal result a tape: every value its reverse sweep reads. The reverse
// takes the tape, runs the reverse sweep and frees the tape.
//
// The gradient is generated as in combined mode, with a split point (an
// opaque call) where the sweeps meet, and cleaned up; then the blocks after
// the split point move to the reverse function, the values crossing it are
// stored in the tape, and stack memory the reverse sweep still reaches moves
// to the heap, since the augmented forward's frame is gone by then.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_SPLITMODE_H
#define ADPASS_TRANSFORM_SPLITMODE_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/IR/IRBuilder.h"

namespace adpass {

class DiagnosticSink;

struct SplitPair {
  llvm::Function *Aug = nullptr; ///< (args, shadows) -> tape [, result]
  llvm::Function *Rev = nullptr; ///< (tape [, seed]) -> ad_out derivatives
};

/// The augmented forward of \p Fn: its parameters, each ad_dup one followed
/// by its shadow; returns the tape, or {tape, result} when Fn returns
/// something.
llvm::FunctionType *augmentedFunctionType(const llvm::Function &Fn,
                                          const DerivativeRequest &Req);
/// The reverse of \p Fn: the tape, then the result's seed when it is a
/// parameter; returns what the combined gradient returns.
llvm::FunctionType *reverseFunctionType(const llvm::Function &Fn,
                                        const DerivativeRequest &Req);

/// Ends the forward sweep at \p IRB's position; \p PrimalResult (or null)
/// is what the augmented forward returns with the tape, and
/// \p ResultShadow (or null) the shadow of a pointer result after it.
/// Returns the value the reverse sweep reads the seed \p Seed (or null)
/// through: an opaque call after the point, so that the cleanup cannot move
/// arithmetic on the seed into the forward sweep, where the seed does not
/// exist.
llvm::Value *emitSplitPoint(llvm::IRBuilder<> &IRB, llvm::Value *PrimalResult,
                            llvm::Value *Seed,
                            llvm::Value *ResultShadow = nullptr);

/// Moves the body of \p G, a cleaned-up gradient of gradientFunctionType()
/// with one split point, into \p Pair's functions, leaving G empty. Returns
/// false after a diagnostic.
bool splitGradient(llvm::Function &G, SplitPair Pair,
                   const DerivativeRequest &Req, DiagnosticSink &Diag);

} // namespace adpass

#endif
