//===- ActivityAnalysis.cpp - Which values carry derivatives --------------===//
#include "Analysis/ActivityAnalysis.h"

#include "Analysis/ReturnedPointers.h"

#include "Rules/ComplexRules.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/OpenMpRoutines.h"
#include "Rules/RuleTable.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace adpass {

bool isDifferentiableType(const Type *T) {
  if (T->isFPOrFPVectorTy())
    return true;
  if (auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(), isDifferentiableType);
  if (auto *AT = dyn_cast<ArrayType>(T))
    return isDifferentiableType(AT->getElementType());
  return false;
}

bool isNullLikePointer(const Value *V) {
  if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V))
    return true;
  const auto *CE = dyn_cast<ConstantExpr>(V);
  if (!CE)
    return false;
  if (CE->getOpcode() == Instruction::IntToPtr)
    return isa<ConstantInt>(CE->getOperand(0));
  if (CE->getOpcode() == Instruction::GetElementPtr)
    return isNullLikePointer(CE->getOperand(0));
  return false;
}

StringRef pointerClassName(PointerClass C) {
  switch (C) {
  case PointerClass::None:
    return "none";
  case PointerClass::Shadowed:
    return "shadowed";
  case PointerClass::Constant:
    return "constant";
  case PointerClass::Local:
    return "local";
  case PointerClass::Global:
    return "global";
  case PointerClass::Unknown:
    return "unknown";
  case PointerClass::Mixed:
    return "mixed";
  }
  return "?";
}

static PointerClass loadedFrom(PointerClass From);

bool returnsArgumentPointer(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  SmallVector<ReturnedPointerSource, 4> Sources;
  return F && !F->isDeclaration() && CB.getType()->isPointerTy() &&
         isDifferentiableCall(CB) && !hasCustomDerivative(*F) &&
         !hasCustomForward(*F) && CB.arg_size() == F->arg_size() &&
         returnedPointerSources(*F, Sources);
}

static PointerClass join(PointerClass A, PointerClass B) {
  if (A == PointerClass::None)
    return B;
  if (B == PointerClass::None || A == B)
    return A;
  return PointerClass::Mixed;
}

ActivityAnalysis::ActivityAnalysis(
    Function &F, ArrayRef<ArgActivity> Args, bool ReturnActive,
    ArrayRef<const GlobalVariable *> SharedGlobals)
    : F(F), Args(Args.begin(), Args.end()), ReturnActive(ReturnActive), IP(F),
      PT(F, IP) {
  ShadowedObjects.insert(SharedGlobals.begin(), SharedGlobals.end());
  computeVaried();
  computeUseful();
}

PointerClass ActivityAnalysis::classify(const Value *Ptr) const {
  auto Cached = ClassCache.find(Ptr);
  if (Cached != ClassCache.end())
    return Cached->second;
  // Only whole queries are cached: inside a cycle of phis, intermediate
  // results rest on the optimistic assumption made for the cycle.
  SmallPtrSet<const Value *, 8> Seen;
  PointerClass C = classifyImpl(Ptr, Seen);
  ClassCache[Ptr] = C;
  return C;
}

PointerClass
ActivityAnalysis::classifyImpl(const Value *Ptr,
                               SmallPtrSetImpl<const Value *> &Seen) const {
  if (!Seen.insert(Ptr).second)
    return PointerClass::None; // a cycle adds nothing new
  PointerClass C = PointerClass::Unknown;
  if (isNullLikePointer(Ptr)) {
    C = PointerClass::None;
  } else if (const auto *A = dyn_cast<Argument>(Ptr)) {
    ArgActivity Act = Args[A->getArgNo()];
    C = (Act == ArgActivity::Dup || Act == ArgActivity::DupNoNeed)
            ? PointerClass::Shadowed
            : PointerClass::Constant;
  } else if (isa<AllocaInst>(Ptr) ||
             (isa<CallBase>(Ptr) && allocationFunction(*cast<CallBase>(Ptr)))) {
    C = ShadowedObjects.count(Ptr) ? PointerClass::Shadowed
                                   : PointerClass::Local;
  } else if (const auto *L = dyn_cast<LoadInst>(Ptr)) {
    C = classifyLoad(L, Seen);
  } else if (const auto *CB = dyn_cast<CallBase>(Ptr);
             CB && returnsArgumentPointer(*CB)) {
    // A callee returning one of its pointer arguments or a pointer read
    // through one: classified from them (its derivative returns the
    // shadow).
    SmallVector<ReturnedPointerSource, 4> Sources;
    returnedPointerSources(*CB->getCalledFunction(), Sources);
    C = PointerClass::None;
    for (const ReturnedPointerSource &S : Sources) {
      PointerClass K = classifyImpl(CB->getArgOperand(S.Arg), Seen);
      C = join(C, S.Loaded ? loadedFrom(K) : K);
    }
  } else if (const auto *GV = dyn_cast<GlobalVariable>(Ptr)) {
    C = GV->isConstant() || GV->hasMetadata(InactiveGlobalMD)
            ? PointerClass::Constant
        : ShadowedObjects.count(GV) ? PointerClass::Shadowed
                                    : PointerClass::Global;
  } else if (isa<Function>(Ptr)) {
    C = PointerClass::Constant;
  } else if (const auto *II = dyn_cast<IntrinsicInst>(Ptr);
             II && II->getIntrinsicID() == Intrinsic::threadlocal_address) {
    // A thread-local global: constant or inactive ones as such (the
    // others, without a thread-local shadow, stay unknown).
    const auto *GV = dyn_cast<GlobalVariable>(II->getArgOperand(0));
    if (GV && (GV->isConstant() || GV->hasMetadata(InactiveGlobalMD)))
      C = PointerClass::Constant;
  } else if (const auto *GEP = dyn_cast<GEPOperator>(Ptr)) {
    C = classifyImpl(GEP->getPointerOperand(), Seen);
  } else if (const auto *Op = dyn_cast<Operator>(Ptr);
             Op && (Op->getOpcode() == Instruction::BitCast ||
                    Op->getOpcode() == Instruction::AddrSpaceCast)) {
    C = classifyImpl(Op->getOperand(0), Seen);
  } else if (const Value *Base =
                 isa<IntToPtrInst>(Ptr) ? IP.intToPtrBase(Ptr) : nullptr) {
    // An integer address into one pointer's object (constant expressions
    // stay unknown: their shadow would have to be a constant too).
    C = classifyImpl(Base, Seen);
  } else if (isa<PHINode>(Ptr) || isa<SelectInst>(Ptr)) {
    C = PointerClass::None;
    bool AnyShadowed = false, AnyConstant = false, AnyOther = false;
    for (const Value *In : joinedPointers(*cast<Instruction>(Ptr))) {
      PointerClass K = classifyImpl(In, Seen);
      AnyShadowed |= K == PointerClass::Shadowed;
      // A constant global's shadow can be a zeroed twin of its size.
      AnyConstant |= K == PointerClass::Constant && !constantGlobalOf(In);
      AnyOther |= K != PointerClass::Shadowed && K != PointerClass::Constant &&
                  K != PointerClass::None;
      C = join(C, K);
    }
    // Differentiated or constant memory: the constant side's shadow reads
    // as derivative 0 (a zeroed twin of a constant global, or, for memory
    // of unknown size read and written only right here, a zeroed scratch).
    if (C == PointerClass::Mixed && AnyShadowed && !AnyOther &&
        (!AnyConstant || accessedDirectly(*cast<Instruction>(Ptr))))
      C = PointerClass::Shadowed;
  }
  return C;
}

const GlobalVariable *constantGlobalOf(const Value *Ptr) {
  const auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Ptr));
  return GV && GV->isConstant() && GV->hasInitializer() ? GV : nullptr;
}

SmallVector<const Value *, 4> joinedPointers(const Instruction &I) {
  if (const auto *Phi = dyn_cast<PHINode>(&I))
    return SmallVector<const Value *, 4>(Phi->incoming_values());
  const auto &Sel = cast<SelectInst>(I);
  return {Sel.getTrueValue(), Sel.getFalseValue()};
}

bool accessedDirectly(const Instruction &Join) {
  const DataLayout &DL = Join.getDataLayout();
  // A load or store, through Ptr, of a value the scratch holds.
  auto Access = [&](const User *U, const Value *Ptr) {
    Type *T = nullptr;
    if (const auto *L = dyn_cast<LoadInst>(U))
      T = L->getType();
    else if (const auto *S = dyn_cast<StoreInst>(U);
             S && S->getPointerOperand() == Ptr)
      T = S->getValueOperand()->getType();
    return T && !T->isPointerTy() && T->isSized() &&
           DL.getTypeStoreSize(T).getKnownMinValue() <= ConstantScratchBytes;
  };
  return all_of(Join.users(), [&](const User *U) {
    if (Access(U, &Join))
      return true;
    // Or, for a select, indexed once: each index gets the scratch when the
    // constant side is chosen (AdjointBuilder::guardedIndexShadow).
    const auto *GEP = dyn_cast<GetElementPtrInst>(U);
    return GEP && isa<SelectInst>(Join) && GEP->getPointerOperand() == &Join &&
           all_of(GEP->users(), [&](const User *V) { return Access(V, GEP); });
  });
}

/// What a pointer read through a pointer of class \p From points to, when
/// nothing better is known: a pointer kept in differentiated memory has its
/// shadow in the shadow memory; one read from constant memory points to
/// constant memory.
static PointerClass loadedFrom(PointerClass From) {
  return From == PointerClass::Shadowed || From == PointerClass::Constant ||
                 From == PointerClass::None
             ? From // None: a list walk's cycle, decided by the rest of it
             : PointerClass::Unknown;
}

PointerClass
ActivityAnalysis::classifyLoad(const LoadInst *L,
                               SmallPtrSetImpl<const Value *> &Seen) const {
  // From the function's own memory: whatever was stored there.
  SmallPtrSet<const Value *, 4> Objs;
  if (PT.objects(L->getPointerOperand(), Objs) && !Objs.empty() &&
      all_of(Objs, [&](const Value *O) { return PT.contentsKnown(O); })) {
    PointerClass C = PointerClass::None;
    bool Any = false;
    for (const Value *O : Objs) {
      for (const Value *V :
           PT.storedPointersReadBy(O, L->getPointerOperand())) {
        C = join(C, classifyImpl(V, Seen));
        Any = true;
      }
      for (const Value *S : PT.copiedFrom(O)) {
        C = join(C, loadedFrom(classifyImpl(S, Seen)));
        Any = true;
      }
    }
    // Nothing stored: whatever the bytes are, no known pointer.
    return Any ? C : PointerClass::Unknown;
  }
  return loadedFrom(classifyImpl(L->getPointerOperand(), Seen));
}

/// A pointer that may point into differentiated memory without the analysis
/// knowing its shadow: what it reads may vary, so that a use of it that
/// matters is refused (ActiveConstructs) rather than silently constant.
bool ActivityAnalysis::mayReadDifferentiated(const Value *Ptr) const {
  PointerClass C = classify(Ptr);
  if (C == PointerClass::Mixed)
    return true;
  return C == PointerClass::Unknown && any_of(F.args(), [&](const Argument &A) {
           ArgActivity Act = Args[A.getArgNo()];
           return A.getType()->isPointerTy() &&
                  (Act == ArgActivity::Dup || Act == ArgActivity::DupNoNeed);
         });
}

void ActivityAnalysis::markVaried(const Value *V, const Value *Why) {
  if (VariedFrom.try_emplace(V, Why).second)
    Worklist.push_back(V);
}

void ActivityAnalysis::markUseful(const Value *V, const Value *Why) {
  if (!isa<Instruction>(V) && !isa<Argument>(V))
    return;
  if (UsefulTo.try_emplace(V, Why).second)
    Worklist.push_back(V);
}

bool ActivityAnalysis::holdsOnlyConstants(const Value *Ptr) const {
  SmallPtrSet<const Value *, 4> Objects;
  PT.objects(Ptr, Objects);
  return !Objects.empty() && all_of(Objects, [&](const Value *Obj) {
    if (!isa<AllocaInst>(Obj) || ShadowedObjects.count(Obj))
      return false;
    return all_of(Obj->users(), [&](const User *U) {
      if (const auto *S = dyn_cast<StoreInst>(U)) {
        const Value *V = S->getValueOperand();
        if (V == Obj || isDifferentiableType(V->getType()))
          return false;
        if (!V->getType()->isPointerTy())
          return true;
        PointerClass C = classify(V);
        return C == PointerClass::Constant || C == PointerClass::None;
      }
      if (isa<LoadInst>(U))
        return true;
      if (const auto *II = dyn_cast<IntrinsicInst>(U))
        return II->isLifetimeStartOrEnd();
      // Passed to calls: only read by them.
      const auto *Call = dyn_cast<CallBase>(U);
      return Call && all_of(Call->args(), [&](const Use &A) {
               return A.get() != Obj || Call->onlyReadsMemory(A.getOperandNo());
             });
    });
  });
}

void ActivityAnalysis::shadowLocalObjects(const Value *Ptr) {
  // The local buffers (allocas, heap allocations) and mutable globals it
  // may point into.
  SmallPtrSet<const Value *, 4> Objects;
  PT.objects(Ptr, Objects);
  for (const Value *Obj : Objects)
    if (ShadowedObjects.insert(Obj).second) {
      ShadowsGrew = true;
      ClassCache.clear();
    }
}

/// realloc: the new block holds the old one's contents, so both have a
/// shadow or neither. posix_memalign: the slot it writes holds the block, so
/// it needs a shadow to hold the block's, and a block stored into
/// differentiated memory needs one.
void ActivityAnalysis::shadowAllocationPartners(const CallBase &CB) {
  const AllocationFunction *AF = allocationFunction(CB);
  int PartnerArg = AF->OldArg >= 0 ? AF->OldArg : AF->OutArg;
  if (PartnerArg < 0)
    return;
  const Value *Partner = CB.getArgOperand(PartnerArg);
  PointerClass C = classify(Partner);
  bool LocalPartner = C == PointerClass::Local || C == PointerClass::Global;
  if (ShadowedObjects.count(&CB) && LocalPartner)
    shadowLocalObjects(Partner);
  if (C == PointerClass::Shadowed && ShadowedObjects.insert(&CB).second) {
    ShadowsGrew = true;
    ClassCache.clear();
  }
}

/// A phi or select of pointers where one side has a shadow and the others
/// are the function's own buffers (a block the optimizer duplicated onto a
/// path that never writes it, say): those buffers get shadows too, so that
/// the joined pointer has one.
void ActivityAnalysis::shadowJoinedObjects(const Instruction &I) {
  if (!I.getType()->isPointerTy() || classify(&I) != PointerClass::Mixed)
    return;
  // The joined pointers, or, when one of them is itself a join in a cycle
  // (a vector's buffer, replaced by a bigger block as it grows, in a loop),
  // every object the join may point into.
  auto ShadowLocals = [&](ArrayRef<const Value *> Ins) {
    bool AnyShadowed = false;
    for (const Value *In : Ins) {
      PointerClass C = classify(In);
      if (C == PointerClass::Shadowed)
        AnyShadowed = true;
      else if (C != PointerClass::Local && C != PointerClass::Global &&
               C != PointerClass::None && C != PointerClass::Constant)
        return false;
    }
    if (!AnyShadowed)
      return false;
    for (const Value *In : Ins) {
      PointerClass C = classify(In);
      if (C == PointerClass::Local || C == PointerClass::Global)
        shadowLocalObjects(In);
    }
    return true;
  };
  if (ShadowLocals(joinedPointers(I)))
    return;
  SmallVector<const Value *, 8> Objs;
  getUnderlyingObjects(&I, Objs, /*LI=*/nullptr, /*MaxLookup=*/0);
  erase_if(Objs, [](const Value *O) { return isa<ConstantPointerNull>(O); });
  if (ShadowLocals(Objs))
    return;
  // Or, through pointers kept in the function's own memory (a tree's nodes
  // and the header inside the container object, linked to each other),
  // every object the points-to analysis says it may reach.
  SmallPtrSet<const Value *, 8> Reached;
  if (PT.objects(&I, Reached) && !Reached.empty())
    ShadowLocals(SmallVector<const Value *, 8>(Reached.begin(), Reached.end()));
}

bool ActivityAnalysis::touchesShadowedGlobal(const CallBase &CB) const {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || Callee->isDeclaration() || !isDifferentiableCall(CB))
    return false;
  auto It = CalleeGlobals.find(Callee);
  if (It == CalleeGlobals.end())
    It = CalleeGlobals.try_emplace(Callee, sharedGlobals(*Callee, true)).first;
  return any_of(It->second, [&](const GlobalVariable *GV) {
    return ShadowedObjects.count(GV);
  });
}

bool ActivityAnalysis::joinsConstant(const Value *Ptr) const {
  const auto *I = dyn_cast<Instruction>(Ptr);
  if (!I || (!isa<PHINode>(I) && !isa<SelectInst>(I)))
    return false;
  return any_of(joinedPointers(*I), [&](const Value *In) {
    return classify(In) == PointerClass::Constant;
  });
}

/// Calls that neither compute derivatives nor move differentiated data.
static bool isMemoryNeutral(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  return isHeapCall(CB) ||
         (Callee && (isKnownInactiveFunction(Callee->getName()) ||
                     Callee->hasFnAttribute(InactiveAttr)));
}

bool ActivityAnalysis::blasReadsVaried(const CallBase &CB,
                                       const BlasCall &BC) const {
  for (BlasRole R : BC.Routine->Params) {
    const Value *A = BC.arg(CB, R);
    // syev's eigenvalues are only written.
    if (!A || R == BlasRole::W)
      continue;
    if (isBlasArray(R) && hasShadow(A))
      return true;
    if (isBlasScalar(R) && (BC.byValue() ? isVaried(A) : hasShadow(A)))
      return true;
  }
  return false;
}

/// A BLAS call is understood (Rules/BlasRoutines.h): when it reads
/// differentiated data, the arrays it writes need shadows and its result is
/// varied.
void ActivityAnalysis::visitBlasCall(const CallBase &CB, const BlasCall &BC) {
  if (!blasReadsVaried(CB, BC))
    return;
  for (const Value *W :
       BC.derivedArrays(CB, [&](const Value *V) { return hasShadow(V); })) {
    PointerClass C = classify(W);
    if (C == PointerClass::Local || C == PointerClass::Global)
      shadowLocalObjects(W);
  }
  if (BC.Routine->ReturnsScalar)
    markVaried(&CB, &CB);
}

/// An MPI call that moves floating-point numbers is always mirrored (see
/// Transform/Parallel/MpiDerivatives.h): what it receives may come from a
/// rank that sends differentiated values, so local buffers it writes get
/// shadows.
void ActivityAnalysis::visitMpiCall(const CallBase &CB, const MpiCall &MC) {
  if (MC.data(CB) != MpiData::Real)
    return;
  for (const Value *B : MC.receivedBuffers(CB)) {
    PointerClass C = classify(B);
    if (C == PointerClass::Local || C == PointerClass::Global)
      shadowLocalObjects(B);
  }
}

void ActivityAnalysis::visitVariedUser(const Value *V, const User *U) {
  const Value *Root = VariedFrom.lookup(V);
  if (const auto *S = dyn_cast<StoreInst>(U)) {
    if (S->getValueOperand() != V)
      return;
    PointerClass C = classify(S->getPointerOperand());
    if (C == PointerClass::Shadowed && !joinsConstant(S->getPointerOperand()))
      return;
    if (C == PointerClass::Local || C == PointerClass::Global) {
      // A buffer or mutable global that receives active values gets a shadow.
      shadowLocalObjects(S->getPointerOperand());
      return;
    }
    LostStores.push_back(S);
    return;
  }
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(U)) {
    // An atomic update (omp atomic) stores like a store; the old value it
    // returns is varied with the memory (computeVaried).
    if (RMW->getValOperand() != V || !RMW->isFloatingPointOperation())
      return;
    PointerClass C = classify(RMW->getPointerOperand());
    if (C == PointerClass::Local || C == PointerClass::Global)
      shadowLocalObjects(RMW->getPointerOperand());
    return;
  }
  if (const auto *CB = dyn_cast<CallBase>(U)) {
    if (CB->getCalledOperand() == V)
      return;
    if (std::optional<BlasCall> BC = matchBlasCall(*CB)) {
      visitBlasCall(*CB, *BC);
      return;
    }
    if (std::optional<MpiCall> MC = matchMpiCall(*CB)) {
      visitMpiCall(*CB, *MC);
      return;
    }
    if (const DerivativeRule *R = lookupRule(*CB)) {
      if (!R->isPiecewiseConstant() && isDifferentiableType(CB->getType()))
        markVaried(CB, Root);
      return;
    }
    if (isComplexCall(*CB)) {
      markVaried(CB, Root);
      return;
    }
    if (isBookkeepingIntrinsic(*CB) || isMemoryNeutral(*CB) ||
        adjointMoveElementSize(*CB))
      return;
    if (!is_contained(OpaqueCalls, CB))
      OpaqueCalls.push_back(CB);
    if (isDifferentiableType(CB->getType()))
      markVaried(CB, Root);
    return;
  }
  const auto *I = dyn_cast<Instruction>(U);
  if (!I || !isDifferentiableType(I->getType()))
    return;
  if (const DerivativeRule *R = lookupRule(*I))
    if (R->isPiecewiseConstant())
      return;
  markVaried(I, Root);
}

void ActivityAnalysis::computeVaried() {
  for (Argument &A : F.args())
    if (Args[A.getArgNo()] == ArgActivity::Out &&
        isDifferentiableType(A.getType()))
      markVaried(&A, &A);
  // Shadowing a local buffer makes more loads varied: iterate to a fixpoint.
  do {
    ShadowsGrew = false;
    for (Instruction &I : instructions(F)) {
      if (auto *L = dyn_cast<LoadInst>(&I)) {
        if (isDifferentiableType(L->getType()) &&
            (hasShadow(L->getPointerOperand()) ||
             mayReadDifferentiated(L->getPointerOperand())))
          markVaried(L, L);
        continue;
      }
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
        if (RMW->isFloatingPointOperation() &&
            hasShadow(RMW->getPointerOperand()))
          markVaried(RMW, RMW);
        continue;
      }
      if (auto *S = dyn_cast<StoreInst>(&I)) {
        // A buffer that holds pointers with shadows needs a shadow to hold
        // theirs (an array of rows the function builds, say).
        const Value *V = S->getValueOperand();
        if (!V->getType()->isPointerTy())
          continue;
        PointerClass Dest = classify(S->getPointerOperand());
        PointerClass Val = classify(V);
        bool LocalDest =
            Dest == PointerClass::Local || Dest == PointerClass::Global;
        bool LocalVal =
            Val == PointerClass::Local || Val == PointerClass::Global;
        if (Val == PointerClass::Shadowed && LocalDest)
          shadowLocalObjects(S->getPointerOperand());
        // A buffer reachable from differentiated memory is read back as a
        // shadowed pointer: it needs a shadow.
        if (Dest == PointerClass::Shadowed && LocalVal)
          shadowLocalObjects(V);
        continue;
      }
      if (isa<PHINode>(I) || isa<SelectInst>(I)) {
        shadowJoinedObjects(I);
        continue;
      }
      if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
        // Copying differentiated data into a local buffer shadows it.
        PointerClass Dest = classify(MT->getDest());
        if (hasShadow(MT->getSource()) &&
            (Dest == PointerClass::Local || Dest == PointerClass::Global))
          shadowLocalObjects(MT->getDest());
        continue;
      }
      // Calls that receive differentiated memory must be understood.
      auto *CB = dyn_cast<CallBase>(&I);
      if (std::optional<BlasCall> BC = CB ? matchBlasCall(*CB) : std::nullopt) {
        visitBlasCall(*CB, *BC);
        continue;
      }
      if (std::optional<MpiCall> MC = CB ? matchMpiCall(*CB) : std::nullopt) {
        visitMpiCall(*CB, *MC);
        continue;
      }
      if (CB && allocationFunction(*CB)) {
        shadowAllocationPartners(*CB);
        continue;
      }
      if (CB && adjointMoveElementSize(*CB)) {
        // An inner sweep moving adjoints between its buffers: both hold
        // differentiated data, or neither.
        for (unsigned K : {0u, 1u}) {
          const Value *Other = CB->getArgOperand(1 - K);
          PointerClass C = classify(CB->getArgOperand(K));
          if (hasShadow(Other) &&
              (C == PointerClass::Local || C == PointerClass::Global))
            shadowLocalObjects(CB->getArgOperand(K));
        }
        continue;
      }
      if (!CB || isa<MemIntrinsic>(CB) || isBookkeepingIntrinsic(*CB) ||
          isMemoryNeutral(*CB))
        continue;
      // Its result may come from active data in a global it reads.
      if (touchesShadowedGlobal(*CB) && isDifferentiableType(CB->getType()))
        markVaried(CB, CB);
      if (isDifferentiableCall(*CB) && any_of(CB->args(), [&](const Value *A) {
            return isVaried(A) || (A->getType()->isPointerTy() && hasShadow(A));
          })) {
        // Its derivative may write active values into any buffer it gets,
        // but one it only reads and that holds no differentiable data (an
        // OpenMP region's slot of a constant pointer).
        for (const auto &[K, A] : enumerate(CB->args())) {
          PointerClass C =
              A->getType()->isPointerTy() ? classify(A) : PointerClass::None;
          if ((C == PointerClass::Local || C == PointerClass::Global) &&
              !(CB->onlyReadsMemory(K) && holdsOnlyConstants(A)))
            shadowLocalObjects(A);
        }
      }
      if (is_contained(OpaqueCalls, CB))
        continue;
      for (const Value *Arg : CB->args())
        if (Arg->getType()->isPointerTy() && hasShadow(Arg)) {
          OpaqueCalls.push_back(CB);
          if (isDifferentiableType(CB->getType()))
            markVaried(CB, Arg);
          break;
        }
    }
    while (!Worklist.empty()) {
      const Value *V = Worklist.pop_back_val();
      for (const User *U : V->users())
        visitVariedUser(V, U);
    }
  } while (ShadowsGrew);
  // Stores found lost before their pointer got its shadow (a join that a
  // later round of the fixpoint shadowed).
  erase_if(LostStores, [&](const StoreInst *S) {
    return classify(S->getPointerOperand()) == PointerClass::Shadowed &&
           !joinsConstant(S->getPointerOperand());
  });
}

void ActivityAnalysis::computeUseful() {
  for (Instruction &I : instructions(F)) {
    if (auto *Ret = dyn_cast<ReturnInst>(&I)) {
      if (ReturnActive && Ret->getReturnValue())
        markUseful(Ret->getReturnValue(), Ret);
    } else if (auto *S = dyn_cast<StoreInst>(&I)) {
      if (isDifferentiableType(S->getValueOperand()->getType()) &&
          hasShadow(S->getPointerOperand()))
        markUseful(S->getValueOperand(), S);
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      if (RMW->isFloatingPointOperation() &&
          hasShadow(RMW->getPointerOperand()))
        markUseful(RMW->getValOperand(), RMW);
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      // A call that may write differentiated memory is a sink, like a store.
      if (std::optional<BlasCall> BC = matchBlasCall(*CB)) {
        if (any_of(BC->writtenArrays(*CB),
                   [&](const Value *W) { return hasShadow(W); }))
          markUseful(CB, CB);
        continue;
      }
      if (matchMpiCall(*CB))
        continue; // a sink through the memory it sends, like a store
      if (isDifferentiableCall(*CB) && (touchesShadowedGlobal(*CB) ||
                                        any_of(CB->args(), [&](const Value *A) {
                                          return A->getType()->isPointerTy() &&
                                                 hasShadow(A);
                                        })))
        markUseful(CB, CB);
    }
  }
  while (!Worklist.empty()) {
    const auto *I = dyn_cast<Instruction>(Worklist.pop_back_val());
    if (!I || isa<LoadInst>(I))
      continue;
    const DerivativeRule *R = lookupRule(*I);
    if (const auto *CB = dyn_cast<CallBase>(I);
        CB && (!R || R->isPiecewiseConstant()) && !isDifferentiableCall(*CB) &&
        !isComplexCall(*CB) && !matchBlasCall(*CB))
      continue;
    const Value *Sink = UsefulTo.lookup(I);
    for (const Value *Op : I->operands())
      if (isDifferentiableType(Op->getType()))
        markUseful(Op, Sink);
  }
}

static void printRef(raw_ostream &OS, const Value *V) {
  if (isa<ReturnInst>(V)) {
    OS << "ret";
    return;
  }
  if (isa<StoreInst>(V)) {
    OS << "store";
    return;
  }
  V->printAsOperand(OS, /*PrintType=*/false);
}

void ActivityAnalysis::print(raw_ostream &OS) const {
  OS << "activity of '" << F.getName() << "'\n";
  auto Reasons = [&](const Value *V) {
    if (const Value *W = VariedFrom.lookup(V)) {
      OS << " ; varied from ";
      printRef(OS, W);
    }
    if (const Value *W = UsefulTo.lookup(V)) {
      OS << " ; useful for ";
      printRef(OS, W);
    }
  };
  for (Argument &A : F.args()) {
    OS << "  " << (isActive(&A) ? "active" : "inactive") << " arg ";
    A.printAsOperand(OS, false);
    OS << " (" << activityName(Args[A.getArgNo()]) << ")";
    Reasons(&A);
    OS << "\n";
  }
  for (Instruction &I : instructions(F)) {
    bool Active = isActive(&I);
    if (auto *S = dyn_cast<StoreInst>(&I))
      Active = isDifferentiableType(S->getValueOperand()->getType()) &&
               hasShadow(S->getPointerOperand());
    OS << "  " << (Active ? "active" : "inactive") << ":";
    I.print(OS);
    Reasons(&I);
    if (I.getType()->isPointerTy())
      OS << " ; pointer " << pointerClassName(classify(&I));
    OS << "\n";
  }
}

/// The mutable floating-point globals \p F's instructions refer to.
static void globalsReferenced(const Function &F,
                              SmallSetVector<const GlobalVariable *, 4> &Out) {
  for (const Instruction &I : instructions(F))
    for (const Use &U : I.operands()) {
      if (!U->getType()->isPointerTy() || !isa<Constant>(U.get()))
        continue;
      const auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(U.get()));
      if (GV && !GV->isConstant() && !GV->hasMetadata(InactiveGlobalMD) &&
          isDifferentiableType(GV->getValueType()))
        Out.insert(GV);
    }
}

SmallVector<const GlobalVariable *, 4> sharedGlobals(const Function &F,
                                                     bool Nested) {
  SmallSetVector<const GlobalVariable *, 4> Out;
  if (Nested)
    globalsReferenced(F, Out);
  // Every function with a body that F reaches gets a derivative of its own.
  SmallPtrSet<const Function *, 8> Seen{&F};
  SmallVector<const Function *, 8> Work{&F};
  while (!Work.empty()) {
    const Function *G = Work.pop_back_val();
    for (const Instruction &I : instructions(*G))
      if (const auto *CB = dyn_cast<CallBase>(&I))
        // A parallel region runs its microtask.
        for (const Function *Callee :
             {static_cast<const Function *>(CB->getCalledFunction()),
              forkedMicrotask(*CB)})
          if (Callee && !Callee->isDeclaration() &&
              Seen.insert(Callee).second) {
            globalsReferenced(*Callee, Out);
            Work.push_back(Callee);
          }
  }
  return SmallVector<const GlobalVariable *, 4>(Out.begin(), Out.end());
}

SmallVector<ArgActivity, 8> defaultActivities(const Function &F) {
  SmallVector<ArgActivity, 8> Acts;
  SmallVector<StringRef, 8> Given;
  if (F.hasFnAttribute("ad-activity"))
    F.getFnAttribute("ad-activity").getValueAsString().split(Given, ',');
  for (const Argument &A : F.args()) {
    StringRef G = A.getArgNo() < Given.size() ? Given[A.getArgNo()].trim() : "";
    if (G == "dup")
      Acts.push_back(ArgActivity::Dup);
    else if (G == "dupnoneed")
      Acts.push_back(ArgActivity::DupNoNeed);
    else if (G == "const")
      Acts.push_back(ArgActivity::Const);
    else if (G == "out")
      Acts.push_back(ArgActivity::Out);
    else if (A.getType()->isFPOrFPVectorTy())
      Acts.push_back(ArgActivity::Out);
    else if (A.getType()->isPointerTy())
      Acts.push_back(ArgActivity::Dup);
    else
      Acts.push_back(ArgActivity::Const);
  }
  return Acts;
}

StringRef activityName(ArgActivity A) {
  switch (A) {
  case ArgActivity::Const:
    return "const";
  case ArgActivity::Dup:
    return "dup";
  case ArgActivity::DupNoNeed:
    return "dupnoneed";
  case ArgActivity::Out:
    return "out";
  }
  return "?";
}

void ActivityAnalysis::printFunction(Function &F, FunctionAnalysisManager &,
                                     raw_ostream &OS) {
  ActivityAnalysis(F, defaultActivities(F),
                   F.getReturnType()->isFPOrFPVectorTy())
      .print(OS);
}

} // namespace adpass
