//===- FloatIdioms.h - Float bit idioms, derivatives fixed --*- C++ -*-===//
//
// Idioms of numerical code whose derivative as written is wrong or
// missing: rounding by adding and subtracting 2^52 (as written, the
// derivative of x; rounded, none), frexp's mantissa made by setting an
// exponent in the bits (as written, none; really m / x on normal numbers),
// and x86's approximate reciprocals (no rule). The normalization rewrites
// them so that the analyses and the rules give the right derivative, with
// the same values: the operation reads a copy the activity analysis takes
// for a constant, and the derivative is added back with a zero.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_FLOATIDIOMS_H
#define ADPASS_TRANSFORM_FLOATIDIOMS_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// `(a + 2^52) - 2^52` (and the float and 1.5 x 2^p variants): a read
/// through an identity the activity analysis takes for a constant.
bool roundingTricks(llvm::Function &F);

/// frexp's mantissa taken through the bits: the same value, with the
/// derivative m / x on normal finite lanes.
bool mantissaScalings(llvm::Function &F);

/// x86's approximate rsqrt and rcp (Eigen's vectorized float sqrt, and
/// AVX-512's double sqrt, refine them with Newton steps): the same values,
/// with the derivative of the exact function at the approximation,
/// -r / (2x) and -r / x.
bool approximateReciprocals(llvm::Function &F);

} // namespace adpass

#endif
