//===- ReturningBlocks.cpp - Blocks from which a function returns ---------===//
#include "Analysis/ReturningBlocks.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace adpass {

SmallPtrSet<const BasicBlock *, 32> returningBlocks(const Function &F) {
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *, 16> Work;
  for (const BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator()))
      Work.push_back(&BB);
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (Seen.insert(BB).second)
      Work.append(pred_begin(BB), pred_end(BB));
  }
  return Seen;
}

} // namespace adpass
