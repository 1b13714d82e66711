//===- RuleTable.h - Derivative rules as data ------------------*- C++ -*-===//
//
// One entry per differentiable operation: for each operand, its contribution
// (partial derivative times a seed) written with Expr. The adjoint sweep uses
// it as `adj(x_i) += contrib_i(seed = adj(result))`, a tangent sweep as
// `dot(result) = sum_i contrib_i(seed = dot(x_i))`.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_RULETABLE_H
#define ADPASS_RULES_RULETABLE_H

#include "Rules/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>

namespace llvm {
class FunctionType;
class Instruction;
class Value;
class CallBase;
} // namespace llvm

namespace adpass {

/// What a contribution may read. Operands and the result are fetched lazily,
/// so the generator only keeps the primal values a rule actually uses.
class RuleArgs {
public:
  using Fetch = std::function<llvm::Value *(unsigned)>;
  RuleArgs(llvm::IRBuilderBase &B, Fetch Operand, Fetch Result,
           llvm::Value *Seed)
      : B(B), Operand(std::move(Operand)), Result(std::move(Result)),
        Seed(Seed) {}

  /// Primal operand \p I, as the emitting context sees it.
  Expr x(unsigned I) const { return Expr(B, Operand(I)); }
  llvm::Value *raw(unsigned I) const { return Operand(I); }
  /// Primal result.
  Expr r() const { return Expr(B, Result(0)); }
  /// Seed: adjoint of the result (reverse) or tangent of the operand
  /// (forward), in the result's type.
  Expr d() const { return Expr(B, Seed); }
  llvm::IRBuilderBase &builder() const { return B; }

private:
  llvm::IRBuilderBase &B;
  Fetch Operand, Result;
  llvm::Value *Seed;
};

using ContribFn = Expr (*)(const RuleArgs &);

struct DerivativeRule {
  llvm::StringRef Name;
  /// One per operand; null where the operand carries no derivative (an
  /// integer exponent, say). Empty for piecewise-constant functions.
  llvm::SmallVector<ContribFn, 3> Contribs;

  /// floor, round, ...: the derivative is zero wherever it exists.
  bool isPiecewiseConstant() const { return Contribs.empty(); }
};

/// The rule for \p I (an instruction, intrinsic call or libm call), or null.
const DerivativeRule *lookupRule(const llvm::Instruction &I);

/// Function attribute given to the functions the user marked AD_INACTIVE.
constexpr const char *InactiveAttr = "ad-inactive";

/// Metadata on the global variables the user marked inactive
/// (AD_INACTIVE_GLOBAL, Enzyme's __enzyme_inactive_global): they have no
/// shadow, what is read from them is constant.
constexpr const char *InactiveGlobalMD = "ad.inactive";

/// Function attribute naming the library function a user's function
/// computes (AD_FUNCTION_LIKE, Enzyme's enzyme_function_like): its calls
/// are differentiated by that function's rule.
constexpr const char *FunctionLikeAttr = "ad-function-like";

/// Marks \p F as computing the math function \p Like; false (and why in
/// \p Why) if ADPass has no rule for it or the signatures differ.
bool markFunctionLike(llvm::Function &F, llvm::StringRef Like,
                      std::string &Why);

/// Function attribute naming the user's reverse derivative of a function
/// (AD_REGISTER_REVERSE in ad.h).
constexpr const char *CustomReverseAttr = "ad-custom-reverse";

/// The type a registered reverse derivative of a function of type \p FT
/// must have: FT's parameters, the seed (when FT returns a float), then per
/// parameter a pointer to its adjoint (floats) or its shadow (pointers).
llvm::FunctionType *customReverseType(llvm::FunctionType *FT);

/// Function attributes naming the user's augmented forward of a function and
/// its reverse (AD_REGISTER_AUGMENTED in ad.h).
constexpr const char *CustomAugmentedAttr = "ad-custom-augmented";
constexpr const char *CustomAugmentedReverseAttr = "ad-custom-augmented-rev";

/// The type a registered augmented forward of a function of type \p FT must
/// have: FT's parameters, the shadow of each pointer parameter, a pointer to
/// the result (when FT returns something); it returns the tape.
llvm::FunctionType *customAugmentedType(llvm::FunctionType *FT);
/// Its reverse: customReverseType()'s parameters, then the tape.
llvm::FunctionType *customAugmentedReverseType(llvm::FunctionType *FT);

/// Function attribute naming the user's forward derivative of a function
/// (AD_REGISTER_FORWARD in ad.h).
constexpr const char *CustomForwardAttr = "ad-custom-forward";

/// The type a registered forward derivative of a function of type \p FT
/// must have: FT's parameters, then the tangent of each floating-point
/// parameter and the shadow of each pointer parameter, then a pointer to
/// the result (when FT returns something); it returns the result's tangent
/// (when FT returns a float).
llvm::FunctionType *customForwardType(llvm::FunctionType *FT);

/// Whether the user registered a reverse derivative for \p F (either kind).
bool hasCustomDerivative(const llvm::Function &F);
/// Whether the user registered a forward derivative for \p F.
bool hasCustomForward(const llvm::Function &F);

/// Calls whose derivative is a call: to a function with a body (not
/// inlined, e.g. recursive) or with a registered derivative (of either
/// mode; the generator of the other mode refuses the call).
bool isDifferentiableCall(const llvm::CallBase &CB);

/// Intrinsics that only annotate (assume, lifetime markers, debug info):
/// neither derivative nor memory effect.
bool isBookkeepingIntrinsic(const llvm::CallBase &CB);

/// Library functions with no derivative that never touch differentiated
/// memory (printf, clock, ...): calls to them stay plain primal calls.
bool isKnownInactiveFunction(llvm::StringRef Name);

/// Known inactive functions that still write through their pointer
/// arguments (a formatted string, a time): what they write may be read
/// back, so the analyses count them as writes.
bool writesThroughArguments(llvm::StringRef Name);

/// Whether \p Name is a libm function that has a rule (pure for AD purposes,
/// errno notwithstanding).
bool isKnownMathFunction(llvm::StringRef Name);

} // namespace adpass

#endif
