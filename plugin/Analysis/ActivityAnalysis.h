//===- ActivityAnalysis.h - Which values carry derivatives -----*- C++ -*-===//
//
// A value is active when it is varied (depends on an active input) and useful
// (influences an active output or differentiated memory). Only active values
// get adjoints; everything else stays plain primal code.
//
// Memory is handled through pointer classes: a pointer derived from an ad_dup
// argument (or from a local buffer that receives active values) has a shadow;
// floating-point loads through it are varied and stores through it are sinks.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_ACTIVITYANALYSIS_H
#define ADPASS_ANALYSIS_ACTIVITYANALYSIS_H

#include "Analysis/IntegerProvenance.h"
#include "Analysis/LocalPointsTo.h"
#include "Frontend/DerivativeRequest.h"
#include "Rules/BlasRoutines.h"
#include "Rules/MpiRoutines.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class AllocaInst;
class Instruction;
class CallBase;
class Function;
class GlobalVariable;
class LoadInst;
class StoreInst;
class Type;
class User;
class Value;
class raw_ostream;
} // namespace llvm

namespace adpass {

/// Whether values of \p T can carry a derivative: floating point, vectors of
/// it, and aggregates containing it.
bool isDifferentiableType(const llvm::Type *T);

/// A pointer constant that addresses no object: null, undef, or null plus
/// a constant offset (`inttoptr (i64 8 to ptr)`: what `begin() + 1` of an
/// empty std::vector folds to). Its shadow is itself.
bool isNullLikePointer(const llvm::Value *V);

/// Where a pointer points, as far as derivatives are concerned.
enum class PointerClass {
  None,     ///< null/undef: points nowhere
  Shadowed, ///< has a shadow (ad_dup argument, or local buffer given one)
  Constant, ///< ad_const argument or constant global: no derivative
  Local,    ///< a local buffer (alloca, malloc, new) without active values
  Global,   ///< a mutable global without shadow
  Unknown,  ///< returned by a call, made from a plain integer, loaded from
            ///< memory whose contents are not known
  Mixed,    ///< a phi/select of pointers of different classes
};
llvm::StringRef pointerClassName(PointerClass C);

/// Whether \p CB calls a function of this module (differentiated as a
/// callee) that returns one of its pointer arguments or a pointer read
/// through one (ReturnedPointers.h): its result is classified from them.
bool returnsArgumentPointer(const llvm::CallBase &CB);

/// The constant global \p Ptr points into (through offsets), if any.
const llvm::GlobalVariable *constantGlobalOf(const llvm::Value *Ptr);

/// The pointers a phi or select chooses between.
llvm::SmallVector<const llvm::Value *, 4>
joinedPointers(const llvm::Instruction &I);

/// The largest access through a pointer that joins differentiated and
/// constant memory: the constant side's shadow is a zeroed scratch this big.
constexpr unsigned ConstantScratchBytes = 64;

/// Whether phi or select \p Join is only loaded from and stored to (no
/// offsets from it, no copies, no calls), ConstantScratchBytes at most.
bool accessedDirectly(const llvm::Instruction &Join);

class ActivityAnalysis {
public:
  /// \p SharedGlobals are mutable globals other derivatives may read or
  /// write with active values (a caller's, a callee's): they have shadows
  /// from the start.
  ActivityAnalysis(
      llvm::Function &F, llvm::ArrayRef<ArgActivity> Args, bool ReturnActive,
      llvm::ArrayRef<const llvm::GlobalVariable *> SharedGlobals = {});

  /// Needs an adjoint: varied and useful.
  bool isActive(const llvm::Value *V) const {
    return isVaried(V) && isUseful(V);
  }
  bool isVaried(const llvm::Value *V) const { return VariedFrom.count(V); }
  bool isUseful(const llvm::Value *V) const { return UsefulTo.count(V); }

  PointerClass classify(const llvm::Value *Ptr) const;
  bool hasShadow(const llvm::Value *Ptr) const {
    return classify(Ptr) == PointerClass::Shadowed;
  }
  /// Whether the derivative of the function \p CB calls reads or writes a
  /// global that has a shadow here (directly or in its own callees).
  bool touchesShadowedGlobal(const llvm::CallBase &CB) const;
  /// Whether BLAS call \p CB reads differentiated data: an array with a
  /// shadow or a varied scalar.
  bool blasReadsVaried(const llvm::CallBase &CB, const BlasCall &BC) const;
  /// Whether \p Ptr is a phi or select with a shadow that may also point
  /// to constant memory (values stored through it may be lost).
  bool joinsConstant(const llvm::Value *Ptr) const;
  /// A local buffer (alloca or heap allocation) that got a shadow because
  /// active values are stored into it.
  bool isShadowedObject(const llvm::Value *Obj) const {
    return ShadowedObjects.count(Obj);
  }
  /// Whether some memory of the function has a shadow: a local buffer or a
  /// global (besides the ad_dup arguments).
  bool shadowsObjects() const { return !ShadowedObjects.empty(); }

  /// The function's own memory and the pointers kept in it.
  const LocalPointsTo &pointsTo() const { return PT; }
  /// Pointers behind integer addresses.
  const IntegerProvenance &provenance() const { return IP; }

  /// Varied values stored through pointers without a shadow.
  llvm::ArrayRef<const llvm::StoreInst *> lostStores() const {
    return LostStores;
  }
  /// Calls without a derivative rule that see varied data.
  llvm::ArrayRef<const llvm::CallBase *> opaqueCalls() const {
    return OpaqueCalls;
  }

  llvm::Function &function() const { return F; }
  ArgActivity argActivity(unsigned I) const { return Args[I]; }
  bool returnActive() const { return ReturnActive; }

  /// One line per argument and instruction: active or not, and why.
  void print(llvm::raw_ostream &OS) const;
  /// For `print<ad-activity>`: \p F with defaultActivities().
  static void printFunction(llvm::Function &F, llvm::FunctionAnalysisManager &,
                            llvm::raw_ostream &OS);

private:
  void computeVaried();
  void computeUseful();
  bool mayReadDifferentiated(const llvm::Value *Ptr) const;
  void markVaried(const llvm::Value *V, const llvm::Value *Why);
  void markUseful(const llvm::Value *V, const llvm::Value *Why);
  void visitVariedUser(const llvm::Value *V, const llvm::User *U);
  void shadowLocalObjects(const llvm::Value *Ptr);
  /// Whether \p Ptr points only into stack slots that hold no
  /// differentiable data: integers and pointers without shadow, stored
  /// directly and read by calls that only read them.
  bool holdsOnlyConstants(const llvm::Value *Ptr) const;
  void shadowJoinedObjects(const llvm::Instruction &I);
  void shadowAllocationPartners(const llvm::CallBase &CB);
  void visitBlasCall(const llvm::CallBase &CB, const BlasCall &BC);
  void visitMpiCall(const llvm::CallBase &CB, const MpiCall &MC);
  PointerClass
  classifyLoad(const llvm::LoadInst *L,
               llvm::SmallPtrSetImpl<const llvm::Value *> &Seen) const;
  PointerClass
  classifyImpl(const llvm::Value *Ptr,
               llvm::SmallPtrSetImpl<const llvm::Value *> &Seen) const;

  llvm::Function &F;
  llvm::SmallVector<ArgActivity, 8> Args;
  bool ReturnActive;
  IntegerProvenance IP;
  LocalPointsTo PT;

  /// Value -> the input (argument or load) that makes it varied.
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> VariedFrom;
  /// Value -> the sink (return or store) that makes it useful.
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> UsefulTo;
  llvm::SmallPtrSet<const llvm::Value *, 4> ShadowedObjects;
  bool ShadowsGrew = false;
  mutable llvm::DenseMap<const llvm::Value *, PointerClass> ClassCache;
  mutable llvm::DenseMap<const llvm::Function *,
                         llvm::SmallVector<const llvm::GlobalVariable *, 4>>
      CalleeGlobals;
  llvm::SmallVector<const llvm::Value *, 32> Worklist;
  llvm::SmallVector<const llvm::StoreInst *, 2> LostStores;
  llvm::SmallVector<const llvm::CallBase *, 2> OpaqueCalls;
};

/// The mutable globals holding floating-point data that the derivative of
/// \p F shares with other derivatives: those the functions it calls (and
/// theirs) refer to, and, when \p Nested (F is itself a callee), those F
/// refers to.
llvm::SmallVector<const llvm::GlobalVariable *, 4>
sharedGlobals(const llvm::Function &F, bool Nested);

/// Argument activities for analysing \p F on its own (opt printers): the
/// string attribute "ad-activity"="dup,const,out,..." if present, else the
/// defaults of the API (floats active, integers constant, pointers dup).
llvm::SmallVector<ArgActivity, 8> defaultActivities(const llvm::Function &F);

} // namespace adpass

#endif
