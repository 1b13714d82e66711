//===- Diagnostics.h - Located errors for ADPass ----------------*- C++ -*-===//
//
// Every refusal goes through here: an LLVM diagnostic of error severity that
// clang prints as `file:line:col: error: ...` and that makes it exit non-zero.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_SUPPORT_DIAGNOSTICS_H
#define ADPASS_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"

namespace llvm {
class IRBuilderBase;
class Function;
class Module;
class Instruction;
class DebugLoc;
class Value;
} // namespace llvm

namespace adpass {

/// Collects errors for one derivative request; remembers whether any fired so
/// generation can stop without producing a wrong derivative.
class DiagnosticSink {
public:
  /// Reports an error located at \p I (or at \p F when \p I has no location).
  /// \p F names the function the user asked to differentiate.
  void error(const llvm::Function &F, const llvm::Instruction *I,
             const llvm::Twine &Msg);
  /// Reports an error located at \p Loc inside function \p F.
  void error(const llvm::Function &F, const llvm::DebugLoc &Loc,
             const llvm::Twine &Msg);

  bool hasErrors() const { return NumErrors != 0; }

private:
  unsigned NumErrors = 0;
};

/// A warning located at \p Loc (or at \p F): ADPass did something other
/// than asked, without changing any result (a tape budget not kept).
void warning(const llvm::Function &F, const llvm::DebugLoc &Loc,
             const llvm::Twine &Msg);

/// A function of \p M with a body, to locate errors about the module as a
/// whole (a registration global); null if there is none.
const llvm::Function *anyDefinition(const llvm::Module &M);

/// The string "file:line" of \p At for a check at run time, or
/// '\p Fallback' without debug information; \p Site names it.
llvm::Value *runtimeSite(llvm::IRBuilderBase &B, const llvm::Instruction &At,
                         llvm::StringRef Fallback, llvm::StringRef Site);

/// A refusal at run time, where \p B is: calls the runtime's
/// `void Runtime(const char *where)` (it reports and aborts) with "file:line"
/// of \p At, or '\p Fallback' without debug information, then unreachable.
/// \p Site names the string.
void emitRuntimeRefusal(llvm::IRBuilderBase &B, llvm::StringRef Runtime,
                        const llvm::Instruction &At, llvm::StringRef Fallback,
                        llvm::StringRef Site);

} // namespace adpass

#endif
