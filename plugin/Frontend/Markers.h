//===- Markers.h - The marker arguments of the entry points ----*- C++ -*-===//
//
// An entry point's arguments are read as markers (`ad_dup`, `enzyme_out`,
// `ad_workspace`, `enzyme_primal_return`, ...: never-defined globals, passed
// by value or by address) and the values they introduce. At -O0, always_inline
// wrappers leave them behind loads of locals written once; these helpers look
// through those.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_MARKERS_H
#define ADPASS_FRONTEND_MARKERS_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class Function;
class GlobalVariable;
class Value;
} // namespace llvm

namespace adpass {

/// The constant \p V holds when it is a load of a local variable written
/// once with a constant, through any number of such variables; otherwise
/// \p V itself.
const llvm::Value *throughLocals(const llvm::Value *V);

/// The function \p V names: through locals, pointer casts, and calls of
/// functions that return one constant function (a C++ lambda's conversion
/// to a function pointer, `+[](double x) {...}`, is such a call at -O0).
/// Null otherwise.
llvm::Function *namedFunction(const llvm::Value *V);

/// The marker global an argument loads (or points to), if any.
const llvm::GlobalVariable *markerGlobal(const llvm::Value *V);

bool isWorkspaceMarker(const llvm::Value *V);
/// `ad_tape_budget, bytes`: checkpoint long loops to keep the reverse
/// sweep's memory under `bytes`.
bool isTapeBudgetMarker(const llvm::Value *V);
/// `ad_result, &r`: where split and forward mode store f's result.
bool isResultMarker(const llvm::Value *V);
/// `ad_width` / `enzyme_width`: vector mode, followed by its width.
bool isWidthMarker(const llvm::Value *V);
/// `ad_dupv` / `enzyme_dupv`: a pointer whose lane shadows are strided.
bool isDupvMarker(const llvm::Value *V);
/// `ad_pad`: stands for nothing (the C++ API pads every activity to three
/// arguments with it).
bool isPadMarker(const llvm::Value *V);
/// `ad_seed, &s`: the seed of a struct or vector result (reverse mode).
bool isSeedMarker(const llvm::Value *V);
/// Enzyme's split mode: `enzyme_tape, p` (the tape is stored at, or read
/// from, p) and `enzyme_allocated, bytes` (p's size).
bool isTapeMarker(const llvm::Value *V);
bool isAllocatedMarker(const llvm::Value *V);
/// `enzyme_runtime_activity` / `ad_runtime_activity`
/// (Frontend/RuntimeActivity).
bool isRuntimeActivityMarker(const llvm::Value *V);

/// The activity a marker argument stands for (`ad_dup` or `enzyme_dup`...).
std::optional<ArgActivity> markerOf(const llvm::Value *V);

/// Enzyme's markers for what the call returns of f's result, standing for
/// no argument.
enum class ReturnMarker { None, Const, Active, Dup, Primal, NoRet };
ReturnMarker returnMarkerOf(const llvm::Value *V);

/// Erases the loads of marker globals among \p Args that nothing reads any
/// more (the entry call that read them is gone): the globals are never
/// defined.
void eraseDeadMarkerLoads(llvm::ArrayRef<llvm::Value *> Args);

/// Whether \p Name is one of Enzyme's spellings of an entry point (its
/// defaults differ from ADPass's own).
bool isEnzymeEntry(llvm::StringRef Name);

} // namespace adpass

#endif
