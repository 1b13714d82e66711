//===- DeclaredLayout.h - Memory layout from declared IR types -*- C++ -*-===//
//
// What the bytes of an object are declared to hold, from the IR types clang
// gave it: the allocated type of an alloca, the value type of a global, or
// the struct type of constant GEPs on the pointer. Used where accesses and
// !tbaa.struct say nothing (an array member of a struct copied by value:
// clang tags it "omnipotent char"; -O0 copies have no tag at all).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_DECLAREDLAYOUT_H
#define ADPASS_ANALYSIS_DECLAREDLAYOUT_H

#include "Analysis/TypeAnalysis.h"

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class DataLayout;
class Value;
} // namespace llvm

namespace adpass {

/// The scalar fields declared for bytes [Offset, Offset + Size) of the memory
/// \p Ptr points to, at offsets relative to Offset (arrays of one
/// floating-point type as one field). False when no type is declared, a
/// union is involved, or a field straddles the range.
bool declaredFields(const llvm::Value *Ptr, uint64_t Offset, uint64_t Size,
                    const llvm::DataLayout &DL,
                    llvm::SmallVectorImpl<MemoryField> &Out);

} // namespace adpass

#endif
