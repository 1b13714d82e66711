//===- OffsetCongruence.h - Offsets modulo a stride ------------*- C++ -*-===//
//
// Where in its object a pointer may point, as a congruence: the byte offset
// is C + k*G for some integer k (G = 0: exactly C). Integers get the same
// abstraction (their value), so that a pointer walked by a loop over an
// array of records (`p += 16`, or `base + 16*i`) and the length of a copy of
// whole records (`16*n`, `last - first`) are known modulo the record size.
// Computed by a fixpoint over phis, which a loop's induction needs.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_OFFSETCONGRUENCE_H
#define ADPASS_ANALYSIS_OFFSETCONGRUENCE_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace llvm {
class DataLayout;
class Value;
} // namespace llvm

namespace adpass {

/// {C + k*G}; G = 0: exactly C. C is kept in [0, G) when G > 0.
struct Congruence {
  int64_t C = 0;
  uint64_t G = 0;

  static Congruence exactly(int64_t V) { return {V, 0}; }
  static Congruence any() { return {0, 1}; }
  /// Whether every value is a multiple of \p P plus \p R (mod P).
  bool isAlways(uint64_t R, uint64_t P) const;
  /// The residue modulo \p P, when G is a multiple of it.
  std::optional<uint64_t> residue(uint64_t P) const;

  Congruence join(const Congruence &O) const;
  Congruence plus(const Congruence &O) const;
  Congruence times(int64_t K) const;
  friend bool operator==(const Congruence &A, const Congruence &B) {
    return A.C == B.C && A.G == B.G;
  }
};

/// Congruences of pointer offsets (within their underlying object) and of
/// integer values, computed on demand for the values they depend on.
class OffsetCongruence {
public:
  explicit OffsetCongruence(const llvm::DataLayout &DL) : DL(DL) {}

  /// The offset of pointer \p V in its object, or the value of integer \p V.
  Congruence of(const llvm::Value *V);

private:
  /// One evaluation from the current state of V's operands.
  Congruence step(const llvm::Value *V);
  Congruence lookup(const llvm::Value *V);

  const llvm::DataLayout &DL;
  /// Values in the current fixpoint (bottom until first computed).
  llvm::DenseMap<const llvm::Value *, std::optional<Congruence>> State;
  llvm::DenseMap<const llvm::Value *, Congruence> Done;
};

} // namespace adpass

#endif
