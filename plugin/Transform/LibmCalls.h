//===- LibmCalls.h - Derivative math intrinsics as libm calls --*- C++ -*-===//
//
// Derivative rules emit llvm.sin, llvm.exp, llvm.pow, ... so the optimizer
// folds and vectorizes them. Scalar ones that remain would reach code
// generation as libcalls outside the chain of calls and memory operations,
// and the SelectionDAG list scheduler checks such calls against that chain
// by a walk that is exponential in a long unrolled block (seed 9629: llc
// never finishes). Just before code generation, this pass turns the scalar
// intrinsics a rule emitted (call attribute "ad-libm", which survives
// inlining, unrolling and CSE between two of them) into ordinary calls of the
// libm function, which code generation orders like any other call.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LIBMCALLS_H
#define ADPASS_TRANSFORM_LIBMCALLS_H

#include "llvm/IR/PassManager.h"

namespace adpass {

class ADLibmCallsPass : public llvm::PassInfoMixin<ADLibmCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace adpass

#endif
