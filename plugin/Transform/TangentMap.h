//===- TangentMap.h - The tangent of each primal value ---------*- C++ -*-===//
#ifndef ADPASS_TRANSFORM_TANGENTMAP_H
#define ADPASS_TRANSFORM_TANGENTMAP_H

#include "Analysis/ActivityAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"

namespace adpass {

/// Primal value -> its tangent in the tangent function. Inactive values
/// have a zero tangent; an active one asked for before its tangent exists
/// is recorded, so that the generator refuses instead of using zero.
class TangentMap {
public:
  explicit TangentMap(const ActivityAnalysis &AA) : AA(AA) {}

  llvm::Value *get(const llvm::Value *PV) {
    if (llvm::Value *T = Map.lookup(PV))
      return T;
    if (!llvm::isa<llvm::Constant>(PV) && AA.isActive(PV))
      Missing = PV;
    return llvm::Constant::getNullValue(PV->getType());
  }
  void set(const llvm::Value *PV, llvm::Value *T) { Map[PV] = T; }
  /// An active value whose tangent was needed and not there, if any.
  const llvm::Value *missing() const { return Missing; }

private:
  const ActivityAnalysis &AA;
  llvm::DenseMap<const llvm::Value *, llvm::Value *> Map;
  const llvm::Value *Missing = nullptr;
};

} // namespace adpass

#endif
