//===- LaneSplit.cpp - Vector forward mode from the scalar tangent --------===//
//
// Lane 0 of every value is the scalar function's own instruction; lanes 1..N-1
// are clones inserted right after it, so that each lane's operands, defined
// before the original, are defined before the clone too. A lane-dependent
// instruction is a derivative instruction (not a copy of the primal) that
// reads a lane-dependent value, allocates memory of its own (a stack slot,
// a shadow block), or is the tangent a widened call returns.
//
//===----------------------------------------------------------------------===//
#include "Transform/Vector/LaneSplit.h"

#include "Rules/BlasRoutines.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"
#include "Transform/DerivativeCache.h"
#include "Transform/ForwardMode.h"
#include "Transform/PrimalClone.h"
#include "Transform/Tape.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace adpass {

namespace {

/// Runtime routines of the derivative code that only touch the shadow
/// memory they are given: called once per lane.
bool isLaneRoutine(StringRef Name) {
  return StringSwitch<bool>(Name)
      .Cases("ad_shadow_alloc", "__ad_shadow_alloc_aligned",
             "__ad_shadow_memalign", "__ad_shadow_realloc_keep",
             "ad_shadow_free", true)
      .Cases("__ad_qsort_tangent", "__ad_qsort_tangent_keep",
             "__ad_qsort_adjoint_keep", "__ad_memmove_adjoint_f64",
             "__ad_memmove_adjoint_f32", "__ad_memmove_adjoint_strided_f64",
             "__ad_memmove_adjoint_strided_f32", true)
      .Cases("__ad_qsort_adjoint", "__ad_memmove_adjoint_transpose_f64",
             "__ad_memmove_adjoint_transpose_f32", "__ad_free_deferred", true)
      .Case("__ad_defer_free", true) // lanes past 0: the shadow only
      .Case("__ad_split_seed", true) // a split gradient's seed, per lane
      .Cases("__ad_tape_shadow_realloc", "__ad_tape_shadow_free", true)
      .Default(false);
}

/// Each lane needs its own shadow block, though the size is primal.
bool isShadowAllocation(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  // (and the BLAS rules' packed copies, which they may overwrite with a
  // product of tangents: each lane its own, freed by the lane)
  return F && (F->getName() == "ad_shadow_alloc" ||
               F->getName() == "__ad_shadow_alloc_aligned" ||
               F->getName() == "__ad_shadow_realloc_keep" ||
               F->getName() == "__ad_tape_shadow_realloc" ||
               F->getName() == "__ad_blas_dpack" ||
               F->getName() == "__ad_blas_spack");
}

/// Lane K's index in a tape's per-lane slots (LoopTapes::load): K.
bool isLaneIndex(const Instruction &I) {
  const auto *CI = dyn_cast<CallInst>(&I);
  const Function *F = CI ? CI->getCalledFunction() : nullptr;
  return F && F->getName() == LaneIndexFunction;
}

/// The shadows of globals (AdjointBuilder::shadowGlobal).
bool isShadowGlobal(const GlobalVariable &GV) {
  return GV.getName().starts_with("__ad_shadow.") ||
         GV.getName().ends_with("_ad_shadow");
}

/// The shadow of a global the program defines itself (`<name>_ad_shadow`)
/// that \p C refers to, if any: it has one direction.
const GlobalVariable *programShadowIn(const Constant *C) {
  if (const auto *GV = dyn_cast<GlobalVariable>(C))
    return GV->getName().ends_with("_ad_shadow") ? GV : nullptr;
  if (!isa<ConstantExpr>(C) && !isa<ConstantAggregate>(C))
    return nullptr;
  for (const Use &U : C->operands())
    if (const GlobalVariable *GV = programShadowIn(cast<Constant>(U.get())))
      return GV;
  return nullptr;
}

class LaneSplitter {
public:
  LaneSplitter(Function &S, Function &W, const DerivativeRequest &Req,
               ArrayRef<WeakVH> PrimalCopies, DerivativeCache &Cache,
               DiagnosticSink &Diag)
      : S(S), W(W), Req(Req), N(Req.Width), Cache(Cache), Diag(Diag) {
    for (const WeakVH &V : PrimalCopies)
      if (auto *I = dyn_cast_or_null<Instruction>(V))
        Primal.insert(I);
  }

  bool run();

private:
  void moveBody();
  void findWidenedCalls();
  void findLaneValues();
  void check();
  bool replicable(const CallBase &CB);
  void cloneLanes();
  void widenCalls();
  void remapLanes();
  void keepPermutation(llvm::ArrayRef<llvm::Value *> L);
  void widenReturns();
  bool dependsOnLane(const Value *V);
  bool allocaDependsOnLane(const AllocaInst &AI);
  bool isLaneConstant(const Constant *C);
  Value *lane(Value *V, unsigned K);
  Constant *laneConstant(Constant *C, unsigned K);
  /// The lanes of a widened call's derivatives, made by widenCalls: the
  /// tangent part of a callee's tangent, a callee gradient's result.
  bool isWidenedTangent(const Instruction &I) const {
    if (const auto *C = dyn_cast<CallInst>(&I)) {
      auto It = Widened.find(const_cast<CallInst *>(C));
      return It != Widened.end() && !C->getType()->isVoidTy() &&
             (It->second.Kind == WideKind::Gradient ||
              It->second.Kind == WideKind::ReverseHalf);
    }
    const auto *E = dyn_cast<ExtractValueInst>(&I);
    const auto *C = E ? dyn_cast<CallInst>(E->getAggregateOperand()) : nullptr;
    auto It = C ? Widened.find(const_cast<CallInst *>(C)) : Widened.end();
    return It != Widened.end() && It->second.Kind == WideKind::Tangent &&
           E->getIndices()[0] == 1;
  }
  void error(const Instruction *I, const Twine &Msg);

  Function &S, &W;
  const DerivativeRequest &Req;
  unsigned N;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  SmallPtrSet<const Instruction *, 32> Primal;
  /// The N lanes of each lane-dependent value (lane 0 is the value).
  DenseMap<const Value *, SmallVector<Value *, 8>> Lanes;
  SmallPtrSet<const Instruction *, 32> LaneDependent;
  SmallVector<Instruction *, 64> LaneOrder; ///< LaneDependent in order
  /// Calls of a callee's scalar tangent, with its request.
  /// What a call of a callee's derivative computes.
  enum class WideKind {
    Tangent,     ///< {result, tangent}
    Gradient,    ///< the ad_out derivatives
    Augmented,   ///< the forward half of a split pair: {tape, result}
    ReverseHalf, ///< the reverse half: the ad_out derivatives
  };
  struct WideCall {
    DerivativeRequest Req;
    WideKind Kind;
  };
  MapVector<CallInst *, WideCall> Widened;
  SmallVector<Instruction *, 8> WidenedTangents;
  DenseMap<const Constant *, bool> LaneConstants;
  bool Failed = false;
};

void LaneSplitter::error(const Instruction *I, const Twine &Msg) {
  Failed = true;
  // For ADPass developers: what was refused.
  if (I && std::getenv("ADPASS_DUMP_LANES"))
    errs() << "lane split refused: " << *I << "\n" << W;
  // Derivative code may have no location: the nearest instruction's.
  DebugLoc Loc;
  for (const Instruction *J = I; J && !Loc; J = J->getNextNode())
    Loc = J->getDebugLoc();
  for (const Instruction *J = I; J && !Loc; J = J->getPrevNode())
    Loc = J->getDebugLoc();
  Diag.error(*Req.Fn, Loc,
             "in '" + Req.Fn->getName() + "': vector mode (ad_width): " + Msg);
}

bool LaneSplitter::run() {
  moveBody();
  findWidenedCalls();
  findLaneValues();
  check();
  if (Failed)
    return false;
  cloneLanes();
  widenCalls();
  if (Failed)
    return false;
  remapLanes();
  for (Instruction *E : WidenedTangents) {
    E->replaceAllUsesWith(Lanes[E][0]);
    if (!Widened.count(dyn_cast<CallInst>(E)))
      E->eraseFromParent();
  }
  for (auto &[C, R] : Widened)
    C->eraseFromParent();
  for (Instruction *I : LaneOrder)
    if (isLaneIndex(*I)) {
      I->replaceAllUsesWith(ConstantInt::get(I->getType(), 0));
      I->eraseFromParent();
    }
  if (Function *LaneIndex = W.getParent()->getFunction(LaneIndexFunction);
      LaneIndex && LaneIndex->use_empty())
    LaneIndex->eraseFromParent();
  widenReturns();
  return !Failed;
}

/// Scalar parameter a becomes a; its shadow da becomes da.0 .. da.N-1.
void LaneSplitter::moveBody() {
  W.copyAttributesFrom(&S); // calling convention, personality, attributes
  W.splice(W.end(), &S);
  if (DISubprogram *SP = S.getSubprogram()) {
    S.setSubprogram(nullptr);
    W.setSubprogram(SP);
  }
  AttributeList SA = S.getAttributes();
  SmallVector<AttributeSet, 8> Params;
  auto WA = W.arg_begin();
  auto SArg = S.arg_begin();
  // One parameter of S becomes one of W, or N (a lane each).
  auto Map = [&](unsigned Copies) {
    Argument *First = &*WA;
    SmallVector<Value *, 8> L;
    for (unsigned K = 0; K != Copies; ++K, ++WA) {
      Params.push_back(SA.getParamAttrs(SArg->getArgNo()));
      if (Copies == 1)
        WA->takeName(&*SArg);
      else
        WA->setName(SArg->getName() + "." + Twine(K));
      L.push_back(&*WA);
    }
    SArg->replaceAllUsesWith(First);
    if (Copies != 1)
      Lanes[First] = std::move(L);
    ++SArg;
  };
  for (const Argument &A : Req.Fn->args()) {
    Map(1);
    if (hasShadowParam(Req.Args[A.getArgNo()]))
      Map(N);
  }
  // A gradient's seed of the result (one per lane), then its workspace.
  if (Req.SeedParam)
    Map(N);
  if (Req.Workspace)
    Map(1);
  W.setAttributes(AttributeList::get(W.getContext(), SA.getFnAttrs(),
                                     AttributeSet(), Params));
}

void LaneSplitter::findWidenedCalls() {
  for (Instruction &I : instructions(W)) {
    auto *CI = dyn_cast<CallInst>(&I);
    if (!CI || Primal.count(CI) || !CI->getCalledFunction())
      continue;
    const Function *F = CI->getCalledFunction();
    bool Augmented = false;
    if (const DerivativeRequest *R = Cache.requestOf(F); R && R->Width == 1)
      Widened.insert({CI,
                      {*R, R->Mode == DiffMode::Forward ? WideKind::Tangent
                                                        : WideKind::Gradient}});
    else if (const DerivativeRequest *R = Cache.splitRequestOf(F, Augmented);
             R && R->Width == 1)
      Widened.insert(
          {CI, {*R, Augmented ? WideKind::Augmented : WideKind::ReverseHalf}});
  }
}

void LaneSplitter::findLaneValues() {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Instruction &I : instructions(W)) {
      if (Primal.count(&I) || LaneDependent.count(&I) || isa<ReturnInst>(I))
        continue; // (returns: widenReturns)
      if (auto *CI = dyn_cast<CallInst>(&I);
          CI && Widened.count(CI) && !isWidenedTangent(*CI))
        continue;
      auto *AI = dyn_cast<AllocaInst>(&I);
      if ((AI && allocaDependsOnLane(*AI)) || isShadowAllocation(I) ||
          isLaneIndex(I) || isWidenedTangent(I) ||
          any_of(I.operands(),
                 [&](const Use &U) { return dependsOnLane(U.get()); })) {
        LaneDependent.insert(&I);
        Changed = true;
      }
    }
  }
  for (Instruction &I : instructions(W))
    if (LaneDependent.count(&I))
      LaneOrder.push_back(&I);
}

bool LaneSplitter::dependsOnLane(const Value *V) {
  if (Lanes.count(V))
    return true;
  if (const auto *I = dyn_cast<Instruction>(V))
    return LaneDependent.count(I);
  if (const auto *C = dyn_cast<Constant>(V))
    return isLaneConstant(C);
  return false;
}

/// A stack slot of the derivative is per lane when it holds a
/// lane-dependent value (an adjoint) or its address goes anywhere but loads
/// and stores (a shadow block passed on); slots of primal bookkeeping (tape
/// pointers, indices, primal values kept for the reverse sweep) stay single.
bool LaneSplitter::allocaDependsOnLane(const AllocaInst &AI) {
  SmallVector<const Value *, 8> Work{&AI};
  SmallPtrSet<const Value *, 8> Seen{&AI};
  while (!Work.empty()) {
    const Value *P = Work.pop_back_val();
    for (const User *U : P->users()) {
      if (isa<LoadInst>(U))
        continue;
      if (const auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() == P || dependsOnLane(SI->getValueOperand()))
          return true;
        continue;
      }
      if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U)) {
        if (Seen.insert(U).second)
          Work.push_back(U);
        continue;
      }
      if (const auto *II = dyn_cast<IntrinsicInst>(U);
          II && II->isLifetimeStartOrEnd())
        continue;
      if (const auto *MS = dyn_cast<MemSetInst>(U);
          MS && MS->getDest() == P && !dependsOnLane(MS->getValue()))
        continue;
      return true; // the address goes on
    }
  }
  return false;
}

bool LaneSplitter::isLaneConstant(const Constant *C) {
  if (const auto *GV = dyn_cast<GlobalVariable>(C))
    return isShadowGlobal(*GV);
  if (!isa<ConstantExpr>(C) && !isa<ConstantAggregate>(C))
    return false;
  auto It = LaneConstants.find(C);
  if (It != LaneConstants.end())
    return It->second;
  bool Lane = any_of(C->operands(), [&](const Use &U) {
    return isLaneConstant(cast<Constant>(U.get()));
  });
  return LaneConstants[C] = Lane;
}

/// What each lane may or may not repeat. The first problem is said (the
/// next ones are usually its consequences).
void LaneSplitter::check() {
  for (Instruction &I : instructions(W)) {
    if (Failed)
      return;
    if (auto *CI = dyn_cast<CallInst>(&I);
        CI && Widened.count(CI) && LaneDependent.count(CI))
      continue; // a callee gradient, widened
    if (!LaneDependent.count(&I)) {
      if (auto *CI = dyn_cast<CallInst>(&I); CI && Widened.count(CI)) {
        const WideCall &WC = Widened[CI];
        if (WC.Kind != WideKind::Tangent || !returnsTangent(*WC.Req.Fn))
          continue; // its result is primal (an integer, a pointer, a tape)
        for (const User *U : CI->users())
          if (!isa<ExtractValueInst>(U) ||
              cast<ExtractValueInst>(U)->getIndices()[0] > 1)
            error(&I, "internal error: a callee's tangent is used in an "
                      "unexpected way; please report it with this input");
        continue;
      }
      if (isa<ReturnInst>(I) &&
          (Req.Mode != DiffMode::Forward || returnsTangent(*Req.Fn)))
        continue; // widenReturns
      if (any_of(I.operands(),
                 [&](const Use &U) { return dependsOnLane(U.get()); }))
        error(&I, "this operation of the function would need a tangent, "
                  "which differs per direction; make one call per "
                  "direction");
      continue;
    }
    for (const Use &U : I.operands())
      if (const auto *C = dyn_cast<Constant>(U.get()))
        if (const GlobalVariable *GV = programShadowIn(C))
          error(&I, "the shadow '" + GV->getName() +
                        "' the program gives for a global holds one "
                        "direction; make one call per direction");
    if (I.isTerminator()) {
      error(&I, "the derivative branches on a tangent here; make one call "
                "per direction");
    } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
      if (!dependsOnLane(SI->getPointerOperand()))
        error(&I, "a tangent is stored into memory that all directions "
                  "share; make one call per direction");
    } else if (I.isAtomic() || isa<FenceInst>(I)) {
      error(&I, "atomic updates of tangents are not split per direction "
                "yet; make one call per direction");
    } else if (auto *CB = dyn_cast<CallBase>(&I); CB && !replicable(*CB)) {
      const Function *F = CB->getCalledFunction();
      error(&I,
            "the derivative calls " +
                (F ? "'" + F->getName() + "'" : Twine("a computed pointer")) +
                " with tangents, and that call cannot be repeated per "
                "direction (custom derivatives, MPI and OpenMP take one "
                "direction); make one call per direction");
    }
  }
}

/// Whether a lane-dependent call may run once per lane: it only writes
/// lane memory (its destination) or nothing.
bool LaneSplitter::replicable(const CallBase &CB) {
  if (const auto *MI = dyn_cast<MemIntrinsic>(&CB))
    return dependsOnLane(MI->getDest());
  if (const auto *II = dyn_cast<IntrinsicInst>(&CB))
    return II->isLifetimeStartOrEnd() || II->onlyReadsMemory();
  // (the split seed is called through another function type)
  const auto *F = dyn_cast<Function>(CB.getCalledOperand());
  if (!F)
    return false;
  if (isLaneRoutine(F->getName()) || CB.onlyReadsMemory())
    return true;
  // BLAS and the BLAS rules' array helpers touch only the arrays they are
  // given: once per direction, if every array written is the direction's.
  if (auto BC = matchBlasCall(CB); BC && !BC->Routine->Lapack)
    return all_of(BC->writtenMemory(CB),
                  [&](const Value *A) { return dependsOnLane(A); });
  if (F->getName() == "free") // a lane's own block
    return dependsOnLane(CB.getArgOperand(0));
  if (isShadowAllocation(CB)) // a BLAS rule's packed copy
    return true;
  // A LAPACK rule writes only the shadows it is given (lane memory) and
  // reads the primal arrays all lanes share.
  if (isLapackRuleHelper(F->getName()))
    return true;
  if (isBlasArrayHelper(F->getName()))
    return all_of(CB.args(), [&](const Use &A) {
      return !A->getType()->isPointerTy() ||
             CB.onlyReadsMemory(A.getOperandNo()) || dependsOnLane(A);
    });
  return false;
}

void LaneSplitter::cloneLanes() {
  for (Instruction *I : LaneOrder) {
    if (isWidenedTangent(*I))
      continue; // widenCalls
    SmallVector<Value *, 8> L{I};
    if (isLaneIndex(*I)) { // the constant K in lane K (lane 0: run)
      for (unsigned K = 1; K != N; ++K)
        L.push_back(ConstantInt::get(I->getType(), K));
      Lanes[I] = std::move(L);
      continue;
    }
    Instruction *After = I;
    for (unsigned K = 1; K != N; ++K) {
      Instruction *C = I->clone();
      if (I->hasName())
        C->setName(I->getName() + ".l" + Twine(K));

      C->insertAfter(After);
      L.push_back(After = C);
    }
    Lanes[I] = std::move(L);
  }
}

/// {r, dr} = f.fwd(x, dx) becomes {r, [dr.0 .. dr.N-1]} = f.fwd.xN(x, dx.0 ..
/// dx.N-1): the callee's primal runs once too. Likewise a callee's gradient
/// (seeds per lane in, derivatives per lane out) and the two halves of its
/// split pair (one tape for all lanes).
void LaneSplitter::widenCalls() {
  for (auto &[C, Call] : Widened) {
    DerivativeRequest WR = Call.Req;
    WR.Width = N;
    WideKind Kind = Call.Kind;
    Function *WF = nullptr;
    if (Kind == WideKind::Augmented || Kind == WideKind::ReverseHalf) {
      SplitPair Pair = Cache.getSplit(WR, Diag);
      WF = Kind == WideKind::Augmented ? Pair.Aug : Pair.Rev;
    } else {
      WF = Cache.get(WR, Diag);
    }
    if (!WF) {
      Failed = true;
      return;
    }
    IRBuilder<> B(C);
    SmallVector<Value *, 8> Args;
    unsigned Idx = 0;
    auto LaneArgs = [&](Value *V) {
      for (unsigned K = 0; K != N; ++K)
        Args.push_back(lane(V, K));
    };
    if (Kind == WideKind::ReverseHalf) {
      Args.push_back(C->getArgOperand(Idx++)); // the tape
    } else {
      for (const Argument &A : WR.Fn->args()) {
        Args.push_back(C->getArgOperand(Idx++));
        if (hasShadowParam(WR.Args[A.getArgNo()]))
          LaneArgs(C->getArgOperand(Idx++));
      }
    }
    if (WR.SeedParam && Kind != WideKind::Augmented)
      LaneArgs(C->getArgOperand(Idx++));
    if (WR.Workspace && Kind == WideKind::Gradient)
      Args.push_back(C->getArgOperand(Idx++));
    CallInst *WC = createCallWithABI(B, WF, Args);
    WC->setDebugLoc(C->getDebugLoc());
    if (Kind == WideKind::Augmented) { // {tape, result}: the same for all
      C->replaceAllUsesWith(WC);
      continue;
    }
    if (Kind != WideKind::Tangent) {
      // The derivatives of the ad_out arguments, one set per lane.
      if (C->getType()->isVoidTy())
        continue;
      SmallVector<Value *, 8> L;
      for (unsigned K = 0; K != N; ++K)
        L.push_back(B.CreateExtractValue(WC, K, C->getName()));
      Lanes[C] = std::move(L);
      WidenedTangents.push_back(C);
      continue;
    }
    if (!returnsTangent(*WR.Fn)) {
      C->replaceAllUsesWith(WC);
      continue;
    }
    for (User *U : make_early_inc_range(C->users())) {
      auto *E = cast<ExtractValueInst>(U);
      ArrayRef<unsigned> Path = E->getIndices();
      if (Path[0] == 0) {
        E->replaceAllUsesWith(B.CreateExtractValue(WC, Path, E->getName()));
        E->eraseFromParent();
        continue;
      }
      SmallVector<Value *, 8> L;
      for (unsigned K = 0; K != N; ++K) {
        SmallVector<unsigned, 4> LanePath{1, K};
        LanePath.append(Path.begin() + 1, Path.end());
        L.push_back(B.CreateExtractValue(WC, LanePath, E->getName()));
      }
      Lanes[E] = std::move(L);
      WidenedTangents.push_back(E);
    }
  }
}

/// A sort's permutation (primal) serves every lane's tangents or adjoints:
/// the lanes run in order, and only the last frees it.
void LaneSplitter::keepPermutation(ArrayRef<Value *> L) {
  auto *CB = dyn_cast<CallBase>(L.front());
  Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || (F->getName() != "__ad_qsort_tangent" &&
             F->getName() != "__ad_qsort_adjoint"))
    return;
  FunctionCallee Keep = F->getParent()->getOrInsertFunction(
      (F->getName() + "_keep").str(), F->getFunctionType());
  for (Value *V : L.drop_back())
    cast<CallBase>(V)->setCalledFunction(Keep);
}

void LaneSplitter::remapLanes() {
  for (Instruction *I : LaneOrder) {
    if (isWidenedTangent(*I) || isLaneIndex(*I))
      continue;
    SmallVector<Value *, 8> &L = Lanes[I];
    for (unsigned K = 1; K != N; ++K) {
      auto *C = cast<Instruction>(L[K]);
      for (unsigned Op = 0; Op != I->getNumOperands(); ++Op)
        C->setOperand(Op, lane(I->getOperand(Op), K));
      // __ad_defer_free(list, free function, primal, shadow): each lane
      // frees its shadow, lane 0 alone a primal block. (In the tangent of
      // an inner reverse sweep both are blocks of the lane: kept.)
      if (auto *CB = dyn_cast<CallBase>(C);
          CB && CB->getCalledFunction() &&
          CB->getCalledFunction()->getName() == "__ad_defer_free" &&
          CB->getArgOperand(2) == cast<CallBase>(I)->getArgOperand(2))
        for (unsigned Arg : {1u, 2u})
          CB->setArgOperand(
              Arg, Constant::getNullValue(CB->getArgOperand(Arg)->getType()));
    }
    keepPermutation(L);
  }
}

/// ret {r, dr} becomes ret {r, [dr.0 .. dr.N-1]}.
void LaneSplitter::widenReturns() {
  if (Req.Mode != DiffMode::Forward) {
    // The ad_out derivatives of each lane in turn.
    if (W.getReturnType()->isVoidTy())
      return;
    for (BasicBlock &B : W)
      if (auto *R = dyn_cast<ReturnInst>(B.getTerminator())) {
        IRBuilder<> IRB(R);
        Value *Out = PoisonValue::get(W.getReturnType());
        for (unsigned K = 0; K != N; ++K)
          Out = IRB.CreateInsertValue(Out, lane(R->getReturnValue(), K), K);
        R->setOperand(0, Out);
      }
    return;
  }
  if (!returnsTangent(*Req.Fn))
    return;
  for (BasicBlock &B : W) {
    auto *R = dyn_cast<ReturnInst>(B.getTerminator());
    if (!R)
      continue;
    Value *V = R->getReturnValue();
    IRBuilder<> IRB(R);
    Value *Out = PoisonValue::get(W.getReturnType());
    Out = IRB.CreateInsertValue(Out, IRB.CreateExtractValue(V, 0), 0);
    for (unsigned K = 0; K != N; ++K)
      Out = IRB.CreateInsertValue(Out, IRB.CreateExtractValue(lane(V, K), 1),
                                  {1, K});
    R->setOperand(0, Out);
  }
}

Value *LaneSplitter::lane(Value *V, unsigned K) {
  if (K == 0)
    return V;
  auto It = Lanes.find(V);
  if (It != Lanes.end())
    return It->second[K];
  if (auto *C = dyn_cast<Constant>(V))
    return laneConstant(C, K);
  if (auto *I = dyn_cast<Instruction>(V); I && LaneDependent.count(I))
    error(I, "internal error: a tangent is used before its lanes exist; "
             "please report it with this input");
  return V;
}

/// Lane K of a shadow global is a zeroed global of its own.
Constant *LaneSplitter::laneConstant(Constant *C, unsigned K) {
  if (!isLaneConstant(C))
    return C;
  if (auto *GV = dyn_cast<GlobalVariable>(C)) {
    if (!GV->getName().starts_with("__ad_shadow."))
      return C; // (refused by check)
    Module &M = *W.getParent();
    std::string Name = (GV->getName() + ".lane" + Twine(K)).str();
    if (GlobalVariable *Made = M.getGlobalVariable(Name, true))
      return Made;
    auto *L = new GlobalVariable(M, GV->getValueType(), false,
                                 GlobalValue::InternalLinkage,
                                 Constant::getNullValue(GV->getValueType()),
                                 Name, nullptr, GV->getThreadLocalMode());
    L->setAlignment(GV->getAlign());
    return L;
  }
  SmallVector<Constant *, 4> Ops;
  for (const Use &U : C->operands())
    Ops.push_back(laneConstant(cast<Constant>(U.get()), K));
  if (auto *CE = dyn_cast<ConstantExpr>(C))
    return CE->getWithOperands(Ops);
  if (auto *CS = dyn_cast<ConstantStruct>(C))
    return ConstantStruct::get(CS->getType(), Ops);
  if (auto *CA = dyn_cast<ConstantArray>(C))
    return ConstantArray::get(CA->getType(), Ops);
  return ConstantVector::get(Ops);
}

} // namespace

bool splitLanes(Function &Scalar, Function &Wide, const DerivativeRequest &Req,
                ArrayRef<WeakVH> PrimalCopies, DerivativeCache &Cache,
                DiagnosticSink &Diag) {
  return LaneSplitter(Scalar, Wide, Req, PrimalCopies, Cache, Diag).run();
}

} // namespace adpass
