//===- StackLifetimes.cpp - Stack memory the reverse sweep reads ----------===//
#include "Transform/StackLifetimes.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// malloc's guaranteed alignment on the targets ADPass runs on.
static constexpr uint64_t MallocAlign = 16;

/// The dynamic alloca \p AI as a malloc'ed block, freed before each
/// stackrestore in \p Restores that it dominates (the primal's release
/// points; the free is deferred to the reverse sweep like any other).
static void moveToHeap(AllocaInst &AI, ArrayRef<IntrinsicInst *> Restores,
                       const DominatorTree &DT) {
  Module &M = *AI.getModule();
  const DataLayout &DL = M.getDataLayout();
  IRBuilder<> B(&AI);
  Type *I64 = B.getInt64Ty();
  FunctionCallee Malloc = M.getOrInsertFunction("malloc", B.getPtrTy(), I64);
  FunctionCallee Free =
      M.getOrInsertFunction("free", B.getVoidTy(), B.getPtrTy());
  Value *Count = B.CreateZExtOrTrunc(AI.getArraySize(), I64);
  Value *Bytes = B.CreateMul(
      Count, B.getInt64(DL.getTypeAllocSize(AI.getAllocatedType())), "",
      /*HasNUW=*/true);
  CallInst *Block = B.CreateCall(Malloc, {Bytes});
  Block->takeName(&AI);
  Block->setDebugLoc(AI.getDebugLoc());
  AI.replaceAllUsesWith(Block);
  AI.eraseFromParent();
  for (IntrinsicInst *R : Restores)
    if (DT.dominates(Block, R))
      CallInst::Create(Free, {Block}, "", R->getIterator());
}

void extendStackLifetimes(Function &F, bool ToHeap) {
  SmallVector<IntrinsicInst *, 4> Restores, Dead;
  SmallVector<AllocaInst *, 4> Dynamic;
  for (Instruction &I : instructions(F)) {
    if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (II->getIntrinsicID() == Intrinsic::stackrestore)
        Restores.push_back(II);
      else if (II->isLifetimeStartOrEnd())
        Dead.push_back(II);
    } else if (auto *AI = dyn_cast<AllocaInst>(&I);
               AI && !AI->isStaticAlloca()) {
      Dynamic.push_back(AI);
    }
  }
  if (!Dynamic.empty()) {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (AllocaInst *AI : Dynamic)
      if ((ToHeap || LI.getLoopFor(AI->getParent())) &&
          AI->getAlign().value() <= MallocAlign &&
          !AI->getAllocatedType()->isScalableTy())
        moveToHeap(*AI, Restores, DT);
  }
  // Without its restores, a stacksave is dead.
  for (IntrinsicInst *R : Restores) {
    auto *Save = dyn_cast<IntrinsicInst>(R->getArgOperand(0));
    R->eraseFromParent();
    if (Save && Save->getIntrinsicID() == Intrinsic::stacksave &&
        Save->use_empty())
      Save->eraseFromParent();
  }
  for (IntrinsicInst *II : Dead)
    II->eraseFromParent();
}

} // namespace adpass
