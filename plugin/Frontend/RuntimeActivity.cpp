//===- RuntimeActivity.cpp - Enzyme's enzyme_runtime_activity -------------===//
#include "Frontend/RuntimeActivity.h"

#include "Frontend/DerivativeRequest.h"
#include "Frontend/Markers.h"
#include "Support/Diagnostics.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// More pointers would multiply the derivatives generated (one per subset).
static constexpr unsigned MaxRuntimePointers = 4;

bool hasRuntimeActivity(const CallBase &CB) {
  return any_of(CB.args(),
                [](const Use &U) { return isRuntimeActivityMarker(U.get()); });
}

namespace {

/// A pointer argument with its shadow: the call's arguments [Begin, End)
/// (marker, primal, shadow; or primal, shadow without a marker).
struct DupPointer {
  unsigned Begin, End;
  Value *Primal, *Shadow;
};

/// Reads the call's arguments the way CallParsing binds them, far enough to
/// find the pointers passed with a shadow. Returns an error message.
std::optional<std::string> findDupPointers(const CallBase &CB, bool Forward,
                                           SmallVectorImpl<DupPointer> &Out) {
  unsigned First =
      CB.arg_size() > 0 && CB.paramHasAttr(0, Attribute::StructRet);
  Function *Fn =
      CB.arg_size() > First ? namedFunction(CB.getArgOperand(First)) : nullptr;
  if (!Fn)
    return std::string("the first argument must be a function");
  unsigned Param =
      Fn->arg_size() > 0 && Fn->hasParamAttribute(0, Attribute::StructRet);
  for (unsigned K = First + 1; K < CB.arg_size() && Param < Fn->arg_size();) {
    Value *V = CB.getArgOperand(K);
    if (isRuntimeActivityMarker(V) || isPadMarker(V) ||
        returnMarkerOf(V) != ReturnMarker::None) {
      ++K;
      continue;
    }
    if (isWidthMarker(V) || isDupvMarker(V))
      return std::string("enzyme_runtime_activity cannot be combined with "
                         "vector mode (enzyme_width, enzyme_dupv) yet");
    if (isSeedMarker(V) || isResultMarker(V) || isWorkspaceMarker(V) ||
        isTapeBudgetMarker(V)) {
      K += 2;
      continue;
    }
    unsigned Begin = K;
    std::optional<ArgActivity> Act = markerOf(V);
    if (Act)
      ++K;
    Type *PT = Fn->getArg(Param++)->getType();
    if (!Act)
      Act = PT->isPointerTy()                    ? ArgActivity::Dup
            : PT->isFloatingPointTy() && Forward ? ArgActivity::Dup
            : PT->isFloatingPointTy()            ? ArgActivity::Out
                                                 : ArgActivity::Const;
    bool Shadowed = *Act == ArgActivity::Dup || *Act == ArgActivity::DupNoNeed;
    if (Shadowed && PT->isPointerTy() && K + 1 < CB.arg_size())
      Out.push_back(
          {Begin, K + 2, CB.getArgOperand(K), CB.getArgOperand(K + 1)});
    K += Shadowed ? 2 : 1;
  }
  if (Out.size() > MaxRuntimePointers)
    return ("enzyme_runtime_activity is supported for up to " +
            Twine(MaxRuntimePointers) +
            " pointers passed with a shadow; this "
            "call passes " +
            Twine(Out.size()))
        .str();
  return std::nullopt;
}

/// CB's arguments without the marker, with the pointers whose bit is set
/// in \p Mask passed as `enzyme_const`.
SmallVector<Value *, 16> variantArguments(CallBase &CB,
                                          ArrayRef<DupPointer> Dups,
                                          unsigned Mask, Value *ConstMarker) {
  SmallVector<Value *, 16> Args;
  unsigned Next = 0;
  for (unsigned K = 0; K < CB.arg_size();) {
    if (Next < Dups.size() && K == Dups[Next].Begin) {
      const DupPointer &D = Dups[Next++];
      if (Mask & (1u << (Next - 1))) {
        Args.push_back(ConstMarker);
        Args.push_back(D.Primal);
        K = D.End;
        continue;
      }
    }
    Value *V = CB.getArgOperand(K++);
    if (!isRuntimeActivityMarker(V))
      Args.push_back(V);
  }
  return Args;
}

} // namespace

SmallVector<CallBase *, 8> dispatchRuntimeActivity(CallBase &CB, bool Forward,
                                                   DiagnosticSink &Diag) {
  auto Fail = [&](const Twine &Msg) {
    Diag.error(*CB.getFunction(), &CB,
               CB.getCalledOperand()->getName() + ": " + Msg);
    return SmallVector<CallBase *, 8>();
  };
  SmallVector<DupPointer, 4> Dups;
  if (auto Err = findDupPointers(CB, Forward, Dups))
    return Fail(*Err);

  Module &M = *CB.getModule();
  IRBuilder<> IRB(&CB);
  IRB.SetCurrentDebugLocation(CB.getDebugLoc());
  Type *I32 = IRB.getInt32Ty();
  Value *ConstMarker =
      Dups.empty()
          ? nullptr
          : IRB.CreateLoad(I32, M.getOrInsertGlobal("enzyme_const", I32));
  // Which pointers are their own shadow, as bits.
  Value *Which = IRB.getInt32(0);
  for (unsigned K = 0; K != Dups.size(); ++K) {
    Value *Same = IRB.CreateICmpEQ(Dups[K].Primal, Dups[K].Shadow);
    Which = IRB.CreateOr(Which, IRB.CreateShl(IRB.CreateZExt(Same, I32), K));
  }

  // BB: ..., switch on Which | Case[m]: the call for subset m | Join.
  BasicBlock *BB = CB.getParent();
  auto *II = dyn_cast<InvokeInst>(&CB);
  BasicBlock *Join =
      II ? BasicBlock::Create(M.getContext(), "ad.runtime.join",
                              BB->getParent(), II->getNormalDest())
         : BB->splitBasicBlock(CB.getIterator(), "ad.runtime.join");
  if (!II)
    BB->getTerminator()->eraseFromParent();
  unsigned Cases = 1u << Dups.size();
  SmallVector<CallBase *, 8> Made;
  PHINode *Result = nullptr;
  if (!CB.getType()->isVoidTy())
    Result = PHINode::Create(CB.getType(), Cases, "ad.runtime.result",
                             Join->begin());
  SmallVector<OperandBundleDef, 1> Bundles;
  CB.getOperandBundlesAsDefs(Bundles);
  SwitchInst *Switch = nullptr;
  for (unsigned Mask = 0; Mask != Cases; ++Mask) {
    BasicBlock *Case = BasicBlock::Create(M.getContext(), "ad.runtime.case",
                                          BB->getParent(), Join);
    SmallVector<Value *, 16> Args =
        variantArguments(CB, Dups, Mask, ConstMarker);
    CallBase *Call;
    if (II) {
      Call =
          InvokeInst::Create(CB.getFunctionType(), CB.getCalledOperand(), Join,
                             II->getUnwindDest(), Args, Bundles, "", Case);
      for (PHINode &P : II->getUnwindDest()->phis())
        P.addIncoming(P.getIncomingValueForBlock(BB), Case);
    } else {
      Call = CallInst::Create(CB.getFunctionType(), CB.getCalledOperand(), Args,
                              Bundles, "", Case);
      BranchInst::Create(Join, Case);
    }
    // Only the sret of the result keeps its attribute: arguments moved.
    if (CB.arg_size() > 0 && CB.paramHasAttr(0, Attribute::StructRet))
      Call->addParamAttr(0, CB.getParamAttr(0, Attribute::StructRet));
    Call->setCallingConv(CB.getCallingConv());
    Call->setDebugLoc(CB.getDebugLoc());
    if (Result)
      Result->addIncoming(Call, Case);
    Made.push_back(Call);
    if (!Switch)
      Switch = SwitchInst::Create(Which, Case, Cases - 1, BB);
    else
      Switch->addCase(IRB.getInt32(Mask), Case);
  }
  if (II) {
    BasicBlock *Normal = II->getNormalDest();
    BranchInst::Create(Normal, Join);
    for (PHINode &P : Normal->phis())
      P.replaceIncomingBlockWith(BB, Join);
    II->getUnwindDest()->removePredecessor(BB);
  }
  if (Result)
    CB.replaceAllUsesWith(Result);
  SmallVector<Value *, 16> Args(CB.args());
  CB.eraseFromParent();
  // The runtime-activity marker's load, which no call reads now.
  eraseDeadMarkerLoads(Args);
  return Made;
}

} // namespace adpass
