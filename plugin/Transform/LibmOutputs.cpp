//===- LibmOutputs.cpp - libm results written through pointers ---------===//
#include "Transform/LibmOutputs.h"

#include "Rules/RuleTable.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// The helper that runs frexp only for its exponent: inactive, since the
/// exponent is an integer and the mantissa is recomputed from it.
static Function *frexpExponentHelper(Function &Frexp) {
  Module &M = *Frexp.getParent();
  std::string Name = ("__ad_exponent." + Frexp.getName()).str();
  if (Function *F = M.getFunction(Name))
    return F;
  FunctionType *FT =
      FunctionType::get(Type::getVoidTy(M.getContext()),
                        Frexp.getFunctionType()->params(), false);
  Function *F = Function::Create(FT, GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(InactiveAttr);
  IRBuilder<> B(BasicBlock::Create(M.getContext(), "", F));
  B.CreateCall(&Frexp, {F->getArg(0), F->getArg(1)});
  B.CreateRetVoid();
  return F;
}

/// Calls of C's \p Name (double, float or long double: `Name`, `Namef`,
/// `Namel`) of the shape `T Name(T x, ptr p)`, declared, not defined here.
static SmallVector<CallInst *, 2> callsWritingThroughPointer(Function &C,
                                                             StringRef Name) {
  auto Named = [Name](StringRef N) {
    return N == Name || (N.size() == Name.size() + 1 && N.starts_with(Name) &&
                         (N.back() == 'f' || N.back() == 'l'));
  };
  SmallVector<CallInst *, 2> Calls;
  for (Instruction &I : instructions(C))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->isDeclaration() && CI->arg_size() == 2 &&
          Named(Callee->getName()) && CI->getType()->isFloatingPointTy() &&
          CI->getArgOperand(0)->getType() == CI->getType() &&
          CI->getArgOperand(1)->getType()->isPointerTy())
        Calls.push_back(CI);
  return Calls;
}

/// frexp(x, &e) returns the mantissa x 2^-e and writes e: the call stays
/// for e (an integer, inactive), the mantissa becomes ldexp(x, -e), which
/// is exact for every x (zeros, subnormals, infinities and NaNs too) and
/// has a rule.
static void expandFrexp(Function &C) {
  for (CallInst *CI : callsWritingThroughPointer(C, "frexp")) {
    IRBuilder<> B(CI);
    Value *X = CI->getArgOperand(0), *P = CI->getArgOperand(1);
    B.CreateCall(frexpExponentHelper(*CI->getCalledFunction()), {X, P});
    Value *E = B.CreateLoad(B.getInt32Ty(), P, "ad.frexp.exp");
    Value *M = B.CreateIntrinsic(Intrinsic::ldexp, {X->getType(), E->getType()},
                                 {X, B.CreateNeg(E)}, nullptr, "ad.frexp.m");
    CI->replaceAllUsesWith(M);
    CI->eraseFromParent();
  }
}

/// modf(x, &ip) becomes `t = trunc(x); ip = t; x - t` (signed like x, and
/// zero for infinities, as modf's result): the fraction's derivative is
/// x's, the integral part's zero.
static void expandModf(Function &C) {
  for (CallInst *CI : callsWritingThroughPointer(C, "modf")) {
    IRBuilder<> B(CI);
    Value *X = CI->getArgOperand(0), *P = CI->getArgOperand(1);
    Type *T = X->getType();
    Value *Whole =
        B.CreateUnaryIntrinsic(Intrinsic::trunc, X, nullptr, "ad.modf.int");
    B.CreateStore(Whole, P);
    Value *Frac =
        B.CreateBinaryIntrinsic(Intrinsic::copysign, B.CreateFSub(X, Whole), X);
    Value *Inf = B.CreateFCmpOEQ(B.CreateUnaryIntrinsic(Intrinsic::fabs, X),
                                 ConstantFP::getInfinity(T));
    Value *Zero = B.CreateBinaryIntrinsic(Intrinsic::copysign,
                                          ConstantFP::get(T, 0.0), X);
    Value *R = B.CreateSelect(Inf, Zero, Frac, "ad.modf.frac");
    CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
  }
}

/// sincos(x, &s, &c) (a GNU extension) stores sin(x) and cos(x): two
/// intrinsics with rules (glibc computes sincos with the same kernels as
/// sin and cos).
static void expandSincos(Function &C) {
  SmallVector<CallInst *, 2> Calls;
  for (Instruction &I : instructions(C))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->isDeclaration() && CI->arg_size() == 3 &&
          CI->getType()->isVoidTy() &&
          is_contained({"sincos", "sincosf", "sincosl"}, Callee->getName()) &&
          CI->getArgOperand(0)->getType()->isFloatingPointTy() &&
          CI->getArgOperand(1)->getType()->isPointerTy() &&
          CI->getArgOperand(2)->getType()->isPointerTy())
        Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    IRBuilder<> B(CI);
    Value *X = CI->getArgOperand(0);
    B.CreateStore(B.CreateUnaryIntrinsic(Intrinsic::sin, X, nullptr, "ad.sin"),
                  CI->getArgOperand(1));
    B.CreateStore(B.CreateUnaryIntrinsic(Intrinsic::cos, X, nullptr, "ad.cos"),
                  CI->getArgOperand(2));
    CI->eraseFromParent();
  }
}

void expandLibmOutputs(Function &C) {
  expandFrexp(C);
  expandModf(C);
  expandSincos(C);
}

} // namespace adpass
