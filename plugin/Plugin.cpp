//===- Plugin.cpp - Registration with the new pass manager ----------------===//
//
// `opt -load-pass-plugin=libADPass.so -passes=ad` runs the pass by name;
// inside clang (see ClangPlugin.cpp) it runs at the OptimizerEarly extension
// point: optimized scalar IR in, derivative vectorized by the rest of the
// pipeline. At the pipeline's start, the requests are protected from being
// merged. At the pipeline's end, the derivative's math intrinsics become
// libm calls (Transform/LibmCalls.h).
//
//===----------------------------------------------------------------------===//
#include "ADPass.h"
#include "Analysis/ActivityAnalysis.h"
#include "Analysis/AnalysisPrinter.h"
#include "Analysis/CacheAnalysis.h"
#include "Analysis/TypeAnalysis.h"
#include "Transform/LibmCalls.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "ad")
          return false;
        MPM.addPass(adpass::ADPass());
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "ad-libm-calls")
          return false;
        MPM.addPass(adpass::ADLibmCallsPass());
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        using namespace adpass;
        if (Name == "print<ad-activity>")
          FPM.addPass(AnalysisPrinter<ActivityAnalysis>(outs()));
        else if (Name == "print<ad-types>")
          FPM.addPass(AnalysisPrinter<TypeAnalysis>(outs()));
        else if (Name == "print<ad-cache>")
          FPM.addPass(AnalysisPrinter<CacheAnalysis>(outs()));
        else
          return false;
        return true;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(adpass::ADProtectPass());
      });
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level) {
        MPM.addPass(adpass::ADPass(Level != OptimizationLevel::O0));
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(adpass::ADLibmCallsPass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "ADPass", "0.1", registerCallbacks};
}
