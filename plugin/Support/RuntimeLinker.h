//===- RuntimeLinker.h - Link the embedded runtime into a module -*- C++ -*-=//
#ifndef ADPASS_SUPPORT_RUNTIMELINKER_H
#define ADPASS_SUPPORT_RUNTIMELINKER_H

namespace llvm {
class Module;
} // namespace llvm

namespace adpass {

/// Links the runtime functions \p M calls (tape growth, workspaces, the
/// user's shadow API) into it with internal linkage, so that a program
/// compiled with `-fplugin` alone needs no extra library. Returns whether
/// anything was linked.
bool linkRuntime(llvm::Module &M);

/// Links now the bodies of the runtime's array helpers that \p M calls
/// (isBlasArrayHelper: the elementwise parts of the BLAS rules; and
/// isStdNodeStandIn: libstdc++'s node routines), so that a derivative of
/// code calling them (a nested derivative, std::map's code) differentiates
/// them like any function of the program. Returns whether
/// anything was linked.
bool linkDifferentiableRuntime(llvm::Module &M);

} // namespace adpass

#endif
