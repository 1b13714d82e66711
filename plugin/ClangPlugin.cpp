//===- ClangPlugin.cpp - `clang -fplugin=libADPass.so` ---------------------===//
//
// A frontend plugin that runs before the main action and adds this same
// library to the code generator's pass plugins, so that `-fplugin` alone
// registers the AD pass with clang's pass builder at every -O level.
//
//===----------------------------------------------------------------------===//
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

#include <dlfcn.h>

using namespace clang;

namespace {

std::string thisLibraryPath() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&thisLibraryPath), &Info) &&
      Info.dli_fname)
    return Info.dli_fname;
  return {};
}

class ADPassAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    std::string Path = thisLibraryPath();
    auto &Plugins = CI.getCodeGenOpts().PassPlugins;
    if (!Path.empty() && llvm::find(Plugins, Path) == Plugins.end())
      Plugins.push_back(Path);
    return std::make_unique<ASTConsumer>();
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<ADPassAction>
    X("adpass", "automatic differentiation of __ad_* calls");
