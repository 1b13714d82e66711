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

/// The stacksave that scopes \p AI: the nearest one executed before it
/// (its restores release AI; those of outer scopes release it only through
/// that one).
static IntrinsicInst *scopeOf(AllocaInst &AI, const DominatorTree &DT) {
  for (DomTreeNode *N = DT.getNode(AI.getParent()); N; N = N->getIDom()) {
    BasicBlock *BB = N->getBlock();
    auto It = BB == AI.getParent() ? AI.getIterator() : BB->end();
    while (It != BB->begin()) {
      auto *II = dyn_cast<IntrinsicInst>(&*--It);
      if (II && II->getIntrinsicID() == Intrinsic::stacksave)
        return II;
    }
  }
  return nullptr;
}

/// The dynamic alloca \p AI as a malloc'ed block, freed where the primal
/// releases it: before each stackrestore of its scope that it dominates, or,
/// without a scope, before each return (the frees are deferred to the
/// reverse sweep like any other). False if it cannot be placed so.
static bool moveToHeap(AllocaInst &AI, ArrayRef<IntrinsicInst *> Restores,
                       const DominatorTree &DT, bool InLoop) {
  Function &F = *AI.getFunction();
  SmallVector<Instruction *, 4> Releases;
  if (IntrinsicInst *Scope = scopeOf(AI, DT)) {
    for (IntrinsicInst *R : Restores)
      if (R->getArgOperand(0) == Scope && DT.dominates(&AI, R))
        Releases.push_back(R);
  } else if (!InLoop) {
    for (BasicBlock &BB : F)
      if (isa<ReturnInst>(BB.getTerminator()) &&
          DT.dominates(&AI, BB.getTerminator()))
        Releases.push_back(BB.getTerminator());
  }
  if (Releases.empty())
    return false;
  Module &M = *F.getParent();
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
  for (Instruction *R : Releases)
    CallInst::Create(Free, {Block}, "", R->getIterator());
  return true;
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
    for (AllocaInst *AI : Dynamic) {
      bool InLoop = LI.getLoopFor(AI->getParent());
      if ((ToHeap || InLoop) && AI->getAlign().value() <= MallocAlign &&
          !AI->getAllocatedType()->isScalableTy())
        moveToHeap(*AI, Restores, DT, InLoop);
    }
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
