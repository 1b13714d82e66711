//===- DeclaredLayout.cpp - Memory layout from declared IR types ----------===//
#include "Analysis/DeclaredLayout.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace adpass {

static constexpr unsigned MaxFields = 1024;

/// A union's members share bytes: its declared type is one of them.
static bool isUnion(const StructType *ST) {
  return ST->hasName() && ST->getName().starts_with("union.");
}

/// Appends the scalars of \p T placed at \p Base; false when unknowable.
static bool flatten(Type *T, uint64_t Base, const DataLayout &DL,
                    SmallVectorImpl<MemoryField> &Out) {
  if (Out.size() > MaxFields)
    return false;
  if (auto *ST = dyn_cast<StructType>(T)) {
    if (isUnion(ST) || ST->isOpaque())
      return false;
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned K = 0; K != ST->getNumElements(); ++K)
      if (!flatten(ST->getElementType(K), Base + SL->getElementOffset(K), DL,
                   Out))
        return false;
    return true;
  }
  if (auto *AT = dyn_cast<ArrayType>(T)) {
    Type *E = AT->getElementType();
    uint64_t Step = DL.getTypeAllocSize(E);
    if (E->isFloatingPointTy() || E->isIntegerTy()) {
      MemoryType M = E->isFloatingPointTy()
                         ? MemoryType{MemoryType::Float, E}
                         : MemoryType{MemoryType::Integer, nullptr};
      Out.push_back({Base, Step * AT->getNumElements(), M});
      return true;
    }
    for (uint64_t K = 0; K != AT->getNumElements(); ++K)
      if (!flatten(E, Base + K * Step, DL, Out))
        return false;
    return true;
  }
  if (T->isFloatingPointTy())
    Out.push_back({Base, DL.getTypeStoreSize(T), {MemoryType::Float, T}});
  else if (T->isPointerTy())
    Out.push_back(
        {Base, DL.getTypeStoreSize(T), {MemoryType::Pointer, nullptr}});
  else if (T->isIntegerTy())
    Out.push_back(
        {Base, DL.getTypeStoreSize(T), {MemoryType::Integer, nullptr}});
  else
    return false; // vectors and the like: not declared by clang for C data
  return true;
}

/// The type declared for the memory at \p Base: an alloca's or a global's,
/// or the struct type of a constant GEP on it.
static Type *declaredType(const Value *Base) {
  Type *T = nullptr;
  if (const auto *AI = dyn_cast<AllocaInst>(Base))
    T = AI->getAllocatedType();
  else if (const auto *GV = dyn_cast<GlobalVariable>(Base))
    T = GV->getValueType();
  auto Untyped = [](Type *T) {
    auto *AT = dyn_cast_or_null<ArrayType>(T);
    return !T || (AT && AT->getElementType()->isIntegerTy(8));
  };
  if (!Untyped(T))
    return T;
  for (const User *U : Base->users())
    if (const auto *GEP = dyn_cast<GEPOperator>(U);
        GEP && GEP->getPointerOperand() == Base &&
        isa<StructType>(GEP->getSourceElementType()) &&
        GEP->hasAllConstantIndices())
      return GEP->getSourceElementType();
  return nullptr;
}

bool declaredFields(const Value *Ptr, uint64_t Offset, uint64_t Size,
                    const DataLayout &DL, SmallVectorImpl<MemoryField> &Out) {
  int64_t Start = 0;
  const Value *Base = GetPointerBaseWithConstantOffset(Ptr, Start, DL);
  Type *T = declaredType(Base);
  if (!T || Start < 0)
    return false;
  SmallVector<MemoryField, 16> All;
  if (!flatten(T, 0, DL, All))
    return false;
  uint64_t Lo = Start + Offset, Hi = Lo + Size;
  SmallVector<MemoryField, 8> Picked;
  for (MemoryField Fd : All) {
    uint64_t End = Fd.Offset + Fd.Size;
    if (End <= Lo || Fd.Offset >= Hi)
      continue;
    if (Fd.Offset < Lo || End > Hi) {
      // Part of an array of floats: the elements inside the range.
      if (Fd.Type.Kind != MemoryType::Float)
        return false;
      uint64_t Step = DL.getTypeStoreSize(Fd.Type.FP);
      uint64_t From = std::max(Fd.Offset, Lo), To = std::min(End, Hi);
      if ((From - Fd.Offset) % Step || (To - Fd.Offset) % Step)
        return false;
      Fd = {From, To - From, Fd.Type};
    }
    Fd.Offset -= Lo;
    Picked.push_back(Fd);
  }
  if (Picked.empty())
    return false;
  Out.append(Picked.begin(), Picked.end());
  return true;
}

} // namespace adpass
