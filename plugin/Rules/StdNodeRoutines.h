//===- StdNodeRoutines.h - libstdc++'s compiled node routines ---*- C++ -*-===//
//
// std::map, std::set and std::list link and rebalance their nodes with
// functions that libstdc++ compiles into its shared library
// (_Rb_tree_insert_and_rebalance, _List_node_base::_M_hook, ...): no body
// for AD to see. The runtime defines the same operations
// (runtime/ADStdNodes.c); the code being differentiated calls those
// instead, and their pointer stores are mirrored in the shadow nodes like
// any of the program's own.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_STDNODEROUTINES_H
#define ADPASS_RULES_STDNODEROUTINES_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Whether \p Name is one of the runtime's stand-ins (__ad_std_*).
bool isStdNodeStandIn(llvm::StringRef Name);

/// Replaces the calls in \p F to libstdc++'s node routines by calls to the
/// runtime's stand-ins, and links their bodies into the module. Returns
/// whether any call was replaced.
bool substituteStdNodeRoutines(llvm::Function &F);

} // namespace adpass

#endif
