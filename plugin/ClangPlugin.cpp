//===- ClangPlugin.cpp - `clang -fplugin=libADPass.so`
//---------------------===//
//
// A frontend plugin that runs before the main action and adds libADPass.so
// to the code generator's pass plugins, so that `-fplugin=libADPass.so`
// alone registers the AD pass with clang's pass builder at every -O level.
// libADPass.so loads this library when it finds itself inside clang.
//
//===----------------------------------------------------------------------===//
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

#include <dlfcn.h>

using namespace clang;

namespace {

/// libADPass.so, the pass plugin, which sits next to this library.
std::string passPluginPath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&passPluginPath), &Info) ||
      !Info.dli_fname)
    return {};
  std::string Path = Info.dli_fname;
  size_t Slash = Path.rfind('/');
  return (Slash == std::string::npos ? std::string(".")
                                     : Path.substr(0, Slash)) +
         "/libADPass.so";
}

class ADPassAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    std::string Path = passPluginPath();
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
