//===- CarriedPointers.h - Pointers a checkpointed loop carries -*- C++ -*-===//
//
// A checkpointed loop's step reads the values carried from one iteration
// to the next from a context block, and their shadows from the block's
// shadow. The reverse sweep restores the primal block from snapshots, but
// the shadow block is one for all steps: a carried pointer whose value
// changes between iterations (buffers swapped at each time step) would be
// paired with another step's shadow. Such pointers are carried as the
// index of the buffer they hold instead (an integer, which has no shadow),
// and each use selects the buffer, and its shadow, again.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_CHECKPOINT_CARRIEDPOINTERS_H
#define ADPASS_TRANSFORM_CHECKPOINT_CARRIEDPOINTERS_H

#include "llvm/ADT/SetVector.h"

#include <string>

namespace llvm {
class BasicBlock;
class Instruction;
class Loop;
class Value;
} // namespace llvm

namespace adpass {

/// Buffers a pointer may be chosen among (two for a swap, three for a
/// three-level time scheme, a few more when results are also carried).
constexpr unsigned MaxBuffers = 6;

/// Adds to \p Sources the values defined before \p L that \p V may be,
/// through the phis and selects of L (added to \p Through); false if any
/// other instruction of L makes it (a pointer advanced by arithmetic), or
/// when more than MaxBuffers sources.
bool loopInvariantSources(llvm::Value *V, const llvm::Loop &L,
                          llvm::SetVector<llvm::Value *> &Sources,
                          llvm::SetVector<llvm::Instruction *> &Through);

/// Rewrites the pointers \p L carries (its header's pointer phis), and the
/// pointers it leaves through the phis of \p Exit, as indices of the
/// pointers known before the loop they may hold. Empty when done; else why
/// not, and nothing was changed.
std::string carryPointersAsIndices(llvm::Loop &L, llvm::BasicBlock &Exit);

} // namespace adpass

#endif
