//===- LibmOutputs.h - libm results written through pointers -*- C++ -*-===//
//
// frexp, modf and sincos return (part of) their result through a pointer,
// which no rule of the table describes. The normalized clone computes the
// same values with calls and instructions that have rules, bit for bit.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LIBMOUTPUTS_H
#define ADPASS_TRANSFORM_LIBMOUTPUTS_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Rewrites the calls of \p C to frexp, modf and sincos (double, float and
/// long double).
void expandLibmOutputs(llvm::Function &C);

} // namespace adpass

#endif
