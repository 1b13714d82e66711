//===- Expr.h - A tiny expression language for derivative rules -*- C++ -*-===//
//
// Derivative rules are written as ordinary formulas (`d * cos(x)`); each
// operator emits the corresponding IR through an IRBuilder. Constants adopt
// the type of the other operand, so one rule serves float, double, x86_fp80
// and vectors of them.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_EXPR_H
#define ADPASS_RULES_EXPR_H

#include "llvm/IR/IRBuilder.h"

namespace adpass {

/// The call attribute on the math intrinsics rules emit, which become libm
/// calls before code generation (Transform/LibmCalls.h).
inline constexpr const char *DerivativeMathAttr = "ad-libm";

class Expr {
public:
  Expr(llvm::IRBuilderBase &B, llvm::Value *V) : B(&B), V(V) {}

  llvm::Value *value() const { return V; }
  llvm::IRBuilderBase &builder() const { return *B; }
  llvm::Type *type() const { return V->getType(); }

  /// A floating-point constant of this expression's type (splat for vectors).
  Expr constant(double C) const;
  Expr wrap(llvm::Value *W) const { return Expr(*B, W); }

private:
  llvm::IRBuilderBase *B;
  llvm::Value *V;
};

Expr operator+(Expr A, Expr B);
Expr operator-(Expr A, Expr B);
Expr operator*(Expr A, Expr B);
Expr operator/(Expr A, Expr B);
Expr operator-(Expr A);
Expr operator+(Expr A, double C);
Expr operator+(double C, Expr A);
Expr operator-(Expr A, double C);
Expr operator-(double C, Expr A);
Expr operator*(Expr A, double C);
Expr operator*(double C, Expr A);
Expr operator/(Expr A, double C);
Expr operator/(double C, Expr A);

// Functions of expressions. Intrinsics where LLVM has them, libm otherwise
// (scalarized for vectors).
Expr sqrt(Expr X);
Expr sin(Expr X);
Expr cos(Expr X);
Expr exp(Expr X);
Expr log(Expr X);
Expr pow(Expr X, Expr Y);
Expr copysign(Expr Mag, Expr Sign);
Expr sinh(Expr X);
Expr cosh(Expr X);
Expr trunc(Expr X);
/// A one-argument libm function by its double name (\p Base "j0" calls j0,
/// j0f or j0l), and one of an integer order and x (jn, yn).
Expr libm(llvm::StringRef Base, Expr X);
Expr libm(llvm::StringRef Base, llvm::Value *N, Expr X);
/// lgamma' and its derivative, from the runtime (libm has neither).
Expr digamma(Expr X);
Expr trigamma(Expr X);
Expr intToFP(llvm::Value *I, llvm::Type *FPType, llvm::IRBuilderBase &B);
Expr powi(Expr X, llvm::Value *N);
/// X * 2^N, exactly.
Expr ldexp(Expr X, llvm::Value *N);

// Comparisons and choice, for piecewise derivatives.
llvm::Value *fcmp(llvm::CmpInst::Predicate P, Expr A, Expr B);
Expr select(llvm::Value *Cond, Expr T, Expr F);
/// \p T where the primal \p Cond holds, exactly 0 elsewhere (no 0 * inf).
Expr where(llvm::Value *Cond, Expr T);

} // namespace adpass

#endif
