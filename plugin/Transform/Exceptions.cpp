//===- Exceptions.cpp - Invokes in differentiated code --------------------===//
#include "Transform/Exceptions.h"

#include "Support/Diagnostics.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace adpass {

static constexpr const char *CaughtKind = "ad.caught";

/// Whether the landing pad of \p II may enter a handler (a catch or a filter
/// clause), not only run cleanups.
static bool catches(const InvokeInst &II) {
  const LandingPadInst *LP = II.getLandingPadInst();
  if (!LP)
    return true; // another EH model: assume the worst
  for (unsigned K = 0; K != LP->getNumClauses(); ++K)
    if (LP->isCatch(K) || LP->isFilter(K))
      return true;
  return false;
}

void dropUnwindEdges(Function &C) {
  SmallVector<InvokeInst *, 4> Invokes;
  for (BasicBlock &B : C)
    if (auto *II = dyn_cast<InvokeInst>(B.getTerminator()))
      Invokes.push_back(II);
  for (InvokeInst *II : Invokes) {
    bool Caught = catches(*II);
    CallInst *Call = changeToCall(II);
    if (Caught)
      Call->setMetadata(CaughtKind, MDNode::get(C.getContext(), {}));
  }
}

void guardCaughtCalls(Function &G, const Function &Primal) {
  SmallVector<CallInst *, 4> Marked;
  for (Instruction &I : instructions(G))
    if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->getMetadata(CaughtKind))
      Marked.push_back(CI);
  if (Marked.empty() || !Primal.hasPersonalityFn())
    return;
  G.setPersonalityFn(Primal.getPersonalityFn());
  LLVMContext &Ctx = G.getContext();
  for (CallInst *CI : Marked) {
    CI->setMetadata(CaughtKind, nullptr);
    if (CI->doesNotThrow())
      continue;
    BasicBlock *Pad = BasicBlock::Create(Ctx, "ad.caught", &G);
    IRBuilder<> B(Pad);
    B.SetCurrentDebugLocation(CI->getDebugLoc());
    LandingPadInst *LP = B.CreateLandingPad(
        StructType::get(Ctx, {B.getPtrTy(), B.getInt32Ty()}), 1);
    LP->addClause(ConstantPointerNull::get(B.getPtrTy())); // catch (...)
    emitRuntimeRefusal(B, "__ad_exception_caught", *CI, Primal.getName(),
                       "ad.catch.site");
    changeToInvokeAndSplitBasicBlock(CI, Pad);
  }
}

} // namespace adpass
