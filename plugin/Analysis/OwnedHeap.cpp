//===- OwnedHeap.cpp - Blocks the differentiated code allocated -----------===//
#include "Analysis/OwnedHeap.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/LocalPointsTo.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace adpass {

bool derivedFromArguments(const Value *Ptr) {
  SmallPtrSet<const Value *, 8> Seen;
  SmallVector<const Value *, 8> Work{Ptr};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val()->stripInBoundsOffsets();
    if (!Seen.insert(V).second || isa<Argument>(V) || isNullLikePointer(V))
      continue;
    if (const auto *Phi = dyn_cast<PHINode>(V))
      Work.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
    else if (const auto *Sel = dyn_cast<SelectInst>(V))
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
    else if (const auto *L = dyn_cast<LoadInst>(V))
      Work.push_back(L->getPointerOperand());
    else
      return false;
  }
  return true;
}

bool storesPointersOnlyOnStack(const Function &F, const Function &Original) {
  for (const Instruction &I : instructions(F)) {
    if (const auto *S = dyn_cast<StoreInst>(&I)) {
      if (containsPointer(S->getValueOperand()->getType()) &&
          !isa<AllocaInst>(getUnderlyingObject(S->getPointerOperand())))
        return false;
    } else if (isa<MemTransferInst>(I) || isa<AtomicRMWInst>(I) ||
               isa<AtomicCmpXchgInst>(I)) {
      return false;
    } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
      const Function *Callee = CB->getCalledFunction();
      if (isa<MemSetInst>(CB) || isBookkeepingIntrinsic(*CB) ||
          isHeapCall(*CB) || Callee == &F || Callee == &Original)
        continue;
      if (!Callee || !Callee->isDeclaration())
        return false;
      if (!CB->onlyReadsMemory() && !CB->doesNotReturn() &&
          !isKnownInactiveFunction(Callee->getName()) &&
          !isKnownMathFunction(Callee->getName()))
        return false;
    }
  }
  return true;
}

bool pointsOnlyToOwnedBlocks(const Value *Ptr, const LocalPointsTo &PT,
                             bool ArgumentsOwned) {
  SmallPtrSet<const Value *, 16> SeenValues, SeenObjects;
  SmallVector<const Value *, 16> Work{Ptr};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!SeenValues.insert(V).second || isNullLikePointer(V))
      continue;
    if (ArgumentsOwned && derivedFromArguments(V))
      continue;
    SmallPtrSet<const Value *, 4> Objs;
    if (!PT.objects(V, Objs))
      return false;
    for (const Value *O : Objs) {
      if (!SeenObjects.insert(O).second)
        continue;
      if (isa<GlobalVariable>(O) || !PT.contentsKnown(O) ||
          !PT.copiedFrom(O).empty())
        return false;
      for (const Value *S : PT.storedPointers(O))
        Work.push_back(S);
    }
  }
  return true;
}

/// Whether \p F, or a function it calls, frees memory.
static bool mayFree(const Function &F) {
  SmallPtrSet<const Function *, 8> Seen{&F};
  SmallVector<const Function *, 8> Work{&F};
  while (!Work.empty())
    for (const Instruction &I : instructions(*Work.pop_back_val()))
      if (const auto *CB = dyn_cast<CallBase>(&I)) {
        if (isDeallocation(*CB))
          return true;
        const Function *G = CB->getCalledFunction();
        if (G && !G->isDeclaration() && Seen.size() < 64 &&
            Seen.insert(G).second)
          Work.push_back(G);
      }
  return false;
}

bool calleeReachesOnlyOwnedBlocks(const CallBase &CB,
                                  ArrayRef<ArgActivity> Args,
                                  const LocalPointsTo &PT,
                                  bool ArgumentsOwned) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || !mayFree(*Callee))
    return false;
  for (unsigned K = 0; K != CB.arg_size() && K != Args.size(); ++K)
    if (Args[K] == ArgActivity::Dup &&
        CB.getArgOperand(K)->getType()->isPointerTy() &&
        !pointsOnlyToOwnedBlocks(CB.getArgOperand(K), PT, ArgumentsOwned))
      return false;
  return true;
}

} // namespace adpass
