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
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

/// The directory of ADPass's headers (ad.h, ad.hpp, enzyme/enzyme): next to
/// the library's directory when installed (<prefix>/lib, <prefix>/include),
/// or the source tree's include/ from a build tree (build/lib, or a build
/// directory anywhere else).
std::string headerDir(const std::string &PluginPath) {
  llvm::SmallString<256> Lib(PluginPath);
  llvm::sys::path::remove_filename(Lib);
  for (const char *Up :
       {"../include", "../../include", ADPASS_SOURCE_INCLUDE}) {
    llvm::SmallString<256> Dir(Lib);
    if (llvm::sys::path::is_absolute(Up))
      Dir = Up;
    else
      llvm::sys::path::append(Dir, Up);
    llvm::SmallString<256> Probe(Dir);
    llvm::sys::path::append(Probe, "enzyme", "enzyme");
    if (llvm::sys::fs::exists(Probe)) {
      llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
      return std::string(Dir);
    }
  }
  return {};
}

/// Keeps the registration globals of Enzyme's API (`static void
/// *__enzyme_register_gradient_f[3] = ...`, `__enzyme_inactivefn`, ...)
/// that nothing uses: clang would not emit them, and what they register
/// would be silently ignored.
class KeepRegistrations : public ASTConsumer {
public:
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      visit(D);
    return true;
  }

private:
  void visit(Decl *D) {
    if (auto *DC = dyn_cast<DeclContext>(D);
        DC && (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D))) {
      for (Decl *Inner : DC->decls())
        visit(Inner);
      return;
    }
    auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->hasGlobalStorage() || !VD->getDeclName().isIdentifier() ||
        !VD->getName().contains("__enzyme_") || VD->hasAttr<UsedAttr>())
      return;
    VD->addAttr(UsedAttr::CreateImplicit(VD->getASTContext()));
  }
};

class ADPassAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    std::string Path = passPluginPath();
    auto &Plugins = CI.getCodeGenOpts().PassPlugins;
    if (!Path.empty() && llvm::find(Plugins, Path) == Plugins.end())
      Plugins.push_back(Path);
    // `#include <ad.h>` and `<enzyme/enzyme>` with the plugin flag alone,
    // searched after the user's own directories.
    if (std::string Dir = headerDir(Path); !Dir.empty()) {
      HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
      if (auto DirRef = CI.getFileManager().getOptionalDirectoryRef(Dir))
        HS.AddSearchPath(DirectoryLookup(*DirRef, SrcMgr::C_System,
                                         /*isFramework=*/false),
                         /*isAngled=*/true);
    }
    return std::make_unique<KeepRegistrations>();
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

/// Enzyme's `enzyme_inactive` and `enzyme_function_like("name")` attributes
/// (GNU, C23 and C++11 spellings), turned into the annotations ADPass reads
/// (the same as ad.h's AD_INACTIVE and AD_FUNCTION_LIKE).
class EnzymeAttrInfo : public ParsedAttrInfo {
public:
  EnzymeAttrInfo(const Spelling *S, size_t N, unsigned Args,
                 const char *Annotation)
      : Annotation(Annotation) {
    NumArgs = Args;
    Spellings = ArrayRef<Spelling>(S, N);
  }
  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    // enzyme_inactive on a global variable: it has no shadow.
    if (const auto *V = dyn_cast<VarDecl>(D);
        V && !NumArgs && V->hasGlobalStorage())
      return true;
    unsigned ID =
        NumArgs
            ? S.getDiagnostics().getCustomDiagID(
                  DiagnosticsEngine::Error, "'%0' applies to functions only")
            : S.getDiagnostics().getCustomDiagID(
                  DiagnosticsEngine::Error,
                  "'%0' applies to functions and global variables only");
    S.Diag(Attr.getLoc(), ID) << Attr.getAttrName()->getName();
    return false;
  }
  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    std::string Text = Annotation;
    if (NumArgs) {
      const auto *Lit = Attr.isArgExpr(0)
                            ? dyn_cast<StringLiteral>(
                                  Attr.getArgAsExpr(0)->IgnoreParenCasts())
                            : nullptr;
      if (!Lit) {
        unsigned ID = S.getDiagnostics().getCustomDiagID(
            DiagnosticsEngine::Error,
            "'%0' takes the name of a math function as a string literal");
        S.Diag(Attr.getLoc(), ID) << Attr.getAttrName()->getName();
        return AttributeNotApplied;
      }
      Text += "=" + Lit->getString().str();
    }
    D->addAttr(
        AnnotateAttr::Create(S.Context, Text, nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }

private:
  const char *Annotation;
};

constexpr ParsedAttrInfo::Spelling InactiveSpellings[] = {
    {ParsedAttr::AS_GNU, "enzyme_inactive"},
    {ParsedAttr::AS_C23, "enzyme_inactive"},
    {ParsedAttr::AS_CXX11, "enzyme_inactive"},
    {ParsedAttr::AS_CXX11, "enzyme::inactive"}};
constexpr ParsedAttrInfo::Spelling FunctionLikeSpellings[] = {
    {ParsedAttr::AS_GNU, "enzyme_function_like"},
    {ParsedAttr::AS_C23, "enzyme_function_like"},
    {ParsedAttr::AS_CXX11, "enzyme_function_like"},
    {ParsedAttr::AS_CXX11, "enzyme::function_like"}};

struct InactiveAttrInfo : EnzymeAttrInfo {
  InactiveAttrInfo()
      : EnzymeAttrInfo(InactiveSpellings, std::size(InactiveSpellings), 0,
                       "enzyme_inactive") {}
};
struct FunctionLikeAttrInfo : EnzymeAttrInfo {
  FunctionLikeAttrInfo()
      : EnzymeAttrInfo(FunctionLikeSpellings, std::size(FunctionLikeSpellings),
                       1, "enzyme_function_like") {}
};

} // namespace

static ParsedAttrInfoRegistry::Add<InactiveAttrInfo>
    XInactive("enzyme_inactive", "Enzyme's inactive-function attribute");
static ParsedAttrInfoRegistry::Add<FunctionLikeAttrInfo>
    XFunctionLike("enzyme_function_like",
                  "Enzyme's attribute naming the math function a function "
                  "computes");

static FrontendPluginRegistry::Add<ADPassAction>
    X("adpass", "automatic differentiation of __ad_* calls");
