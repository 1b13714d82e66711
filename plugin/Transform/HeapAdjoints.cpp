//===- HeapAdjoints.cpp - Lifetimes of heap blocks and their shadows ------===//
#include "Transform/HeapAdjoints.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/OwnedHeap.h"
#include "Analysis/ReturningBlocks.h"
#include "Analysis/TypeAnalysis.h"
#include "Rules/MemoryFunctions.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/Exceptions.h"
#include "Transform/MemoryAdjoints.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace adpass {

HeapAdjoints::HeapAdjoints(Function &P, const Function &User,
                           const ActivityAnalysis &AA, TypeAnalysis &TA,
                           AdjointBuilder &Adj, ValueToValueMapTy &VMap,
                           LoopInfo &LI, BasicBlock *AllocaBB,
                           DiagnosticSink &Diag)
    : P(P), User(User), AA(AA), TA(TA), Adj(Adj), VMap(VMap), LI(LI),
      AllocaBB(AllocaBB), Diag(Diag), DT(P), PDT(P),
      Returning(returningBlocks(P)) {}

void HeapAdjoints::error(const Instruction *I, const Twine &Msg) {
  Diag.error(User, I, "in '" + User.getName() + "': " + Msg);
}

FunctionCallee HeapAdjoints::runtime(StringRef Name, Type *Ret,
                                     ArrayRef<Type *> Params) {
  return P.getParent()->getOrInsertFunction(
      Name, FunctionType::get(Ret, Params, false));
}

Value *HeapAdjoints::forward(const Value *PV) const {
  if (isa<Constant>(PV))
    return const_cast<Value *>(PV);
  return VMap.lookup(PV);
}

void HeapAdjoints::prepareForward() {
  SmallVector<CallBase *, 8> Calls;
  for (Instruction &I : instructions(P))
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      Calls.push_back(CB);
      Unwinds |= ReleaseOnUnwind && mayUnwind(*CB);
    }
  for (CallBase *CB : Calls) {
    if (const AllocationFunction *AF = allocationFunction(*CB)) {
      if (!AA.isShadowedObject(CB))
        continue;
      if (AF->OutArg >= 0)
        shadowPosixMemalign(*CB);
      else // now: a realloc defers its old shadow here
        Adj.shadowInForward(CB);
    } else if (isDeallocation(*CB) && AA.hasShadow(deallocatedPointer(*CB))) {
      deferFree(*CB);
    } else if (isDeferredFree(*CB)) {
      deferInnerFree(*CB);
    }
  }
}

/// An inner reverse sweep's deferred free of a block and its shadow, both
/// differentiated memory here: their own shadows are freed with them, at
/// the inner sweep's end in forward mode; in reverse mode the blocks are
/// read until the end of this reverse sweep, and all four are freed there.
void HeapAdjoints::deferInnerFree(CallBase &Defer) {
  const Value *Primal = Defer.getArgOperand(2),
              *Shadow = Defer.getArgOperand(3);
  bool PS = AA.hasShadow(Primal), SS = AA.hasShadow(Shadow);
  auto *FDefer = cast<CallBase>(VMap.lookup(&Defer));
  IRBuilder<> B(FDefer->getNextNode());
  Value *Null = ConstantPointerNull::get(B.getPtrTy());
  Value *DP = PS ? Adj.shadowInForward(Primal) : Null;
  Value *DS = SS ? Adj.shadowInForward(Shadow) : Null;
  Value *Fn =
      runtime("ad_shadow_free", B.getVoidTy(), {B.getPtrTy()}).getCallee();
  if (FreeAtOnce) {
    if (PS || SS)
      B.CreateCall(FDefer->getFunctionType(), FDefer->getCalledOperand(),
                   {FDefer->getArgOperand(0), Fn, DP, DS});
    return;
  }
  deferToEnd(B, FDefer->getArgOperand(1), FDefer->getArgOperand(2),
             FDefer->getArgOperand(3));
  if (PS || SS)
    deferToEnd(B, Fn, DP, DS);
  FDefer->eraseFromParent();
}

/// A call of the tape runtime of an inner derivative (a reallocation or a
/// free of its tape, or of its tangents' under a forward sweep).
bool HeapAdjoints::isInnerTape(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return F && (F->getName() == "__ad_tape_realloc" ||
               F->getName() == "__ad_tape_free" ||
               F->getName() == "__ad_tape_shadow_realloc" ||
               F->getName() == "__ad_tape_shadow_free");
}

bool HeapAdjoints::allocatedHere(const Value *Ptr) const {
  SmallPtrSet<const Value *, 4> Objs;
  if (!AA.pointsTo().objects(Ptr, Objs))
    return false;
  return all_of(Objs, [](const Value *O) {
    const auto *CB = dyn_cast<CallBase>(O);
    return CB && allocationFunction(*CB);
  });
}

bool HeapAdjoints::freedHere(const Value *Ptr,
                             SmallVectorImpl<Value *> &Arguments) const {
  // The arguments among the pointers merged into Ptr, and the objects of
  // the others.
  SmallPtrSet<const Value *, 4> Objs, Seen;
  SmallVector<const Value *, 4> Work{Ptr};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val()->stripInBoundsOffsets();
    if (!Seen.insert(V).second)
      continue;
    if (const auto *Phi = dyn_cast<PHINode>(V))
      Work.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
    else if (const auto *Sel = dyn_cast<SelectInst>(V))
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
    else if (isa<Argument>(V))
      Arguments.push_back(const_cast<Value *>(V));
    else if (!isa<ConstantPointerNull>(V) && !AA.pointsTo().objects(V, Objs))
      return false;
  }
  bool Allocation = false;
  for (const Value *O : Objs) {
    if (const auto *CB = dyn_cast<CallBase>(O); CB && allocationFunction(*CB))
      Allocation = true;
    else if (!isa<AllocaInst>(O))
      return false;
  }
  return Allocation;
}

/// Whether every path from \p AB to a return goes through \p FB (paths
/// that unwind or abort free as they go: exceptions and aborts skip the
/// reverse sweep).
bool HeapAdjoints::onEveryReturningPath(const BasicBlock *FB,
                                        const BasicBlock *AB) const {
  if (PDT.dominates(FB, AB))
    return true;
  SmallPtrSet<const BasicBlock *, 16> Seen{FB, AB};
  SmallVector<const BasicBlock *, 16> Work{AB};
  while (!Work.empty()) {
    const BasicBlock *B = Work.pop_back_val();
    if (isa<ReturnInst>(B->getTerminator()))
      return false;
    for (const BasicBlock *S : successors(B))
      if (Returning.count(S) && Seen.insert(S).second)
        Work.push_back(S);
  }
  return true;
}

/// Whether \p Free runs once after each execution of \p Alloc, before the
/// next one and before the function returns: then the reverse of the
/// allocation is where that block dies.
bool HeapAdjoints::freesEveryBlock(const CallBase &Free,
                                   const CallBase &Alloc) const {
  const BasicBlock *FB = Free.getParent(), *AB = Alloc.getParent();
  const Loop *L = LI.getLoopFor(FB);
  if (L != LI.getLoopFor(AB) || !onEveryReturningPath(FB, AB))
    return false;
  return !L || (L->getLoopLatch() && DT.dominates(FB, L->getLoopLatch()));
}

void HeapAdjoints::deferToEnd(IRBuilder<> &B, Value *Fn, Value *Primal,
                              Value *Shadow) {
  PointerType *Ptr = B.getPtrTy();
  if (!List) {
    List = Adj.stackTemporary(Ptr, "ad.deferred");
    IRBuilder<> SB(AllocaBB);
    SB.CreateStore(ConstantPointerNull::get(Ptr), List);
  }
  B.CreateCall(runtime("__ad_defer_free", B.getVoidTy(), {Ptr, Ptr, Ptr, Ptr}),
               {List, Fn, Primal, Shadow});
}

/// Moves \p Free to the reverse of \p Alloc (which it frees every block
/// of); false when it must be deferred to the end instead.
bool HeapAdjoints::moveFree(CallBase &Free, const CallBase &Alloc) {
  auto *FFree = cast<CallBase>(VMap.lookup(&Free));
  StringRef Later = deallocationFunction(Free)->Later;
  if (Unwinds && !Later.empty()) {
    // An exception before the reverse sweep must still free the block: a
    // block made in a loop goes to the list, a single one to a slot.
    if (LI.getLoopFor(Alloc.getParent()))
      return false;
    PointerType *Ptr = PointerType::get(P.getContext(), 0);
    FreedBlock U{
        runtime(Later, Type::getVoidTy(P.getContext()), {Ptr}).getCallee(),
        Adj.stackTemporary(Ptr, "ad.freed"),
        Adj.stackTemporary(Ptr, "ad.freed.shadow")};
    IRBuilder<> SB(AllocaBB);
    SB.CreateStore(ConstantPointerNull::get(Ptr), U.Primal);
    SB.CreateStore(ConstantPointerNull::get(Ptr), U.Shadow);
    IRBuilder<> B(FFree);
    B.CreateStore(deallocatedPointer(*FFree), U.Primal);
    B.CreateStore(Adj.shadowInForward(deallocatedPointer(Free)), U.Shadow);
    Freed.push_back(U);
  }
  Frees[&Alloc] = &Free;
  FFree->eraseFromParent();
  return true;
}

void HeapAdjoints::deferFree(CallBase &Free) {
  const Value *Ptr = deallocatedPointer(Free);
  SmallVector<Value *, 2> Arguments;
  // On a path that never returns (the primal's cleanups as an exception
  // leaves) there is no reverse sweep to wait for.
  bool Unwinding = !Returning.count(Free.getParent());
  if (!freedHere(Ptr, Arguments)) {
    if (Unwinding)
      return; // (not freed in a returning path: its shadow is not ours)
    if (freeOwnedBlock(Free))
      return;
    error(&Free, "frees differentiated memory it did not allocate (an ad_dup "
                 "argument, or a pointer it cannot trace to its "
                 "allocation); free it outside the differentiated function");
    return;
  }
  auto *FFree = cast<CallBase>(VMap.lookup(&Free));
  if (!Arguments.empty()) {
    // Refused at run time if the block freed is ever an argument's.
    IRBuilder<> B(FFree);
    Value *Site = nullptr;
    FunctionCallee Check = runtime("__ad_free_argument_check", B.getVoidTy(),
                                   {B.getPtrTy(), B.getPtrTy(), B.getPtrTy()});
    for (Value *A : Arguments) {
      if (!Site)
        Site = runtimeSite(B, Free, User.getName(), "ad.free.site");
      B.CreateCall(Check, {deallocatedPointer(*FFree), forward(A), Site});
    }
  }
  if (FreeAtOnce || Unwinding) {
    Value *Shadow = Adj.shadowInForward(Ptr);
    IRBuilder<> B(FFree->getNextNode());
    if (FreeAtOnce && isInnerTape(Free)) // (see reallocShadow)
      B.CreateCall(runtime("__ad_tape_shadow_free", B.getVoidTy(),
                           {B.getPtrTy(), B.getPtrTy()}),
                   {FFree->getArgOperand(0), Shadow});
    else
      B.CreateCall(runtime("ad_shadow_free", B.getVoidTy(), {B.getPtrTy()}),
                   {Shadow});
    return;
  }
  const auto *Alloc = dyn_cast<CallBase>(getUnderlyingObject(Ptr));
  if (Alloc && returnedAllocation(*Alloc) && !Frees.count(Alloc) &&
      freesEveryBlock(Free, *Alloc) && moveFree(Free, *Alloc))
    return;
  // Any other block dies at the end of the reverse sweep, with the shadow
  // the pointer has here (read from the shadow memory if need be).
  const DeallocationFunction *DF = deallocationFunction(Free);
  if (DF->Later.empty()) {
    error(&Free, "deletes an over-aligned block it cannot trace to one "
                 "allocation; delete it through the pointer new returned");
    return;
  }
  // An inner derivative's tape in a workspace: the workspace is not kept.
  if (DF->WorkspaceArg >= 0 &&
      !isa<ConstantPointerNull>(Free.getArgOperand(DF->WorkspaceArg))) {
    error(&Free, "a derivative with a workspace (ad_workspace) inside a "
                 "differentiated function; drop ad_workspace from the "
                 "inner derivative call");
    return;
  }
  IRBuilder<> B(FFree);
  Value *Fn = runtime(DF->Later, B.getVoidTy(), {B.getPtrTy()}).getCallee();
  deferToEnd(B, Fn, deallocatedPointer(*FFree), Adj.shadowInForward(Ptr));
  FFree->eraseFromParent();
}

/// A free, in a callee whose arguments reach only blocks of the
/// differentiated code, of a block read through them: the shadow read the
/// same way goes with it, at once in forward mode, else at the end of the
/// outermost reverse sweep (the caller's reverse sweep still reads both).
bool HeapAdjoints::freeOwnedBlock(CallBase &Free) {
  const Value *Ptr = deallocatedPointer(Free);
  const DeallocationFunction *DF = deallocationFunction(Free);
  if (!OwnedArguments || !derivedFromArguments(Ptr) ||
      !storesPointersOnlyOnStack(P, User) || DF->WorkspaceArg >= 0 ||
      (!FreeAtOnce && DF->Later.empty()))
    return false;
  auto *FFree = cast<CallBase>(VMap.lookup(&Free));
  Value *Shadow = Adj.shadowInForward(Ptr);
  if (FreeAtOnce) {
    IRBuilder<> B(FFree->getNextNode());
    B.CreateCall(runtime("ad_shadow_free", B.getVoidTy(), {B.getPtrTy()}),
                 {Shadow});
    return true;
  }
  IRBuilder<> B(FFree);
  PointerType *PtrTy = B.getPtrTy();
  Value *Fn = runtime(DF->Later, B.getVoidTy(), {PtrTy}).getCallee();
  B.CreateCall(
      runtime("__ad_defer_free_outer", B.getVoidTy(), {PtrTy, PtrTy, PtrTy}),
      {Fn, deallocatedPointer(*FFree), Shadow});
  FFree->eraseFromParent();
  return true;
}

void HeapAdjoints::drainOuterFrees() {
  if (OuterMark)
    return;
  IRBuilder<> B(AllocaBB);
  OuterMark = Adj.stackTemporary(B.getInt64Ty(), "ad.outer.frees");
  B.CreateStore(
      B.CreateCall(runtime("__ad_outer_frees_mark", B.getInt64Ty(), {})),
      OuterMark);
}

void HeapAdjoints::finish(IRBuilder<> &IRB) {
  if (List)
    IRB.CreateCall(
        runtime("__ad_free_deferred", IRB.getVoidTy(), {IRB.getPtrTy()}),
        {List});
  if (OuterMark)
    IRB.CreateCall(runtime("__ad_outer_frees_release", IRB.getVoidTy(),
                           {IRB.getInt64Ty()}),
                   {IRB.CreateLoad(IRB.getInt64Ty(), OuterMark)});
}

void HeapAdjoints::emitRelease(IRBuilder<> &IRB) {
  finish(IRB);
  for (const FreedBlock &U : Freed) {
    Type *Ptr = IRB.getPtrTy();
    IRB.CreateCall(FunctionType::get(IRB.getVoidTy(), {Ptr}, false), U.Fn,
                   {IRB.CreateLoad(Ptr, U.Primal)});
    IRB.CreateCall(runtime("ad_shadow_free", IRB.getVoidTy(), {Ptr}),
                   {IRB.CreateLoad(Ptr, U.Shadow)});
  }
}

Value *HeapAdjoints::allocationShadow(const CallBase &CB) {
  auto *FCB = cast<CallBase>(VMap.lookup(&CB));
  const AllocationFunction *AF = returnedAllocation(CB);
  assert(AF && "only allocations returning their block have shadows");
  if (AF->OldArg >= 0)
    return reallocShadow(CB, *FCB);
  IRBuilder<> B(FCB->getNextNode());
  SmallVector<Value *, 2> Args(FCB->args());
  Value *Bytes = allocationBytes(*AF, Args, B);
  Type *I64 = B.getInt64Ty();
  if (AF->AlignArg >= 0)
    return B.CreateCall(
        runtime("__ad_shadow_alloc_aligned", B.getPtrTy(), {I64, I64}),
        {B.CreateZExtOrTrunc(Args[AF->AlignArg], I64), Bytes},
        FCB->getName() + ".shadow");
  return B.CreateCall(runtime("ad_shadow_alloc", B.getPtrTy(), {I64}), {Bytes},
                      FCB->getName() + ".shadow");
}

void HeapAdjoints::shadowPosixMemalign(CallBase &CB) {
  const AllocationFunction *AF = allocationFunction(CB);
  const Value *Out = CB.getArgOperand(AF->OutArg);
  if (!AA.hasShadow(Out)) {
    error(&CB, "posix_memalign stores a differentiated block through a "
               "pointer without shadow (" +
                   pointerClassName(AA.classify(Out)) +
                   "); store it in a local variable");
    return;
  }
  auto *FCB = cast<CallBase>(VMap.lookup(&CB));
  Value *DOut = Adj.shadowInForward(Out);
  IRBuilder<> B(FCB->getNextNode());
  Type *I64 = B.getInt64Ty(), *I32 = B.getInt32Ty();
  // Only when the allocation succeeded: then the shadow slot gets a zeroed
  // shadow of the same size and alignment.
  B.CreateCall(runtime("__ad_shadow_memalign", B.getVoidTy(),
                       {I32, B.getPtrTy(), I64, I64}),
               {B.CreateZExtOrTrunc(FCB, I32), DOut,
                B.CreateZExtOrTrunc(FCB->getArgOperand(AF->AlignArg), I64),
                B.CreateZExtOrTrunc(FCB->getArgOperand(AF->SizeArg), I64)});
}

/// What the memory of a realloc holds, from the typed accesses through the
/// old and new pointers and the pointer phis and selects joining them.
static MemoryType reallocatedType(const CallBase &CB, const Value *Old,
                                  TypeAnalysis &TA) {
  MemoryType T;
  SmallVector<const Value *, 8> Work = {&CB, Old};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second || isa<Constant>(V))
      continue;
    T.join(TA.objectType(V));
    for (const User *U : V->users())
      if ((isa<PHINode>(U) || isa<SelectInst>(U)) &&
          U->getType()->isPointerTy())
        Work.push_back(U);
    if (const auto *Phi = dyn_cast<PHINode>(V))
      Work.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
    if (const auto *Sel = dyn_cast<SelectInst>(V)) {
      Work.push_back(Sel->getTrueValue());
      Work.push_back(Sel->getFalseValue());
    }
  }
  return T;
}

bool HeapAdjoints::sizeKnown(const Value *PPtr,
                             SmallPtrSetImpl<const Value *> &Seen) const {
  if (!Seen.insert(PPtr).second || isa<ConstantPointerNull>(PPtr))
    return true;
  if (const auto *CB = dyn_cast<CallBase>(PPtr))
    return returnedAllocation(*CB);
  if (const auto *Phi = dyn_cast<PHINode>(PPtr))
    return all_of(Phi->incoming_values(),
                  [&](const Value *In) { return sizeKnown(In, Seen); });
  if (const auto *Sel = dyn_cast<SelectInst>(PPtr))
    return sizeKnown(Sel->getTrueValue(), Seen) &&
           sizeKnown(Sel->getFalseValue(), Seen);
  if (const auto *GEP = dyn_cast<GEPOperator>(PPtr))
    return GEP->hasAllZeroIndices() &&
           sizeKnown(GEP->getPointerOperand(), Seen);
  if (const auto *Op = dyn_cast<Operator>(PPtr))
    if (Op->getOpcode() == Instruction::BitCast ||
        Op->getOpcode() == Instruction::AddrSpaceCast)
      return sizeKnown(Op->getOperand(0), Seen);
  return false;
}

Value *HeapAdjoints::blockBytes(const Value *PPtr) {
  if (Value *B = Bytes.lookup(PPtr))
    return B;
  Type *I64 = Type::getInt64Ty(P.getContext());
  Value *R = nullptr;
  if (isa<ConstantPointerNull>(PPtr)) {
    R = ConstantInt::get(I64, 0);
  } else if (const auto *CB = dyn_cast<CallBase>(PPtr)) {
    auto *FCB = cast<CallBase>(VMap.lookup(CB));
    IRBuilder<> B(FCB->getNextNode());
    SmallVector<Value *, 2> Args(FCB->args());
    R = allocationBytes(*returnedAllocation(*CB), Args, B);
  } else if (const auto *Phi = dyn_cast<PHINode>(PPtr)) {
    auto *FPhi = cast<PHINode>(VMap.lookup(Phi));
    PHINode *NP =
        PHINode::Create(I64, Phi->getNumIncomingValues(),
                        FPhi->getName() + ".bytes", FPhi->getParent()->begin());
    Bytes[PPtr] = NP; // before the incoming values: they may cycle back
    for (unsigned K = 0; K != Phi->getNumIncomingValues(); ++K)
      NP->addIncoming(blockBytes(Phi->getIncomingValue(K)),
                      FPhi->getIncomingBlock(K));
    return NP;
  } else if (const auto *Sel = dyn_cast<SelectInst>(PPtr)) {
    Value *T = blockBytes(Sel->getTrueValue());
    Value *F = blockBytes(Sel->getFalseValue());
    auto *FSel = cast<SelectInst>(VMap.lookup(Sel));
    IRBuilder<> B(FSel->getNextNode());
    R = B.CreateSelect(FSel->getCondition(), T, F);
  } else {
    R = blockBytes(cast<Operator>(PPtr)->getOperand(0)); // casts, GEP 0
  }
  Bytes[PPtr] = R;
  return R;
}

Value *HeapAdjoints::reallocShadow(const CallBase &CB, CallBase &FCB) {
  const Value *Old = CB.getArgOperand(returnedAllocation(CB)->OldArg);
  Value *Null = ConstantPointerNull::get(PointerType::get(P.getContext(), 0));
  PointerClass C = AA.classify(Old);
  SmallPtrSet<const Value *, 8> Seen;
  if ((C != PointerClass::Shadowed && C != PointerClass::None) ||
      !allocatedHere(Old)) {
    error(&CB, "reallocates differentiated memory it did not allocate (an "
               "ad_dup argument, or a pointer it cannot trace to its "
               "allocation); allocate the final size outside the "
               "differentiated function");
    return Null;
  }
  if (!sizeKnown(Old, Seen)) {
    error(&CB, "cannot tell the size of the block reallocated here (it was "
               "read back from memory, or made by posix_memalign); keep the "
               "pointer realloc or malloc returned in a variable");
    return Null;
  }
  // The reverse sweep moves the kept bytes' adjoints back, by their type; a
  // tangent is just copied with them.
  MemoryType T = reallocatedType(CB, Old, TA);
  bool Typed = T.Kind == MemoryType::Integer || T.Kind == MemoryType::Pointer ||
               (T.Kind == MemoryType::Float &&
                (T.FP->isDoubleTy() || T.FP->isFloatTy()));
  if (!Typed && !FreeAtOnce && !isa<ConstantPointerNull>(Old) &&
      reallocatesRecords(CB, Old))
    Typed = true;
  if (!Typed && !FreeAtOnce && !isa<ConstantPointerNull>(Old)) {
    if (CB.getCalledFunction()->getName() == "__ad_tape_realloc")
      error(&CB, "reverse mode over an inner reverse sweep whose tape grows "
                 "(a loop whose trip count is unknown when it starts), when "
                 "the tape's records have no layout of one type per slot, "
                 "is not supported (please report it); take the outer "
                 "derivative in forward mode (forward over reverse)");
    else
      error(&CB, "cannot tell what the memory reallocated here holds (" +
                     T.str() +
                     "); read and write it with one floating-point type");
    return Null;
  }
  Value *DOld = Adj.shadowInForward(Old);
  // A loop's phi of blocks leads back here: made once.
  if (Value *Made = ReallocShadows.lookup(&CB))
    return Made;
  if (FreeAtOnce && isInnerTape(CB)) {
    // Forward mode over an inner reverse sweep: the tangents of its tape are
    // written before they are read, as the tape is, so they are a tape
    // block too (from the same workspace, or kept between calls: no
    // allocation in steady state), freed with it.
    IRBuilder<> B(FCB.getNextNode());
    Type *Ptr = B.getPtrTy(), *I64 = B.getInt64Ty();
    return ReallocShadows[&CB] = B.CreateCall(
               runtime("__ad_tape_shadow_realloc", Ptr, {Ptr, Ptr, I64, I64}),
               {FCB.getArgOperand(0), DOld, FCB.getArgOperand(2),
                FCB.getArgOperand(3)},
               FCB.getName() + ".shadow");
  }
  Value *OldBytes = blockBytes(Old);
  IRBuilder<> B(FCB.getNextNode());
  Type *I64 = B.getInt64Ty();
  const AllocationFunction *AF = returnedAllocation(CB);
  Value *N = B.CreateZExtOrTrunc(FCB.getArgOperand(AF->SizeArg), I64);
  Value *K = B.CreateBinaryIntrinsic(Intrinsic::umin, OldBytes, N);
  if (AF->KeptArg >= 0) // a shadow's realloc: its own count, at most that
    K = B.CreateBinaryIntrinsic(
        Intrinsic::umin, K,
        B.CreateZExtOrTrunc(FCB.getArgOperand(AF->KeptArg), I64));
  Kept[&CB] = K;
  Value *S = ReallocShadows[&CB] =
      B.CreateCall(runtime("__ad_shadow_realloc_keep", B.getPtrTy(),
                           {B.getPtrTy(), I64, I64}),
                   {DOld, K, N}, FCB.getName() + ".shadow");
  // An inner derivative's shadow realloc leaves its old block allocated:
  // that block's own free ends its shadow too.
  if (AF->KeepsOld)
    return S;
  if (FreeAtOnce) { // forward mode: the old block is gone, and its shadow
    if (!isa<ConstantPointerNull>(DOld))
      B.CreateCall(runtime("ad_shadow_free", B.getVoidTy(), {B.getPtrTy()}),
                   {DOld});
    return S;
  }
  // The reverse sweep reads the old shadow up to its end.
  deferToEnd(B, Null, Null, DOld);
  return S;
}

/// Whether \p CB reallocates blocks of records of one layout whose
/// floating-point fields are double or float (an inner derivative's tape
/// holding several types, under an outer reverse sweep): their adjoints
/// move back field by field (reverseRealloc).
bool HeapAdjoints::reallocatesRecords(const CallBase &CB, const Value *Old) {
  RecordLayout R;
  if (!TA.blockRecords({&CB, Old}, R.Period, R.Fields))
    return false;
  for (const MemoryField &Fd : R.Fields)
    if (Fd.Type.Kind == MemoryType::Float && !Fd.Type.FP->isDoubleTy() &&
        !Fd.Type.FP->isFloatTy())
      return false;
  ReallocRecords[&CB] = std::move(R);
  return true;
}

void HeapAdjoints::reverseRealloc(CallBase &CB, IRBuilder<> &IRB) {
  Value *K = Kept.lookup(&CB);
  if (!K)
    return; // refused
  const Value *Old = CB.getArgOperand(returnedAllocation(CB)->OldArg);
  if (auto It = ReallocRecords.find(&CB); It != ReallocRecords.end()) {
    // The kept records, slot by slot (their first records: phase 0).
    const RecordLayout &R = It->second;
    Value *Count =
        IRB.CreateUDiv(Adj.forwardValueInReverse(K, CB.getParent(), IRB),
                       IRB.getInt64(R.Period));
    emitRecordAdjointMoves(IRB, Adj.shadowInReverse(Old, IRB),
                           Adj.shadowInReverse(&CB, IRB), Count, R.Period, 0,
                           R.Fields);
    return;
  }
  MemoryType T = reallocatedType(CB, Old, TA);
  if (T.Kind != MemoryType::Float)
    return; // integers and pointers carry no adjoints
  // The kept bytes were copied: their adjoints go back to the old block.
  const char *Fn = T.FP->isDoubleTy() ? "__ad_memmove_adjoint_f64"
                                      : "__ad_memmove_adjoint_f32";
  PointerType *Ptr = IRB.getPtrTy();
  IRB.CreateCall(runtime(Fn, IRB.getVoidTy(), {Ptr, Ptr, IRB.getInt64Ty()}),
                 {Adj.shadowInReverse(Old, IRB), Adj.shadowInReverse(&CB, IRB),
                  Adj.forwardValueInReverse(K, CB.getParent(), IRB)});
}

bool HeapAdjoints::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  if (isDeallocation(*CB) || isDeferredFree(*CB) || isDeferredFreeRun(*CB))
    return true;
  const AllocationFunction *AF = allocationFunction(*CB);
  if (!AF)
    return false;
  if (!AA.isShadowedObject(CB) || AF->OutArg >= 0)
    return true;
  if (AF->OldArg >= 0)
    reverseRealloc(*CB, IRB);
  if (CallBase *Free = Frees.lookup(CB)) {
    // The primal's own free (or delete), moved here with its shadow's.
    auto *Moved = cast<CallBase>(Free->clone());
    for (unsigned K = 0; K < Free->arg_size(); ++K) {
      Value *Arg = Free->getArgOperand(K);
      Moved->setArgOperand(K, Arg == deallocatedPointer(*Free)
                                  ? Adj.primalInReverse(CB, IRB)
                                  : Adj.primalInReverse(Arg, IRB));
    }
    Adj.adoptLocation(Moved, CB);
    IRB.Insert(Moved);
    IRB.CreateCall(runtime("ad_shadow_free", IRB.getVoidTy(), {IRB.getPtrTy()}),
                   {Adj.shadowInReverse(CB, IRB)});
  }
  // Memory the function does not free escapes to the caller, and its
  // shadow with it (through the shadow memory): both stay allocated.
  return true;
}

} // namespace adpass
