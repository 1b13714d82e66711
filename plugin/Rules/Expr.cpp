//===- Expr.cpp - A tiny expression language for derivative rules ---------===//
#include "Rules/Expr.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

Expr Expr::constant(double C) const {
  return Expr(*B, ConstantFP::get(V->getType(), C));
}

Expr operator+(Expr A, Expr B) {
  return A.wrap(A.builder().CreateFAdd(A.value(), B.value()));
}
Expr operator-(Expr A, Expr B) {
  return A.wrap(A.builder().CreateFSub(A.value(), B.value()));
}
Expr operator*(Expr A, Expr B) {
  return A.wrap(A.builder().CreateFMul(A.value(), B.value()));
}
Expr operator/(Expr A, Expr B) {
  return A.wrap(A.builder().CreateFDiv(A.value(), B.value()));
}
Expr operator-(Expr A) { return A.wrap(A.builder().CreateFNeg(A.value())); }
Expr operator+(Expr A, double C) { return A + A.constant(C); }
Expr operator+(double C, Expr A) { return A.constant(C) + A; }
Expr operator-(Expr A, double C) { return A - A.constant(C); }
Expr operator-(double C, Expr A) { return A.constant(C) - A; }
Expr operator*(Expr A, double C) { return A * A.constant(C); }
Expr operator*(double C, Expr A) { return A.constant(C) * A; }
Expr operator/(Expr A, double C) { return A / A.constant(C); }
Expr operator/(double C, Expr A) { return A.constant(C) / A; }

static Expr intrinsic(Intrinsic::ID ID, ArrayRef<Expr> Args) {
  SmallVector<Value *, 2> Vals;
  for (const Expr &E : Args)
    Vals.push_back(E.value());
  IRBuilderBase &B = Args[0].builder();
  CallInst *CI = B.CreateIntrinsic(ID, {Args[0].type()}, Vals, nullptr, "ad.d");
  CI->addFnAttr(Attribute::get(CI->getContext(), DerivativeMathAttr));
  return Args[0].wrap(CI);
}

/// The libm name for \p Base at scalar type \p Ty: sinh, sinhf, sinhl.
static std::string libmName(StringRef Base, Type *Ty) {
  if (Ty->isFloatTy())
    return (Base + "f").str();
  if (Ty->isDoubleTy())
    return Base.str();
  return (Base + "l").str();
}

/// Calls a libm function of x (and of an integer \p N first, if given),
/// lane by lane for vectors. The call is marked as not touching memory:
/// errno is of no interest to a derivative.
static Expr libmCall(StringRef Base, Expr X, Value *N = nullptr) {
  IRBuilderBase &B = X.builder();
  Type *Ty = X.type();
  Type *Scalar = Ty->getScalarType();
  Module *M = B.GetInsertBlock()->getModule();
  SmallVector<Type *, 2> Params{Scalar};
  if (N)
    Params.insert(Params.begin(), N->getType());
  FunctionCallee Fn = M->getOrInsertFunction(
      libmName(Base, Scalar), FunctionType::get(Scalar, Params, false));
  auto CallOne = [&](Value *Arg) {
    SmallVector<Value *, 2> Args{Arg};
    if (N)
      Args.insert(Args.begin(), N);
    CallInst *CI = B.CreateCall(Fn, Args, "ad.d");
    CI->setDoesNotAccessMemory();
    CI->setDoesNotThrow();
    CI->addFnAttr(Attribute::WillReturn);
    return CI;
  };
  auto *VT = dyn_cast<FixedVectorType>(Ty);
  if (!VT)
    return X.wrap(CallOne(X.value()));
  Value *Out = PoisonValue::get(VT);
  for (unsigned I = 0, E = VT->getNumElements(); I != E; ++I)
    Out = B.CreateInsertElement(
        Out, CallOne(B.CreateExtractElement(X.value(), I)), I);
  return X.wrap(Out);
}

Expr sqrt(Expr X) { return intrinsic(Intrinsic::sqrt, {X}); }
Expr sin(Expr X) { return intrinsic(Intrinsic::sin, {X}); }
Expr cos(Expr X) { return intrinsic(Intrinsic::cos, {X}); }
Expr exp(Expr X) { return intrinsic(Intrinsic::exp, {X}); }
Expr log(Expr X) { return intrinsic(Intrinsic::log, {X}); }
Expr pow(Expr X, Expr Y) { return intrinsic(Intrinsic::pow, {X, Y}); }
Expr copysign(Expr Mag, Expr Sign) {
  return intrinsic(Intrinsic::copysign, {Mag, Sign});
}
Expr trunc(Expr X) { return intrinsic(Intrinsic::trunc, {X}); }
Expr sinh(Expr X) { return libmCall("sinh", X); }
Expr cosh(Expr X) { return libmCall("cosh", X); }
Expr libm(StringRef Base, Expr X) { return libmCall(Base, X); }
Expr libm(StringRef Base, Value *N, Expr X) { return libmCall(Base, X, N); }
Expr digamma(Expr X) { return libmCall("__ad_digamma", X); }
Expr trigamma(Expr X) { return libmCall("__ad_trigamma", X); }

Expr intToFP(Value *I, Type *FPType, IRBuilderBase &B) {
  return Expr(B, B.CreateSIToFP(I, FPType));
}

Expr powi(Expr X, Value *N) {
  IRBuilderBase &B = X.builder();
  CallInst *CI = B.CreateIntrinsic(Intrinsic::powi, {X.type(), N->getType()},
                                   {X.value(), N}, nullptr, "ad.d");
  CI->addFnAttr(Attribute::get(CI->getContext(), DerivativeMathAttr));
  return X.wrap(CI);
}

Expr ldexp(Expr X, Value *N) {
  return X.wrap(X.builder().CreateIntrinsic(Intrinsic::ldexp,
                                            {X.type(), N->getType()},
                                            {X.value(), N}, nullptr, "ad.d"));
}

Value *fcmp(CmpInst::Predicate P, Expr A, Expr B) {
  return A.builder().CreateFCmp(P, A.value(), B.value());
}

Expr select(Value *Cond, Expr T, Expr F) {
  return T.wrap(T.builder().CreateSelect(Cond, T.value(), F.value()));
}

Expr where(Value *Cond, Expr T) { return select(Cond, T, T.constant(0.0)); }

} // namespace adpass
