//===- ADPass.cpp - The module pass ---------------------------------------===//
#include "ADPass.h"

#include "Frontend/CallLowering.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

PreservedAnalyses ADPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  if (!lowerDerivativeCalls(M, FAM))
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}

} // namespace adpass
