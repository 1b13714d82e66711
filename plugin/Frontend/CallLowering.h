//===- CallLowering.h - From __ad_* calls to derivative calls --*- C++ -*-===//
#ifndef ADPASS_FRONTEND_CALLLOWERING_H
#define ADPASS_FRONTEND_CALLLOWERING_H

#include "llvm/IR/PassManager.h"

namespace adpass {

/// Replaces every `__ad_autodiff*` (and `__enzyme_autodiff*`) call in \p M by
/// a call to the requested derivative. Problems are reported as located
/// errors. Returns whether anything was found.
bool lowerDerivativeCalls(llvm::Module &M, llvm::FunctionAnalysisManager &FAM);

/// Marks the entry points \p M declares `nomerge`, so that the optimizer,
/// before the lowering, never merges two of their calls into one call on a
/// phi of the functions (the two sides of an `if`). Returns whether any was
/// found.
bool protectDerivativeCalls(llvm::Module &M);

/// Whether \p Name is a derivative entry point (`__ad_autodiff*`,
/// `__enzyme_reverse*`, ..., or a C++ function named so).
bool isDerivativeEntry(llvm::StringRef Name);

} // namespace adpass

#endif
