//===- CallTangents.cpp - Tangents of calls that are not inlined ----------===//
#include "Transform/CallTangents.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/OwnedHeap.h"
#include "Rules/RuleTable.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/DerivativeCache.h"
#include "Transform/ForwardMode.h"
#include "Transform/TangentMap.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

void CallTangents::error(const Instruction *I, const Twine &Msg) {
  Diag.error(User, I, "in '" + User.getName() + "': " + Msg);
}

bool CallTangents::emit(const CallBase &CB) {
  if (!isDifferentiableCall(CB))
    return false;
  bool Needed =
      AA.isActive(&CB) || AA.touchesShadowedGlobal(CB) ||
      any_of(CB.args(), [&](const Value *A) {
        return A->getType()->isPointerTy() ? AA.hasShadow(A) : AA.isActive(A);
      });
  if (!Needed)
    return true; // the primal call stays
  const Function &Callee = *CB.getCalledFunction();
  auto *Fwd = cast<CallBase>(VMap.lookup(&CB));
  Type *RT = CB.getType();
  if (hasCustomForward(Callee) && AA.isActive(&CB) &&
      !RT->isFloatingPointTy()) {
    error(&CB, "'" + Callee.getName() +
                   "' returns floating-point values in a vector or struct; "
                   "AD_REGISTER_FORWARD supports a scalar result: return the "
                   "values through a pointer instead");
    return true;
  }
  if (hasCustomForward(Callee))
    emitCustom(CB, *Fwd);
  else if (Callee.isDeclaration())
    error(&CB, "call to '" + Callee.getName() +
                   "' on an active path has only a reverse derivative; "
                   "forward mode needs its body or a forward derivative "
                   "registered with AD_REGISTER_FORWARD (ad.h)");
  else
    emitCallee(CB, *Fwd);
  return true;
}

void CallTangents::emitCallee(const CallBase &CB, CallBase &Fwd) {
  DerivativeRequest Req;
  Req.Fn = CB.getCalledFunction();
  bool ShadowResult = CB.getType()->isPointerTy() && AA.hasShadow(&CB);
  for (const Value *A : CB.args()) {
    Type *T = A->getType();
    // (null, which the callee may return, has a null shadow)
    bool Dup = T->isPointerTy()
                   ? AA.hasShadow(A) || (ShadowResult && isNullLikePointer(A))
                   : T->isFPOrFPVectorTy() && AA.isActive(A);
    Req.Args.push_back(Dup ? ArgActivity::Dup : ArgActivity::Const);
  }
  Req.ReturnActive = isDifferentiableType(CB.getType()) && AA.isActive(&CB);
  Req.Nested = true;
  Req.Mode = DiffMode::Forward;
  Req.ErrorEstimate = ErrorEstimate;
  Req.ReturnShadow = ShadowResult;
  // (a free of the caller's blocks frees their shadows at once)
  Req.OwnedHeap = calleeReachesOnlyOwnedBlocks(
      CB, Req.Args, AA.pointsTo(),
      ArgumentsOwned && storesPointersOnlyOnStack(*CB.getFunction(), User));
  Function *T = Cache.get(Req, Diag);
  if (!T)
    return;
  IRBuilder<> IRB(&Fwd);
  SmallVector<Value *, 8> Args;
  for (unsigned K = 0; K != CB.arg_size(); ++K) {
    const Value *A = CB.getArgOperand(K);
    Args.push_back(Fwd.getArgOperand(K));
    if (Req.Args[K] == ArgActivity::Dup)
      Args.push_back(A->getType()->isPointerTy() ? Shadows.shadowInForward(A)
                                                 : Tangents.get(A));
  }
  CallInst *Call = createCallWithABI(IRB, T, Args);
  if (Req.ReturnShadow) {
    Fwd.replaceAllUsesWith(IRB.CreateExtractValue(Call, 0));
    Shadows.setCallShadow(CB, IRB.CreateExtractValue(Call, 1, "ad.call.shadow"),
                          IRB);
  } else if (returnsTangent(*CB.getCalledFunction())) {
    Fwd.replaceAllUsesWith(IRB.CreateExtractValue(Call, 0));
    Tangents.set(&CB, IRB.CreateExtractValue(Call, 1, "ad.call.tangent"));
  } else if (!CB.getType()->isVoidTy()) {
    Fwd.replaceAllUsesWith(Call);
  }
  Fwd.eraseFromParent();
}

void CallTangents::emitCustom(const CallBase &CB, CallBase &Fwd) {
  const Function &Callee = *CB.getCalledFunction();
  Function *Custom = Callee.getParent()->getFunction(
      Callee.getFnAttribute(CustomForwardAttr).getValueAsString());
  if (!Custom)
    return;
  IRBuilder<> IRB(&Fwd);
  SmallVector<Value *, 8> Args(Fwd.args());
  for (const Value *A : CB.args()) {
    Type *T = A->getType();
    if (T->isFloatingPointTy())
      Args.push_back(Tangents.get(A));
    else if (T->isPointerTy())
      Args.push_back(AA.hasShadow(A)
                         ? Shadows.shadowInForward(A)
                         : ConstantPointerNull::get(IRB.getPtrTy()));
  }
  AllocaInst *Result = nullptr;
  if (!CB.getType()->isVoidTy()) {
    Result = Shadows.stackTemporary(CB.getType(), "ad.custom.result");
    Args.push_back(Result);
  }
  CallInst *Call = createCallWithABI(IRB, Custom, Args);
  if (CB.getType()->isFloatingPointTy())
    Tangents.set(&CB, Call);
  if (Result)
    Fwd.replaceAllUsesWith(IRB.CreateLoad(CB.getType(), Result));
  Fwd.eraseFromParent();
}

} // namespace adpass
