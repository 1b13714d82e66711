//===- MemoryAdjoints.cpp - Heap, memset, memcpy and pointer shadows ------===//
#include "Transform/MemoryAdjoints.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/TypeAnalysis.h"
#include "Rules/MemoryFunctions.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

void MemoryAdjoints::error(const Instruction *I, const Twine &Msg) {
  Diag.error(User, I, "in '" + User.getName() + "': " + Msg);
}

void MemoryAdjoints::prepareForward() {
  SmallVector<Instruction *, 8> Work;
  for (Instruction &I : instructions(P))
    Work.push_back(&I);
  for (Instruction *I : Work) {
    if (auto *S = dyn_cast<StoreInst>(I)) {
      if (S->getValueOperand()->getType()->isPointerTy() &&
          AA.hasShadow(S->getPointerOperand()))
        storeShadowPointer(*S);
    } else if (auto *MT = dyn_cast<MemTransferInst>(I)) {
      if (AA.hasShadow(MT->getDest()))
        copyShadowPointers(*MT);
    } else if (auto *L = dyn_cast<LoadInst>(I)) {
      // The shadow of a pointer read from memory is read from the shadow
      // memory: there must be one.
      if (L->getType()->isPointerTy() && AA.hasShadow(L) &&
          !AA.hasShadow(L->getPointerOperand()))
        error(L, "a differentiated pointer is read back from memory without "
                 "shadow (" +
                     pointerClassName(AA.classify(L->getPointerOperand())) +
                     " pointer); keep it in a variable, or pass that memory "
                     "as ad_dup");
    }
  }
}

void MemoryAdjoints::storeShadowPointer(StoreInst &S) {
  Value *V = S.getValueOperand();
  PointerClass C = AA.classify(V);
  if (C != PointerClass::Shadowed && C != PointerClass::None) {
    error(&S, "a pointer without shadow (" + pointerClassName(C) +
                  ") is stored into differentiated memory; pass what it "
                  "points to as ad_dup");
    return;
  }
  auto *FS = cast<StoreInst>(VMap.lookup(&S));
  IRBuilder<> B(FS->getNextNode());
  B.CreateAlignedStore(Adj.shadowInForward(V),
                       Adj.shadowInForward(S.getPointerOperand()),
                       S.getAlign());
}

void MemoryAdjoints::copyShadowPointers(MemTransferInst &MT) {
  SmallVector<MemoryField, 4> Fields;
  bool HasFields = TA.copiedFields(MT, Fields);
  MemoryType Whole = TA.objectType(MT.getDest());
  Whole.join(TA.objectType(MT.getSource()));
  bool AnyPointer = HasFields
                        ? any_of(Fields,
                                 [](const MemoryField &F) {
                                   return F.Type.Kind == MemoryType::Pointer;
                                 })
                        : Whole.Kind == MemoryType::Pointer;
  if (!AnyPointer)
    return;
  if (!AA.hasShadow(MT.getSource())) {
    error(&MT, "pointers without shadow are copied into differentiated "
               "memory; pass what they point to as ad_dup");
    return;
  }
  auto *FMT = cast<Instruction>(VMap.lookup(&MT));
  IRBuilder<> B(FMT->getNextNode());
  Value *DDst = Adj.shadowInForward(MT.getDest());
  Value *DSrc = Adj.shadowInForward(MT.getSource());
  if (!HasFields) {
    Value *Len = MT.getLength();
    if (Value *Mapped = VMap.lookup(Len))
      Len = Mapped;
    B.CreateMemMove(DDst, MT.getDestAlign(), DSrc, MT.getSourceAlign(), Len);
    return;
  }
  for (const MemoryField &Fd : Fields)
    if (Fd.Type.Kind == MemoryType::Pointer) {
      Value *P = B.CreateLoad(
          B.getPtrTy(), B.CreateConstGEP1_64(B.getInt8Ty(), DSrc, Fd.Offset));
      B.CreateStore(P, B.CreateConstGEP1_64(B.getInt8Ty(), DDst, Fd.Offset));
    }
}

bool MemoryAdjoints::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  if (auto *MS = dyn_cast<MemSetInst>(CB)) {
    // Overwritten: the adjoint of what was there is zero.
    if (AA.hasShadow(MS->getDest()))
      IRB.CreateMemSet(Adj.shadowInReverse(MS->getDest(), IRB), IRB.getInt8(0),
                       Adj.primalInReverse(MS->getLength(), IRB),
                       MS->getDestAlign());
    return true;
  }
  if (auto *MT = dyn_cast<MemTransferInst>(CB)) {
    reverseCopy(*MT, IRB);
    return true;
  }
  return false;
}

void MemoryAdjoints::reverseCopy(MemTransferInst &MT, IRBuilder<> &IRB) {
  bool DstShadow = AA.hasShadow(MT.getDest());
  bool SrcShadow = AA.hasShadow(MT.getSource());
  if (!DstShadow) {
    if (SrcShadow && TA.objectType(MT.getSource()).Kind != MemoryType::Integer)
      error(&MT, "differentiated data is copied into memory without shadow; "
                 "pass the destination as ad_dup");
    return;
  }
  Value *DDst = Adj.shadowInReverse(MT.getDest(), IRB);
  Value *DSrc = SrcShadow ? Adj.shadowInReverse(MT.getSource(), IRB) : nullptr;
  SmallVector<MemoryField, 4> Fields;
  if (TA.copiedFields(MT, Fields)) {
    for (const MemoryField &Fd : Fields) {
      if (Fd.Type.Kind == MemoryType::Integer ||
          Fd.Type.Kind == MemoryType::Pointer)
        continue;
      if (Fd.Type.Kind != MemoryType::Float) {
        error(&MT, "cannot tell what bytes [" + Twine(Fd.Offset) + ", " +
                       Twine(Fd.Offset + Fd.Size) +
                       ") of this struct copy hold; copy the fields one by "
                       "one");
        return;
      }
      Type *T = Fd.Type.FP;
      uint64_t Step = P.getDataLayout().getTypeStoreSize(T);
      for (uint64_t Off = Fd.Offset; Off + Step <= Fd.Offset + Fd.Size;
           Off += Step) {
        Value *DP = IRB.CreateConstGEP1_64(IRB.getInt8Ty(), DDst, Off);
        Value *D = IRB.CreateLoad(T, DP);
        IRB.CreateStore(Constant::getNullValue(T), DP);
        if (!DSrc)
          continue;
        Value *SP = IRB.CreateConstGEP1_64(IRB.getInt8Ty(), DSrc, Off);
        IRB.CreateStore(IRB.CreateFAdd(IRB.CreateLoad(T, SP), D), SP);
      }
    }
    return;
  }
  MemoryType Whole = TA.objectType(MT.getDest());
  Whole.join(TA.objectType(MT.getSource()));
  // A fixed-size copy of memory also read field by field is a struct copy
  // whose fields are not all known: its other bytes cannot be guessed.
  if (isa<ConstantInt>(MT.getLength()) &&
      (TA.hasFixedOffsetAccesses(MT.getDest()) ||
       TA.hasFixedOffsetAccesses(MT.getSource())))
    Whole.join({MemoryType::Mixed, nullptr});
  Value *Len = Adj.primalInReverse(MT.getLength(), IRB);
  switch (Whole.Kind) {
  case MemoryType::Integer:
  case MemoryType::Pointer:
    return;
  case MemoryType::Float: {
    if (!DSrc) {
      IRB.CreateMemSet(DDst, IRB.getInt8(0), Len, MT.getDestAlign());
      return;
    }
    const char *Fn = Whole.FP->isDoubleTy()  ? "__ad_memmove_adjoint_f64"
                     : Whole.FP->isFloatTy() ? "__ad_memmove_adjoint_f32"
                                             : nullptr;
    if (Fn) {
      Module &M = *P.getParent();
      IRB.CreateCall(
          M.getOrInsertFunction(Fn, IRB.getVoidTy(), IRB.getPtrTy(),
                                IRB.getPtrTy(), IRB.getInt64Ty()),
          {DSrc, DDst, IRB.CreateZExtOrTrunc(Len, IRB.getInt64Ty())});
      return;
    }
    break;
  }
  default:
    break;
  }
  error(&MT, "cannot tell what the memory copied here holds (" + Whole.str() +
                 "); copy it element by element with typed loads and "
                 "stores, or through a typed struct copy");
}

} // namespace adpass
