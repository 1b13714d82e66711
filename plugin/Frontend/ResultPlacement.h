//===- ResultPlacement.h - Derivatives into the caller's result -*- C++ -*-===//
//
// An entry point returns what its caller declared: a double, a struct of
// floating-point fields (in registers, as a packed vector, or through a
// hidden sret pointer). The derivative call returns a value, a struct, or
// an array of them (vector mode); its scalars fill the caller's slots in
// order.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_RESULTPLACEMENT_H
#define ADPASS_FRONTEND_RESULTPLACEMENT_H

#include "llvm/IR/IRBuilder.h"

namespace adpass {

enum class ResultProblem {
  None,
  Count,    ///< the caller's type holds another number of scalars
  NotFloat, ///< the caller's type holds something else than numbers
};

struct ResultFit {
  ResultProblem Problem = ResultProblem::None;
  unsigned Slots = 0;  ///< scalars in the caller's result type
  unsigned Values = 0; ///< scalars the derivative returns
};

/// Puts the scalars of \p Grad (null for none: zeros) into the result of
/// \p CB: stored through \p SRet (of type \p SRetTy) if given, else
/// replacing CB's uses. A void CB discards them. Nothing is placed when the
/// returned fit has a problem.
ResultFit placeResult(llvm::CallBase &CB, llvm::Value *SRet, llvm::Type *SRetTy,
                      llvm::Value *Grad, llvm::IRBuilder<> &IRB);

/// Puts \p Values, laid out as a struct of their types, into the result of
/// \p CB byte for byte (through \p SRet if given): Enzyme's convention for
/// what `__enzyme_augmentfwd` returns, read by the caller as any type of at
/// least that size. A void CB discards them. Returns the size the values
/// need when the caller's type is smaller, else 0.
uint64_t placeByLayout(llvm::CallBase &CB, llvm::Value *SRet,
                       llvm::Type *SRetTy, llvm::ArrayRef<llvm::Value *> Values,
                       llvm::IRBuilder<> &IRB);

} // namespace adpass

#endif
