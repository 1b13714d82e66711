//===- MpiRoutines.h - The MPI routines ADPass knows, as data ---*- C++ -*-===//
//
// Each MPI routine is described once by the roles of its parameters and by
// the runtime functions that mirror it (runtime/ADMpi.c): the adjoint the
// reverse sweep calls and the tangent a forward-mode derivative calls. The
// analyses read which buffers a call sends and receives; the generators
// pass the call's operands to the runtime by role
// (Transform/Parallel/MpiDerivatives.cpp).
//
// Handles are MPICH's: communicators, datatypes, operations and requests
// are `int`s, so a datatype is known at compile time when it is a constant.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_MPIROUTINES_H
#define ADPASS_RULES_MPIROUTINES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class CallBase;
class Value;
} // namespace llvm

namespace adpass {

enum class MpiRole : unsigned char {
  SendBuf, ///< read
  RecvBuf, ///< written
  Buf,     ///< broadcast: read at the root, written elsewhere
  Count,   ///< elements of the send (or only) buffer
  RecvCount,
  Type, ///< datatype of the send (or only) buffer
  RecvType,
  Dest,
  Source,
  Tag,
  RecvTag,
  Op,
  Root,
  Comm,
  Status,      ///< written, no derivative
  Request,     ///< written (Isend, Irecv) or read and reset (Wait)
  NumRequests, ///< Waitall's count
  Requests,
  Statuses,
};

/// When the forward sweep asks the runtime to remember something about a
/// call, for its adjoint or its tangent.
enum class MpiRecord : unsigned char {
  None,
  AfterPost,  ///< Isend, Irecv: after the call, by its request
  BeforeWait, ///< Wait, Waitall: before the call resets the requests
  Values,     ///< Reduce, Allreduce: the reduced values (MAX and MIN)
};

struct MpiRoutine {
  llvm::StringRef Name;
  llvm::ArrayRef<MpiRole> Params;
  /// Runtime stem: `__ad_mpi_<Stem>_reverse`, `..._tangent`, `..._record`.
  llvm::StringRef Stem;
  MpiRecord Record;
  /// Whether the tangent must run before the call (it reads the values the
  /// call overwrites, or the requests the call resets).
  bool TangentBefore;

  int argIndex(MpiRole R) const;
  bool has(MpiRole R) const { return argIndex(R) >= 0; }
};

/// MPICH's handles and special values, as they appear in IR.
namespace mpich {
constexpr int Double = 0x4c00080b, Float = 0x4c00040a, Sum = 0x58000003,
              Max = 0x58000001, Min = 0x58000002, AnySource = -2, AnyTag = -1;
/// MPI_IN_PLACE is `(void *)-1`.
bool isInPlace(const llvm::Value *V);
} // namespace mpich

/// What the datatype operand of a call says about its buffers.
enum class MpiData { Real, NotReal, Unknown };
MpiData classifyMpiType(const llvm::Value *Type);

struct MpiCall {
  const MpiRoutine *Routine;

  llvm::Value *arg(const llvm::CallBase &CB, MpiRole R) const;
  /// Whether the call moves floating-point numbers (every datatype operand
  /// is MPI_DOUBLE or MPI_FLOAT).
  MpiData data(const llvm::CallBase &CB) const;
  /// Buffers that the call writes (the receive side).
  llvm::SmallVector<llvm::Value *, 2>
  receivedBuffers(const llvm::CallBase &CB) const;
  /// Everything the call may write: received buffers, status, requests.
  llvm::SmallVector<llvm::Value *, 3>
  writtenMemory(const llvm::CallBase &CB) const;
};

/// \p CB as a call of an MPI routine ADPass differentiates, if it is one.
std::optional<MpiCall> matchMpiCall(const llvm::CallBase &CB);
/// MPI routines that move no numbers (ranks, sizes, barriers, clocks).
bool isInactiveMpiFunction(llvm::StringRef Name);
/// Whether \p Name is an MPI routine (`MPI_...` or `PMPI_...`).
bool isMpiFunction(llvm::StringRef Name);

} // namespace adpass

#endif
