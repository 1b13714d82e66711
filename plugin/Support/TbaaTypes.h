//===- TbaaTypes.h - What clang's TBAA tags say an access reads -*- C++ -*-===//
#ifndef ADPASS_SUPPORT_TBAATYPES_H
#define ADPASS_SUPPORT_TBAATYPES_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Instruction;
class LLVMContext;
class MDNode;
class Type;
} // namespace llvm

namespace adpass {

/// The name of the scalar type a TBAA node names (clang's names: "double",
/// "float", "int", "any pointer", "p1 double", ...): the access type of an
/// access tag {base, access, offset}, or the node itself. Empty if none.
llvm::StringRef tbaaScalarName(const llvm::MDNode *Tag);

/// The floating-point type that the TBAA tag of load or store \p I says
/// the accessed bytes hold (clang tags an integer copy of a double, made by
/// InstCombine from a memcpy or a by-value capture, with "double"), or
/// null.
llvm::Type *tbaaFloatType(const llvm::Instruction &I);
/// The same for TBAA tag \p Tag (also a node of !tbaa.struct).
llvm::Type *tbaaFloatType(const llvm::MDNode *Tag, llvm::LLVMContext &Ctx);

/// Whether the TBAA tag of \p I names a type other than a float (an
/// integer, a pointer, a struct's scalar field): not "omnipotent char",
/// which may be anything.
bool tbaaNamesOtherType(const llvm::Instruction &I);

} // namespace adpass

#endif
