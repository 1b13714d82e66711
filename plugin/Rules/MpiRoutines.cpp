//===- MpiRoutines.cpp - The MPI routines ADPass knows, as data -----------===//
#include "Rules/MpiRoutines.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace adpass {
namespace {

using R = MpiRole;

constexpr MpiRole SendP[] = {R::SendBuf, R::Count, R::Type,
                             R::Dest,    R::Tag,   R::Comm};
constexpr MpiRole RecvP[] = {R::RecvBuf, R::Count, R::Type,  R::Source,
                             R::Tag,     R::Comm,  R::Status};
constexpr MpiRole SendrecvP[] = {
    R::SendBuf,   R::Count,    R::Type,   R::Dest,    R::Tag,  R::RecvBuf,
    R::RecvCount, R::RecvType, R::Source, R::RecvTag, R::Comm, R::Status};
constexpr MpiRole IsendP[] = {R::SendBuf, R::Count, R::Type,   R::Dest,
                              R::Tag,     R::Comm,  R::Request};
constexpr MpiRole IrecvP[] = {R::RecvBuf, R::Count, R::Type,   R::Source,
                              R::Tag,     R::Comm,  R::Request};
constexpr MpiRole WaitP[] = {R::Request, R::Status};
constexpr MpiRole WaitallP[] = {R::NumRequests, R::Requests, R::Statuses};
constexpr MpiRole BcastP[] = {R::Buf, R::Count, R::Type, R::Root, R::Comm};
constexpr MpiRole ReduceP[] = {R::SendBuf, R::RecvBuf, R::Count, R::Type,
                               R::Op,      R::Root,    R::Comm};
constexpr MpiRole AllreduceP[] = {R::SendBuf, R::RecvBuf, R::Count,
                                  R::Type,    R::Op,      R::Comm};
constexpr MpiRole GatherP[] = {R::SendBuf,   R::Count,    R::Type, R::RecvBuf,
                               R::RecvCount, R::RecvType, R::Root, R::Comm};
constexpr MpiRole AllgatherP[] = {R::SendBuf, R::Count,     R::Type,
                                  R::RecvBuf, R::RecvCount, R::RecvType,
                                  R::Comm};

// Synchronous, buffered and ready sends move data as MPI_Send does; their
// mirrors are the same.
const MpiRoutine Routines[] = {
    {"MPI_Send", SendP, "send", MpiRecord::None, false},
    {"MPI_Ssend", SendP, "send", MpiRecord::None, false},
    {"MPI_Bsend", SendP, "send", MpiRecord::None, false},
    {"MPI_Rsend", SendP, "send", MpiRecord::None, false},
    {"MPI_Recv", RecvP, "recv", MpiRecord::None, false},
    {"MPI_Sendrecv", SendrecvP, "sendrecv", MpiRecord::None, false},
    {"MPI_Isend", IsendP, "isend", MpiRecord::AfterPost, false},
    {"MPI_Irecv", IrecvP, "irecv", MpiRecord::AfterPost, false},
    {"MPI_Wait", WaitP, "wait", MpiRecord::BeforeWait, true},
    {"MPI_Waitall", WaitallP, "waitall", MpiRecord::BeforeWait, true},
    {"MPI_Bcast", BcastP, "bcast", MpiRecord::None, false},
    {"MPI_Reduce", ReduceP, "reduce", MpiRecord::Values, true},
    {"MPI_Allreduce", AllreduceP, "allreduce", MpiRecord::Values, true},
    {"MPI_Gather", GatherP, "gather", MpiRecord::None, false},
    {"MPI_Scatter", GatherP, "scatter", MpiRecord::None, false},
    {"MPI_Allgather", AllgatherP, "allgather", MpiRecord::None, false},
};

const char *const InactiveMpi[] = {
    "MPI_Comm_rank", "MPI_Comm_size",   "MPI_Barrier",   "MPI_Wtime",
    "MPI_Wtick",     "MPI_Initialized", "MPI_Finalized", "MPI_Abort",
};

/// The routine name behind a profiling-interface name (`PMPI_Send`).
StringRef mpiName(StringRef Name) {
  if (Name.starts_with("PMPI_"))
    return Name.drop_front(1);
  return Name;
}

} // namespace

int MpiRoutine::argIndex(MpiRole Role) const {
  for (unsigned I = 0; I != Params.size(); ++I)
    if (Params[I] == Role)
      return I;
  return -1;
}

bool mpich::isInPlace(const Value *V) {
  const auto *CE = dyn_cast<ConstantExpr>(V);
  if (!CE || CE->getOpcode() != Instruction::IntToPtr)
    return false;
  const auto *C = dyn_cast<ConstantInt>(CE->getOperand(0));
  return C && C->isMinusOne();
}

MpiData classifyMpiType(const Value *Type) {
  const auto *C = dyn_cast<ConstantInt>(Type);
  if (!C || !C->getType()->isIntegerTy(32))
    return MpiData::Unknown;
  int64_t H = C->getSExtValue();
  if (H == static_cast<int32_t>(mpich::Double) ||
      H == static_cast<int32_t>(mpich::Float))
    return MpiData::Real;
  return MpiData::NotReal;
}

Value *MpiCall::arg(const CallBase &CB, MpiRole Role) const {
  int I = Routine->argIndex(Role);
  return I < 0 ? nullptr : CB.getArgOperand(I);
}

MpiData MpiCall::data(const CallBase &CB) const {
  MpiData D = MpiData::NotReal;
  for (MpiRole T : {MpiRole::Type, MpiRole::RecvType}) {
    Value *V = arg(CB, T);
    if (!V)
      continue;
    MpiData This = classifyMpiType(V);
    if (This == MpiData::Unknown)
      return MpiData::Unknown;
    if (This == MpiData::Real)
      D = MpiData::Real;
  }
  return D;
}

SmallVector<Value *, 2> MpiCall::receivedBuffers(const CallBase &CB) const {
  SmallVector<Value *, 2> Out;
  for (MpiRole B : {MpiRole::RecvBuf, MpiRole::Buf})
    if (Value *V = arg(CB, B))
      Out.push_back(V);
  return Out;
}

SmallVector<Value *, 3> MpiCall::writtenMemory(const CallBase &CB) const {
  SmallVector<Value *, 3> Out(receivedBuffers(CB));
  for (MpiRole B : {MpiRole::Status, MpiRole::Request, MpiRole::Requests,
                    MpiRole::Statuses})
    if (Value *V = arg(CB, B); V && !isa<Constant>(V))
      Out.push_back(V);
  return Out;
}

std::optional<MpiCall> matchMpiCall(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return std::nullopt;
  StringRef Name = mpiName(F->getName());
  for (const MpiRoutine &R : Routines)
    if (R.Name == Name) {
      if (CB.arg_size() != R.Params.size())
        return std::nullopt;
      return MpiCall{&R};
    }
  return std::nullopt;
}

bool isInactiveMpiFunction(StringRef Name) {
  Name = mpiName(Name);
  for (const char *N : InactiveMpi)
    if (Name == N)
      return true;
  return false;
}

bool isMpiFunction(StringRef Name) {
  return Name.starts_with("MPI_") || Name.starts_with("PMPI_");
}

} // namespace adpass
