//===- AnalysisPrinter.h - `opt -passes='print<ad-...>'` -------*- C++ -*-===//
//
// One printer pass for every analysis: each provides
// `static void print(Function &, FunctionAnalysisManager &, raw_ostream &)`.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_ANALYSISPRINTER_H
#define ADPASS_ANALYSIS_ANALYSISPRINTER_H

#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

namespace adpass {

template <typename AnalysisT>
class AnalysisPrinter : public llvm::PassInfoMixin<AnalysisPrinter<AnalysisT>> {
public:
  explicit AnalysisPrinter(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM) {
    if (!F.isDeclaration())
      AnalysisT::printFunction(F, FAM, OS);
    return llvm::PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace adpass

#endif
