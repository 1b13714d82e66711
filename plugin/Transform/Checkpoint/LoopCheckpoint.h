//===- LoopCheckpoint.h - Loops reversed from snapshots ---------*- C++ -*-===//
//
// A gradient with a tape budget (`ad_tape_budget, bytes`) does not tape the
// long loops of its function: each outermost loop with floating-point work
// is outlined into a step function (one iteration) over a context block
// (the values carried between iterations, the inputs, the results, the trip
// count and the memory regions the loop touches). The loop becomes a call
// whose derivative the checkpointing runtime (runtime/ADCheckpoint.c)
// provides: the forward sweep runs the steps and keeps snapshots of the
// context and the regions; the reverse sweep reverses the steps with the
// step's own gradient, recomputing from the snapshots. A loop that cannot
// be outlined is taped as usual, with a warning.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_CHECKPOINT_LOOPCHECKPOINT_H
#define ADPASS_TRANSFORM_CHECKPOINT_LOOPCHECKPOINT_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

class DerivativeCache;
class DiagnosticSink;

/// Checkpoints the outermost loops of \p P, the normalized clone of \p User
/// that a gradient with a tape budget differentiates; \p Activities are its
/// arguments' (pointers into ad_const memory reach the steps apart, without
/// shadow).
void checkpointLoops(llvm::Function &P, const llvm::Function &User,
                     llvm::ArrayRef<ArgActivity> Activities,
                     llvm::FunctionAnalysisManager &FAM, DerivativeCache &Cache,
                     DiagnosticSink &Diag);

} // namespace adpass

#endif
