//===- CallTangents.h - Tangents of calls that are not inlined -*- C++ -*-===//
//
// A call to a function with a body (not inlined: recursion, size, -O0
// leftovers) becomes a call to that function's own tangent function; a
// call to a function with a registered forward derivative
// (AD_REGISTER_FORWARD) becomes a call to it.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_CALLTANGENTS_H
#define ADPASS_TRANSFORM_CALLTANGENTS_H

#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class DerivativeCache;
class DiagnosticSink;
class TangentMap;

class CallTangents {
public:
  CallTangents(const llvm::Function &User, const ActivityAnalysis &AA,
               AdjointBuilder &Shadows, llvm::ValueToValueMapTy &VMap,
               TangentMap &Tangents, DerivativeCache &Cache,
               DiagnosticSink &Diag)
      : User(User), AA(AA), Shadows(Shadows), VMap(VMap), Tangents(Tangents),
        Cache(Cache), Diag(Diag) {}

  /// If \p CB calls a function with a body or a registered derivative,
  /// replaces its copy by the derivative's call (when anything about it is
  /// active) and returns true.
  bool emit(const llvm::CallBase &CB);
  /// Callees carry error estimates too (__enzyme_error_estimate).
  void setErrorEstimate(bool E) { ErrorEstimate = E; }
  /// This derivative's pointer arguments reach only blocks the
  /// differentiated code allocated (DerivativeRequest::OwnedHeap).
  void setArgumentsOwned(bool O) { ArgumentsOwned = O; }

private:
  void emitCallee(const llvm::CallBase &CB, llvm::CallBase &Fwd);
  void emitCustom(const llvm::CallBase &CB, llvm::CallBase &Fwd);
  void error(const llvm::Instruction *I, const llvm::Twine &Msg);

  const llvm::Function &User;
  const ActivityAnalysis &AA;
  AdjointBuilder &Shadows;
  llvm::ValueToValueMapTy &VMap;
  TangentMap &Tangents;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  bool ErrorEstimate = false;
  bool ArgumentsOwned = false;
};

} // namespace adpass

#endif
