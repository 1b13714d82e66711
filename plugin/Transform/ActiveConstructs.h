//===- ActiveConstructs.h - What no derivative can be made of --*- C++ -*-===//
//
// The checks both generators run before writing any IR: calls without a
// derivative, active values stored where no shadow can follow them, and
// pointers whose provenance cannot be told. Each refusal is a located error.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_ACTIVECONSTRUCTS_H
#define ADPASS_TRANSFORM_ACTIVECONSTRUCTS_H

#include "Frontend/DerivativeRequest.h"

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace adpass {

class ActivityAnalysis;
class DiagnosticSink;

/// Reports every active construct of \p P (the normalized clone of \p User)
/// that no derivative under \p Req can be made of; false if there was one.
bool checkActiveConstructs(llvm::Function &P, const llvm::Function &User,
                           const ActivityAnalysis &AA,
                           const DerivativeRequest &Req, DiagnosticSink &Diag);

/// Reports \p I, an active instruction neither generator has a derivative
/// for.
void refuseInstruction(const llvm::Function &User, const llvm::Instruction &I,
                       DiagnosticSink &Diag);

} // namespace adpass

#endif
