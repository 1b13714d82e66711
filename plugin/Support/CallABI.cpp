//===- CallABI.cpp - Calls that match their callee's ABI ------------------===//
#include "Support/CallABI.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace adpass {

/// Parameter attributes that are part of the calling convention: caller and
/// callee must agree on them.
static constexpr Attribute::AttrKind PassingAttrs[] = {
    Attribute::ByVal,      Attribute::StructRet,    Attribute::ByRef,
    Attribute::InAlloca,   Attribute::Preallocated, Attribute::InReg,
    Attribute::ZExt,       Attribute::SExt,         Attribute::SwiftSelf,
    Attribute::SwiftError, Attribute::SwiftAsync,   Attribute::Nest};

void matchCalleeABI(CallBase &Call) {
  Function *F = Call.getCalledFunction();
  if (!F)
    return;
  Call.setCallingConv(F->getCallingConv());
  AttributeList Attrs = F->getAttributes();
  unsigned N = std::min<unsigned>(Call.arg_size(), F->arg_size());
  for (unsigned K = 0; K != N; ++K)
    for (Attribute::AttrKind Kind : PassingAttrs)
      if (Attribute A = Attrs.getParamAttr(K, Kind); A.isValid()) {
        Call.addParamAttr(K, A);
        // A byval copy's alignment is part of how it is passed.
        if (MaybeAlign Al = Attrs.getParamAlignment(K))
          Call.addParamAttr(
              K, Attribute::getWithAlignment(Call.getContext(), *Al));
      }
  for (Attribute::AttrKind Kind : {Attribute::ZExt, Attribute::SExt})
    if (Attrs.hasRetAttr(Kind))
      Call.addRetAttr(Kind);
}

CallInst *createCallWithABI(IRBuilderBase &IRB, Function *F,
                            ArrayRef<Value *> Args, const Twine &Name) {
  CallInst *Call = IRB.CreateCall(F, Args, Name);
  matchCalleeABI(*Call);
  return Call;
}

Value *unpromoteVariadic(Value *V, Type *To, IRBuilderBase &IRB) {
  Type *From = V->getType();
  if (From == To)
    return V;
  if (From->isFloatingPointTy() && To->isFloatingPointTy())
    return IRB.CreateFPCast(V, To);
  if (From->isIntegerTy() && To->isIntegerTy())
    return IRB.CreateSExtOrTrunc(V, To);
  return nullptr;
}

Type *paramBitsReadAsFloat(const Function &Callee, unsigned ArgNo) {
  if (Callee.isDeclaration() || ArgNo >= Callee.arg_size())
    return nullptr;
  const DataLayout &DL = Callee.getDataLayout();
  SmallVector<const Value *, 8> Work{Callee.getArg(ArgNo)};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      const auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      if (I->getType()->isFPOrFPVectorTy() && isa<BitCastInst>(I))
        return I->getType();
      if (const auto *S = dyn_cast<StoreInst>(I)) {
        if (S->getValueOperand() != V)
          continue;
        int64_t Off = 0;
        const Value *Base =
            GetPointerBaseWithConstantOffset(S->getPointerOperand(), Off, DL);
        int64_t End = Off + int64_t(DL.getTypeStoreSize(V->getType()));
        for (const Instruction &J : instructions(Callee)) {
          const auto *L = dyn_cast<LoadInst>(&J);
          int64_t LOff = 0;
          if (L && L->getType()->isFPOrFPVectorTy() &&
              GetPointerBaseWithConstantOffset(L->getPointerOperand(), LOff,
                                               DL) == Base &&
              LOff < End &&
              Off < LOff + int64_t(DL.getTypeStoreSize(L->getType())))
            return L->getType();
        }
        continue;
      }
      if (isa<CastInst>(I) || isa<BinaryOperator>(I) || isa<PHINode>(I) ||
          isa<SelectInst>(I) || isa<ExtractElementInst>(I))
        Work.push_back(I);
    }
  }
  return nullptr;
}

} // namespace adpass
