//===- IndirectCalls.h - Indirect calls become dispatches -------*- C++ -*-===//
//
// A call through a function pointer or a vtable in code to differentiate has
// no callee to differentiate. When every function that can be its target is
// defined in this translation unit (the functions of its type whose address
// is taken: callbacks, virtual methods through their vtables), the call
// becomes a dispatch on the pointer to direct calls, which both modes then
// differentiate (and the normalization inlines) like any other call. A
// pointer to none of them aborts with the call's location at run time.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_INDIRECTCALLS_H
#define ADPASS_TRANSFORM_INDIRECTCALLS_H

#include <string>

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace adpass {

/// Rewrites the indirect calls of \p C that compute with floating-point
/// values (as arguments or results, or through the memory of pointer
/// arguments in some target) and whose candidate targets are all defined
/// here. Returns whether any was rewritten.
bool dispatchIndirectCalls(llvm::Function &C);

/// For an indirect call that stayed indirect: why ("a possible target,
/// 'f', is defined in another translation unit", ...), for the diagnostic.
std::string whyIndirect(const llvm::CallBase &CB);

} // namespace adpass

#endif
