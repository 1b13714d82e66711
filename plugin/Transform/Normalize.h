//===- Normalize.h - The private clone AD works on -------------*- C++ -*-===//
//
// AD never touches the user's function: it differentiates a private clone,
// with callees inlined and the IR put in a canonical form (SSA registers
// instead of stack slots, simplified CFG, loop-simplify form, LCSSA), the
// same at -O0 as at -O3.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_NORMALIZE_H
#define ADPASS_TRANSFORM_NORMALIZE_H

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"

namespace adpass {

/// Returns a normalized private clone of \p F, added to F's module.
llvm::Function *normalizedClone(llvm::Function &F,
                                llvm::FunctionAnalysisManager &FAM);

/// Optimizes a freshly generated derivative: promotes the stack slots to SSA
/// and removes what the reverse sweep did not need.
void cleanupDerivative(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

/// Marks \p I as a sum of adjoint contributions (reassociable, and where
/// cleanupDerivative folds 0.0 + d into d).
void markAdjointSum(llvm::Instruction &I);

/// \p Adjoint + 0.0: an adjoint nothing was added to is the -0.0 sums start
/// from, which the user should see as 0.0. The addition is marked, and
/// cleanupDerivative drops it where the cleaned-up adjoint cannot be that
/// -0.0 (any value reached by a contribution is returned as it is).
llvm::Value *positiveIfUntouched(llvm::Value *Adjoint, llvm::IRBuilder<> &IRB);

/// Makes the calls that stood for a user's function-like function (in the
/// derivatives of \p M) call it again.
void restoreFunctionLikeCalls(llvm::Module &M);

/// Erases a function this pass created, dropping its cached analyses.
void eraseFunction(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

} // namespace adpass

#endif
