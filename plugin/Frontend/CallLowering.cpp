//===- CallLowering.cpp - From __ad_* calls to derivative calls -----------===//
//
// Replaces each `__ad_autodiff*(fn, [marker] arg, ...)` call, once parsed
// (CallParsing.cpp), with a call to the derivative, converting the result
// to whatever the caller's declaration and the C ABI made of it (a scalar, a
// struct in registers, a packed vector, or a hidden sret pointer); and
// drives the lowering of a module: inner derivatives first, invokes kept.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CallLowering.h"
#include "Frontend/CallLowerer.h"

#include "Analysis/ActivityAnalysis.h"
#include "Frontend/EnzymeBatch.h"
#include "Frontend/EnzymeEntries.h"
#include "Frontend/EnzymeRegistrations.h"
#include "Frontend/Markers.h"
#include "Frontend/NestingOrder.h"
#include "Frontend/ResultPlacement.h"
#include "Frontend/RuntimeActivity.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"
#include "Support/RuntimeLinker.h"
#include "Transform/DerivativeCache.h"
#include "Transform/ForwardMode.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace adpass {

static std::optional<EntryKind> entryKind(StringRef Name) {
  static const std::pair<StringRef, EntryKind> Prefixes[] = {
      {"__ad_autodiff", EntryKind::Gradient},
      {"__enzyme_autodiff", EntryKind::Gradient},
      {"__ad_augmentfwd", EntryKind::Augment},
      {"__ad_reverse", EntryKind::Reverse},
      {"__enzyme_augmentfwd", EntryKind::Augment},
      {"__enzyme_reverse", EntryKind::Reverse},
      {"__ad_fwddiff", EntryKind::Forward},
      {"__enzyme_fwddiff", EntryKind::Forward},
      {"__enzyme_error_estimate", EntryKind::Forward}};
  for (auto &[Prefix, Kind] : Prefixes)
    if (Name.starts_with(Prefix) ||
        (Name.starts_with("_Z") && Name.contains(Prefix)))
      return Kind;
  return std::nullopt;
}

bool CallLowerer::run() {
  if (!parse())
    return false;
  IRBuilder<> IRB(&CB);
  IRB.SetCurrentDebugLocation(CB.getDebugLoc());
  Value *Call = emitCall(IRB);
  if (!Call)
    return false;
  Emitted = cast<CallInst>(Call);
  // The markers' loads die with the call.
  SmallVector<Value *, 16> Args(CB.args());
  CB.eraseFromParent();
  eraseDeadMarkerLoads(Args);
  return true;
}

/// \p Call, after its derivatives replaced CB's result; null (and Call
/// gone) when they do not fit it.
Value *CallLowerer::resultOf(CallInst *Call, IRBuilder<> &IRB) {
  if (emitResult(Call, IRB))
    return Call;
  // emitResult may have started reading it.
  Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
  Call->eraseFromParent();
  return nullptr;
}

/// The derivative call, with the caller's result in place of CB's; null
/// after a diagnostic.
Value *CallLowerer::emitCall(IRBuilder<> &IRB) {
  if (Kind == EntryKind::Forward) {
    Function *T = Cache.get(Req, Diag);
    if (!T)
      return nullptr;
    CallInst *Call = createCallWithABI(IRB, T, GradArgs);
    Value *Tangent = nullptr, *Primal = Call;
    if (returnsTangent(*Req.Fn)) {
      Primal = IRB.CreateExtractValue(Call, 0);
      Tangent = IRB.CreateExtractValue(Call, 1);
    } else if (SRetFnTy) {
      Primal = IRB.CreateLoad(SRetFnTy, SRetSlot, "ad.result");
      Tangent = IRB.CreateLoad(SRetFnTy, SRetShadow, "ad.tangent");
    }
    if (ResultPtr)
      IRB.CreateStore(Primal, ResultPtr);
    // What the call returns: the tangent (Enzyme's and ADPass's default),
    // the result and its tangent (enzyme_primal_return), the result alone
    // (with enzyme_const_return), or nothing.
    Value *Returned = ConstReturn ? nullptr : Tangent;
    if (PrimalReturn) {
      Returned = Primal;
      if (!ConstReturn) {
        Value *Both = PoisonValue::get(
            StructType::get(Primal->getType(), Tangent->getType()));
        Both = IRB.CreateInsertValue(Both, Primal, 0);
        Returned = IRB.CreateInsertValue(Both, Tangent, 1);
      }
    }
    if (emitResult(Returned, IRB))
      return Call;
    Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
    Call->eraseFromParent();
    return nullptr;
  }
  if (Kind == EntryKind::Gradient && PrimalReturn) {
    // The result and the derivatives: the split pair, run back to back.
    SplitPair Pair = Cache.getSplit(Req, Diag);
    if (!Pair.Aug)
      return nullptr;
    CallInst *Aug = createCallWithABI(IRB, Pair.Aug, GradArgs);
    CallInst *Rev = createCallWithABI(
        IRB, Pair.Rev, {IRB.CreateExtractValue(Aug, 0, "ad.tape")});
    SmallVector<Value *, 4> Values{IRB.CreateExtractValue(Aug, 1)};
    if (auto *ST = dyn_cast<StructType>(Rev->getType()))
      for (unsigned K = 0; K != ST->getNumElements(); ++K)
        Values.push_back(IRB.CreateExtractValue(Rev, K));
    else if (!Rev->getType()->isVoidTy())
      Values.push_back(Rev);
    SmallVector<Type *, 4> Types;
    for (Value *V : Values)
      Types.push_back(V->getType());
    Value *All = PoisonValue::get(StructType::get(CB.getContext(), Types));
    for (unsigned K = 0; K != Values.size(); ++K)
      All = IRB.CreateInsertValue(All, Values[K], K);
    if (emitResult(All, IRB))
      return Rev;
    return nullptr; // the calls stay, unused: the module has an error
  }
  if (Kind == EntryKind::Gradient) {
    Function *G = Cache.get(Req, Diag);
    if (!G)
      return nullptr;
    if (Budget) // the checkpointing runtime reads it (ADCheckpoint.c)
      IRB.CreateCall(CB.getModule()->getOrInsertFunction("__ad_set_tape_budget",
                                                         IRB.getVoidTy(),
                                                         IRB.getInt64Ty()),
                     IRB.CreateZExtOrTrunc(Budget, IRB.getInt64Ty()));
    return resultOf(createCallWithABI(IRB, G, GradArgs), IRB);
  }
  // One tape layout per request: a reverse without its augmented forward
  // here could only be given a tape of another layout.
  if (Kind == EntryKind::Reverse && !Cache.hasSplit(Req)) {
    error(Twine("no ") +
          (enzymeSplit() ? "__enzyme_augmentfwd" : "__ad_augmentfwd") +
          " of '" + Req.Fn->getName() +
          "' with the same markers in this translation unit; the tape must "
          "come from one");
    return nullptr;
  }
  SplitPair Pair = Cache.getSplit(Req, Diag);
  if (!Pair.Aug)
    return nullptr;
  if (Kind == EntryKind::Reverse) {
    SmallVector<Value *, 2> Args{Tape};
    if (TapeMarkers.Slot)
      Args[0] = IRB.CreateLoad(IRB.getPtrTy(), TapeMarkers.Slot, "ad.tape");
    if (DiffRet)
      Args.push_back(DiffRet);
    return resultOf(createCallWithABI(IRB, Pair.Rev, Args), IRB);
  }
  if (enzymeSplit())
    return emitEnzymeAugment(createCallWithABI(IRB, Pair.Aug, GradArgs), IRB);
  if (!CB.getType()->isPointerTy()) {
    error("must be declared to return a pointer (the tape), as in ad.h");
    return nullptr;
  }
  CallInst *Call = createCallWithABI(IRB, Pair.Aug, GradArgs);
  Value *TapeV = Call;
  if (Call->getType()->isStructTy()) {
    TapeV = IRB.CreateExtractValue(Call, 0);
    if (ResultPtr)
      IRB.CreateStore(IRB.CreateExtractValue(Call, 1), ResultPtr);
  }
  CB.replaceAllUsesWith(TapeV);
  return Call;
}

/// What __enzyme_augmentfwd returns, in the caller's type: the tape's
/// address (unless `enzyme_tape, p` stores it at p), then f's result (unless
/// f returns nothing or `enzyme_noret`).
Value *CallLowerer::emitEnzymeAugment(CallInst *Call, IRBuilder<> &IRB) {
  Value *TapeV = Call, *Result = nullptr;
  if (Call->getType()->isStructTy()) {
    TapeV = IRB.CreateExtractValue(Call, 0);
    Result = IRB.CreateExtractValue(Call, 1);
    if (ResultPtr)
      IRB.CreateStore(Result, ResultPtr);
  }
  SmallVector<Value *, 2> Values;
  if (TapeMarkers.Slot)
    IRB.CreateStore(TapeV, TapeMarkers.Slot);
  else
    Values.push_back(TapeV);
  if (Result && !NoRet)
    Values.push_back(Result);
  uint64_t Need = placeByLayout(CB, SRet, SRetTy, Values, IRB);
  if (!Need)
    return Call;
  error("the call's result type " + typeName(SRet ? SRetTy : CB.getType()) +
        " is smaller than the " + Twine(Need) + " bytes it returns (" +
        (TapeMarkers.Slot ? "" : "the tape's address, then ") + "the " +
        "result of '" + Req.Fn->getName() +
        "'); declare a struct of them, e.g. struct { void *tape; double "
        "result; }, or pass enzyme_noret");
  Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
  Call->eraseFromParent();
  return nullptr;
}

/// Puts the derivatives \p Grad (a value, a struct of them, or null for
/// none) where the caller expects CB's result.
bool CallLowerer::emitResult(Value *Grad, IRBuilder<> &IRB) {
  Type *Dest = SRet ? SRetTy : CB.getType();
  ResultFit Fit = placeResult(CB, SRet, SRetTy, Grad, IRB);
  if (Fit.Problem == ResultProblem::NotFloat) {
    error("the call's result type " + typeName(Dest) +
          " must hold only floating-point values");
    return false;
  }
  if (Fit.Problem != ResultProblem::Count)
    return true;
  if (Kind == EntryKind::Forward)
    error("the call's result type " + typeName(Dest) + " holds " +
          Twine(Fit.Slots) + " values but it returns " + Twine(Fit.Values) +
          " (the tangent of the result of '" + Req.Fn->getName() + "'" +
          (PrimalReturn ? ", after the result" : "") + ")");
  else
    error("the call's result type " + typeName(Dest) + " holds " +
          Twine(Fit.Slots) + " values but '" + Req.Fn->getName() + "' has " +
          Twine(Fit.Values) + " active scalar arguments");
  return false;
}

/// Lowers an entry point called as an invoke (C++: a local with a
/// destructor is alive in the caller) as a call, then makes the derivative
/// call the invoke, with the same unwind destination: what reads its result
/// follows on the normal path.
static void lowerInvoke(InvokeInst &II, EntryKind Kind, DerivativeCache &Cache,
                        DiagnosticSink &Diag) {
  BasicBlock *BB = II.getParent();
  BasicBlock *Normal = II.getNormalDest(), *Unwind = II.getUnwindDest();
  SmallVector<Value *, 8> Args(II.args());
  SmallVector<OperandBundleDef, 1> Bundles;
  II.getOperandBundlesAsDefs(Bundles);
  CallInst *Call = CallInst::Create(II.getFunctionType(), II.getCalledOperand(),
                                    Args, Bundles, "", II.getIterator());
  Call->setAttributes(II.getAttributes());
  Call->setCallingConv(II.getCallingConv());
  Call->setDebugLoc(II.getDebugLoc());
  II.replaceAllUsesWith(Call);
  CallLowerer Lowerer(*Call, Kind, Cache, Diag);
  if (!Lowerer.run()) {
    Call->replaceAllUsesWith(&II);
    Call->eraseFromParent();
    return;
  }
  // BB: ..., Deriv | Tail: reading the result, II; then Deriv becomes the
  // invoke, whose normal destination is Tail.
  BasicBlock *Tail =
      changeToInvokeAndSplitBasicBlock(Lowerer.derivativeCall(), Unwind);
  // The unwind edge now leaves BB; the normal one still leaves Tail.
  for (PHINode &P : Unwind->phis())
    P.addIncoming(P.getIncomingValueForBlock(Tail), BB);
  Unwind->removePredecessor(Tail);
  II.eraseFromParent();
  BranchInst::Create(Normal, Tail);
  // The marker loads only II read (the lowering dropped those of its call).
  eraseDeadMarkerLoads(Args);
}

bool protectDerivativeCalls(Module &M) {
  bool Found = false;
  for (Function &F : M)
    if (F.isDeclaration() && entryKind(F.getName())) {
      F.addFnAttr(Attribute::NoMerge);
      Found = true;
    }
  return Found;
}

bool isDerivativeEntry(StringRef Name) { return entryKind(Name).has_value(); }

/// Replaces each call passing `enzyme_runtime_activity` in \p Calls with the
/// calls of its dispatch (Frontend/RuntimeActivity).
static void dispatchRuntimeActivities(
    SmallVectorImpl<std::pair<CallBase *, EntryKind>> &Calls) {
  SmallVector<std::pair<CallBase *, EntryKind>, 8> Out;
  for (auto [CB, Kind] : Calls) {
    if (!hasRuntimeActivity(*CB)) {
      Out.push_back({CB, Kind});
      continue;
    }
    DiagnosticSink Diag;
    if (Kind == EntryKind::Augment || Kind == EntryKind::Reverse) {
      Diag.error(*CB->getFunction(), CB,
                 CB->getCalledOperand()->getName() +
                     ": enzyme_runtime_activity is supported in "
                     "__enzyme_autodiff and __enzyme_fwddiff, not in split "
                     "mode");
      continue;
    }
    for (CallBase *Made :
         dispatchRuntimeActivity(*CB, Kind == EntryKind::Forward, Diag))
      Out.push_back({Made, Kind});
  }
  Calls.assign(Out.begin(), Out.end());
}

/// Whether \p CB calls entry point \p F with arguments ADPass can read: F's
/// fixed parameters first. The call may be through a cast of F to another
/// result type or parameter list (it is then lowered by its own type, and
/// is no longer a call of a function of that type: the lowering names F
/// from the called operand). Otherwise it is refused, located.
static bool matchesDeclaration(CallBase &CB, Function &F) {
  FunctionType *Want = F.getFunctionType(), *Have = CB.getFunctionType();
  bool Leading =
      Have->getNumParams() >= Want->getNumParams() &&
      (Want->isVarArg() || Have->getNumParams() == Want->getNumParams());
  for (unsigned K = 0; Leading && K != Want->getNumParams(); ++K)
    Leading = Have->getParamType(K) == Want->getParamType(K);
  if (Leading)
    return true;
  DiagnosticSink Diag;
  Diag.error(*CB.getFunction(), &CB,
             F.getName() + ": the call's type " + typeName(Have) +
                 " does not match the declaration's " + typeName(Want) +
                 " (call it through its declaration, as in ad.h)");
  return false;
}

bool lowerDerivativeCalls(Module &M, FunctionAnalysisManager &FAM) {
  refuseUnknownEnzymeNames(M);
  bool Batched = lowerEnzymeBatchCalls(M) | lowerEnzymeAugmentSize(M) |
                 lowerEnzymeVirtualReverse(M);
  SmallVector<std::pair<CallBase *, EntryKind>, 8> Calls;
  for (Function &F : M) {
    std::optional<EntryKind> Kind = entryKind(F.getName());
    if (!F.isDeclaration() || !Kind)
      continue;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == &F)
        if (matchesDeclaration(*CB, F))
          Calls.push_back({CB, *Kind});
  }
  if (Calls.empty())
    return Batched;
  dispatchRuntimeActivities(Calls);
  // Augmented forwards first: a reverse checks that its own exists.
  std::stable_partition(Calls.begin(), Calls.end(), [](const auto &C) {
    return C.second != EntryKind::Reverse;
  });
  // Inner derivatives first: an outer one differentiates their code.
  DenseMap<CallBase *, EntryKind> KindOf(Calls.begin(), Calls.end());
  SmallVector<CallBase *, 8> Order;
  for (auto &C : Calls)
    Order.push_back(C.first);
  orderInnerFirst(Order, [&](CallBase *A, CallBase *B) {
    return KindOf[A] == EntryKind::Reverse && KindOf[B] == EntryKind::Augment;
  });
  DerivativeCache Cache(FAM);
  for (CallBase *CB : Order) {
    EntryKind Kind = KindOf[CB];
    // An inner derivative's BLAS helpers, for the outer one to differentiate.
    linkDifferentiableRuntime(M);
    DiagnosticSink Diag;
    if (auto *II = dyn_cast<InvokeInst>(CB))
      lowerInvoke(*II, Kind, Cache, Diag);
    else
      CallLowerer(*CB, Kind, Cache, Diag).run();
  }
  return true;
}

} // namespace adpass
