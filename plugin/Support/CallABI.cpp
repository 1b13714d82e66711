//===- CallABI.cpp - Calls that match their callee's ABI ------------------===//
#include "Support/CallABI.h"

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

} // namespace adpass
