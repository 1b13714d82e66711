//===- CallAdjoints.cpp - Reverse of calls that are not inlined -----------===//
#include "Transform/CallAdjoints.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/DerivativeCache.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// Whether something in the caller other than \p CB itself may write the
/// memory \p Ptr points into (the reverse sweep would see it changed).
static bool writtenBesides(const CallBase &CB, const Value *Ptr) {
  const Value *Obj = getUnderlyingObject(Ptr);
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj); GV && GV->isConstant())
    return false;
  for (const Instruction &I : instructions(*CB.getFunction())) {
    if (&I == &CB)
      continue;
    const Value *Dest = nullptr;
    if (const auto *S = dyn_cast<StoreInst>(&I))
      Dest = S->getPointerOperand();
    else if (const auto *MI = dyn_cast<MemIntrinsic>(&I))
      Dest = MI->getDest();
    else if (const auto *Other = dyn_cast<CallBase>(&I)) {
      const Function *Callee = Other->getCalledFunction();
      bool Harmless =
          Other->onlyReadsMemory() ||
          (Callee && (isKnownMathFunction(Callee->getName()) ||
                      isKnownInactiveFunction(Callee->getName()) ||
                      (!Callee->isDeclaration() && !writesMemory(*Callee))));
      if (Harmless || isa<IntrinsicInst>(Other))
        continue;
      // Assumed to write only through its pointer arguments, unless the
      // memory is a global it could name itself.
      if (isa<GlobalVariable>(Obj))
        return true;
      for (const Value *A : Other->args())
        if (A->getType()->isPointerTy() &&
            mayShareMemory(getUnderlyingObject(A), Obj))
          return true;
      continue;
    }
    if (Dest && mayShareMemory(getUnderlyingObject(Dest), Obj))
      return true;
  }
  return false;
}

void CallAdjoints::error(const Instruction *I, const Twine &Msg) {
  Diag.error(User, I, "in '" + User.getName() + "': " + Msg);
}

bool CallAdjoints::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || !isDifferentiableCall(*CB))
    return false;
  bool Needed =
      AA.isActive(CB) || any_of(CB->args(), [&](const Value *A) {
        return A->getType()->isPointerTy() ? AA.hasShadow(A) : AA.isActive(A);
      });
  if (!Needed)
    return true; // an inactive call: its reverse is nothing
  Function *Callee = CB->getCalledFunction();
  if (Callee->hasFnAttribute(CustomReverseAttr)) {
    StringRef RevName =
        Callee->getFnAttribute(CustomReverseAttr).getValueAsString();
    // It runs in the reverse sweep: what it reads must still be there.
    for (const Value *A : CB->args())
      if (A->getType()->isPointerTy() && writtenBesides(*CB, A)) {
        error(CB, "the reverse derivative registered for '" +
                      Callee->getName() +
                      "' runs in the reverse sweep, "
                      "where memory it reads has been overwritten by '" +
                      User.getName() + "'; copy that memory before writing it");
        return true;
      }
    if (Function *Rev = Callee->getParent()->getFunction(RevName))
      emitCustom(*CB, *Rev, IRB);
    return true;
  }
  emitCalleeGradient(*CB, IRB);
  return true;
}

void CallAdjoints::emitCustom(CallBase &CB, Function &Rev, IRBuilder<> &IRB) {
  SmallVector<Value *, 8> Args;
  for (Value *A : CB.args())
    Args.push_back(Adj.primalInReverse(A, IRB));
  if (CB.getType()->isFloatingPointTy())
    Args.push_back(Adj.takeAdjoint(&CB, IRB));
  SmallVector<std::pair<Value *, AllocaInst *>, 4> Outs;
  for (Value *A : CB.args()) {
    Type *T = A->getType();
    if (T->isFloatingPointTy()) {
      AllocaInst *Tmp = Adj.stackTemporary(T, "ad.custom.d");
      IRB.CreateStore(ConstantFP::get(T, 0.0), Tmp);
      Outs.push_back({A, Tmp});
      Args.push_back(Tmp);
    } else if (T->isPointerTy()) {
      Args.push_back(AA.hasShadow(A)
                         ? Adj.shadowInReverse(A, IRB)
                         : ConstantPointerNull::get(IRB.getPtrTy()));
    }
  }
  CallInst *Call = IRB.CreateCall(&Rev, Args);
  Adj.adoptLocation(Call, &CB);
  for (auto &[A, Tmp] : Outs)
    Adj.addAdjoint(A, IRB.CreateLoad(A->getType(), Tmp), IRB);
}

void CallAdjoints::emitCalleeGradient(CallBase &CB, IRBuilder<> &IRB) {
  Function *Callee = CB.getCalledFunction();
  // The callee's gradient runs its primal again in the reverse sweep: it
  // must find the same inputs there, and must not write anything.
  if (writesMemory(*Callee)) {
    error(&CB, "'" + Callee->getName() +
                   "' is called without being inlined (recursive, or too "
                   "deep to inline) and writes memory, which is not "
                   "supported yet; register a reverse derivative for it "
                   "(AD_REGISTER_REVERSE)");
    return;
  }
  for (const Value *A : CB.args())
    if (A->getType()->isPointerTy() && writtenBesides(CB, A)) {
      error(&CB, "'" + Callee->getName() +
                     "' is called without being inlined and reads memory "
                     "that '" +
                     User.getName() + "' writes; this is not supported yet");
      return;
    }

  DerivativeRequest Req;
  Req.Fn = Callee;
  for (const Value *A : CB.args()) {
    Type *T = A->getType();
    if (T->isFloatingPointTy() && AA.isActive(A))
      Req.Args.push_back(ArgActivity::Out);
    else if (T->isPointerTy() && AA.hasShadow(A))
      Req.Args.push_back(ArgActivity::Dup);
    else
      Req.Args.push_back(ArgActivity::Const);
  }
  Req.ReturnActive = CB.getType()->isFloatingPointTy() && AA.isActive(&CB);
  Req.SeedParam = Req.ReturnActive;
  Function *G = Cache.get(Req, Diag);
  if (!G)
    return;

  SmallVector<Value *, 8> Args;
  for (unsigned K = 0; K != CB.arg_size(); ++K) {
    Value *A = CB.getArgOperand(K);
    Args.push_back(Adj.primalInReverse(A, IRB));
    if (Req.Args[K] == ArgActivity::Dup)
      Args.push_back(Adj.shadowInReverse(A, IRB));
  }
  if (Req.SeedParam)
    Args.push_back(Adj.takeAdjoint(&CB, IRB));
  CallInst *Result = IRB.CreateCall(G, Args);
  Adj.adoptLocation(Result, &CB);
  unsigned Out = 0;
  bool Several = Result->getType()->isStructTy();
  for (unsigned K = 0; K != CB.arg_size(); ++K)
    if (Req.Args[K] == ArgActivity::Out)
      Adj.addAdjoint(CB.getArgOperand(K),
                     Several ? IRB.CreateExtractValue(Result, Out++) : Result,
                     IRB);
}

} // namespace adpass
