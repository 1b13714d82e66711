//===- PrimalClone.cpp - The primal body inside a derivative --------------===//
#include "Transform/PrimalClone.h"

#include "llvm/IR/Function.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace adpass {

SmallVector<Argument *, 8> clonePrimalInto(Function &G, Function &P,
                                           const DerivativeRequest &Req,
                                           ValueToValueMapTy &VMap) {
  // Map primal arguments; shadows follow their primal.
  SmallVector<Argument *, 8> Shadows(P.arg_size(), nullptr);
  auto GA = G.arg_begin();
  for (Argument &A : P.args()) {
    GA->setName(A.getName());
    VMap[&A] = &*GA++;
    if (hasShadowParam(Req.Args[A.getArgNo()])) {
      GA->setName("d." + A.getName());
      Shadows[A.getArgNo()] = &*GA++;
    }
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(&G, &P, VMap, CloneFunctionChangeType::GlobalChanges,
                    Returns);
  // The derivative is called only by code ADPass makes: with the C
  // convention (the clone copied the primal's, fastcc for internal
  // functions from -O1).
  G.setCallingConv(CallingConv::C);

  // Attributes: keep the function's target and argument facts, drop what
  // the derivative no longer satisfies (it writes shadows, returns
  // derivatives).
  LLVMContext &Ctx = G.getContext();
  AttributeList Old = P.getAttributes();
  AttrBuilder FnAttrs(Ctx, Old.getFnAttrs());
  for (Attribute::AttrKind K :
       {Attribute::Memory, Attribute::OptimizeNone, Attribute::NoInline,
        Attribute::Speculatable, Attribute::AlwaysInline})
    FnAttrs.removeAttribute(K);
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (const Argument &A : P.args()) {
    AttributeSet PA = Old.getParamAttrs(A.getArgNo());
    // The derivative may read what the primal only writes, and keeps
    // addresses in tapes that outlive the call (split mode).
    // A struct result's sret pointer is an ordinary pointer there (the
    // derivative returns other values).
    for (Attribute::AttrKind K :
         {Attribute::Returned, Attribute::WriteOnly, Attribute::ReadNone,
          Attribute::NoCapture, Attribute::StructRet})
      PA = PA.removeAttribute(Ctx, K);
    ParamAttrs.push_back(PA);
    if (Shadows[A.getArgNo()]) {
      AttrBuilder SA(Ctx);
      if (PA.hasAttribute(Attribute::NoAlias))
        SA.addAttribute(Attribute::NoAlias);
      ParamAttrs.push_back(AttributeSet::get(Ctx, SA));
    }
  }
  G.setAttributes(AttributeList::get(Ctx, AttributeSet::get(Ctx, FnAttrs),
                                     AttributeSet(), ParamAttrs));
  return Shadows;
}

} // namespace adpass
