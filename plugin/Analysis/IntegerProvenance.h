//===- IntegerProvenance.h - Pointers behind integer addresses --*- C++ -*-===//
//
// The optimizer (and some C code) computes addresses as integers:
// inttoptr(ptrtoint(p) + k), an alignment mask, an integer phi stepping
// through an array. Such an address still points into p's object, and its
// shadow is p's shadow at the same byte offset. This finds p, or says that
// the integer cannot be traced to exactly one pointer.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_INTEGERPROVENANCE_H
#define ADPASS_ANALYSIS_INTEGERPROVENANCE_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace adpass {

class IntegerProvenance {
public:
  explicit IntegerProvenance(const llvm::Function &F);

  /// The pointer P such that integer \p X == ptrtoint(P) + (offset computed
  /// without any other pointer), or null.
  const llvm::Value *addressBase(const llvm::Value *X) const;
  /// For an inttoptr (instruction or constant expression): the pointer its
  /// integer operand is an address into, or null.
  const llvm::Value *intToPtrBase(const llvm::Value *Ptr) const;
  /// Whether some address derived from ptrtoint leaves through memory, a
  /// call or the return: integers read back may then be addresses too.
  bool launders() const { return Launders; }

private:
  bool Launders = false;
  mutable llvm::DenseMap<const llvm::Value *, const llvm::Value *> Cache;
};

} // namespace adpass

#endif
