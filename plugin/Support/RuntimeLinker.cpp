//===- RuntimeLinker.cpp - Link the embedded runtime into a module --------===//
#include "Support/RuntimeLinker.h"

#include "Rules/BlasRoutines.h"
#include "Rules/StdNodeRoutines.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace adpass {

static const unsigned char RuntimeBitcode[] = {
#include "ADRuntimeBitcode.inc"
};

/// Whether \p M references a function the runtime defines.
static bool usesRuntime(const Module &M, const Module &RT) {
  for (const Function &F : RT)
    if (!F.isDeclaration())
      if (const Function *Used = M.getFunction(F.getName()))
        if (Used->isDeclaration() && !Used->use_empty())
          return true;
  return false;
}

/// The embedded runtime, parsed for \p M, or null (an error reported).
static std::unique_ptr<Module> readRuntime(Module &M) {
  MemoryBufferRef Buffer(
      StringRef(reinterpret_cast<const char *>(RuntimeBitcode),
                sizeof(RuntimeBitcode)),
      "ADRuntime.bc");
  Expected<std::unique_ptr<Module>> RT =
      parseBitcodeFile(Buffer, M.getContext());
  if (!RT) {
    M.getContext().emitError(
        "ADPass: internal error: cannot read the embedded runtime: " +
        toString(RT.takeError()));
    return nullptr;
  }
  (*RT)->setTargetTriple(M.getTargetTriple());
  (*RT)->setDataLayout(M.getDataLayout());
  return std::move(*RT);
}

/// Links what \p M needs of \p RT, every copy private to \p M: each
/// translation unit may carry its own. Shared variables of the runtime's
/// files (the heap tape counters) too.
static bool linkPrivately(Module &M, std::unique_ptr<Module> RT) {
  SmallVector<std::string, 8> Names, Variables;
  for (Function &F : *RT)
    if (!F.isDeclaration()) {
      Names.push_back(F.getName().str());
      F.setLinkage(GlobalValue::LinkOnceODRLinkage); // on demand
    }
  for (GlobalVariable &GV : RT->globals())
    if (!GV.isDeclaration() && GV.hasExternalLinkage()) {
      Variables.push_back(GV.getName().str());
      GV.setLinkage(GlobalValue::LinkOnceODRLinkage);
    }
  if (Linker::linkModules(M, std::move(RT), Linker::LinkOnlyNeeded))
    return false;
  for (const std::string &N : Names)
    if (Function *F = M.getFunction(N); F && !F->isDeclaration())
      F->setLinkage(GlobalValue::InternalLinkage);
  for (const std::string &N : Variables)
    if (GlobalVariable *GV = M.getGlobalVariable(N); GV && !GV->isDeclaration())
      GV->setLinkage(GlobalValue::InternalLinkage);
  return true;
}

bool linkRuntime(Module &M) {
  bool MayUse = any_of(M.functions(), [](const Function &F) {
    return F.isDeclaration() &&
           (F.getName().starts_with("ad_") || F.getName().starts_with("__ad_"));
  });
  if (!MayUse)
    return false;
  std::unique_ptr<Module> RT = readRuntime(M);
  if (!RT || !usesRuntime(M, *RT))
    return false;
  return linkPrivately(M, std::move(RT));
}

static bool isDifferentiableHelper(const Function &F) {
  return isBlasArrayHelper(F.getName()) || isStdNodeStandIn(F.getName());
}

bool linkDifferentiableRuntime(Module &M) {
  bool Calls = any_of(M.functions(), [](const Function &F) {
    return F.isDeclaration() && !F.use_empty() && isDifferentiableHelper(F);
  });
  if (!Calls)
    return false;
  std::unique_ptr<Module> RT = readRuntime(M);
  if (!RT)
    return false;
  // Only the helpers (and the runtime's own static functions they call):
  // the rest stays declared until the end of the pass.
  for (Function &F : *RT)
    if (!F.isDeclaration() && !F.hasLocalLinkage() &&
        !isDifferentiableHelper(F))
      F.deleteBody();
  return linkPrivately(M, std::move(RT));
}

} // namespace adpass
