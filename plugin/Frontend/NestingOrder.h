//===- NestingOrder.h - Inner derivative calls before outer ones -*- C++ -*-=//
#ifndef ADPASS_FRONTEND_NESTINGORDER_H
#define ADPASS_FRONTEND_NESTINGORDER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class CallBase;
} // namespace llvm

namespace adpass {

/// Reorders \p Calls (the `__ad_*` calls of a module) so that a call
/// inside a function that another call differentiates (directly or through
/// its callees) comes before that call: a Hessian-vector product
/// differentiates a function that calls a gradient, and the gradient must
/// be generated first so that the outer derivative sees its code. Stable
/// otherwise; calls on a cycle (a function differentiating itself) keep
/// their order, and the outer one is then refused as an opaque call.
/// \p After(A, B) says that A must also come after B (a reverse sweep after
/// the augmented forwards).
void orderInnerFirst(
    llvm::SmallVectorImpl<llvm::CallBase *> &Calls,
    llvm::function_ref<bool(llvm::CallBase *, llvm::CallBase *)> After);

} // namespace adpass

#endif
