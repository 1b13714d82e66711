//===- EnzymeIter.h - Enzyme's differentiation-level counter ---*- C++ -*-===//
//
// `__enzyme_iter(a, b)` evaluates to `a` in the primal and to `a + k*b`
// inside a k-times nested derivative: each derivative ADPass generates
// (every mode) adds `b` to the calls it differentiates, and what is left
// after generation evaluates to its first argument.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_ENZYMEITER_H
#define ADPASS_FRONTEND_ENZYMEITER_H

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace adpass {

/// The name Enzyme gives the counter.
inline constexpr char EnzymeIterName[] = "__enzyme_iter";

/// Declares the counter free of side effects, so that nothing before
/// ADPass takes it for a call writing memory.
void markEnzymeIterPure(llvm::Module &M);

/// In \p Clone, about to be differentiated: `__enzyme_iter(a, b)` becomes
/// `__enzyme_iter(a + b, b)`.
void raiseEnzymeIterLevel(llvm::Function &Clone);

/// After generation: each remaining call is replaced by its first argument.
/// Returns whether any was found.
bool lowerEnzymeIter(llvm::Module &M);

} // namespace adpass

#endif
