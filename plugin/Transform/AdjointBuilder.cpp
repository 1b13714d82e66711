//===- AdjointBuilder.cpp - Adjoints, shadows and primal values -----------===//
#include "Transform/AdjointBuilder.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Rules/MemoryFunctions.h"
#include "Transform/Normalize.h"
#include "Transform/Tape.h"

#include "llvm/Analysis/LoopInfo.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace adpass {

AdjointBuilder::AdjointBuilder(Function &G, BasicBlock *AllocaBB,
                               const ActivityAnalysis &AA, CacheAnalysis &CA,
                               LoopTapes &Tapes, ValueToValueMapTy &VMap)
    : G(G), AllocaBB(AllocaBB), SlotB(AllocaBB), AA(AA), CA(CA), Tapes(Tapes),
      VMap(VMap) {
  for (BasicBlock &B : AA.function())
    if (Value *F = VMap.lookup(&B))
      FwdToPrimal[cast<BasicBlock>(F)] = &B;
}

void AdjointBuilder::setArgumentShadow(const Argument *PrimalArg,
                                       Value *Shadow) {
  Shadows[PrimalArg] = Shadow;
}

void AdjointBuilder::finish(BasicBlock *FwdEntry) { SlotB.CreateBr(FwdEntry); }

AllocaInst *AdjointBuilder::newSlot(Type *T, const Twine &Name) {
  const DataLayout &DL = G.getParent()->getDataLayout();
  return SlotB.CreateAlloca(T, DL.getAllocaAddrSpace(), nullptr, Name);
}

static Instruction *insertionPointAfter(Instruction *I) {
  if (isa<PHINode>(I))
    return &*I->getParent()->getFirstInsertionPt();
  return I->getNextNode();
}

Value *AdjointBuilder::primalInReverse(const Value *PV, IRBuilder<> &IRB) {
  if (isa<Constant>(PV) || isa<MetadataAsValue>(PV) || isa<InlineAsm>(PV))
    return const_cast<Value *>(PV);
  Value *FV = VMap.lookup(PV);
  assert(FV && "primal value without a forward copy");
  if (isa<Argument>(PV))
    return FV;
  const auto *I = cast<Instruction>(PV);
  if (CA.kind(I) == CacheKind::Recompute)
    return recompute(I, IRB);
  return forwardValueInReverse(FV, I->getParent(), IRB);
}

Value *AdjointBuilder::forwardValueInReverse(Value *FV,
                                             const BasicBlock *PrimalBB,
                                             IRBuilder<> &IRB, unsigned Lanes) {
  if (!isa<Instruction>(FV))
    return FV;
  if (const Loop *L = CA.loopInfo().getLoopFor(PrimalBB))
    return Tapes.load(FV, L, IRB, Lanes);
  if (DominatesReverse(PrimalBB))
    return FV;
  // Defined on some paths only: keep it in a slot (promoted to a phi later).
  AllocaInst *&Slot = ForwardSlots[FV];
  if (!Slot) {
    Slot = newSlot(FV->getType(), FV->getName() + ".fwd");
    new StoreInst(FV, Slot, insertionPointAfter(cast<Instruction>(FV)));
  }
  return IRB.CreateLoad(FV->getType(), Slot, FV->getName() + ".rev");
}

Value *AdjointBuilder::startInReverse(const Loop *L, IRBuilder<> &IRB) {
  if (Rectangular.count(L)) {
    // Counters start at 0 when the outermost loop is entered, and each
    // header run of L's parent so far ran L exactly trips times (in the
    // outermost loop: each of its iterations).
    const Loop *Outer = L->getParentLoop();
    Value *Trips = primalInReverse(Tapes.plan(L).Trips, IRB);
    Value *Runs = Outer->getParentLoop() ? Tapes.reverseIndex(Outer, IRB)
                                         : iterationInReverse(Outer, IRB);
    return IRB.CreateMul(Runs, Trips, "ad.start");
  }
  return forwardValueInReverse(Tapes.startIndex(L), L->getLoopPreheader(), IRB);
}

Value *AdjointBuilder::exitIndexInReverse(const Loop *L, const BasicBlock *Exit,
                                          IRBuilder<> &IRB) {
  // A loop leaves in its last iteration.
  if (Value *Trips = Tapes.plan(L).Trips)
    return IRB.CreateAdd(
        startInReverse(L, IRB),
        IRB.CreateSub(primalInReverse(Trips, IRB), IRB.getInt64(1)));
  return forwardValueInReverse(Tapes.exitIndex(L, Exit), Exit, IRB);
}

Value *AdjointBuilder::iterationInReverse(const Loop *L, IRBuilder<> &IRB) {
  return IRB.CreateSub(Tapes.reverseIndex(L, IRB), startInReverse(L, IRB),
                       "ad.iter");
}

/// start + step * iteration, for an integer or pointer induction.
static Value *inductionAt(const InductionDescriptor &ID, Value *Start,
                          Value *Iter, IRBuilder<> &IRB) {
  const ConstantInt *Step = ID.getConstIntStepValue();
  if (Start->getType()->isPointerTy())
    return IRB.CreateGEP(
        IRB.getInt8Ty(), Start,
        IRB.CreateMul(Iter, IRB.getInt64(Step->getSExtValue())));
  Value *K = IRB.CreateSExtOrTrunc(Iter, Start->getType());
  return IRB.CreateAdd(
      Start, IRB.CreateMul(
                 K, ConstantInt::get(Start->getType(), Step->getSExtValue())));
}

Value *AdjointBuilder::recompute(const Instruction *I, IRBuilder<> &IRB) {
  Recomputed.insert(I);
  if (const auto *Phi = dyn_cast<PHINode>(I)) {
    const InductionDescriptor *ID = CA.induction(Phi);
    const Loop *L = CA.loopOf(Phi);
    return inductionAt(*ID, primalInReverse(ID->getStartValue(), IRB),
                       iterationInReverse(L, IRB), IRB);
  }
  Instruction *NI = I->clone();
  for (unsigned K = 0; K != I->getNumOperands(); ++K)
    NI->setOperand(K, primalInReverse(I->getOperand(K), IRB));
  NI->setName(I->getName() + ".re");
  adoptLocation(NI, I);
  return IRB.Insert(NI);
}

/// A select between differentiated memory and constant memory of unknown
/// size (an ad_const argument), whose shadow side for the constant is the
/// zeroed scratch (ActivityAnalysis, accessedDirectly): indexing into it
/// must not index the 64-byte scratch.
static const SelectInst *scratchJoin(const Value *Ptr,
                                     const ActivityAnalysis &AA) {
  const auto *Sel = dyn_cast<SelectInst>(Ptr);
  if (!Sel || !Sel->getType()->isPointerTy())
    return nullptr;
  for (const Value *Side : {Sel->getTrueValue(), Sel->getFalseValue()})
    if (AA.classify(Side) == PointerClass::Constant && !constantGlobalOf(Side))
      return Sel;
  return nullptr;
}

/// The shadow of \p GEP on such a select: each side's shadow indexed, the
/// scratch not, chosen by the select's condition \p Cond: the shadow is the
/// differentiated side's element, or the scratch.
Value *AdjointBuilder::guardedIndexShadow(
    const GetElementPtrInst &GEP, const SelectInst &Sel, Value *Cond,
    const std::function<Value *(const Value *)> &Shadow,
    const std::function<Value *(const Value *)> &Primal, IRBuilderBase &B) {
  Value *Sides[2];
  for (unsigned K = 0; K != 2; ++K) {
    const Value *Side = K == 0 ? Sel.getTrueValue() : Sel.getFalseValue();
    if (AA.classify(Side) == PointerClass::Constant &&
        !constantGlobalOf(Side)) {
      Sides[K] = constantScratch();
      continue;
    }
    SmallVector<Value *, 4> Idx;
    for (const Use &U : GEP.indices())
      Idx.push_back(Primal(U.get()));
    Sides[K] = B.CreateGEP(GEP.getSourceElementType(), Shadow(Side), Idx,
                           GEP.getName() + ".shadow");
  }
  return B.CreateSelect(Cond, Sides[0], Sides[1], GEP.getName() + ".shadow");
}

Value *AdjointBuilder::recomputeShadow(const Instruction *I, IRBuilder<> &IRB) {
  if (const auto *Phi = dyn_cast<PHINode>(I)) {
    const InductionDescriptor *ID = CA.induction(Phi);
    if (!ID)
      return nullptr;
    return inductionAt(*ID, shadowInReverse(ID->getStartValue(), IRB),
                       iterationInReverse(CA.loopOf(Phi), IRB), IRB);
  }
  if (const auto *L = dyn_cast<LoadInst>(I)) {
    // A pointer read from memory: its shadow sits in the shadow memory.
    if (CA.kind(L) != CacheKind::Recompute)
      return nullptr;
    return IRB.CreateAlignedLoad(L->getType(),
                                 shadowInReverse(L->getPointerOperand(), IRB),
                                 L->getAlign(), L->getName() + ".shadow.re");
  }
  if (isa<IntToPtrInst>(I)) {
    // The base's shadow at the same byte offset as the address.
    const Value *Base = AA.provenance().intToPtrBase(I);
    if (!Base || CA.kind(I) != CacheKind::Recompute)
      return nullptr;
    Value *X = primalInReverse(I->getOperand(0), IRB);
    Value *Off = IRB.CreateSub(
        X, IRB.CreatePtrToInt(primalInReverse(Base, IRB), X->getType()));
    return IRB.CreateGEP(IRB.getInt8Ty(), shadowInReverse(Base, IRB), Off,
                         I->getName() + ".shadow.re");
  }
  if (!isa<GetElementPtrInst>(I) && !isa<CastInst>(I) && !isa<SelectInst>(I))
    return nullptr;
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(I))
    if (const SelectInst *Sel = scratchJoin(GEP->getPointerOperand(), AA))
      return guardedIndexShadow(
          *GEP, *Sel, primalInReverse(Sel->getCondition(), IRB),
          [&](const Value *V) { return shadowInReverse(V, IRB); },
          [&](const Value *V) { return primalInReverse(V, IRB); }, IRB);
  Instruction *NI = I->clone();
  adoptLocation(NI, I);
  for (unsigned K = 0; K != I->getNumOperands(); ++K) {
    const Value *Op = I->getOperand(K);
    bool IsPointer = isa<SelectInst>(I) ? K != 0 : K == 0;
    NI->setOperand(K, IsPointer ? shadowInReverse(Op, IRB)
                                : primalInReverse(Op, IRB));
  }
  NI->setName(I->getName() + ".shadow.re");
  return IRB.Insert(NI);
}

/// The shadow of a mutable global: the user's `<name>_ad_shadow` if the
/// module has one, else a zeroed internal global created here.
GlobalVariable *AdjointBuilder::shadowGlobal(const GlobalVariable &GV) {
  Module &M = *G.getParent();
  if (GlobalVariable *User = M.getGlobalVariable(
          (GV.getName() + "_ad_shadow").str(), /*AllowInternal=*/true))
    return User;
  std::string Name = ("__ad_shadow." + GV.getName()).str();
  if (GlobalVariable *Made = M.getGlobalVariable(Name, true))
    return Made;
  auto *S = new GlobalVariable(M, GV.getValueType(), false,
                               GlobalValue::InternalLinkage,
                               Constant::getNullValue(GV.getValueType()), Name);
  S->setAlignment(GV.getAlign());
  return S;
}

void AdjointBuilder::setCallShadow(const CallBase &CB, Value *S,
                                   IRBuilder<> &IRB) {
  if (AllocaInst *Slot = CallShadowSlots.lookup(&CB))
    IRB.CreateStore(S, Slot);
  else
    Shadows[&CB] = S;
}

Value *AdjointBuilder::shadowForward(const Value *PPtr) {
  if (Value *S = Shadows.lookup(PPtr))
    return S;
  if (isNullLikePointer(PPtr))
    return const_cast<Value *>(PPtr);
  if (AA.classify(PPtr) == PointerClass::Constant) {
    // Constant memory joined with differentiated memory (ActivityAnalysis):
    // a zeroed twin of a constant global, offsets into it as in the global;
    // else a zeroed scratch, only ever accessed without offsets.
    const GlobalVariable *CG = constantGlobalOf(PPtr);
    if (!CG)
      return Shadows[PPtr] = constantScratch();
    if (PPtr == CG)
      return Shadows[PPtr] = constantTwin(*CG);
    if (isa<Constant>(PPtr)) {
      const DataLayout &DL = G.getParent()->getDataLayout();
      APInt Off(DL.getIndexTypeSizeInBits(PPtr->getType()), 0);
      if (PPtr->stripAndAccumulateConstantOffsets(DL, Off, true) != CG)
        return Shadows[PPtr] = constantScratch();
      return Shadows[PPtr] = SlotB.CreateGEP(
                 SlotB.getInt8Ty(), constantTwin(*CG), SlotB.getInt(Off));
    }
  }
  if (const auto *GV = dyn_cast<GlobalVariable>(PPtr)) {
    // (zeroed on entry to the top-level derivative: DerivativeCache)
    return Shadows[PPtr] = shadowGlobal(*GV);
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(PPtr)) {
    SmallVector<Constant *, 4> Ops;
    for (const Use &U : CE->operands())
      Ops.push_back(cast<Constant>(U.get()));
    Ops[0] = cast<Constant>(shadowForward(CE->getOperand(0)));
    return Shadows[PPtr] = CE->getWithOperands(Ops);
  }
  auto *FI = cast<Instruction>(VMap.lookup(PPtr));
  Value *S = nullptr;
  if (isa<CallBase>(FI) && returnsArgumentPointer(*cast<CallBase>(PPtr))) {
    // A callee's pointer result: its derivative gives the shadow, stored
    // into a slot when the call is replaced (setCallShadow).
    AllocaInst *&Slot = CallShadowSlots[PPtr];
    if (!Slot) {
      Slot = newSlot(FI->getType(), FI->getName() + ".shadow.slot");
      SlotB.CreateStore(ConstantPointerNull::get(SlotB.getPtrTy()), Slot);
    }
    IRBuilder<> B(FI->getNextNode());
    S = B.CreateLoad(FI->getType(), Slot, FI->getName() + ".shadow");
  } else if (isa<CallBase>(FI)) {
    // Heap memory the function allocates: a zeroed shadow of the same size.
    assert(AllocationShadow && "only allocations make shadowed pointers");
    S = AllocationShadow(*cast<CallBase>(PPtr));
  } else if (isa<IntToPtrInst>(FI)) {
    // An integer address into Base: Base's shadow at the same byte offset.
    const Value *Base = AA.provenance().intToPtrBase(PPtr);
    assert(Base && "an integer address without a base has no shadow");
    Value *SBase = shadowForward(Base);
    IRBuilder<> B(FI->getNextNode());
    Value *X = FI->getOperand(0);
    Value *Off =
        B.CreateSub(X, B.CreatePtrToInt(forwardOf(Base), X->getType()));
    S = B.CreateGEP(B.getInt8Ty(), SBase, Off, FI->getName() + ".shadow");
  } else if (auto *FL = dyn_cast<LoadInst>(FI)) {
    // A pointer read from differentiated memory: its shadow is read from
    // the shadow memory.
    IRBuilder<> B(FL->getNextNode());
    S = B.CreateAlignedLoad(
        FL->getType(), shadowForward(cast<LoadInst>(PPtr)->getPointerOperand()),
        FL->getAlign(), FL->getName() + ".shadow");
  } else if (auto *FA = dyn_cast<AllocaInst>(FI)) {
    // A local buffer that receives active values: a zeroed twin (aligned
    // like it: cleanupDerivative).
    IRBuilder<> B(FA->getNextNode());
    AllocaInst *SA =
        B.CreateAlloca(FA->getAllocatedType(), FA->getAddressSpace(),
                       FA->getArraySize(), FA->getName() + ".shadow");
    SA->setAlignment(FA->getAlign());
    const DataLayout &DL = G.getParent()->getDataLayout();
    // (a scalable vector's size is a multiple of vscale)
    Value *Bytes = B.CreateMul(
        B.CreateZExtOrTrunc(FA->getArraySize(), B.getInt64Ty()),
        B.CreateTypeSize(B.getInt64Ty(),
                         DL.getTypeAllocSize(FA->getAllocatedType())));
    B.CreateMemSet(SA, B.getInt8(0), Bytes, FA->getAlign());
    S = SA;
  } else if (auto *FPhi = dyn_cast<PHINode>(FI)) {
    auto *PPhi = cast<PHINode>(PPtr);
    PHINode *SP = PHINode::Create(FPhi->getType(), FPhi->getNumIncomingValues(),
                                  FPhi->getName() + ".shadow",
                                  FPhi->getParent()->begin());
    Shadows[PPtr] = SP; // before the incoming values: they may cycle back
    for (unsigned K = 0; K != PPhi->getNumIncomingValues(); ++K)
      SP->addIncoming(shadowForward(PPhi->getIncomingValue(K)),
                      FPhi->getIncomingBlock(K));
    return SP;
  } else if (const SelectInst *Sel =
                 isa<GetElementPtrInst>(PPtr)
                     ? scratchJoin(
                           cast<GetElementPtrInst>(PPtr)->getPointerOperand(),
                           AA)
                     : nullptr) {
    IRBuilder<> B(FI->getNextNode());
    S = guardedIndexShadow(
        *cast<GetElementPtrInst>(PPtr), *Sel, forwardOf(Sel->getCondition()),
        [&](const Value *V) { return shadowForward(V); },
        [&](const Value *V) { return forwardOf(V); }, B);
  } else {
    // GEPs, casts and selects: the same instruction on the shadow operands.
    Instruction *SI = FI->clone();
    SI->setName(FI->getName() + ".shadow");
    SI->insertAfter(FI);
    auto *PI = cast<Instruction>(PPtr);
    if (isa<SelectInst>(PI)) {
      SI->setOperand(1, shadowForward(PI->getOperand(1)));
      SI->setOperand(2, shadowForward(PI->getOperand(2)));
    } else {
      SI->setOperand(0, shadowForward(PI->getOperand(0)));
    }
    S = SI;
  }
  Shadows[PPtr] = S;
  return S;
}

Value *AdjointBuilder::forwardOf(const Value *PV) const {
  if (isa<Constant>(PV))
    return const_cast<Value *>(PV);
  return VMap.lookup(PV);
}

void AdjointBuilder::adoptLocation(Instruction *NI, const Instruction *PI) {
  auto *F = dyn_cast_or_null<Instruction>(VMap.lookup(PI));
  DebugLoc Loc = F ? F->getDebugLoc() : DebugLoc();
  // A call replaced in the forward sweep (a registered augmented forward)
  // has no twin: a call in a function with debug info needs a location.
  if (!Loc && NI->getParent())
    if (DISubprogram *SP = NI->getFunction()->getSubprogram())
      Loc = DILocation::get(SP->getContext(), 0, 0, SP);
  NI->setDebugLoc(Loc);
}

/// The shadow of constant memory that a phi or select joins with
/// differentiated memory (ActivityAnalysis, accessedDirectly): zeroed once,
/// it reads as derivative 0; what the reverse sweep adds to it is dropped.
Value *AdjointBuilder::constantScratch() {
  if (!ConstantScratch) {
    ConstantScratch =
        newSlot(ArrayType::get(SlotB.getInt8Ty(), ConstantScratchBytes),
                "ad.const.shadow");
    ConstantScratch->setAlignment(Align(16));
    SlotB.CreateMemSet(ConstantScratch, SlotB.getInt8(0), ConstantScratchBytes,
                       Align(16));
  }
  return ConstantScratch;
}

/// A zeroed twin of constant global \p CG (see constantScratch).
Value *AdjointBuilder::constantTwin(const GlobalVariable &CG) {
  if (Value *T = Shadows.lookup(&CG))
    return T;
  AllocaInst *T = newSlot(CG.getValueType(), CG.getName() + ".const.shadow");
  T->setAlignment(CG.getAlign().valueOrOne());
  const DataLayout &DL = G.getParent()->getDataLayout();
  SlotB.CreateMemSet(T, SlotB.getInt8(0),
                     DL.getTypeAllocSize(CG.getValueType()).getFixedValue(),
                     T->getAlign());
  return Shadows[&CG] = T;
}

Value *AdjointBuilder::shadowInReverse(const Value *PPtr, IRBuilder<> &IRB) {
  if (AA.classify(PPtr) == PointerClass::Constant && !constantGlobalOf(PPtr))
    return shadowForward(PPtr);
  // In a loop, rebuild the shadow address from the iteration if possible.
  if (const auto *I = dyn_cast<Instruction>(PPtr); I && CA.loopOf(I))
    if (Value *S = recomputeShadow(I, IRB))
      return S;
  Value *S = shadowForward(PPtr);
  auto *SI = dyn_cast<Instruction>(S);
  if (!SI || SI->getParent() == AllocaBB)
    return S;
  return forwardValueInReverse(S, primalBlockOf(SI->getParent()), IRB, Lanes);
}

/// The neutral element of adjoint sums: -0.0, since x + -0.0 folds to x
/// while x + 0.0 does not (it turns -0.0 into 0.0). Field by field for
/// aggregates (a complex result's {double, double}).
static cl::opt<bool> StrictAdjointOrder(
    "ad-strict-adjoint-order",
    cl::desc("ADPass: sum adjoint contributions in the order of the reverse "
             "sweep (no reassociation, no vectorized reverse reductions)"),
    cl::init(false));

Value *accumulateAdjoint(IRBuilderBase &IRB, Value *Sum, Value *Delta) {
  Value *R = IRB.CreateFAdd(Sum, Delta);
  if (auto *I = dyn_cast<Instruction>(R); I && !StrictAdjointOrder) {
    I->setHasAllowReassoc(true);
    markAdjointSum(*I);
  }
  return R;
}

Constant *adjointZero(Type *T) {
  if (T->isFPOrFPVectorTy())
    return ConstantFP::getNegativeZero(T);
  if (auto *ST = dyn_cast<StructType>(T)) {
    SmallVector<Constant *, 4> Fields;
    for (Type *E : ST->elements())
      Fields.push_back(adjointZero(E));
    return ConstantStruct::get(ST, Fields);
  }
  if (auto *AT = dyn_cast<ArrayType>(T))
    return ConstantArray::get(
        AT, SmallVector<Constant *, 4>(AT->getNumElements(),
                                       adjointZero(AT->getElementType())));
  return Constant::getNullValue(T);
}

AllocaInst *AdjointBuilder::adjointSlot(const Value *PV) {
  AllocaInst *&Slot = AdjointSlots[PV];
  if (!Slot) {
    Slot = newSlot(PV->getType(), PV->getName() + ".adj");
    SlotB.CreateStore(adjointZero(PV->getType()), Slot);
  }
  return Slot;
}

/// Whether every use of \p PV is in its own block (and not a phi): then its
/// adjoint is complete within the reverse of that block and never needs a
/// stack slot. Most values of straight-line code are such.
bool AdjointBuilder::adjointStaysInBlock(const Value *PV) {
  auto It = StaysInBlock.find(PV);
  if (It != StaysInBlock.end())
    return It->second;
  const auto *I = dyn_cast<Instruction>(PV);
  bool Local =
      I && all_of(I->users(), [&](const User *U) {
        const auto *UI = dyn_cast<Instruction>(U);
        return UI && !isa<PHINode>(UI) && UI->getParent() == I->getParent();
      });
  StaysInBlock[PV] = Local;
  return Local;
}

void AdjointBuilder::addAdjoint(const Value *PV, Value *Delta,
                                IRBuilder<> &IRB) {
  if (!PV || isa<Constant>(PV) || !AA.isActive(PV))
    return;
  Delta = convert(Delta, PV->getType(), IRB);
  if (adjointStaysInBlock(PV)) {
    Value *&Sum = InBlock[PV];
    Sum = Sum ? add(Sum, Delta, IRB) : Delta;
    return;
  }
  AllocaInst *Slot = adjointSlot(PV);
  Value *Old = IRB.CreateLoad(PV->getType(), Slot);
  IRB.CreateStore(add(Old, Delta, IRB), Slot);
}

Value *AdjointBuilder::takeAdjoint(const Value *PV, IRBuilder<> &IRB) {
  if (!AA.isActive(PV))
    return Constant::getNullValue(PV->getType());
  if (adjointStaysInBlock(PV)) {
    Value *Sum = InBlock.lookup(PV);
    InBlock.erase(PV);
    return Sum ? Sum : adjointZero(PV->getType());
  }
  AllocaInst *Slot = adjointSlot(PV);
  Value *D = IRB.CreateLoad(PV->getType(), Slot, PV->getName() + ".d");
  IRB.CreateStore(adjointZero(PV->getType()), Slot);
  return D;
}

Value *AdjointBuilder::add(Value *A, Value *B, IRBuilder<> &IRB) {
  Type *T = A->getType();
  if (T->isFPOrFPVectorTy())
    return accumulateAdjoint(IRB, A, B);
  unsigned N = 0;
  if (auto *ST = dyn_cast<StructType>(T))
    N = ST->getNumElements();
  else if (auto *AT = dyn_cast<ArrayType>(T))
    N = AT->getNumElements();
  Value *Out = A;
  for (unsigned K = 0; K != N; ++K) {
    Value *EA = IRB.CreateExtractValue(A, K);
    if (!isDifferentiableType(EA->getType()))
      continue;
    Out = IRB.CreateInsertValue(Out, add(EA, IRB.CreateExtractValue(B, K), IRB),
                                K);
  }
  return Out;
}

Value *AdjointBuilder::convert(Value *V, Type *To, IRBuilder<> &IRB) {
  if (V->getType() == To)
    return V;
  return IRB.CreateFPCast(V, To);
}

} // namespace adpass
