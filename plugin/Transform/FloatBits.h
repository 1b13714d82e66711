//===- FloatBits.h - Float values moved as integer bits ---------*- C++ -*-===//
//
// Code moves and changes floating-point values as integer bits: SSE's
// `_mm_xor_pd(v, -0.0)` (Eigen's pnegate, paddsub, pabs), `u.bits ^= 1ull
// << 63` through a union, copysign as two masks, lanes of a vector moved
// as i128 or shuffled as <4 x i32> (pshufd), a pointer read out of a
// vector of doubles, and rounding by adding and subtracting 2^52. Integers
// carry no derivative, so the normalization turns these back into the
// floating-point operations they are (fneg, fabs, -fabs and copysign per
// lane, extracts and shuffles, a pointer load, a rounding with no
// derivative), which have rules. What else changes float bits as integers
// is refused (ActiveConstructs).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_FLOATBITS_H
#define ADPASS_TRANSFORM_FLOATBITS_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Rewrites the float-bit idioms above in \p F as floating-point
/// operations. Returns whether anything changed.
bool floatsFromBits(llvm::Function &F);

} // namespace adpass

#endif
