//===- ADPass.h - The module pass ------------------------------*- C++ -*-===//
#ifndef ADPASS_ADPASS_H
#define ADPASS_ADPASS_H

#include "llvm/IR/PassManager.h"

namespace adpass {

/// Generates the derivatives the module asks for and rewrites the requests.
class ADPass : public llvm::PassInfoMixin<ADPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Runs at the start of the pipeline: keeps the optimizer from merging the
/// derivative requests before ADPass sees them.
class ADProtectPass : public llvm::PassInfoMixin<ADProtectPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace adpass

#endif
