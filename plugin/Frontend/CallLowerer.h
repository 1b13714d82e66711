//===- CallLowerer.h - One entry-point call, parsed and lowered -*- C++ -*-===//
//
// Internal to the front end: the state of lowering one `__ad_*` (or
// `__enzyme_*`) call. CallParsing.cpp reads the call into a derivative
// request and the derivative's arguments; CallLowering.cpp emits the call to
// the derivative and puts its results where the caller expects them.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_CALLLOWERER_H
#define ADPASS_FRONTEND_CALLLOWERER_H

#include "Frontend/DerivativeRequest.h"
#include "Frontend/EnzymeEntries.h"
#include "Frontend/Markers.h"
#include "Support/Diagnostics.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>
#include <string>

namespace adpass {

class DerivativeCache;

/// What an `__ad_*` entry point asks for.
enum class EntryKind { Gradient, Augment, Reverse, Forward };

class CallLowerer {
public:
  CallLowerer(llvm::CallBase &CB, EntryKind Kind, DerivativeCache &Cache,
              DiagnosticSink &Diag)
      : CB(CB), Caller(*CB.getFunction()), Kind(Kind), Cache(Cache),
        Diag(Diag) {}

  bool run();
  /// The derivative call that replaced CB, after run() succeeded.
  llvm::CallInst *derivativeCall() const { return Emitted; }

private:
  bool parse();
  bool parseModeArguments(unsigned First);
  bool parseWidth(unsigned First);
  std::optional<ArgActivity> defaultActivity(unsigned Param);
  llvm::Value *emitCall(llvm::IRBuilder<> &IRB);
  llvm::Value *resultOf(llvm::CallInst *Call, llvm::IRBuilder<> &IRB);
  bool bindArgument(unsigned Param, llvm::Value *Primal, ArgActivity Act);
  void bindSRet();
  llvm::Value *convertArgument(unsigned Param, llvm::Value *V);
  bool emitResult(llvm::Value *Grad, llvm::IRBuilder<> &IRB);
  void error(const llvm::Twine &Msg) {
    Diag.error(Caller, &CB, CB.getCalledOperand()->getName() + ": " + Msg);
  }
  /// Enzyme's split mode: the seed of f's result is an argument of the
  /// reverse, and the tape may live in the caller's memory.
  bool enzymeSplit() const {
    return Kind != EntryKind::Gradient && Kind != EntryKind::Forward &&
           isEnzymeEntry(CB.getCalledOperand()->getName());
  }
  enum class Extra { No, Taken, Bad };
  Extra takeEnzymeExtra(llvm::Value *V);
  llvm::Value *emitEnzymeAugment(llvm::CallInst *Call, llvm::IRBuilder<> &IRB);

  llvm::CallBase &CB;
  llvm::Function &Caller;
  EntryKind Kind;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  DerivativeRequest Req;
  llvm::SmallVector<llvm::Value *, 8> GradArgs;
  llvm::Value *SRet = nullptr;
  llvm::Type *SRetTy = nullptr;
  llvm::Value *Workspace = nullptr;
  llvm::Value *Budget = nullptr; ///< `ad_tape_budget, bytes`
  llvm::Value *ResultPtr =
      nullptr;                   ///< `ad_result, &r` of __ad_augmentfwd/fwddiff
  llvm::Value *Tape = nullptr;   ///< the last argument of __ad_reverse
  EnzymeTapeMarkers TapeMarkers; ///< `enzyme_tape, p`, `enzyme_allocated, n`
  llvm::Value *DiffRet = nullptr; ///< __enzyme_reverse: the result's seed
  llvm::Value *SeedPtr = nullptr; ///< `ad_seed, &s` of a struct result
  llvm::Value *DupvStride =
      nullptr;               ///< `ad_dupv, stride`, for the next argument
  bool ConstReturn = false;  ///< enzyme_const_return: f's result not seeded
  bool PrimalReturn = false; ///< enzyme_primal_return: {result, tangent}
  bool NoRet = false;        ///< enzyme_noret: f's result is not returned
  llvm::Type *SRetFnTy = nullptr; ///< f returns this struct through memory
  llvm::Value *SRetSlot = nullptr,
              *SRetShadow = nullptr; ///< for its sret pointer
  unsigned Hidden = 0; ///< f's parameters the call does not pass (sret)
  size_t NextArg = 0;
  size_t EndArg = 0; ///< one past the last argument of fn
  llvm::CallInst *Emitted = nullptr;
};

/// Whether every scalar \p T holds is floating point.
bool onlyFloats(llvm::Type *T);
/// \p T as IR prints it, for messages.
std::string typeName(const llvm::Type *T);

} // namespace adpass

#endif
