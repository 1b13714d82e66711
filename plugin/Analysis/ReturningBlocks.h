//===- ReturningBlocks.h - Blocks from which a function returns -*- C++ -*-===//
//
// A block from which no return can be reached lies on a path that throws or
// aborts: nothing there influences a gradient the derivative returns, and
// there is no reverse sweep to wait for.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_RETURNINGBLOCKS_H
#define ADPASS_ANALYSIS_RETURNINGBLOCKS_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace adpass {

/// The blocks of \p F from which \p F can return.
llvm::SmallPtrSet<const llvm::BasicBlock *, 32>
returningBlocks(const llvm::Function &F);

} // namespace adpass

#endif
