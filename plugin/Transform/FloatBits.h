//===- FloatBits.h - Float values moved as integer bits ---------*- C++ -*-===//
//
// Code moves and changes floating-point values as integer bits: SSE's
// `_mm_xor_pd(v, -0.0)` (Eigen's pnegate, paddsub, pabs), `u.bits ^= 1ull
// << 63` through a union, copysign as two masks, SSE2's blend of two
// vectors by a mask (andnot, and, or), selects and phis of such bits,
// lanes of a vector moved as i128 or shuffled as <4 x i32> (pshufd), a
// pointer read out of a vector of doubles. Integers carry no derivative,
// so the normalization turns these back into the floating-point operations
// they are (fneg, fabs, -fabs and copysign per lane, selects, extracts and
// shuffles, a pointer load, floats stored as floats), bit for bit the same
// values, which have rules; first the idioms whose derivative as written is
// wrong (FloatIdioms). What else changes float bits as integers is refused
// (ActiveConstructs).
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
