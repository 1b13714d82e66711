//===- CallABI.h - Calls that match their callee's ABI ----------*- C++ -*-===//
#ifndef ADPASS_SUPPORT_CALLABI_H
#define ADPASS_SUPPORT_CALLABI_H

#include "llvm/IR/IRBuilder.h"

namespace adpass {

/// A call of \p F with \p F's calling convention and the parameter
/// attributes that change how arguments are passed (byval, sret, zeroext,
/// inreg...): a call that disagrees with its callee on them is undefined,
/// and InstCombine turns a calling-convention mismatch into `unreachable`.
llvm::CallInst *createCallWithABI(llvm::IRBuilderBase &IRB, llvm::Function *F,
                                  llvm::ArrayRef<llvm::Value *> Args,
                                  const llvm::Twine &Name = "");

/// \p V, passed through `...` (floats promoted to double, short integers to
/// int), converted back to parameter type \p To; null when the types do
/// not correspond.
llvm::Value *unpromoteVariadic(llvm::Value *V, llvm::Type *To,
                               llvm::IRBuilderBase &IRB);

/// Gives \p Call its callee's calling convention and argument-passing
/// attributes (a no-op for indirect calls).
void matchCalleeABI(llvm::CallBase &Call);

/// The floating-point type as which \p F reads the bits of its integer
/// parameter \p ArgNo (a bitcast of them, or a float loaded over where it
/// stores them: its copy of a struct {float, int} the ABI passed as an
/// i64, or a firstprivate double clang passes to a microtask as an i64),
/// or null.
llvm::Type *paramBitsReadAsFloat(const llvm::Function &F, unsigned ArgNo);

} // namespace adpass

#endif
