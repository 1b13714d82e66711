//===- LocalPointsTo.cpp - Pointers kept in the function's own memory -----===//
#include "Analysis/LocalPointsTo.h"

#include "Analysis/IntegerProvenance.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace adpass {

bool containsPointer(const Type *T) {
  if (T->isPtrOrPtrVectorTy())
    return true;
  if (const auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(), containsPointer);
  if (const auto *AT = dyn_cast<ArrayType>(T))
    return containsPointer(AT->getElementType());
  return false;
}

namespace {
/// Whether calls store no pointer anywhere and keep none of their
/// arguments: known functions, and functions of this module (an OpenMP
/// region's microtask writing a std::vector's doubles) whose stores of
/// pointers all go to stack memory of the calls checked (-O0 code spills
/// its arguments; a std::vector local to the microtask keeps its buffer),
/// and that return none.
class PointerStoreCheck {
public:
  bool keepsNoPointer(const CallBase &CB) {
    return keepsNoPointer(CB, /*Inner=*/false,
                          [](const Value *) { return false; });
  }

private:
  /// Whether \p F stores no pointer but into its stack or the stack
  /// objects its arguments in \p StackArgs (a bit per argument) point to.
  bool storesNoPointer(const Function &F, uint64_t StackArgs) {
    if (F.isDeclaration() || Seen.size() > 128)
      return false;
    // (a function being checked counts as storing none)
    if (!Seen.insert({&F, StackArgs}).second)
      return true;
    std::function<bool(const Value *, unsigned)> OnStackAt =
        [&](const Value *P, unsigned Depth) {
          const Value *O = getUnderlyingObject(P);
          if (isa<AllocaInst>(O))
            return true;
          if (const auto *A = dyn_cast<Argument>(O))
            return A->getParent() == &F && A->getArgNo() < 64 &&
                   (StackArgs >> A->getArgNo() & 1);
          // A pointer spilled to a stack slot and read back (-O0's `this`):
          // on the stack if all that slot is given is.
          const auto *L = dyn_cast<LoadInst>(O);
          const auto *Slot = L ? dyn_cast<AllocaInst>(getUnderlyingObject(
                                     L->getPointerOperand()))
                               : nullptr;
          if (!Slot || Depth > 3)
            return false;
          return all_of(Slot->users(), [&](const User *U) {
            if (const auto *S = dyn_cast<StoreInst>(U))
              return S->getPointerOperand() == Slot &&
                     OnStackAt(S->getValueOperand(), Depth + 1);
            return isa<LoadInst>(U) || isa<IntrinsicInst>(U);
          });
        };
    auto OnStack = [&](const Value *P) { return OnStackAt(P, 0); };
    for (const Instruction &I : instructions(F)) {
      if (const auto *S = dyn_cast<StoreInst>(&I)) {
        if (containsPointer(S->getValueOperand()->getType()) &&
            !OnStack(S->getPointerOperand()))
          return false;
      } else if (isa<MemTransferInst>(I) || isa<AtomicRMWInst>(I) ||
                 isa<AtomicCmpXchgInst>(I)) {
        return false;
      } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
        if (!keepsNoPointer(*CB, /*Inner=*/true, OnStack))
          return false;
      }
    }
    return true;
  }

  /// \p Inner: a call inside a function checked, whose result stays there.
  bool keepsNoPointer(const CallBase &CB, bool Inner,
                      function_ref<bool(const Value *)> OnStack) {
    if (isa<MemIntrinsic>(CB) || isBookkeepingIntrinsic(CB) || isHeapCall(CB))
      return true;
    const Function *Callee = CB.getCalledFunction();
    if (!Callee)
      return false;
    // The arguments that point to stack memory of the callers checked,
    // from argument First of the call on.
    auto StackArgs = [&](unsigned First, unsigned Shift) {
      uint64_t M = 0;
      for (unsigned K = First; K < CB.arg_size() && K - First + Shift < 64; ++K)
        if (CB.getArgOperand(K)->getType()->isPointerTy() &&
            OnStack(CB.getArgOperand(K)))
          M |= uint64_t(1) << (K - First + Shift);
      return M;
    };
    StringRef Name = Callee->getName();
    bool ReturnStaysInside = Inner || !CB.getType()->isPtrOrPtrVectorTy();
    if (Callee->isDeclaration()) {
      // The team runs the microtask (thread ids, then the shared
      // arguments); the other runtime calls write integers.
      if (Name == "__kmpc_fork_call")
        if (const auto *Task =
                dyn_cast<Function>(CB.getArgOperand(2)->stripPointerCasts()))
          return storesNoPointer(*Task, StackArgs(3, 2));
      if (isKnownInactiveFunction(Name) ||
          (isKnownMathFunction(Name) && lookupRule(CB)))
        return true;
      // A call that does not return (the C++ library's throw helpers,
      // std::terminate) or writes no memory keeps nothing, as long as no
      // pointer it returns (strchr's, into its argument) is followed here.
      return ReturnStaysInside &&
             (CB.doesNotReturn() || CB.onlyReadsMemory() ||
              Name.starts_with("__cxa_") ||
              (Name.starts_with("__kmpc_") && Name != "__kmpc_fork_call" &&
               !Name.starts_with("__kmpc_alloc")));
    }
    return ReturnStaysInside && storesNoPointer(*Callee, StackArgs(0, 0));
  }

  SmallSet<std::pair<const Function *, uint64_t>, 8> Seen;
};
} // namespace

bool LocalPointsTo::keepsNoPointer(const CallBase &CB) const {
  auto [It, New] = KeepsNoPointer.try_emplace(&CB, false);
  if (New)
    It->second = PointerStoreCheck().keepsNoPointer(CB);
  return It->second;
}

bool LocalPointsTo::isObject(const Value *V) {
  if (isa<AllocaInst>(V))
    return true;
  if (const auto *GV = dyn_cast<GlobalVariable>(V))
    return !GV->isConstant();
  const auto *CB = dyn_cast<CallBase>(V);
  return CB && allocationFunction(*CB);
}

LocalPointsTo::LocalPointsTo(const Function &F, const IntegerProvenance &IP)
    : IP(IP) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const Instruction &I : instructions(F))
      Changed |= visit(I);
  }
}

LocalPointsTo::PtsSet LocalPointsTo::pts(const Value *V) const {
  PtsSet P;
  if (isObject(V)) {
    P.Objs.insert(V);
    return P;
  }
  if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V))
    return P;
  if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
    P = pts(GEP->getPointerOperand());
    P.Inner |= !GEP->hasAllZeroIndices();
    return P;
  }
  if (const auto *Op = dyn_cast<Operator>(V)) {
    if (Op->getOpcode() == Instruction::BitCast ||
        Op->getOpcode() == Instruction::AddrSpaceCast)
      return pts(Op->getOperand(0));
    if (Op->getOpcode() == Instruction::IntToPtr) {
      if (const Value *Base = IP.intToPtrBase(V))
        P = pts(Base);
      else
        P.Other = true;
      P.Inner = true;
      return P;
    }
  }
  auto It = Pts.find(V);
  if (It != Pts.end() &&
      (isa<PHINode>(V) || isa<SelectInst>(V) || isa<LoadInst>(V)))
    return It->second;
  if (!isa<PHINode>(V) && !isa<SelectInst>(V) && !isa<LoadInst>(V))
    P.Other = P.Inner = true; // arguments, call results, constant globals
  return P;
}

bool LocalPointsTo::merge(const Value *V, const PtsSet &P) {
  PtsSet &Cur = Pts[V];
  bool Changed = (!Cur.Other && P.Other) || (!Cur.Inner && P.Inner);
  Cur.Other |= P.Other;
  Cur.Inner |= P.Inner;
  for (const Value *O : P.Objs)
    Changed |= Cur.Objs.insert(O);
  return Changed;
}

int64_t LocalPointsTo::offsetIn(const Value *Ptr, const Value *Obj) const {
  int64_t Off = 0;
  const DataLayout &DL = cast<Instruction>(Ptr)->getDataLayout();
  const Value *Base = GetPointerBaseWithConstantOffset(Ptr, Off, DL);
  if (Base == Obj)
    return Off;
  // A pointer to the start of whatever object it points to (a node read
  // back from its parent's slot).
  PtsSet B = pts(Base);
  return !B.Other && !B.Inner && B.Objs.contains(Obj) ? Off : AnyOffset;
}

bool LocalPointsTo::addStored(Contents &C, const Value *V, int64_t Off) {
  bool Changed = C.Stored.insert(V);
  auto [It, New] = C.Offset.try_emplace(V, Off);
  if (!New && It->second != Off && It->second != AnyOffset) {
    It->second = AnyOffset;
    Changed = true;
  }
  return Changed;
}

bool LocalPointsTo::storeInto(const PtsSet &Dest, const Value *V,
                              const Value *Addr) {
  bool Changed = false;
  for (const Value *O : Dest.Objs) {
    Contents &C = Mem[O];
    Changed |= addStored(
        C, V, Addr && isa<Instruction>(Addr) ? offsetIn(Addr, O) : AnyOffset);
    // Stored into memory whose address is out: it is out too.
    if (C.Escaped)
      Changed |= escape(pts(V));
  }
  if (Dest.Other)
    Changed |= escape(pts(V));
  return Changed;
}

bool LocalPointsTo::copyInto(const PtsSet &Dest, const PtsSet &Src,
                             const Value *S) {
  bool Changed = false;
  for (const Value *O : Dest.Objs) {
    for (const Value *O2 : Src.Objs) {
      if (O2 == O) {
        // (a move inside the object: its pointers may be anywhere in it)
        Contents &C = Mem[O];
        for (const Value *V :
             SmallVector<const Value *, 4>(C.Stored.begin(), C.Stored.end()))
          Changed |= addStored(C, V, AnyOffset);
        continue;
      }
      Contents From = Mem[O2]; // a copy: Mem may grow below
      Contents &C = Mem[O];
      for (const Value *V : From.Stored)
        Changed |= addStored(C, V, AnyOffset);
      for (const Value *V : From.From)
        Changed |= C.From.insert(V);
      if ((From.Escaped || From.Unknown) && !C.Unknown)
        Changed = C.Unknown = true;
    }
    if (Src.Other)
      Changed |= Mem[O].From.insert(S);
  }
  // Copied out to memory not tracked here: what the source held is out.
  if (Dest.Other ||
      any_of(Dest.Objs, [&](const Value *O) { return Mem.lookup(O).Escaped; }))
    for (const Value *O2 : Src.Objs)
      for (const Value *V : SmallVector<const Value *, 4>(
               Mem[O2].Stored.begin(), Mem[O2].Stored.end()))
        Changed |= escape(pts(V));
  return Changed;
}

bool LocalPointsTo::escape(const PtsSet &P) {
  bool Changed = false;
  for (const Value *O : P.Objs)
    Changed |= escapeObject(O);
  return Changed;
}

bool LocalPointsTo::escapeObject(const Value *Obj) {
  Contents &C = Mem[Obj];
  if (C.Escaped)
    return false;
  C.Escaped = true;
  SmallVector<const Value *, 4> Held(C.Stored.begin(), C.Stored.end());
  for (const Value *V : Held)
    escape(pts(V));
  return true;
}

bool LocalPointsTo::visit(const Instruction &I) {
  bool Changed = false;
  // Uses this analysis does not follow let the pointer out.
  if (I.getType()->isPtrOrPtrVectorTy()) {
    for (const User *U : I.users()) {
      if (isa<LoadInst>(U) || isa<CmpInst>(U) || isa<ReturnInst>(U) ||
          isa<CallBase>(U) || isa<StoreInst>(U))
        continue;
      if ((isa<GetElementPtrInst>(U) || isa<PHINode>(U) || isa<SelectInst>(U) ||
           isa<BitCastInst>(U) || isa<AddrSpaceCastInst>(U)) &&
          U->getType()->isPointerTy())
        continue;
      if (isa<PtrToIntInst>(U) && !IP.launders())
        continue;
      // (an atomic count in the object, std::shared_ptr's: the address
      // stays here)
      if (const auto *RMW = dyn_cast<AtomicRMWInst>(U);
          RMW && RMW->getPointerOperand() == &I &&
          !RMW->getValOperand()->getType()->isPtrOrPtrVectorTy())
        continue;
      if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(U);
          CX && CX->getPointerOperand() == &I &&
          !CX->getNewValOperand()->getType()->isPtrOrPtrVectorTy())
        continue;
      Changed |= escape(pts(&I));
      break;
    }
  }
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    PtsSet Addr = pts(L->getPointerOperand());
    if (L->getType()->isPointerTy()) {
      PtsSet New;
      New.Other = Addr.Other;
      for (const Value *O : Addr.Objs) {
        Contents C = Mem.lookup(O);
        if (C.Escaped || C.Unknown || !C.From.empty() || isa<GlobalVariable>(O))
          New.Other = true;
        int64_t At = isa<Instruction>(L->getPointerOperand())
                         ? offsetIn(L->getPointerOperand(), O)
                         : AnyOffset;
        for (const Value *V : C.Stored) {
          if (!readsSlot(C, V, At))
            continue;
          PtsSet VP = pts(V);
          New.Other |= VP.Other;
          New.Inner |= VP.Inner;
          New.Objs.insert(VP.Objs.begin(), VP.Objs.end());
        }
      }
      Changed |= merge(L, New);
    } else if (containsPointer(L->getType())) {
      // Pointers read inside an aggregate are not followed.
      for (const Value *O : Addr.Objs)
        Changed |= escapeObject(O);
    }
  } else if (const auto *Phi = dyn_cast<PHINode>(&I)) {
    if (Phi->getType()->isPointerTy())
      for (const Value *In : Phi->incoming_values())
        Changed |= merge(Phi, pts(In));
  } else if (const auto *Sel = dyn_cast<SelectInst>(&I)) {
    if (Sel->getType()->isPointerTy()) {
      Changed |= merge(Sel, pts(Sel->getTrueValue()));
      Changed |= merge(Sel, pts(Sel->getFalseValue()));
    }
  } else if (const auto *S = dyn_cast<StoreInst>(&I)) {
    const Value *V = S->getValueOperand();
    if (V->getType()->isPointerTy())
      Changed |=
          storeInto(pts(S->getPointerOperand()), V, S->getPointerOperand());
    else if (containsPointer(V->getType()))
      for (const Value *O : pts(S->getPointerOperand()).Objs)
        if (!Mem[O].Unknown)
          Changed = Mem[O].Unknown = true;
  } else if (const auto *MT = dyn_cast<MemTransferInst>(&I)) {
    Changed |=
        copyInto(pts(MT->getDest()), pts(MT->getSource()), MT->getSource());
  } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
    const AllocationFunction *AF = allocationFunction(*CB);
    if (AF && AF->OldArg >= 0) {
      PtsSet Self;
      Self.Objs.insert(CB);
      const Value *Old = CB->getArgOperand(AF->OldArg);
      Changed |= copyInto(Self, pts(Old), Old);
    } else if (AF && AF->OutArg >= 0) {
      Changed |= storeInto(pts(CB->getArgOperand(AF->OutArg)), CB);
    } else if (!keepsNoPointer(*CB)) {
      for (const Use &A : CB->args()) {
        if (!A->getType()->isPtrOrPtrVectorTy())
          continue;
        unsigned K = A.getOperandNo();
        if (!CB->onlyReadsMemory(K) || !CB->doesNotCapture(K)) {
          Changed |= escape(pts(A));
          continue;
        }
        // The callee reads the object and keeps no pointer to it, but may
        // keep the pointers it reads there.
        PtsSet Read = pts(A);
        for (const Value *O : Read.Objs) {
          Contents C = Mem.lookup(O);
          for (const Value *V : C.Stored)
            Changed |= escape(pts(V));
        }
      }
    }
  }
  return Changed;
}

bool LocalPointsTo::objects(const Value *Ptr,
                            SmallPtrSetImpl<const Value *> &Out) const {
  PtsSet P = pts(Ptr);
  Out.insert(P.Objs.begin(), P.Objs.end());
  return !P.Other;
}

bool LocalPointsTo::contentsKnown(const Value *Obj) const {
  auto It = Mem.find(Obj);
  if (isa<GlobalVariable>(Obj))
    return false;
  return It == Mem.end() || (!It->second.Escaped && !It->second.Unknown);
}

ArrayRef<const Value *> LocalPointsTo::storedPointers(const Value *Obj) const {
  auto It = Mem.find(Obj);
  if (It == Mem.end())
    return {};
  return It->second.Stored.getArrayRef();
}

bool LocalPointsTo::readsSlot(const Contents &C, const Value *V, int64_t At) {
  int64_t StoredAt = C.Offset.lookup(V);
  // (pointers are 8 bytes: another slot does not overlap this one)
  return At == AnyOffset || StoredAt == AnyOffset ||
         (StoredAt < At + 8 && At < StoredAt + 8);
}

SmallVector<const Value *, 4>
LocalPointsTo::storedPointersReadBy(const Value *Obj, const Value *Ptr) const {
  SmallVector<const Value *, 4> Out;
  auto It = Mem.find(Obj);
  if (It == Mem.end())
    return Out;
  int64_t At = isa<Instruction>(Ptr) ? offsetIn(Ptr, Obj) : AnyOffset;
  for (const Value *V : It->second.Stored)
    if (readsSlot(It->second, V, At))
      Out.push_back(V);
  return Out;
}

ArrayRef<const Value *> LocalPointsTo::copiedFrom(const Value *Obj) const {
  auto It = Mem.find(Obj);
  if (It == Mem.end())
    return {};
  return It->second.From.getArrayRef();
}

} // namespace adpass
