//===- SignBitOps.h - Sign-bit masks as floating-point operations -*- C++ -*-//
//
// Code negates or takes the absolute value of floating-point values by
// masking their sign bit as integers: SSE's `_mm_xor_pd(v, -0.0)` (Eigen's
// pnegate, paddsub, pabs), `u.bits ^= 1ull << 63` through a union. The
// integer operations carry no derivative, so the normalization turns them
// back into the floating-point operations they are (fneg, fabs, -fabs, per
// lane; copysign from the two masks that splice a sign onto a magnitude),
// which have rules. What else reads float bits as integers is
// refused (ActiveConstructs).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_SIGNBITOPS_H
#define ADPASS_TRANSFORM_SIGNBITOPS_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Rewrites `bitcast(xor/and/or(bits of X, sign masks))` in \p F as the
/// floating-point operations on X. Returns whether anything changed.
bool floatSignBitOps(llvm::Function &F);

} // namespace adpass

#endif
