//===- MemoryAdjoints.cpp - Heap, memset, memcpy and pointer shadows ------===//
#include "Transform/MemoryAdjoints.h"

#include "Support/TbaaTypes.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/TypeAnalysis.h"
#include "Rules/MemoryFunctions.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/Parallel/OpenMpDerivatives.h"

#include "llvm/Analysis/ValueTracking.h"
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

static bool holdsFloatingPoint(Type *T) {
  if (auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(), holdsFloatingPoint);
  if (auto *AT = dyn_cast<ArrayType>(T))
    return holdsFloatingPoint(AT->getElementType());
  return T->getScalarType()->isFloatingPointTy();
}

void MemoryAdjoints::storeShadowPointer(StoreInst &S) {
  Value *V = S.getValueOperand();
  PointerClass C = AA.classify(V);
  // A pointer into a constant global (a vtable, a string, a table) has a
  // shadow: the global itself when it holds no floating-point data, so that
  // the shadow of an object is an object of the same dynamic type; else a
  // zeroed twin.
  const GlobalVariable *CG =
      C == PointerClass::Constant ? constantGlobalOf(V) : nullptr;
  // A function's address (a std::function's invoker, a callback in a
  // struct): its own shadow, the call dispatching on the primal anyway.
  bool Code = C == PointerClass::Constant &&
              isa<Function>(getUnderlyingObject(V->stripPointerCasts()));
  if (C != PointerClass::Shadowed && C != PointerClass::None && !CG && !Code) {
    error(&S, "a pointer without shadow (" + pointerClassName(C) +
                  ") is stored into differentiated memory; pass what it "
                  "points to as ad_dup");
    return;
  }
  Value *SV = nullptr;
  if (Code || (CG && !holdsFloatingPoint(CG->getValueType())))
    SV = isa<Constant>(V) ? V : static_cast<Value *>(VMap.lookup(V));
  else
    SV = Adj.shadowInForward(V);
  auto *FS = cast<StoreInst>(VMap.lookup(&S));
  IRBuilder<> B(FS->getNextNode());
  B.CreateAlignedStore(SV, Adj.shadowInForward(S.getPointerOperand()),
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

/// The floating-point type an object is declared as an array of (a global
/// or an alloca), if any.
static Type *arrayElementFloatType(const Value *Obj) {
  Type *T = nullptr;
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj))
    T = GV->getValueType();
  else if (const auto *AI = dyn_cast<AllocaInst>(Obj))
    T = AI->getAllocatedType();
  while (T && T->isArrayTy())
    T = T->getArrayElementType();
  return T && T->isFloatingPointTy() ? T : nullptr;
}

/// The floating-point type a copy moves when one end is declared an array
/// of it, or the copy's TBAA tag names it, and the other ends are accessed
/// (if at all) as it too.
static Type *declaredFloatType(const MemTransferInst &MT,
                               const TypeAnalysis &TA) {
  const Value *Ends[2] = {getUnderlyingObject(MT.getDest()),
                          getUnderlyingObject(MT.getSource())};
  Type *Declared = nullptr;
  for (const Value *E : Ends)
    if (Type *T = arrayElementFloatType(E)) {
      if (Declared && Declared != T)
        return nullptr;
      Declared = T;
    }
  // A copy loop turned into a memcpy keeps the TBAA tag of its loads and
  // stores ("double"): the bytes it copies hold that type.
  bool Tagged = false;
  if (!Declared) {
    Declared = tbaaFloatType(MT);
    Tagged = true;
  }
  if (!Declared)
    return nullptr;
  for (const Value *E : Ends) {
    if (!Tagged && arrayElementFloatType(E))
      continue;
    MemoryType Other = TA.objectType(E);
    if (Other.Kind != MemoryType::Unknown &&
        !(Other.Kind == MemoryType::Float && Other.FP == Declared))
      return nullptr;
  }
  return Declared;
}

bool MemoryAdjoints::reverseRecordCopy(MemTransferInst &MT, Value *DSrc,
                                       Value *DDst, Value *Len,
                                       IRBuilder<> &IRB) {
  uint64_t Period = 0, Phase = 0;
  SmallVector<MemoryField, 4> Fields;
  if (!TA.recordFields(MT, Period, Phase, Fields))
    return false;
  auto Has = [&](MemoryType::KindTy K) {
    return any_of(Fields,
                  [K](const MemoryField &Fd) { return Fd.Type.Kind == K; });
  };
  // Records of integers (and pointers, whose shadows moved in the forward
  // sweep when nothing else is copied with them) have no adjoint.
  if (!Has(MemoryType::Float) &&
      (!Has(MemoryType::Pointer) || !Has(MemoryType::Integer)))
    return true;
  if (Has(MemoryType::Pointer)) {
    error(&MT, "an array of records holding pointers is copied here; copy "
               "the records one by one");
    return true;
  }
  for (const MemoryField &Fd : Fields)
    if (Fd.Type.Kind == MemoryType::Float && !Fd.Type.FP->isDoubleTy() &&
        !Fd.Type.FP->isFloatTy()) {
      error(&MT, "an array of records holding " + Fd.Type.str() +
                     " values is copied here; copy the records one by one");
      return true;
    }
  // (the slots of different fields never overlap: the ends are in phase)
  Type *I64 = IRB.getInt64Ty();
  Value *Count =
      IRB.CreateUDiv(IRB.CreateZExtOrTrunc(Len, I64), IRB.getInt64(Period));
  emitRecordAdjointMoves(IRB, DSrc, DDst, Count, Period, Phase, Fields);
  return true;
}

void emitRecordAdjointMoves(IRBuilder<> &IRB, Value *DSrc, Value *DDst,
                            Value *Count, uint64_t Period, uint64_t Phase,
                            ArrayRef<MemoryField> Fields) {
  Module &M = *IRB.GetInsertBlock()->getModule();
  Type *Ptr = IRB.getPtrTy(), *I64 = IRB.getInt64Ty();
  Value *NoSource = ConstantPointerNull::get(cast<PointerType>(Ptr));
  for (const MemoryField &Fd : Fields) {
    if (Fd.Type.Kind != MemoryType::Float)
      continue;
    bool Double = Fd.Type.FP->isDoubleTy();
    FunctionCallee Move =
        M.getOrInsertFunction(Double ? "__ad_memmove_adjoint_strided_f64"
                                     : "__ad_memmove_adjoint_strided_f32",
                              IRB.getVoidTy(), Ptr, Ptr, I64, I64);
    uint64_t Step = Double ? 8 : 4;
    for (uint64_t At = Fd.Offset; At + Step <= Fd.Offset + Fd.Size;
         At += Step) {
      uint64_t Off = (At + Period - Phase) % Period;
      Value *S =
          DSrc ? IRB.CreateConstGEP1_64(IRB.getInt8Ty(), DSrc, Off) : NoSource;
      IRB.CreateCall(Move,
                     {S, IRB.CreateConstGEP1_64(IRB.getInt8Ty(), DDst, Off),
                      Count, IRB.getInt64(Period)});
    }
  }
}

void MemoryAdjoints::reverseCopy(MemTransferInst &MT, IRBuilder<> &IRB) {
  // Into null: a copy of nothing (library code inlined at -O0 keeps it on
  // the path of an empty container).
  if (isa<ConstantPointerNull>(MT.getDest()->stripPointerCasts()))
    return;
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
    // Every destination adjoint is read, then reset, then added to its
    // source: right even when the ranges overlap (memmove(g, g + 1, ...)).
    SmallVector<std::pair<Type *, uint64_t>, 8> Elements;
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
           Off += Step)
        Elements.push_back({T, Off});
    }
    SmallVector<Value *, 8> Adjoints;
    for (auto [T, Off] : Elements)
      Adjoints.push_back(IRB.CreateLoad(
          T, IRB.CreateConstGEP1_64(IRB.getInt8Ty(), DDst, Off)));
    for (auto [T, Off] : Elements)
      IRB.CreateStore(Constant::getNullValue(T),
                      IRB.CreateConstGEP1_64(IRB.getInt8Ty(), DDst, Off));
    if (!DSrc)
      return;
    bool Atomic = Parallel && mayBeShared(MT.getSource());
    for (auto [K, E] : enumerate(Elements)) {
      Value *SP = IRB.CreateConstGEP1_64(IRB.getInt8Ty(), DSrc, E.second);
      if (Atomic)
        atomicAccumulate(
            IRB, SP, Adjoints[K],
            commonAlignment(MT.getSourceAlign().valueOrOne(), E.second));
      else
        IRB.CreateStore(
            accumulateAdjoint(IRB, IRB.CreateLoad(E.first, SP), Adjoints[K]),
            SP);
    }
    return;
  }

  MemoryType Whole = TA.objectType(MT.getDest());
  Whole.join(TA.objectType(MT.getSource()));
  // An array of one floating-point type (a global or local `double a[8]`)
  // holds nothing else, whatever is accessed; otherwise a fixed-size copy of
  // memory also read field by field is a struct copy whose fields are not
  // all known: its other bytes cannot be guessed. Unless the destination
  // is memory this function allocated, only ever accessed as that float
  // type (a std::vector<double> built from a range, then read in part; its
  // buffer copied on growth): bytes no one accessed as floats have a zero
  // adjoint, which the reverse copy adds nowhere (the runtime skips zeros),
  // whatever the source holds there.
  if (Type *T = declaredFloatType(MT, TA))
    Whole = {MemoryType::Float, T};
  else if (isa<ConstantInt>(MT.getLength()) &&
           (TA.hasFixedOffsetAccesses(MT.getDest()) ||
            TA.hasFixedOffsetAccesses(MT.getSource())) &&
           !(Whole.Kind == MemoryType::Float && TA.allocatedHere(MT.getDest())))
    Whole.join({MemoryType::Mixed, nullptr});
  Value *Len = Adj.primalInReverse(MT.getLength(), IRB);
  // Records of a shared array are moved with plain additions.
  if (Parallel && SrcShadow && mayBeShared(MT.getSource()) &&
      Whole.Kind != MemoryType::Float) {
    error(&MT, "a copy of shared memory holding records (not one "
               "floating-point type) inside an OpenMP parallel region is "
               "not differentiated (its adjoint would race with the other "
               "threads'); do it outside the region, or copy the fields "
               "one by one");
    return;
  }
  switch (Whole.Kind) {
  case MemoryType::Integer:
  case MemoryType::Pointer:
    // This function may access only some bytes of the memory (the int key
    // of records that also hold doubles, in a sort's helper): no adjoint
    // only when its accesses cover the records copied.
    if (reverseRecordCopy(MT, DSrc, DDst, Len, IRB))
      return;
    error(&MT, "cannot tell what the memory copied here holds: this "
               "function accesses only some of its bytes, as " +
                   Whole.str() + "s; copy it element by element");
    return;
  case MemoryType::Float: {
    if (!DSrc) {
      IRB.CreateMemSet(DDst, IRB.getInt8(0), Len, MT.getDestAlign());
      return;
    }
    bool Atomic = Parallel && mayBeShared(MT.getSource());
    const char *Fn =
        Whole.FP->isDoubleTy()  ? (Atomic ? "__ad_omp_memmove_adjoint_f64"
                                          : "__ad_memmove_adjoint_f64")
        : Whole.FP->isFloatTy() ? (Atomic ? "__ad_omp_memmove_adjoint_f32"
                                          : "__ad_memmove_adjoint_f32")
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
  case MemoryType::Mixed:
    if (reverseRecordCopy(MT, DSrc, DDst, Len, IRB))
      return;
    break;
  default:
    break;
  }
  error(&MT, "cannot tell what the memory copied here holds (" + Whole.str() +
                 "); copy it element by element with typed loads and "
                 "stores, or through a typed struct copy");
}

} // namespace adpass
