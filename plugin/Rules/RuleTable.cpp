//===- RuleTable.cpp - Derivative rules as data ---------------------------===//
//
// Adding a function is adding a line. `a.d()` is the seed, `a.x(i)` the i-th
// primal operand, `a.r()` the primal result.
//
//===----------------------------------------------------------------------===//
#include "Rules/RuleTable.h"
#include "Rules/BlasRoutines.h"
#include "Rules/MpiRoutines.h"
#include "Rules/OpenMpRoutines.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {
namespace {

using A = const RuleArgs &;
constexpr double Ln2 = 0.69314718055994530942;
constexpr double Ln10 = 2.30258509299404568402;
constexpr double TwoOverSqrtPi = 1.12837916709551257390;

/// d/dx of min/max-like selections: the seed goes to the operand that was
/// chosen (the first one on ties), so no seed is ever counted twice.
Expr chosenFirst(A a) {
  return where(fcmp(CmpInst::FCMP_OEQ, a.r(), a.x(0)), a.d());
}
Expr chosenSecond(A a) {
  return where(fcmp(CmpInst::FCMP_ONE, a.r(), a.x(0)), a.d());
}

/// d/dx of the Bessel function \p Fn (jn or yn) of order n = a.raw(0):
/// (Fn(n - 1, x) - Fn(n + 1, x)) / 2.
Expr besselOrderStep(StringRef Fn, A a) {
  IRBuilderBase &B = a.builder();
  Value *N = a.raw(0);
  Value *One = ConstantInt::get(N->getType(), 1);
  return a.d() *
         (libm(Fn, B.CreateSub(N, One), a.x(1)) -
          libm(Fn, B.CreateAdd(N, One), a.x(1))) *
         0.5;
}

// clang-format off
const DerivativeRule Rules[] = {
    // Instructions.
    {"fadd", {[](A a) { return a.d(); }, [](A a) { return a.d(); }}},
    {"fsub", {[](A a) { return a.d(); }, [](A a) { return -a.d(); }}},
    {"fmul", {[](A a) { return a.d() * a.x(1); },
              [](A a) { return a.d() * a.x(0); }}},
    {"fdiv", {[](A a) { return a.d() / a.x(1); },
              [](A a) { return -(a.d() * a.r() / a.x(1)); }}},
    {"frem", {[](A a) { return a.d(); },
              [](A a) { return -(a.d() * trunc(a.x(0) / a.x(1))); }}},
    {"fneg", {[](A a) { return -a.d(); }}},
    {"freeze", {[](A a) { return a.d(); }}},
    // Conversions: the generator converts the seed to the operand's type.
    {"fpext", {[](A a) { return a.d(); }}},
    {"fptrunc", {[](A a) { return a.d(); }}},
    {"select", {nullptr,
                [](A a) { return where(a.raw(0), a.d()); },
                [](A a) { return select(a.raw(0), a.d().constant(0), a.d()); }}},

    // Intrinsics and libm (llvm.sin and sin/sinf/sinl share an entry).
    {"sqrt", {[](A a) { return a.d() * 0.5 / a.r(); }}},
    {"sin", {[](A a) { return a.d() * cos(a.x(0)); }}},
    {"cos", {[](A a) { return -(a.d() * sin(a.x(0))); }}},
    {"tan", {[](A a) { return a.d() * (1.0 + a.r() * a.r()); }}},
    {"exp", {[](A a) { return a.d() * a.r(); }}},
    {"exp2", {[](A a) { return a.d() * a.r() * Ln2; }}},
    {"exp10", {[](A a) { return a.d() * a.r() * Ln10; }}},
    {"expm1", {[](A a) { return a.d() * (a.r() + 1.0); }}},
    {"log", {[](A a) { return a.d() / a.x(0); }}},
    {"log2", {[](A a) { return a.d() / (a.x(0) * Ln2); }}},
    {"log10", {[](A a) { return a.d() / (a.x(0) * Ln10); }}},
    {"log1p", {[](A a) { return a.d() / (a.x(0) + 1.0); }}},
    // x^y: exactly 0 where y == 0 (resp. x == 0), not 0 * inf.
    {"pow", {[](A a) {
               return where(fcmp(CmpInst::FCMP_UNE, a.x(1), a.x(1).constant(0)),
                            a.d() * a.x(1) * pow(a.x(0), a.x(1) - 1.0));
             },
             [](A a) {
               return where(fcmp(CmpInst::FCMP_UNE, a.x(0), a.x(0).constant(0)),
                            a.d() * a.r() * log(a.x(0)));
             }}},
    // ldexp(x, n) = x 2^n (also scalbn, scalbln): d 2^n, exactly.
    {"ldexp", {[](A a) { return ldexp(a.d(), a.raw(1)); }, nullptr}},
    {"powi", {[](A a) {
                Value *N = a.raw(1);
                IRBuilderBase &B = a.builder();
                Value *NM1 = B.CreateSub(N, ConstantInt::get(N->getType(), 1));
                return a.d() * intToFP(N, a.x(0).type(), B) * powi(a.x(0), NM1);
              }, nullptr}},
    // |x|' is the sign, and 0 at 0 (the central-difference value).
    {"fabs", {[](A a) {
                return where(fcmp(CmpInst::FCMP_UNE, a.x(0), a.x(0).constant(0)),
                             a.d() * copysign(a.d().constant(1), a.x(0)));
              }}},
    {"copysign", {[](A a) {
                    return a.d() * copysign(a.d().constant(1), a.x(0)) *
                           copysign(a.d().constant(1), a.x(1));
                  }, nullptr}},
    {"maxnum", {chosenFirst, chosenSecond}},
    {"minnum", {chosenFirst, chosenSecond}},
    {"maximum", {chosenFirst, chosenSecond}},
    {"minimum", {chosenFirst, chosenSecond}},
    {"tanh", {[](A a) { return a.d() * (1.0 - a.r() * a.r()); }}},
    {"sinh", {[](A a) { return a.d() * cosh(a.x(0)); }}},
    {"cosh", {[](A a) { return a.d() * sinh(a.x(0)); }}},
    {"atan", {[](A a) { return a.d() / (a.x(0) * a.x(0) + 1.0); }}},
    {"asin", {[](A a) { return a.d() / sqrt(1.0 - a.x(0) * a.x(0)); }}},
    {"acos", {[](A a) { return -(a.d() / sqrt(1.0 - a.x(0) * a.x(0))); }}},
    {"asinh", {[](A a) { return a.d() / sqrt(a.x(0) * a.x(0) + 1.0); }}},
    {"acosh", {[](A a) { return a.d() / sqrt(a.x(0) * a.x(0) - 1.0); }}},
    {"atanh", {[](A a) { return a.d() / (1.0 - a.x(0) * a.x(0)); }}},
    // fdim(x, y) = x > y ? x - y : 0.
    {"fdim", {[](A a) { return where(fcmp(CmpInst::FCMP_OGT, a.x(0), a.x(1)), a.d()); },
              [](A a) { return where(fcmp(CmpInst::FCMP_OGT, a.x(0), a.x(1)), -a.d()); }}},
    // The next float after x towards y: x's step, y only chooses a side.
    {"nextafter", {[](A a) { return a.d(); }, nullptr}},
    // remainder(x, y) = x - n y, n = x / y rounded to nearest (the n the
    // result says: (x - r) / y, exact).
    {"remainder", {[](A a) { return a.d(); },
                   [](A a) { return -(a.d() * ((a.x(0) - a.r()) / a.x(1))); }}},
    // atan2(y, x): d/dy = x / (x^2 + y^2), d/dx = -y / (x^2 + y^2).
    {"atan2", {[](A a) {
                 return a.d() * a.x(1) / (a.x(0) * a.x(0) + a.x(1) * a.x(1));
               },
               [](A a) {
                 return -(a.d() * a.x(0) / (a.x(0) * a.x(0) + a.x(1) * a.x(1)));
               }}},
    {"erf", {[](A a) { return a.d() * TwoOverSqrtPi * exp(-(a.x(0) * a.x(0))); }}},
    {"erfc", {[](A a) { return -(a.d() * TwoOverSqrtPi * exp(-(a.x(0) * a.x(0)))); }}},
    {"cbrt", {[](A a) { return a.d() / (3.0 * a.r() * a.r()); }}},
    // The runtime's digamma is lgamma's derivative (second derivatives of
    // lgamma and tgamma differentiate it); lgamma's write of signgam is no
    // derivative's concern.
    {"lgamma", {[](A a) { return a.d() * digamma(a.x(0)); }}},
    {"tgamma", {[](A a) { return a.d() * a.r() * digamma(a.x(0)); }}},
    {"__ad_digamma", {[](A a) { return a.d() * trigamma(a.x(0)); }}},
    // Bessel functions: J0' = -J1, J1' = J0 - J1 / x, and for any order
    // Jn' = (J(n-1) - J(n+1)) / 2 (libm's jn takes negative orders too);
    // the same for the second kind, Y.
    {"j0", {[](A a) { return -(a.d() * libm("j1", a.x(0))); }}},
    {"j1", {[](A a) { return a.d() * (libm("j0", a.x(0)) - a.r() / a.x(0)); }}},
    {"jn", {nullptr, [](A a) { return besselOrderStep("jn", a); }}},
    {"y0", {[](A a) { return -(a.d() * libm("y1", a.x(0))); }}},
    {"y1", {[](A a) { return a.d() * (libm("y0", a.x(0)) - a.r() / a.x(0)); }}},
    {"yn", {nullptr, [](A a) { return besselOrderStep("yn", a); }}},
    {"hypot", {[](A a) { return a.d() * a.x(0) / a.r(); },
               [](A a) { return a.d() * a.x(1) / a.r(); }}},
    {"fma", {[](A a) { return a.d() * a.x(1); }, [](A a) { return a.d() * a.x(0); },
             [](A a) { return a.d(); }}},
    {"fmuladd", {[](A a) { return a.d() * a.x(1); },
                 [](A a) { return a.d() * a.x(0); }, [](A a) { return a.d(); }}},
    // Piecewise constant: derivative zero.
    {"floor", {}}, {"ceil", {}}, {"trunc", {}}, {"round", {}},
    {"roundeven", {}}, {"rint", {}}, {"nearbyint", {}}, {"logb", {}},
    // SSE4.1 / AVX packed rounding (any mode: Eigen's pround, pfloor...).
    {"x86.sse41.round.pd", {}}, {"x86.sse41.round.ps", {}},
    {"x86.avx.round.pd.256", {}}, {"x86.avx.round.ps.256", {}},
};
// clang-format on

/// libm names whose rule is filed under another name.
const std::pair<StringRef, StringRef> Aliases[] = {{"fmax", "maxnum"},
                                                   {"fmin", "minnum"},
                                                   {"fmod", "frem"},
                                                   {"scalbn", "ldexp"},
                                                   {"scalbln", "ldexp"}};

const char *const InactiveFunctions[] = {
    "printf",
    "fprintf",
    "sprintf",
    "snprintf",
    "puts",
    "fputs",
    "putchar",
    "fputc",
    "fflush",
    "fwrite",
    "perror",
    "clock",
    "time",
    "gettimeofday",
    "clock_gettime",
    "__assert_fail",
    "abort",
    "exit",
    "srand",
    "rand",
    "random",
    "getenv",
    "strlen",
    "strcmp",
    "strncmp",
    "vprintf",
    "vfprintf",
    "__printf_chk",
    "__fprintf_chk",
    "__sprintf_chk",
    "__snprintf_chk",
    "__vfprintf_chk",
    "__ad_unknown_target",
    "__ad_free_argument_check",
    // The unwind paths of the normalized clone (Transform/Exceptions).
    "__ad_unwinds",
    "__ad_landingpad",
    "__ad_resume",
    // Enzyme's derivative-level counter (Frontend/EnzymeIter).
    "__enzyme_iter",
    // Compare memory, write nothing: an integer result, no derivative.
    "memcmp",
    "bcmp",
    // Round or classify to an integer (piecewise constant, like floor).
    "lround",
    "lroundf",
    "lroundl",
    "llround",
    "llroundf",
    "llroundl",
    "lrint",
    "lrintf",
    "lrintl",
    "llrint",
    "llrintf",
    "llrintl",
    "ilogb",
    "ilogbf",
    "ilogbl",
    // libstdc++'s hash tables (std::unordered_map): the bucket count policy
    // (it updates the size_t it keeps inside the table) and the hash of a
    // string's bytes.
    "_ZNKSt8__detail20_Prime_rehash_policy14_M_need_rehashEmmm",
    "_ZNKSt8__detail20_Prime_rehash_policy11_M_next_bktEm",
    "_ZSt11_Hash_bytesPKvmm",
    "_ZSt15_Fnv_hash_bytesPKvmm",
    // std::ostream << a number (libstdc++'s extern templates: operator<< at
    // -O0, the _M_insert it calls once inlined): output, like printf.
    "_ZNSolsEd",
    "_ZNSolsEf",
    "_ZNSolsEe",
    "_ZNSo9_M_insertIdEERSoT_",
    "_ZNSo9_M_insertIeEERSoT_",
    // The destructors of libstdc++'s exception classes (a virtual call's
    // possible targets include the exceptions a function may throw).
    "_ZNSt9exceptionD2Ev",
    "_ZNSt9exceptionD1Ev",
    "_ZNSt9bad_allocD1Ev",
    "_ZNSt9bad_allocD2Ev",
    "_ZNSt13bad_exceptionD1Ev",
    "_ZNSt13bad_exceptionD2Ev",
    "_ZNSt17bad_function_callD1Ev",
    "_ZNSt17bad_function_callD2Ev",
};

const StringMap<const DerivativeRule *> &ruleIndex() {
  static const StringMap<const DerivativeRule *> Index = [] {
    StringMap<const DerivativeRule *> M;
    for (const DerivativeRule &R : Rules)
      M[R.Name] = &R;
    for (const auto &[From, To] : Aliases)
      if (const DerivativeRule *R = M.lookup(To))
        M[From] = R;
    return M;
  }();
  return Index;
}

/// The rule for a libm name, accepting the float (f) and long double (l)
/// variants: `sinf` and `sinl` find `sin`, while `erf` stays `erf`.
const DerivativeRule *lookupLibm(StringRef Name) {
  const auto &Index = ruleIndex();
  if (const DerivativeRule *R = Index.lookup(Name))
    return R;
  if (Name.ends_with("f") || Name.ends_with("l"))
    return Index.lookup(Name.drop_back());
  return nullptr;
}

bool isLibmSignature(const Function &F, bool AllowBody = false) {
  if ((!AllowBody && !F.isDeclaration()) || F.getReturnType()->isVoidTy())
    return false;
  if (!F.getReturnType()->isFloatingPointTy())
    return false;
  for (const Argument &Arg : F.args())
    if (!Arg.getType()->isFloatingPointTy() && !Arg.getType()->isIntegerTy())
      return false;
  return true;
}

} // namespace

const DerivativeRule *lookupRule(const Instruction &I) {
  const auto &Index = ruleIndex();
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    const Function *Callee = CB->getCalledFunction();
    if (!Callee)
      return nullptr;
    if (Intrinsic::ID ID = Callee->getIntrinsicID()) {
      StringRef Base = Intrinsic::getBaseName(ID);
      Base.consume_front("llvm.");
      return Index.lookup(Base);
    }
    if (!isLibmSignature(*Callee))
      return nullptr;
    return lookupLibm(Callee->getName());
  }
  // Only floating-point forms: integer add/select of ints have no rule.
  if (isa<SelectInst>(I) && !I.getType()->isFPOrFPVectorTy())
    return nullptr;
  return Index.lookup(I.getOpcodeName());
}

bool isKnownInactiveFunction(StringRef Name) {
  for (const char *F : InactiveFunctions)
    if (Name == F)
      return true;
  // The sanitizers' reports (-fsanitize=undefined passes the value it
  // checks, a float's bits as an integer, to its handler).
  if (Name.starts_with("__ubsan_handle_"))
    return true;
  return isInactiveBlasFunction(Name) || isInactiveMpiFunction(Name) ||
         isNeutralOpenMpFunction(Name);
}

bool writesThroughArguments(StringRef Name) {
  return Name.contains("sprintf") || Name == "gettimeofday" ||
         Name == "clock_gettime" || Name == "time" ||
         Name.starts_with("_ZNKSt8__detail20_Prime_rehash_policy");
}

bool isKnownMathFunction(StringRef Name) { return lookupLibm(Name); }

bool markFunctionLike(Function &F, StringRef Like, std::string &Why) {
  if (!lookupLibm(Like) || !isLibmSignature(F, /*AllowBody=*/true)) {
    Why = ("'" + Like + "' is not a math function ADPass has a rule for").str();
    if (lookupLibm(Like))
      Why = ("'" + F.getName() +
             "' does not have the signature of a math "
             "function (floating-point result, floating-point or integer "
             "arguments)")
                .str();
    return false;
  }
  if (const Function *Lib = F.getParent()->getFunction(Like);
      Lib && Lib->getFunctionType() != F.getFunctionType()) {
    Why =
        ("'" + F.getName() + "' and '" + Like + "' have different types").str();
    return false;
  }
  F.addFnAttr(FunctionLikeAttr, Like);
  return true;
}

bool isBookkeepingIntrinsic(const CallBase &CB) {
  const auto *II = dyn_cast<IntrinsicInst>(&CB);
  // A prefetch is a hint about the cache: it changes no value.
  return II && (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd() ||
                isa<DbgInfoIntrinsic>(II) ||
                II->getIntrinsicID() == Intrinsic::prefetch);
}

FunctionType *customReverseType(FunctionType *FT) {
  SmallVector<Type *, 8> Params(FT->params());
  if (FT->getReturnType()->isFloatingPointTy())
    Params.push_back(FT->getReturnType());
  for (Type *P : FT->params())
    if (P->isFloatingPointTy() || P->isPointerTy())
      Params.push_back(PointerType::get(FT->getContext(), 0));
  return FunctionType::get(Type::getVoidTy(FT->getContext()), Params, false);
}

FunctionType *customAugmentedType(FunctionType *FT) {
  Type *Ptr = PointerType::get(FT->getContext(), 0);
  SmallVector<Type *, 8> Params(FT->params());
  for (Type *P : FT->params())
    if (P->isPointerTy())
      Params.push_back(Ptr);
  if (!FT->getReturnType()->isVoidTy())
    Params.push_back(Ptr);
  return FunctionType::get(Ptr, Params, false);
}

FunctionType *customAugmentedReverseType(FunctionType *FT) {
  SmallVector<Type *, 8> Params(customReverseType(FT)->params());
  Params.push_back(PointerType::get(FT->getContext(), 0));
  return FunctionType::get(Type::getVoidTy(FT->getContext()), Params, false);
}

FunctionType *customForwardType(FunctionType *FT) {
  Type *Ptr = PointerType::get(FT->getContext(), 0);
  SmallVector<Type *, 8> Params(FT->params());
  for (Type *P : FT->params())
    if (P->isFloatingPointTy() || P->isPointerTy())
      Params.push_back(P);
  Type *R = FT->getReturnType();
  if (!R->isVoidTy())
    Params.push_back(Ptr);
  return FunctionType::get(
      R->isFloatingPointTy() ? R : Type::getVoidTy(FT->getContext()), Params,
      false);
}

bool hasCustomForward(const Function &F) {
  return F.hasFnAttribute(CustomForwardAttr);
}

bool hasCustomDerivative(const Function &F) {
  return F.hasFnAttribute(CustomReverseAttr) ||
         F.hasFnAttribute(CustomAugmentedAttr);
}

bool isDifferentiableCall(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || Callee->isIntrinsic() || Callee->isVarArg())
    return false;
  return hasCustomDerivative(*Callee) || hasCustomForward(*Callee) ||
         (!Callee->isDeclaration() && !Callee->hasFnAttribute(InactiveAttr));
}

} // namespace adpass
