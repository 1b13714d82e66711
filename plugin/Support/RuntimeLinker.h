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

} // namespace adpass

#endif
