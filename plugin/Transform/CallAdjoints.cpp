//===- CallAdjoints.cpp - Reverse of calls that are not inlined -----------===//
#include "Transform/CallAdjoints.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Analysis/OwnedHeap.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/Checkpoint/CallCheckpoint.h"
#include "Transform/DerivativeCache.h"
#include "Transform/Exceptions.h"
#include "Transform/SplitMode.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// Whether something in the caller other than \p CB itself may write the
/// memory \p Ptr points into (the reverse sweep would see it changed); with
/// \p OnlyAfter, only what may run after \p CB counts.
static bool writtenBesides(const CallBase &CB, const Value *Ptr,
                           bool OnlyAfter = false) {
  const Value *Obj = getUnderlyingObject(Ptr);
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj); GV && GV->isConstant())
    return false;
  for (const Instruction &I : instructions(*CB.getFunction())) {
    if (&I == &CB || (OnlyAfter && !isPotentiallyReachable(&CB, &I)))
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
                      (isKnownInactiveFunction(Callee->getName()) &&
                       !writesThroughArguments(Callee->getName())) ||
                      (!Callee->isDeclaration() && !writesMemory(*Callee))));
      if (Harmless || isa<IntrinsicInst>(Other))
        continue;
      // Checkpointed calls look closer: which arguments it writes through.
      if (OnlyAfter && Callee && !Callee->isDeclaration())
        if (std::optional<SmallBitVector> W = argumentsWritten(*Callee)) {
          for (unsigned K = 0; K != Other->arg_size(); ++K)
            if (K < W->size() && (*W)[K] &&
                mayShareMemory(getUnderlyingObject(Other->getArgOperand(K)),
                               Obj))
              return true;
          continue;
        }
      // Assumed to write only through its pointer arguments, unless the
      // memory is a global it could name itself (the heap functions never
      // do).
      bool Heap = isHeapCall(*Other);
      if (isa<GlobalVariable>(Obj) && !Heap)
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

/// Whether the reverse mode has a derivative for calls to \p F: its body or
/// a registered reverse (a forward registration alone does not do).
static bool hasReverse(const Function &F) {
  return hasCustomDerivative(F) || !F.isDeclaration();
}

bool CallAdjoints::needsDerivative(const CallBase &CB) const {
  if (!isDifferentiableCall(CB))
    return false;
  return AA.isActive(&CB) || AA.touchesShadowedGlobal(CB) ||
         any_of(CB.args(), [&](const Value *A) {
           return A->getType()->isPointerTy() ? AA.hasShadow(A)
                                              : AA.isActive(A);
         });
}

/// A combined gradient runs the callee's primal again in the reverse sweep:
/// only for callees that write nothing and read memory nobody changes in
/// between.
bool CallAdjoints::needsSplit(const CallBase &CB) const {
  const Function &Callee = *CB.getCalledFunction();
  if (ReverseRunsLater)
    return true;
  // A pointer result with a shadow: the forward sweep needs the shadow.
  if (CB.getType()->isPointerTy() && AA.hasShadow(&CB))
    return true;
  // AD_CHECKPOINT: a callee that writes memory runs again too, when that
  // writes the same values to the same place.
  if (isCheckpointed(Callee))
    return whyNotRecomputable(CB,
                              [&](const Value *V) {
                                return writtenBesides(CB, V,
                                                      /*OnlyAfter=*/true);
                              })
        .has_value();
  if (writesMemory(Callee))
    return true;
  // Globals it (or its callees) reads directly count as memory it reads.
  if (any_of(sharedGlobals(Callee, /*Nested=*/true),
             [&](const GlobalVariable *GV) { return writtenBesides(CB, GV); }))
    return true;
  return any_of(CB.args(), [&](const Value *A) {
    return A->getType()->isPointerTy() && writtenBesides(CB, A);
  });
}

DerivativeRequest CallAdjoints::calleeRequest(const CallBase &CB,
                                              DiffMode Mode) const {
  DerivativeRequest Req;
  Req.Fn = CB.getCalledFunction();
  bool ShadowResult = CB.getType()->isPointerTy() && AA.hasShadow(&CB);
  for (const Value *A : CB.args()) {
    Type *T = A->getType();
    if (T->isFPOrFPVectorTy() && AA.isActive(A))
      Req.Args.push_back(ArgActivity::Out);
    else if (T->isPointerTy() &&
             (AA.hasShadow(A) || (ShadowResult && isNullLikePointer(A))))
      Req.Args.push_back(ArgActivity::Dup); // (null: the callee may return
                                            // it, with a null shadow)
    else
      Req.Args.push_back(ArgActivity::Const);
  }
  // A struct or vector of floating-point values (a {double, double} or
  // <2 x double> in registers) is seeded as a whole.
  Req.ReturnActive = isDifferentiableType(CB.getType()) && AA.isActive(&CB);
  Req.SeedParam = Req.ReturnActive;
  Req.Nested = true;
  Req.Parallel = Parallel;
  Req.Mode = Mode;
  Req.ReturnShadow = ShadowResult;
  Req.OwnedHeap = MayDeferFrees &&
                  calleeReachesOnlyOwnedBlocks(
                      CB, Req.Args, AA.pointsTo(),
                      ArgumentsOwned && storesPointersOnlyOnStack(P, User));
  DefersFrees |= Req.OwnedHeap;
  return Req;
}

void CallAdjoints::prepareForward() {
  SmallVector<CallBase *, 4> Calls;
  for (Instruction &I : instructions(P))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && needsDerivative(*CB)) {
      const Function &Callee = *CB->getCalledFunction();
      if (!hasReverse(Callee))
        continue; // refused by emitReverse
      if (Callee.hasFnAttribute(CustomAugmentedAttr) ||
          (!hasCustomDerivative(Callee) && needsSplit(*CB)))
        Calls.push_back(CB);
    }
  explainCheckpoints(Calls);
  for (CallBase *CB : Calls) {
    auto *Fwd = cast<CallBase>(VMap[CB]);
    IRBuilder<> IRB(Fwd);
    Instruction *Before = Fwd->getPrevNode();
    std::optional<SplitCall> S =
        CB->getCalledFunction()->hasFnAttribute(CustomAugmentedAttr)
            ? augmentCustom(*CB, *Fwd, IRB)
            : augmentCallee(*CB, *Fwd, IRB);
    if (!S)
      continue;
    // The augmented forward unwinds where the call did.
    for (Instruction *I = Before ? Before->getNextNode()
                                 : &Fwd->getParent()->front();
         I != Fwd; I = I->getNextNode())
      if (auto *Aug = dyn_cast<CallBase>(I); Aug && mayUnwind(*Aug)) {
        moveUnwindPath(*Fwd, *Aug);
        break;
      }
    S->Loc = Fwd->getDebugLoc(); // the builder gave it to the new calls
    Fwd->eraseFromParent();
    Splits.insert({CB, *S});
  }
}

/// AD_CHECKPOINT calls: a remark for those computed again in the reverse
/// sweep, a warning saying why for those taped (\p Split).
void CallAdjoints::explainCheckpoints(ArrayRef<CallBase *> Split) {
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee || !isCheckpointed(*Callee) || !needsDerivative(*CB) ||
        hasCustomDerivative(*Callee))
      continue;
    if (!is_contained(Split, CB)) {
      OptimizationRemarkEmitter ORE(&P);
      ORE.emit([&] {
        return OptimizationRemarkAnalysis("ad", "CheckpointCall", CB)
               << "call to '" << Callee->getName()
               << "' is checkpointed (AD_CHECKPOINT): computed again in the "
                  "reverse sweep, nothing taped";
      });
      continue;
    }
    std::optional<std::string> Why =
        ReverseRunsLater
            ? std::optional<std::string>("its caller is itself split (its "
                                         "reverse runs after it returned)")
            : whyNotRecomputable(*CB, [&](const Value *V) {
                return writtenBesides(*CB, V, /*OnlyAfter=*/true);
              });
    if (Why)
      warning(User, CB->getDebugLoc(),
              "the call to '" + Callee->getName() +
                  "' (AD_CHECKPOINT) is taped: it cannot be computed again "
                  "in the reverse sweep because " +
                  *Why);
  }
}

/// The callee's own augmented forward in place of \p Fwd, the forward copy
/// of \p CB.
std::optional<CallAdjoints::SplitCall>
CallAdjoints::augmentCallee(CallBase &CB, CallBase &Fwd, IRBuilder<> &IRB) {
  DerivativeRequest Req = calleeRequest(CB, DiffMode::Split);
  SplitPair Pair = Cache.getSplit(Req, Diag);
  if (!Pair.Aug)
    return std::nullopt;
  SmallVector<Value *, 8> Args;
  for (unsigned K = 0; K != CB.arg_size(); ++K) {
    Args.push_back(Fwd.getArgOperand(K));
    if (Req.Args[K] == ArgActivity::Dup)
      Args.push_back(Adj.shadowInForward(CB.getArgOperand(K)));
  }
  CallInst *Aug = createCallWithABI(IRB, Pair.Aug, Args);
  Value *Tape = Aug;
  if (!CB.getType()->isVoidTy()) {
    Tape = IRB.CreateExtractValue(Aug, 0, "ad.call.tape");
    Fwd.replaceAllUsesWith(IRB.CreateExtractValue(Aug, 1));
  }
  if (Req.ReturnShadow)
    Adj.setCallShadow(CB, IRB.CreateExtractValue(Aug, 2, "ad.call.shadow"),
                      IRB);
  return SplitCall{Tape, Pair.Rev, Req, {}, /*Custom=*/false};
}

/// The user's augmented forward (AD_REGISTER_AUGMENTED) in place of \p Fwd.
std::optional<CallAdjoints::SplitCall>
CallAdjoints::augmentCustom(CallBase &CB, CallBase &Fwd, IRBuilder<> &IRB) {
  const Function &Callee = *CB.getCalledFunction();
  Module &M = *P.getParent();
  Function *Aug = M.getFunction(
      Callee.getFnAttribute(CustomAugmentedAttr).getValueAsString());
  Function *Rev = M.getFunction(
      Callee.getFnAttribute(CustomAugmentedReverseAttr).getValueAsString());
  if (!Aug || !Rev)
    return std::nullopt;
  SmallVector<Value *, 8> Args(Fwd.args());
  for (Value *A : CB.args())
    if (A->getType()->isPointerTy())
      Args.push_back(AA.hasShadow(A)
                         ? Adj.shadowInForward(A)
                         : ConstantPointerNull::get(IRB.getPtrTy()));
  AllocaInst *Result = nullptr;
  if (!CB.getType()->isVoidTy()) {
    Result = Adj.stackTemporary(CB.getType(), "ad.custom.result");
    Args.push_back(Result);
  }
  CallInst *Tape = createCallWithABI(IRB, Aug, Args, "ad.custom.tape");
  Tape->setDebugLoc(Fwd.getDebugLoc());
  if (Result)
    Fwd.replaceAllUsesWith(IRB.CreateLoad(CB.getType(), Result));
  return SplitCall{Tape, Rev, DerivativeRequest(), {}, /*Custom=*/true};
}

bool CallAdjoints::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || !isDifferentiableCall(*CB))
    return false;
  if (!needsDerivative(*CB))
    return true; // an inactive call: its reverse is nothing
  Function *Callee = CB->getCalledFunction();
  if (!hasReverse(*Callee)) {
    error(CB, "call to '" + Callee->getName() +
                  "' on an active path has only a forward derivative "
                  "(AD_REGISTER_FORWARD); reverse mode needs its body or a "
                  "reverse registered with AD_REGISTER_REVERSE or "
                  "AD_REGISTER_AUGMENTED (ad.h)");
    return true;
  }
  if (AA.isActive(CB) && !CB->getType()->isFloatingPointTy() &&
      (Callee->hasFnAttribute(CustomReverseAttr) ||
       Callee->hasFnAttribute(CustomAugmentedAttr))) {
    // A registered reverse takes a scalar seed: the adjoint of a struct or
    // vector result would be lost.
    error(CB, "'" + Callee->getName() +
                  "' returns floating-point values in a vector or struct; a "
                  "registered reverse (AD_REGISTER_REVERSE, "
                  "AD_REGISTER_AUGMENTED) supports a scalar result: return "
                  "the values through a pointer instead");
    return true;
  }
  if (auto It = Splits.find(CB); It != Splits.end()) {
    const SplitCall &S = It->second;
    if (S.Custom)
      emitCustom(*CB, *S.Rev, IRB,
                 Adj.forwardValueInReverse(S.Tape, CB->getParent(), IRB));
    else
      emitSplitReverse(*CB, S, IRB);
    return true;
  }
  if (Callee->hasFnAttribute(CustomAugmentedAttr))
    return true; // its augmented forward is missing: already reported
  if (Callee->hasFnAttribute(CustomReverseAttr)) {
    StringRef RevName =
        Callee->getFnAttribute(CustomReverseAttr).getValueAsString();
    // It runs in the reverse sweep: what it reads must still be there.
    for (const Value *A : CB->args()) {
      if (!A->getType()->isPointerTy())
        continue;
      if (ReverseRunsLater && !isa<AllocaInst>(getUnderlyingObject(A))) {
        error(CB, "the reverse derivative registered for '" +
                      Callee->getName() + "' would read memory after '" +
                      User.getName() +
                      "' returned (it is differentiated in split mode, as "
                      "a callee that writes memory), when that memory may "
                      "have changed; this is not supported");
        return true;
      }
      // (Writes before the call are done when it reads; those that may
      // run after it, a later iteration's too, are not.)
      if (writtenBesides(*CB, A, /*OnlyAfter=*/true)) {
        error(CB, "the reverse derivative registered for '" +
                      Callee->getName() +
                      "' runs in the reverse sweep, "
                      "where memory it reads has been overwritten by '" +
                      User.getName() + "'; copy that memory before writing it");
        return true;
      }
    }
    if (Function *Rev = Callee->getParent()->getFunction(RevName))
      emitCustom(*CB, *Rev, IRB);
    return true;
  }
  if (!needsSplit(*CB))
    emitCalleeGradient(*CB, IRB);
  return true; // a split call whose derivative failed: already reported
}
void CallAdjoints::emitCustom(CallBase &CB, Function &Rev, IRBuilder<> &IRB,
                              Value *Tape) {
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
  if (Tape)
    Args.push_back(Tape);
  CallInst *Call = createCallWithABI(IRB, &Rev, Args);
  Adj.adoptLocation(Call, &CB);
  for (auto &[A, Tmp] : Outs)
    Adj.addAdjoint(A, IRB.CreateLoad(A->getType(), Tmp), IRB);
}

void CallAdjoints::emitCalleeGradient(CallBase &CB, IRBuilder<> &IRB) {
  DerivativeRequest Req = calleeRequest(CB, DiffMode::Reverse);
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
  CallInst *Result = createCallWithABI(IRB, G, Args);
  Adj.adoptLocation(Result, &CB);
  addArgumentAdjoints(CB, Req, Result, IRB);
}

void CallAdjoints::emitSplitReverse(CallBase &CB, const SplitCall &S,
                                    IRBuilder<> &IRB) {
  SmallVector<Value *, 2> Args{
      Adj.forwardValueInReverse(S.Tape, CB.getParent(), IRB)};
  if (S.Req.SeedParam)
    Args.push_back(Adj.takeAdjoint(&CB, IRB));
  CallInst *Result = createCallWithABI(IRB, S.Rev, Args);
  Result->setDebugLoc(S.Loc);
  addArgumentAdjoints(CB, S.Req, Result, IRB);
}

/// The callee's derivative returns those of its ad_out arguments.
void CallAdjoints::addArgumentAdjoints(CallBase &CB,
                                       const DerivativeRequest &Req,
                                       Value *Result, IRBuilder<> &IRB) {
  unsigned Out = 0;
  bool Several = Result->getType()->isStructTy();
  for (unsigned K = 0; K != CB.arg_size(); ++K)
    if (Req.Args[K] == ArgActivity::Out)
      Adj.addAdjoint(CB.getArgOperand(K),
                     Several ? IRB.CreateExtractValue(Result, Out++) : Result,
                     IRB);
}

} // namespace adpass
