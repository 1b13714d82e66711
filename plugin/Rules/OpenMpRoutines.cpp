//===- OpenMpRoutines.cpp - The OpenMP runtime calls ADPass knows ---------===//
#include "Rules/OpenMpRoutines.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace adpass {

static const OmpRoutine Routines[] = {
    // Parallel regions and the reductions at their end.
    {"__kmpc_fork_call", OmpKind::Fork},
    {"__kmpc_reduce_nowait", OmpKind::Reduce},
    {"__kmpc_reduce", OmpKind::Reduce, nullptr, /*Blocking=*/true},
    {"__kmpc_end_reduce_nowait", OmpKind::EndReduce},
    {"__kmpc_end_reduce", OmpKind::EndReduce, nullptr, /*Blocking=*/true},
    // Synchronization, mirrored in the reverse sweep.
    {"__kmpc_barrier", OmpKind::Barrier},
    {"__kmpc_critical", OmpKind::EnterSection, "__kmpc_end_critical"},
    {"__kmpc_end_critical", OmpKind::LeaveSection, "__kmpc_critical"},
    {"omp_set_lock", OmpKind::EnterSection, "omp_unset_lock"},
    {"omp_unset_lock", OmpKind::LeaveSection, "omp_set_lock"},
    {"omp_set_nest_lock", OmpKind::EnterSection, "omp_unset_nest_lock"},
    {"omp_unset_nest_lock", OmpKind::LeaveSection, "omp_set_nest_lock"},
    // Loop scheduling: the bounds each thread gets are integers the
    // derivative keeps like any other; its reverse sweep runs the same
    // iterations without asking again.
    {"__kmpc_for_static_init_4", OmpKind::Inactive},
    {"__kmpc_for_static_init_4u", OmpKind::Inactive},
    {"__kmpc_for_static_init_8", OmpKind::Inactive},
    {"__kmpc_for_static_init_8u", OmpKind::Inactive},
    {"__kmpc_for_static_fini", OmpKind::Inactive},
    {"__kmpc_dispatch_init_4", OmpKind::Inactive},
    {"__kmpc_dispatch_init_4u", OmpKind::Inactive},
    {"__kmpc_dispatch_init_8", OmpKind::Inactive},
    {"__kmpc_dispatch_init_8u", OmpKind::Inactive},
    {"__kmpc_dispatch_next_4", OmpKind::Inactive},
    {"__kmpc_dispatch_next_4u", OmpKind::Inactive},
    {"__kmpc_dispatch_next_8", OmpKind::Inactive},
    {"__kmpc_dispatch_next_8u", OmpKind::Inactive},
    {"__kmpc_dispatch_fini_4", OmpKind::Inactive},
    {"__kmpc_dispatch_fini_4u", OmpKind::Inactive},
    {"__kmpc_dispatch_fini_8", OmpKind::Inactive},
    {"__kmpc_dispatch_fini_8u", OmpKind::Inactive},
    {"__kmpc_dispatch_deinit", OmpKind::Inactive},
    // Which thread does what: the answers are kept like any integer.
    {"__kmpc_global_thread_num", OmpKind::Inactive},
    {"__kmpc_master", OmpKind::Inactive},
    {"__kmpc_end_master", OmpKind::Inactive},
    {"__kmpc_masked", OmpKind::Inactive},
    {"__kmpc_end_masked", OmpKind::Inactive},
    {"__kmpc_single", OmpKind::Inactive},
    {"__kmpc_end_single", OmpKind::Inactive},
    {"__kmpc_push_num_threads", OmpKind::Inactive},
    {"__kmpc_push_proc_bind", OmpKind::Inactive},
    {"__kmpc_serialized_parallel", OmpKind::Inactive},
    {"__kmpc_end_serialized_parallel", OmpKind::Inactive},
    {"__kmpc_flush", OmpKind::Inactive},
    {"omp_get_thread_num", OmpKind::Inactive},
    {"omp_get_num_threads", OmpKind::Inactive},
    {"omp_get_max_threads", OmpKind::Inactive},
    {"omp_get_num_procs", OmpKind::Inactive},
    {"omp_in_parallel", OmpKind::Inactive},
    {"omp_get_level", OmpKind::Inactive},
    {"omp_get_wtime", OmpKind::Inactive},
    {"omp_get_wtick", OmpKind::Inactive},
    {"omp_set_num_threads", OmpKind::Inactive},
    {"omp_init_lock", OmpKind::Inactive},
    {"omp_destroy_lock", OmpKind::Inactive},
    {"omp_init_nest_lock", OmpKind::Inactive},
    {"omp_destroy_nest_lock", OmpKind::Inactive},
};

const OmpRoutine *lookupOpenMp(StringRef Name) {
  for (const OmpRoutine &R : Routines)
    if (Name == R.Name)
      return &R;
  return nullptr;
}

const OmpRoutine *lookupOpenMp(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return F ? lookupOpenMp(F->getName()) : nullptr;
}

const Function *forkedMicrotask(const CallBase &CB) {
  const OmpRoutine *R = lookupOpenMp(CB);
  if (!R || R->Kind != OmpKind::Fork || CB.arg_size() < 3)
    return nullptr;
  return dyn_cast<Function>(CB.getArgOperand(2)->stripPointerCasts());
}

bool isOpenMpFunction(StringRef Name) {
  return Name.starts_with("__kmpc_") || Name.starts_with("omp_");
}

bool isInactiveOpenMpFunction(StringRef Name) {
  const OmpRoutine *R = lookupOpenMp(Name);
  return R && R->Kind == OmpKind::Inactive;
}

bool isNeutralOpenMpFunction(StringRef Name) {
  const OmpRoutine *R = lookupOpenMp(Name);
  return R && R->Kind != OmpKind::Fork;
}

} // namespace adpass
