//===- Diagnostics.cpp - Located errors for ADPass ------------------------===//
#include "Support/Diagnostics.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <string>

using namespace llvm;

namespace adpass {

void DiagnosticSink::error(const Function &F, const Instruction *I,
                           const Twine &Msg) {
  error(F, I ? I->getDebugLoc() : DebugLoc(), Msg);
}

/// Whether the diagnostic \p Msg at \p Loc is new: two derivatives of one
/// function meet the same problem, said once.
static bool firstTime(const Function &F, const DebugLoc &Loc,
                      const Twine &Msg) {
  static std::set<std::string> Said;
  std::string Key;
  raw_string_ostream KS(Key);
  KS << (const void *)&F.getContext() << ' ';
  if (Loc) // (the message names the user's function; F may be a clone)
    KS << Loc->getFilename() << ':' << Loc.getLine() << ':' << Loc.getCol();
  else
    KS << F.getName();
  KS << ' ' << Msg;
  return Said.insert(KS.str()).second;
}

/// The function whose declaration locates a diagnostic without debug
/// location in \p F: F, or for an OpenMP microtask (clang's outlined
/// region, which has no declaration) the user's function that forks it
/// (through ADPass's region wrappers and clones, and nested regions).
static const Function &declaredFunction(const Function &F) {
  auto Undeclared = [](const Function &G) {
    return G.getName().contains(".omp_outlined") ||
           G.getName().starts_with("__ad_");
  };
  if (!Undeclared(F))
    return F;
  SmallVector<const Function *, 8> Work{&F};
  SmallPtrSet<const Function *, 8> Seen{&F};
  while (!Work.empty()) {
    const Function *G = Work.pop_back_val();
    for (const User *U : G->users())
      if (const auto *CB = dyn_cast<CallBase>(U)) {
        const Function *Caller = CB->getFunction();
        if (!Undeclared(*Caller))
          return *Caller;
        if (Seen.insert(Caller).second)
          Work.push_back(Caller);
      }
  }
  return F;
}

/// \p Msg with the C++ names it quotes ('_Z6energyPKdi') as written in
/// the source ('energy(double const*, int)').
static std::string readableNames(const Twine &Msg) {
  std::string S = Msg.str(), Out;
  size_t At = 0;
  while (true) {
    size_t Open = S.find("'_Z", At);
    size_t Close = Open == std::string::npos ? Open : S.find('\'', Open + 1);
    if (Close == std::string::npos) {
      Out += S.substr(At);
      return Out;
    }
    std::string Name = S.substr(Open + 1, Close - Open - 1);
    // (a clone's suffix, "_Z1fd.5", is not part of the C++ name)
    std::string Demangled = demangle(Name);
    Out += S.substr(At, Open + 1 - At);
    Out += Demangled;
    At = Close;
  }
}

void DiagnosticSink::error(const Function &F, const DebugLoc &Loc,
                           const Twine &Msg) {
  ++NumErrors;
  if (!firstTime(F, Loc, Msg))
    return;
  // DiagnosticInfoUnsupported carries the location; clang maps it back to the
  // source (or to the function's declaration when there is no debug info).
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      Loc ? F : declaredFunction(F), "ADPass: " + readableNames(Msg),
      Loc ? Loc : DebugLoc(), DS_Error));
}

void warning(const Function &F, const DebugLoc &Loc, const Twine &Msg) {
  if (!firstTime(F, Loc, Msg))
    return;
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      Loc ? F : declaredFunction(F), "ADPass: " + readableNames(Msg),
      Loc ? Loc : DebugLoc(), DS_Warning));
}

const Function *anyDefinition(const Module &M) {
  for (const Function &F : M)
    if (!F.isDeclaration())
      return &F;
  return nullptr;
}

void emitRuntimeRefusal(IRBuilderBase &B, StringRef Runtime,
                        const Instruction &At, StringRef Fallback,
                        StringRef Site) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Report = M.getOrInsertFunction(
      Runtime, FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  if (auto *RF = dyn_cast<Function>(Report.getCallee()))
    RF->setDoesNotReturn();
  B.SetCurrentDebugLocation(At.getDebugLoc());
  B.CreateCall(Report, {runtimeSite(B, At, Fallback, Site)});
  B.CreateUnreachable();
}

Value *runtimeSite(IRBuilderBase &B, const Instruction &At, StringRef Fallback,
                   StringRef Site) {
  std::string Where = ("'" + Fallback + "'").str();
  if (const DILocation *L = At.getDebugLoc())
    Where = (L->getFilename() + ":" + Twine(L->getLine())).str();
  return B.CreateGlobalStringPtr(Where, Site);
}

} // namespace adpass
