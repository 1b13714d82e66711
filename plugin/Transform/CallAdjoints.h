//===- CallAdjoints.h - Reverse of calls that are not inlined --*- C++ -*-===//
//
// A call the normalization could not inline (recursion) or that has a
// user-registered reverse derivative: the reverse sweep calls the callee's
// gradient (generated for the activity it is called with, with the seed as
// a parameter) or the registered function.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_CALLADJOINTS_H
#define ADPASS_TRANSFORM_CALLADJOINTS_H

#include "llvm/IR/IRBuilder.h"

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class CacheAnalysis;
class DerivativeCache;
class DiagnosticSink;

class CallAdjoints {
public:
  CallAdjoints(const llvm::Function &User, const ActivityAnalysis &AA,
               CacheAnalysis &CA, AdjointBuilder &Adj, DerivativeCache &Cache,
               DiagnosticSink &Diag)
      : User(User), AA(AA), CA(CA), Adj(Adj), Cache(Cache), Diag(Diag) {}

  /// The reverse of \p I if it is such a call; false otherwise.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);

private:
  void emitCustom(llvm::CallBase &CB, llvm::Function &Rev,
                  llvm::IRBuilder<> &IRB);
  void emitCalleeGradient(llvm::CallBase &CB, llvm::IRBuilder<> &IRB);
  void error(const llvm::Instruction *I, const llvm::Twine &Msg);

  const llvm::Function &User;
  const ActivityAnalysis &AA;
  CacheAnalysis &CA;
  AdjointBuilder &Adj;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
};

} // namespace adpass

#endif
