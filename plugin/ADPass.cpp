//===- ADPass.cpp - The module pass ---------------------------------------===//
#include "ADPass.h"

#include "Frontend/CallLowering.h"
#include "Support/RuntimeLinker.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

PreservedAnalyses ADPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = lowerDerivativeCalls(M, FAM);
  Changed |= linkRuntime(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace adpass
