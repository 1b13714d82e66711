//===- TypedCopies.h - Floats and pointers copied as integers ---*- C++ -*-===//
//
// The optimizer copies memory with integer loads and stores whatever it
// holds (a memcpy of a double becomes an i64 copy, SROA merges two doubles
// in an i128 phi), and code keeps pointers as integers. No derivative
// follows an integer, so the normalization gives such copies back the
// type of what they move; the bytes stay the same.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_TYPEDCOPIES_H
#define ADPASS_TRANSFORM_TYPEDCOPIES_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Integer loads, phis, selects and stores that carry floats become the
/// float operations (when the integer is also read as a float, or only
/// copies memory accessed as floats elsewhere).
void retypeFloatCopies(llvm::Function &C);

/// `store (ptrtoint P)` of a pointer-sized integer becomes `store P`.
void storePointersAsPointers(llvm::Function &C);

} // namespace adpass

#endif
