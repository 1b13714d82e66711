//===- Diagnostics.cpp - Located errors for ADPass ------------------------===//
#include "Support/Diagnostics.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

namespace adpass {

void DiagnosticSink::error(const Function &F, const Instruction *I,
                           const Twine &Msg) {
  error(F, I ? I->getDebugLoc() : DebugLoc(), Msg);
}

void DiagnosticSink::error(const Function &F, const DebugLoc &Loc,
                           const Twine &Msg) {
  ++NumErrors;
  // DiagnosticInfoUnsupported carries the location; clang maps it back to the
  // source (or to the function's declaration when there is no debug info).
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F, "ADPass: " + Msg, Loc ? Loc : DebugLoc(), DS_Error));
}

} // namespace adpass
