//===- ComplexRules.h - Complex multiplication and division ----*- C++ -*-===//
//
// C99 complex arithmetic reaches the IR as library calls: `__muldc3(a, b, c,
// d)` on the slow path of `z1 * z2`, `__divdc3` for every `z1 / z2` (and the
// float, long double and quad variants `sc3`, `xc3`, `tc3`), `cabs` for
// |z|, `cexp`, `clog` and `csqrt` (std::exp, std::log, std::sqrt of a
// std::complex). The primal calls stay; these rules give their derivatives,
// written like RuleTable's as one contribution per operand, linear in the seed,
// but in complex numbers. Forward mode sums contrib_k(seed = dz_k); reverse
// mode adds contrib_k(seed = adj(w)) to adj(z_k) with every primal value
// conjugated (the adjoint of dz -> p * dz, as a map of real pairs, is
// s -> conj(p) * s), so one formula serves both modes.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_COMPLEXRULES_H
#define ADPASS_RULES_COMPLEXRULES_H

#include "Rules/RuleTable.h"

namespace adpass {

/// Whether \p CB is a complex multiplication, division or modulus whose
/// parts the rules can read: each complex value passed as two scalars or
/// one {T, T}, [2 x T] or <2 x T> (the x86-64 and AArch64 ABIs).
bool isComplexCall(const llvm::CallBase &CB);

/// Whether \p CB calls one of those functions with another ABI (values
/// passed or returned in memory, say): it has no derivative.
bool isUnsupportedComplexCall(const llvm::CallBase &CB);

/// Forward mode: the tangent of the result of \p CB (an isComplexCall), in
/// its type. \p Arg gives primal argument J, \p Result the primal result,
/// \p ArgTangent the tangent of argument J (null where it has none).
llvm::Value *complexTangent(const llvm::CallBase &CB, llvm::IRBuilderBase &B,
                            const RuleArgs::Fetch &Arg,
                            const RuleArgs::Fetch &Result,
                            const RuleArgs::Fetch &ArgTangent);

/// Reverse mode: calls \p AddAdjoint(J, contribution) for each argument J of
/// \p CB with \p HasAdjoint(J), given \p Seed, the adjoint of the result.
void complexAdjoints(
    const llvm::CallBase &CB, llvm::IRBuilderBase &B,
    const RuleArgs::Fetch &Arg, const RuleArgs::Fetch &Result,
    llvm::Value *Seed, const std::function<bool(unsigned)> &HasAdjoint,
    const std::function<void(unsigned, llvm::Value *)> &AddAdjoint);

} // namespace adpass

#endif
