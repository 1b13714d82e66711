//===- IndirectCalls.cpp - Indirect calls become dispatches ---------------===//
#include "Transform/IndirectCalls.h"
#include "Transform/Exceptions.h"

#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"
#include "Support/TbaaTypes.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace adpass {

/// More candidates than this: the call stays indirect (and is refused where
/// it matters).
static constexpr unsigned MaxTargets = 8;

/// Calls whose values may carry derivatives: a floating-point parameter or
/// result.
static bool computesWithFloats(const FunctionType *FT) {
  auto Float = [](const Type *T) {
    return T->getScalarType()->isFloatingPointTy() ||
           (T->isStructTy() &&
            any_of(cast<StructType>(T)->elements(),
                   [](const Type *E) { return E->isFloatingPointTy(); }));
  };
  return Float(FT->getReturnType()) || any_of(FT->params(), Float);
}

/// Whether a call to \p F, only declared here, is differentiated anyway:
/// libm's functions (a table of unary operations holding `sin`).
static bool hasRule(const Function &F) {
  return isKnownMathFunction(F.getName());
}

/// The functions of type \p FT whose address is taken; false when one of
/// them is only declared here (a target outside this translation unit,
/// then in \p Outside).
static bool candidates(Module &M, FunctionType *FT,
                       SmallVectorImpl<Function *> &Out,
                       Function **Outside = nullptr) {
  for (Function &F : M) {
    // (ADPass's own functions: a split reverse's address is in its tapes)
    if (F.isIntrinsic() || F.getName().starts_with("__ad_") ||
        F.getFunctionType() != FT ||
        !F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                           /*IgnoreAssumeLikeCalls=*/true,
                           /*IgnoreLLVMUsed=*/true))
      continue;
    if (F.isDeclaration() && !hasRule(F)) {
      if (Outside)
        *Outside = &F;
      return false;
    }
    Out.push_back(&F);
  }
  return true;
}

static void dispatch(CallInst &CB, ArrayRef<Function *> Targets) {
  Function &C = *CB.getFunction();
  LLVMContext &Ctx = C.getContext();
  BasicBlock *Head = CB.getParent();
  BasicBlock *Join = Head->splitBasicBlock(&CB, "ad.dispatch.join");
  Head->getTerminator()->eraseFromParent();
  Value *Callee = CB.getCalledOperand();
  SmallVector<Value *, 8> Args(CB.args());
  PHINode *Result = nullptr;
  if (!CB.getType()->isVoidTy()) {
    Result = PHINode::Create(CB.getType(), Targets.size(), "ad.dispatch");
    Result->insertBefore(Join->begin());
  }
  BasicBlock *Test = Head;
  SmallVector<CallInst *, 4> Directs;
  for (Function *T : Targets) {
    BasicBlock *Call =
        BasicBlock::Create(Ctx, "ad.dispatch." + T->getName(), &C, Join);
    BasicBlock *Next = BasicBlock::Create(Ctx, "ad.dispatch.next", &C, Join);
    IRBuilder<> B(Test);
    B.SetCurrentDebugLocation(CB.getDebugLoc());
    B.CreateCondBr(B.CreateICmpEQ(Callee, T), Call, Next);
    B.SetInsertPoint(Call);
    CallInst *Direct = B.CreateCall(T, Args);
    Direct->setAttributes(CB.getAttributes());
    Direct->setCallingConv(T->getCallingConv());
    // (a call inside a try whose handler catches: so is each target's)
    if (MDNode *Caught = CB.getMetadata("ad.caught"))
      Direct->setMetadata("ad.caught", Caught);
    Directs.push_back(Direct);
    B.CreateBr(Join);
    if (Result)
      Result->addIncoming(Direct, Call);
    Test = Next;
  }
  // None of them: a function of another translation unit.
  IRBuilder<> B(Test);
  StringRef Name = C.getName();
  Name.consume_front("__ad_primal."); // the normalized clone's own name
  emitRuntimeRefusal(B, "__ad_unknown_target", CB, Name, "ad.call.site");
  if (Result)
    CB.replaceAllUsesWith(Result);
  // Each target unwinds where the call did (its branch, left after the
  // join, then stands after no call and is dropped).
  if (hasUnwindPath(CB))
    shareUnwindPath(CB, Directs);
  CB.eraseFromParent();
}

std::string whyIndirect(const CallBase &CB) {
  if (CB.isInlineAsm() || !CB.getFunction())
    return "";
  SmallVector<Function *, 4> Targets;
  Function *Outside = nullptr;
  if (!candidates(*const_cast<Module *>(CB.getModule()), CB.getFunctionType(),
                  Targets, &Outside))
    return ("a possible target, '" + Outside->getName() +
            "', is defined in another translation unit")
        .str();
  if (Targets.empty())
    return "no function of its type has its address taken here";
  if (Targets.size() > MaxTargets)
    return "it has more than " + std::to_string(MaxTargets) +
           " possible targets";
  return "";
}

/// Whether \p F computes with floating-point values (reads, writes or
/// makes one): a callback taking only pointers (an ODE right-hand side
/// `rhs(const double *y, double *dy)`, a virtual method on an object) may
/// then carry derivatives through the memory they point to.
static bool computesWithFloats(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    // (std::function's manager copies a captured double as an i64)
    if (isa<LoadInst>(I) || isa<StoreInst>(I))
      if (tbaaFloatType(I))
        return true;
    if (const auto *S = dyn_cast<StoreInst>(&I))
      return S->getValueOperand()
          ->getType()
          ->getScalarType()
          ->isFloatingPointTy();
    return I.getType()->getScalarType()->isFloatingPointTy();
  });
}

/// Calls \p Visit(U, Off) on every use of \p Root, or of a pointer at a
/// constant offset Off from it (through GEPs), other than those GEPs; a GEP
/// at an offset not constant is visited itself. False as soon as Visit is.
template <typename VisitFn>
static bool visitUsesAtOffsets(const Value *Root, const DataLayout &DL,
                               VisitFn Visit) {
  SmallVector<std::pair<const Value *, int64_t>, 8> Work{{Root, 0}};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    auto [P, Off] = Work.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    for (const Use &U : P->uses()) {
      const auto *GEP = dyn_cast<GetElementPtrInst>(U.getUser());
      APInt Delta(DL.getIndexTypeSizeInBits(P->getType()), 0);
      if (GEP && GEP->accumulateConstantOffset(DL, Delta))
        Work.push_back({GEP, Off + Delta.getSExtValue()});
      else if (!Visit(U, Off))
        return false;
    }
  }
  return true;
}

/// The pointers a local object holds in its slot at byte \p Slot (its
/// vtable pointer, a std::function's invoker and manager), from the stores
/// into it (nulls left out); false if anything else may write it (a call
/// taking the object, other than an indirect call on it: virtual methods
/// do not change the vtable pointer, nor std::function's handlers their
/// own slots). A dispatch on a pointer stored otherwise aborts at run time.
static bool storedPointers(const AllocaInst &AI, int64_t Slot,
                           const DataLayout &DL,
                           SmallVectorImpl<const Value *> &Out) {
  int64_t SlotEnd = Slot + int64_t(DL.getPointerSize());
  bool Known = visitUsesAtOffsets(&AI, DL, [&](const Use &U, int64_t Off) {
    const auto *I = cast<Instruction>(U.getUser());
    if (isa<GetElementPtrInst>(I))
      return false; // (at an offset not constant)
    if (isa<LoadInst>(I))
      return true;
    if (const auto *S = dyn_cast<StoreInst>(I)) {
      if (U.getOperandNo() != S->getPointerOperandIndex())
        return false; // the object's address escapes
      const Value *V = S->getValueOperand();
      int64_t End = Off + int64_t(DL.getTypeStoreSize(V->getType()));
      if (Off == Slot && V->getType()->isPointerTy()) {
        if (!isa<ConstantPointerNull>(V))
          Out.push_back(V);
        return true;
      }
      return Off >= SlotEnd || End <= Slot;
    }
    if (const auto *II = dyn_cast<IntrinsicInst>(I);
        II && II->isLifetimeStartOrEnd())
      return true;
    if (const auto *MS = dyn_cast<MemSetInst>(I);
        MS && U.getOperandNo() == 0 && match(MS->getValue(), m_Zero()))
      return true; // nulls
    // A virtual call (the destructor's, say) on the object.
    const auto *CB = dyn_cast<CallBase>(I);
    return CB && !CB->getCalledFunction() && !CB->isInlineAsm() &&
           U.getOperandNo() < CB->arg_size();
  });
  return Known && !Out.empty();
}

static const AllocaInst *localSlot(const Value *Ptr, const DataLayout &DL,
                                   int64_t &Off);

/// The heap blocks this function allocated that \p Ptr may point into, and
/// at which byte: directly, or read back from a local object's slot (at
/// -O1 a std::shared_ptr keeps its control block's address in itself).
static bool
allocatedBlocks(const Value *Ptr, const DataLayout &DL, int64_t Off,
                SmallVectorImpl<std::pair<const CallBase *, int64_t>> &Out,
                unsigned Depth = 4) {
  int64_t Add = 0;
  const Value *Base = GetPointerBaseWithConstantOffset(Ptr, Add, DL);
  Off += Add;
  if (const auto *CB = dyn_cast<CallBase>(Base);
      CB && allocationFunction(*CB)) {
    Out.push_back({CB, Off});
    return true;
  }
  if (Depth == 0)
    return false;
  if (const auto *Phi = dyn_cast<PHINode>(Base))
    return all_of(Phi->incoming_values(), [&](const Value *V) {
      return allocatedBlocks(V, DL, Off, Out, Depth - 1);
    });
  if (const auto *Sel = dyn_cast<SelectInst>(Base))
    return allocatedBlocks(Sel->getTrueValue(), DL, Off, Out, Depth - 1) &&
           allocatedBlocks(Sel->getFalseValue(), DL, Off, Out, Depth - 1);
  const auto *L = dyn_cast<LoadInst>(Base);
  int64_t Slot = 0;
  const AllocaInst *Obj = L && !L->isVolatile()
                              ? localSlot(L->getPointerOperand(), DL, Slot)
                              : nullptr;
  SmallVector<const Value *, 4> Stored;
  if (!Obj || !storedPointers(*Obj, Slot, DL, Stored))
    return false;
  return all_of(Stored, [&](const Value *V) {
    return allocatedBlocks(V, DL, Off, Out, Depth - 1);
  });
}

/// The pointers stored at the bytes \p Ptr points to in heap blocks this
/// function allocated (a std::shared_ptr's control block and its vtable
/// pointer), wherever the blocks go afterwards: a dispatch on them aborts
/// at run time if the slot holds anything else then.
static bool heapStoredPointers(const Value *Ptr, const DataLayout &DL,
                               SmallVectorImpl<const Value *> &Out) {
  SmallVector<std::pair<const CallBase *, int64_t>, 2> Blocks;
  if (!allocatedBlocks(Ptr, DL, 0, Blocks))
    return false;
  for (auto [Block, Slot] : Blocks)
    visitUsesAtOffsets(Block, DL, [&, Slot = Slot](const Use &U, int64_t Off) {
      const auto *S = dyn_cast<StoreInst>(U.getUser());
      if (S && U.getOperandNo() == S->getPointerOperandIndex() && Off == Slot &&
          S->getValueOperand()->getType()->isPointerTy() &&
          !isa<ConstantPointerNull>(S->getValueOperand()))
        Out.push_back(S->getValueOperand());
      return true;
    });
  return !Out.empty();
}

/// The local object and the byte offset in it that \p Ptr points to.
static const AllocaInst *localSlot(const Value *Ptr, const DataLayout &DL,
                                   int64_t &Off) {
  Off = 0;
  return dyn_cast<AllocaInst>(GetPointerBaseWithConstantOffset(Ptr, Off, DL));
}

/// The functions a pointer loaded from constant memory can be: a vtable
/// slot or a constant table (std::variant's visitor tables, a C dispatch
/// table), at constant addresses (or a choice of them), or anywhere in a
/// constant global array of functions. False when it may be anything else.
static bool targetsOfLoad(const LoadInst *L, const DataLayout &DL,
                          SmallVectorImpl<Function *> &Out) {
  if (L->isVolatile())
    return false;
  auto Add = [&](Constant *C) {
    auto *F = dyn_cast_or_null<Function>(C ? C->stripPointerCasts() : C);
    if (!F)
      return false;
    // A base class's vtable, stored while it is constructed: its pure
    // virtual slots abort, as the dispatch does when nothing matches.
    if (F->getName() == "__cxa_pure_virtual" ||
        F->getName() == "__cxa_deleted_virtual")
      return true;
    if (!is_contained(Out, F))
      Out.push_back(F);
    return true;
  };
  SmallVector<const Value *, 4> Work{L->getPointerOperand()};
  SmallPtrSet<const Value *, 4> Seen;
  while (!Work.empty()) {
    const Value *A = Work.pop_back_val();
    if (!Seen.insert(A).second)
      continue;
    if (const auto *Sel = dyn_cast<SelectInst>(A)) {
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
      continue;
    }
    if (const auto *Phi = dyn_cast<PHINode>(A)) {
      Work.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
      continue;
    }
    if (auto *C = dyn_cast<Constant>(const_cast<Value *>(A))) {
      if (!Add(ConstantFoldLoadFromConstPtr(C, L->getType(), DL)))
        return false;
      continue;
    }
    int64_t Slot = 0;
    // The vtable pointer of a local or new object, read back, and a slot
    // of that vtable.
    APInt InTable(DL.getIndexTypeSizeInBits(A->getType()), 0);
    const Value *Table =
        A->stripAndAccumulateConstantOffsets(DL, InTable, true);
    if (const auto *VL = dyn_cast<LoadInst>(Table)) {
      const AllocaInst *Obj = localSlot(VL->getPointerOperand(), DL, Slot);
      SmallVector<const Value *, 4> Vtables;
      if (VL->isVolatile() ||
          (Obj ? !storedPointers(*Obj, Slot, DL, Vtables)
               : !heapStoredPointers(VL->getPointerOperand(), DL, Vtables)))
        return false;
      for (const Value *V : Vtables) {
        auto *C = dyn_cast<Constant>(const_cast<Value *>(V));
        if (InTable.isZero())
          Work.push_back(V);
        else if (C)
          Work.push_back(ConstantExpr::getGetElementPtr(
              Type::getInt8Ty(C->getContext()), C,
              ConstantInt::get(C->getContext(), InTable)));
        else
          return false;
      }
      continue;
    }
    // A function pointer kept in a local object (std::function's handlers).
    if (const AllocaInst *Obj = localSlot(A, DL, Slot)) {
      SmallVector<const Value *, 4> Stored;
      if (!storedPointers(*Obj, Slot, DL, Stored))
        return false;
      for (const Value *V : Stored)
        if (!Add(const_cast<Constant *>(dyn_cast<Constant>(V))))
          return false;
      continue;
    }
    // An element of a constant table at a run-time index: any of them.
    const auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(A));
    if (!GV || !GV->isConstant() || !GV->hasDefinitiveInitializer())
      return false;
    SmallVector<Constant *, 8> Elts{
        const_cast<Constant *>(GV->getInitializer())};
    while (!Elts.empty()) {
      Constant *E = Elts.pop_back_val();
      if (isa<ConstantAggregate>(E) || isa<ConstantDataSequential>(E)) {
        for (unsigned K = 0; K != E->getNumOperands(); ++K)
          Elts.push_back(E->getAggregateElement(K));
        continue;
      }
      if (E->isNullValue())
        continue;
      if (!Add(E))
        return false;
    }
  }
  return !Out.empty();
}

/// The functions \p Callee can be: loaded as targetsOfLoad says, or named,
/// through phis and selects (std::function's manager at the end of a loop
/// that calls it: the pointer loaded in the loop, or the one stored before
/// it when the loop runs no iteration).
static bool loadedTargets(const Value *Callee, const DataLayout &DL,
                          SmallVectorImpl<Function *> &Out) {
  SmallVector<const Value *, 4> Work{Callee};
  SmallPtrSet<const Value *, 4> Seen;
  bool Loaded = false;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val()->stripPointerCasts();
    if (!Seen.insert(V).second)
      continue;
    if (const auto *Phi = dyn_cast<PHINode>(V)) {
      Work.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
    } else if (const auto *Sel = dyn_cast<SelectInst>(V)) {
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
    } else if (const auto *F = dyn_cast<Function>(V)) {
      if (!is_contained(Out, F))
        Out.push_back(const_cast<Function *>(F));
    } else if (const auto *L = dyn_cast<LoadInst>(V)) {
      if (!targetsOfLoad(L, DL, Out))
        return false;
      Loaded = true;
    } else {
      return false;
    }
  }
  // (Only named functions: a direct call already, or foldConstantCallees')
  return Loaded && !Out.empty();
}

bool dispatchIndirectCalls(Function &C) {
  SmallVector<std::pair<CallInst *, SmallVector<Function *, 4>>, 4> Work;
  for (Instruction &I : instructions(C)) {
    auto *CB = dyn_cast<CallInst>(&I);
    if (!CB || CB->getCalledFunction() || CB->isInlineAsm() ||
        isa<Constant>(CB->getCalledOperand()->stripPointerCasts()))
      continue;
    bool Floats = computesWithFloats(CB->getFunctionType());
    bool Pointers = any_of(
        CB->args(), [](const Value *A) { return A->getType()->isPointerTy(); });
    if (!Floats && !Pointers)
      continue;
    // Read from constant memory: exactly these functions, all defined here.
    SmallVector<Function *, 4> Targets;
    if (loadedTargets(CB->getCalledOperand(), C.getDataLayout(), Targets) &&
        Targets.size() <= MaxTargets && all_of(Targets, [&](const Function *T) {
          return (!T->isDeclaration() || hasRule(*T)) &&
                 T->getFunctionType() == CB->getFunctionType();
        })) {
      Work.push_back({CB, Targets});
      continue;
    }
    Targets.clear();
    if (!candidates(*C.getParent(), CB->getFunctionType(), Targets) ||
        Targets.empty() || Targets.size() > MaxTargets)
      continue;
    // Without floats anywhere the call only moves pointers: a logging
    // callback, or a std::function's manager copying or destroying a
    // functor whose captures may point at differentiated data. Dispatched
    // too, so that what it does to them is seen, unless its type is as
    // general as void(T *), which every destructor has (deleting ones
    // too).
    if (!Floats &&
        none_of(Targets,
                [](const Function *T) { return computesWithFloats(*T); }) &&
        CB->getFunctionType()->getNumParams() < 2)
      continue;
    Work.push_back({CB, Targets});
  }
  for (auto &[CB, Targets] : Work)
    dispatch(*CB, Targets);
  return !Work.empty();
}

} // namespace adpass
