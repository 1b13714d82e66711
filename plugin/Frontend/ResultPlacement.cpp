//===- ResultPlacement.cpp - Derivatives into the caller's result ---------===//
#include "Frontend/ResultPlacement.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

namespace {

/// One scalar slot of the caller's result type: where it sits and its type.
struct ResultSlot {
  SmallVector<unsigned, 2> Path; ///< extractvalue/extractelement indices
  uint64_t Offset;               ///< byte offset, for sret results
  Type *Ty;
};

void collectSlots(Type *T, const DataLayout &DL, SmallVector<unsigned, 2> Path,
                  uint64_t Offset, SmallVectorImpl<ResultSlot> &Out) {
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned K = 0; K != ST->getNumElements(); ++K) {
      Path.push_back(K);
      collectSlots(ST->getElementType(K), DL, Path,
                   Offset + SL->getElementOffset(K), Out);
      Path.pop_back();
    }
  } else if (auto *AT = dyn_cast<ArrayType>(T)) {
    uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
    for (unsigned K = 0; K != AT->getNumElements(); ++K) {
      Path.push_back(K);
      collectSlots(AT->getElementType(), DL, Path, Offset + K * Size, Out);
      Path.pop_back();
    }
  } else if (auto *VT = dyn_cast<FixedVectorType>(T)) {
    uint64_t Size = DL.getTypeAllocSize(VT->getElementType());
    for (unsigned K = 0; K != VT->getNumElements(); ++K) {
      Path.push_back(K);
      Out.push_back({Path, Offset + K * Size, VT->getElementType()});
      Path.pop_back();
    }
  } else if (!T->isVoidTy()) {
    Out.push_back({Path, Offset, T});
  }
}

/// The scalars of \p V in order (vector mode: those of each direction in
/// turn).
void flatten(Value *V, IRBuilder<> &IRB, SmallVectorImpl<Value *> &Out) {
  Type *T = V->getType();
  if (auto *ST = dyn_cast<StructType>(T))
    for (unsigned K = 0; K != ST->getNumElements(); ++K)
      flatten(IRB.CreateExtractValue(V, K), IRB, Out);
  else if (auto *AT = dyn_cast<ArrayType>(T))
    for (unsigned K = 0; K != AT->getNumElements(); ++K)
      flatten(IRB.CreateExtractValue(V, K), IRB, Out);
  else if (auto *VT = dyn_cast<FixedVectorType>(T)) // a vector's tangent
    for (unsigned K = 0; K != VT->getNumElements(); ++K)
      Out.push_back(IRB.CreateExtractElement(V, K));
  else if (!T->isVoidTy())
    Out.push_back(V);
}

} // namespace

ResultFit placeResult(CallBase &CB, Value *SRet, Type *SRetTy, Value *Grad,
                      IRBuilder<> &IRB) {
  const DataLayout &DL = CB.getModule()->getDataLayout();
  Type *Dest = SRet ? SRetTy : CB.getType();
  SmallVector<ResultSlot, 4> Slots;
  collectSlots(Dest, DL, {}, 0, Slots);
  SmallVector<Value *, 4> Derivs;
  if (Grad)
    flatten(Grad, IRB, Derivs);
  ResultFit Fit;
  Fit.Slots = Slots.size();
  Fit.Values = Derivs.size();
  // A call declared void discards the derivatives it would return (the
  // shadows still receive theirs).
  if (Dest->isVoidTy())
    return Fit;
  if (!Derivs.empty() && Derivs.size() != Slots.size()) {
    Fit.Problem = ResultProblem::Count;
    return Fit;
  }
  for (const ResultSlot &S : Slots)
    if (!S.Ty->isFloatingPointTy()) {
      Fit.Problem = ResultProblem::NotFloat;
      return Fit;
    }

  auto SlotValue = [&](unsigned K) -> Value * {
    Type *T = Slots[K].Ty;
    return Derivs.empty() ? ConstantFP::get(T, 0.0)
                          : IRB.CreateFPCast(Derivs[K], T);
  };
  if (SRet) {
    for (unsigned K = 0; K != Slots.size(); ++K)
      IRB.CreateStore(SlotValue(K),
                      IRB.CreateConstInBoundsGEP1_64(IRB.getInt8Ty(), SRet,
                                                     Slots[K].Offset));
    return Fit;
  }
  Value *Result = PoisonValue::get(Dest);
  for (unsigned K = 0; K != Slots.size(); ++K)
    Result = Slots[K].Path.empty() ? SlotValue(K) : [&]() -> Value * {
      // Walk the path; the last step may be a vector lane.
      ArrayRef<unsigned> Path = Slots[K].Path;
      Type *Outer = Dest;
      SmallVector<unsigned, 2> Agg;
      for (unsigned Step = 0; Step + 1 < Path.size(); ++Step) {
        Agg.push_back(Path[Step]);
        Outer = isa<StructType>(Outer) ? Outer->getStructElementType(Path[Step])
                                       : Outer->getArrayElementType();
      }
      if (isa<FixedVectorType>(Outer)) {
        Value *Vec = Agg.empty() ? Result : IRB.CreateExtractValue(Result, Agg);
        Vec = IRB.CreateInsertElement(Vec, SlotValue(K), Path.back());
        return Agg.empty() ? Vec : IRB.CreateInsertValue(Result, Vec, Agg);
      }
      return IRB.CreateInsertValue(Result, SlotValue(K), Path);
    }();
  CB.replaceAllUsesWith(Result);
  return Fit;
}

uint64_t placeByLayout(CallBase &CB, Value *SRet, Type *SRetTy,
                       ArrayRef<Value *> Values, IRBuilder<> &IRB) {
  Type *Dest = SRet ? SRetTy : CB.getType();
  if (Dest->isVoidTy() || Values.empty())
    return 0;
  const DataLayout &DL = CB.getModule()->getDataLayout();
  SmallVector<Type *, 3> Types;
  for (Value *V : Values)
    Types.push_back(V->getType());
  auto *Layout = StructType::get(CB.getContext(), Types);
  uint64_t Need = DL.getTypeStoreSize(Layout);
  if (DL.getTypeStoreSize(Dest) < Need)
    return Need;
  Value *Mem = SRet;
  if (!Mem) { // a slot at the function's entry, read back as Dest
    Function &F = *CB.getFunction();
    IRBuilder<> Entry(&F.getEntryBlock(), F.getEntryBlock().begin());
    Align A = std::max(DL.getPrefTypeAlign(Dest), DL.getPrefTypeAlign(Layout));
    AllocaInst *Slot = Entry.CreateAlloca(Dest, nullptr, "ad.result");
    Slot->setAlignment(A);
    Mem = Slot;
  }
  const StructLayout *SL = DL.getStructLayout(Layout);
  for (unsigned K = 0; K != Values.size(); ++K) {
    uint64_t Offset = SL->getElementOffset(K);
    IRB.CreateStore(Values[K], Offset ? IRB.CreateConstInBoundsGEP1_64(
                                            IRB.getInt8Ty(), Mem, Offset)
                                      : Mem);
  }
  if (!SRet)
    CB.replaceAllUsesWith(IRB.CreateLoad(Dest, Mem));
  return 0;
}

} // namespace adpass
