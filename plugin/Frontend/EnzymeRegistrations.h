//===- EnzymeRegistrations.h - Enzyme's registration globals ---*- C++ -*-===//
//
// Code written for Enzyme registers custom derivatives, inactive functions
// and "function-like" functions in globals named `__enzyme_register_*`,
// `__enzyme_inactivefn`, `__enzyme_function_like`. They are adopted here, at
// the start of the pipeline (before the optimizer can inline or delete what
// they name), into ADPass's own registrations: Enzyme's custom derivatives
// get adapters from Enzyme's calling convention to ADPass's.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_ENZYMEREGISTRATIONS_H
#define ADPASS_FRONTEND_ENZYMEREGISTRATIONS_H

namespace llvm {
class Function;
class Module;
class GlobalVariable;
} // namespace llvm

namespace adpass {

/// Adopts every Enzyme registration global of \p M that ADPass can honor;
/// located errors for the others. Each global is handled once.
void adoptEnzymeRegistrations(llvm::Module &M);

/// Whether \p GV is an Enzyme registration already adopted (or refused):
/// it is not reported again as unknown.
bool isAdoptedEnzymeGlobal(const llvm::GlobalVariable &GV);

/// Keeps the calls of \p F (registered, inactive, function-like) from being
/// inlined before the derivative is generated: `noinline`, overriding an
/// `always_inline`.
void keepCallsOf(llvm::Function &F);

/// Marks the functions that registrations (ADPass's and adopted Enzyme
/// ones) name `noinline`, so their calls survive until the derivative is
/// generated.
void keepRegisteredFunctions(llvm::Module &M);

} // namespace adpass

#endif
