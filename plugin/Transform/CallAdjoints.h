//===- CallAdjoints.h - Reverse of calls that are not inlined --*- C++ -*-===//
//
// A call the normalization could not inline (recursion, size) or that has a
// user-registered reverse derivative. A callee that only reads memory
// nobody overwrites gets a combined gradient (its primal runs again in the
// reverse sweep, with the seed as a parameter); any other is split: its
// augmented forward replaces the call in the forward sweep and returns a
// tape, which the reverse sweep hands to the callee's reverse.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_CALLADJOINTS_H
#define ADPASS_TRANSFORM_CALLADJOINTS_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <optional>

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class CacheAnalysis;
class DerivativeCache;
class DiagnosticSink;

class CallAdjoints {
public:
  /// \p ReverseRunsLater: the enclosing derivative is itself split, so
  /// memory may change between its forward and reverse sweeps.
  /// \p Parallel: it runs on every thread of an OpenMP team, and so do the
  /// callees' derivatives.
  CallAdjoints(llvm::Function &P, const llvm::Function &User,
               const ActivityAnalysis &AA, CacheAnalysis &CA,
               AdjointBuilder &Adj, llvm::ValueToValueMapTy &VMap,
               DerivativeCache &Cache, DiagnosticSink &Diag,
               bool ReverseRunsLater, bool Parallel)
      : P(P), User(User), AA(AA), CA(CA), Adj(Adj), VMap(VMap), Cache(Cache),
        Diag(Diag), ReverseRunsLater(ReverseRunsLater), Parallel(Parallel) {}

  /// Frees of blocks the callees cannot trace to their allocation may be
  /// deferred to the end of the outermost sweep (\p MayDefer: this is it,
  /// or runs inside it), and whether this derivative's own pointer
  /// arguments reach only such blocks (\p ArgumentsOwned).
  void setOwnedHeap(bool MayDefer, bool ArgumentsOwned) {
    MayDeferFrees = MayDefer;
    this->ArgumentsOwned = ArgumentsOwned;
  }
  /// Whether a callee's derivative may defer frees to the outermost sweep.
  bool defersFreesOutward() const { return DefersFrees; }

  /// Replaces the forward copies of split calls by augmented forwards.
  void prepareForward();

  /// The reverse of \p I if it is such a call; false otherwise.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);

private:
  struct SplitCall {
    llvm::Value *Tape; ///< forward value
    llvm::Function *Rev;
    DerivativeRequest Req;
    llvm::DebugLoc Loc;
    bool Custom; ///< the user's pair (AD_REGISTER_AUGMENTED)
  };

  bool needsDerivative(const llvm::CallBase &CB) const;
  bool needsSplit(const llvm::CallBase &CB) const;
  void explainCheckpoints(llvm::ArrayRef<llvm::CallBase *> Split);
  DerivativeRequest calleeRequest(const llvm::CallBase &CB,
                                  DiffMode Mode) const;
  std::optional<SplitCall> augmentCallee(llvm::CallBase &CB,
                                         llvm::CallBase &Fwd,
                                         llvm::IRBuilder<> &IRB);
  std::optional<SplitCall> augmentCustom(llvm::CallBase &CB,
                                         llvm::CallBase &Fwd,
                                         llvm::IRBuilder<> &IRB);
  void emitCustom(llvm::CallBase &CB, llvm::Function &Rev,
                  llvm::IRBuilder<> &IRB, llvm::Value *Tape = nullptr);
  void emitCalleeGradient(llvm::CallBase &CB, llvm::IRBuilder<> &IRB);
  void emitSplitReverse(llvm::CallBase &CB, const SplitCall &S,
                        llvm::IRBuilder<> &IRB);
  void addArgumentAdjoints(llvm::CallBase &CB, const DerivativeRequest &Req,
                           llvm::Value *Result, llvm::IRBuilder<> &IRB);
  void error(const llvm::Instruction *I, const llvm::Twine &Msg);

  llvm::Function &P;
  const llvm::Function &User;
  const ActivityAnalysis &AA;
  CacheAnalysis &CA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  bool ReverseRunsLater;
  bool Parallel;
  bool MayDeferFrees = false, ArgumentsOwned = false;
  mutable bool DefersFrees = false;
  llvm::DenseMap<const llvm::CallBase *, SplitCall> Splits;
};

} // namespace adpass

#endif
