//===- ADPass.h - The module pass ------------------------------*- C++ -*-===//
#ifndef ADPASS_ADPASS_H
#define ADPASS_ADPASS_H

#include "llvm/IR/PassManager.h"

namespace adpass {

/// Generates the derivatives the module asks for and rewrites the requests.
class ADPass : public llvm::PassInfoMixin<ADPass> {
public:
  /// \p InlineEntries: inline each derivative into the one place that asked
  /// for it (clang's optimizing pipelines, which ran their inliner already).
  explicit ADPass(bool InlineEntries = false) : InlineEntries(InlineEntries) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  bool InlineEntries;
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
