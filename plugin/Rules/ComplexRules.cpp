//===- ComplexRules.cpp - Complex arithmetic and complex.h functions ------===//
//
// `a.d()` is the seed, `a.x(k)` the k-th complex operand, `a.r()` the
// result, all complex; in reverse mode x and r come conjugated.
//
//===----------------------------------------------------------------------===//
#include "Rules/ComplexRules.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;

namespace adpass {
namespace {

using OptExpr = std::optional<Expr>;

/// A complex number as two real expressions. No Im: exactly 0 (the seed of
/// a real result), so that no 0 * x is emitted (it does not fold: 0 * inf
/// is NaN).
struct CExpr {
  Expr Re;
  OptExpr Im;
  Expr im() const { return Im ? *Im : Re.constant(0); }
};

CExpr operator+(CExpr A, CExpr B) {
  return {A.Re + B.Re, !A.Im ? B.Im : !B.Im ? A.Im : *A.Im + *B.Im};
}
CExpr operator-(CExpr A) {
  return {-A.Re, A.Im ? OptExpr(-*A.Im) : std::nullopt};
}
CExpr operator*(CExpr A, CExpr B) {
  Expr Re = A.Im && B.Im ? A.Re * B.Re - *A.Im * *B.Im : A.Re * B.Re;
  OptExpr Im;
  if (B.Im)
    Im = A.Re * *B.Im;
  if (A.Im)
    Im = Im ? *Im + *A.Im * B.Re : *A.Im * B.Re;
  return {Re, Im};
}
CExpr operator/(CExpr A, Expr R) {
  return {A.Re / R, A.Im ? OptExpr(*A.Im / R) : std::nullopt};
}
CExpr conj(CExpr A) { return {A.Re, A.Im ? OptExpr(-*A.Im) : std::nullopt}; }
/// \p N / \p D by the textbook formula: for the derivatives of clog and
/// csqrt, which divide by z or 2 sqrt(z) (their library calls already
/// overflow where |z|^2 does).
CExpr quotient(CExpr N, CExpr D) {
  return N * (conj(D) / (D.Re * D.Re + D.im() * D.im()));
}
CExpr where(Value *Cond, CExpr A) {
  return {where(Cond, A.Re), A.Im ? OptExpr(where(Cond, *A.Im)) : std::nullopt};
}

class ComplexArgs;
using CContribFn = CExpr (*)(const ComplexArgs &);

enum class ComplexOp {
  Mul,
  Div,
  Abs,
  Arg,
  Exp,
  Log,
  Sqrt,
  Pow,
  Sin,
  Cos,
  Tan,
  Sinh,
  Cosh,
  Tanh,
  Asin,
  Acos,
  Atan,
  Asinh,
  Acosh,
  Atanh
};

struct ComplexRule {
  ComplexOp Op;
  /// |z| is real: forward mode keeps the real part of the contributions,
  /// reverse mode seeds with (adj, 0).
  bool RealResult;
  /// One per complex operand.
  SmallVector<CContribFn, 2> Contribs;
  /// A factor common to all operands, computed once: applied to the sum of
  /// the contributions (forward) or to the seed before them (reverse).
  CContribFn Then = nullptr;
};

/// Where a matched call's values are.
struct ComplexCall {
  const ComplexRule *Rule = nullptr;
  /// The type of the real and imaginary parts; null if the ABI is not one
  /// the rules read.
  Type *Elem = nullptr;
  /// Per complex operand: its first argument, and whether that argument
  /// holds both parts (otherwise the next argument holds the imaginary one).
  SmallVector<std::pair<unsigned, bool>, 2> Operands;
};

Value *lane(Value *V, unsigned K, IRBuilderBase &B) {
  return V->getType()->isVectorTy() ? B.CreateExtractElement(V, K)
                                    : B.CreateExtractValue(V, K);
}

Value *pack(Type *Ty, CExpr Z, IRBuilderBase &B) {
  Value *P = PoisonValue::get(Ty);
  Value *Re = Z.Re.value(), *Im = Z.im().value();
  if (Ty->isVectorTy())
    return B.CreateInsertElement(B.CreateInsertElement(P, Re, uint64_t(0)), Im,
                                 uint64_t(1));
  return B.CreateInsertValue(B.CreateInsertValue(P, Re, 0), Im, 1);
}

CExpr unpack(Value *V, IRBuilderBase &B) {
  return {Expr(B, lane(V, 0, B)), Expr(B, lane(V, 1, B))};
}

/// Operand \p K of \p M, from its arguments as \p Get gives them.
CExpr operandOf(const ComplexCall &M, unsigned K, const RuleArgs::Fetch &Get,
                IRBuilderBase &B) {
  auto [J, Packed] = M.Operands[K];
  if (Packed)
    return unpack(Get(J), B);
  return {Expr(B, Get(J)), Expr(B, Get(J + 1))};
}

class ComplexArgs {
public:
  ComplexArgs(const CallBase &CB, const ComplexCall &M, IRBuilderBase &B,
              const RuleArgs::Fetch &Arg, const RuleArgs::Fetch &Result,
              CExpr Seed, bool Conjugated)
      : CB(CB), M(M), B(B), Arg(Arg), Result(Result), Seed(Seed),
        Conjugated(Conjugated) {}

  CExpr x(unsigned K) const { return primal(operandOf(M, K, Arg, B)); }
  CExpr r() const {
    Value *R = Result(0);
    if (M.Rule->RealResult)
      return {Expr(B, R), std::nullopt};
    return primal(unpack(R, B));
  }
  CExpr d() const { return Seed; }

  /// \p N / \p D by the library's own division (of the same ABI), which
  /// scales where the naive formula overflows (|D| > 1e154).
  CExpr div(CExpr N, CExpr D) const {
    StringRef Name = CB.getCalledFunction()->getName();
    assert(Name.starts_with("__mul") || Name.starts_with("__div"));
    Module *Mod = B.GetInsertBlock()->getModule();
    FunctionCallee Fn = Mod->getOrInsertFunction(
        ("__div" + Name.drop_front(5)).str(), CB.getFunctionType());
    SmallVector<Value *, 4> Args(CB.arg_size());
    CExpr Ops[] = {N, D};
    for (unsigned K = 0; K != 2; ++K) {
      auto [J, Packed] = M.Operands[K];
      if (Packed) {
        Args[J] = pack(CB.getArgOperand(J)->getType(), Ops[K], B);
      } else {
        Args[J] = Ops[K].Re.value();
        Args[J + 1] = Ops[K].im().value();
      }
    }
    CallInst *Call = B.CreateCall(Fn, Args, "ad.cdiv");
    Call->setCallingConv(CB.getCallingConv());
    Call->setAttributes(CB.getAttributes());
    return unpack(Call, B);
  }

  /// The complex.h function \p Base (in the precision of the matched call)
  /// of \p Z, passed the way operand 0 is. Its derivative formulas have
  /// real coefficients, so in reverse mode f(conj z) = conj f(z) holds.
  CExpr lib(StringRef Base, CExpr Z) const {
    StringRef Name = CB.getCalledFunction()->getName();
    std::string Callee = Base.str();
    if (Name.ends_with("f") || Name.ends_with("l"))
      Callee += Name.back();
    auto [J, Packed] = M.Operands[0];
    SmallVector<Value *, 2> Args;
    if (Packed) {
      Args.push_back(pack(CB.getArgOperand(J)->getType(), Z, B));
    } else {
      Args.push_back(Z.Re.value());
      Args.push_back(Z.im().value());
    }
    SmallVector<Type *, 2> Types;
    for (Value *V : Args)
      Types.push_back(V->getType());
    assert(!M.Rule->RealResult && "a real result has no complex ABI to copy");
    Type *Ret = CB.getType();
    Module *Mod = B.GetInsertBlock()->getModule();
    FunctionCallee Fn =
        Mod->getOrInsertFunction(Callee, FunctionType::get(Ret, Types, false));
    CallInst *Call = B.CreateCall(Fn, Args, "ad.clib");
    Call->setCallingConv(CB.getCallingConv());
    return unpack(Call, B);
  }
  /// The real constant \p C as a complex value.
  CExpr real(double C) const { return {Seed.Re.constant(C), std::nullopt}; }
  /// \p Sign i \p Z, with i conjugated in reverse mode like the primal
  /// values.
  CExpr timesI(CExpr Z, double Sign) const {
    if (Conjugated)
      Sign = -Sign;
    Expr Re = Sign > 0 ? -Z.im() : Z.im();
    return {Re, Sign > 0 ? Z.Re : -Z.Re};
  }

private:
  CExpr primal(CExpr Z) const { return Conjugated ? conj(Z) : Z; }

  const CallBase &CB;
  const ComplexCall &M;
  IRBuilderBase &B;
  const RuleArgs::Fetch &Arg, &Result;
  CExpr Seed;
  bool Conjugated;
};

using A = const ComplexArgs &;

// clang-format off
const ComplexRule Rules[] = {
    // w = z1 * z2: dw = dz1 * z2 + z1 * dz2.
    {ComplexOp::Mul, false,
     {[](A a) { return a.d() * a.x(1); }, [](A a) { return a.d() * a.x(0); }}},
    // w = z1 / z2: dw = (dz1 - w * dz2) / z2, one library division.
    {ComplexOp::Div, false,
     {[](A a) { return a.d(); }, [](A a) { return -(a.d() * a.r()); }},
     [](A a) { return a.div(a.d(), a.x(1)); }},
    // |z|: Re(conj(z) dz) / |z|, and 0 at 0 like fabs. conj(z) / |z| first:
    // it cannot overflow.
    {ComplexOp::Abs, true,
     {[](A a) {
        Expr R = a.r().Re;
        return where(fcmp(CmpInst::FCMP_UNE, R, R.constant(0)),
                     a.d() * (conj(a.x(0)) / R));
      }}},
    // w = exp(z): dw = dz * w.
    {ComplexOp::Exp, false, {[](A a) { return a.d() * a.r(); }}},
    // w = log(z): dw = dz / z.
    {ComplexOp::Log, false, {[](A a) { return quotient(a.d(), a.x(0)); }}},
    // w = sqrt(z): dw = dz / (2 w).
    {ComplexOp::Sqrt, false,
     {[](A a) { return quotient(a.d(), a.r() + a.r()); }}},
    // arg z = atan2(Im z, Re z): Im(conj(z) dz) / |z|^2 = Re(-i conj(z) dz)
    // / |z|^2, and 0 at 0.
    {ComplexOp::Arg, true,
     {[](A a) {
        CExpr Z = a.x(0);
        Expr N = Z.Re * Z.Re + Z.im() * Z.im();
        return where(fcmp(CmpInst::FCMP_UNE, N, N.constant(0)),
                     a.d() * a.timesI(conj(Z), -1) / N);
      }}},
    // w = z1^z2 = exp(z2 log z1): dw = dz1 z2 w / z1 + dz2 w log z1.
    {ComplexOp::Pow, false,
     {[](A a) { return quotient(a.d() * a.x(1) * a.r(), a.x(0)); },
      [](A a) { return a.d() * a.r() * a.lib("clog", a.x(0)); }}},
    {ComplexOp::Sin, false,
     {[](A a) { return a.d() * a.lib("ccos", a.x(0)); }}},
    {ComplexOp::Cos, false,
     {[](A a) { return -(a.d() * a.lib("csin", a.x(0))); }}},
    // tan' = 1 + w^2, tanh' = 1 - w^2.
    {ComplexOp::Tan, false,
     {[](A a) { return a.d() * (a.real(1) + a.r() * a.r()); }}},
    {ComplexOp::Sinh, false,
     {[](A a) { return a.d() * a.lib("ccosh", a.x(0)); }}},
    {ComplexOp::Cosh, false,
     {[](A a) { return a.d() * a.lib("csinh", a.x(0)); }}},
    {ComplexOp::Tanh, false,
     {[](A a) { return a.d() * (a.real(1) + -(a.r() * a.r())); }}},
    // asin' = 1 / sqrt(1 - z^2), acos' = -asin', atan' = 1 / (1 + z^2).
    {ComplexOp::Asin, false,
     {[](A a) {
        CExpr Z = a.x(0);
        return quotient(a.d(), a.lib("csqrt", a.real(1) + -(Z * Z)));
      }}},
    {ComplexOp::Acos, false,
     {[](A a) {
        CExpr Z = a.x(0);
        return -quotient(a.d(), a.lib("csqrt", a.real(1) + -(Z * Z)));
      }}},
    {ComplexOp::Atan, false,
     {[](A a) {
        CExpr Z = a.x(0);
        return quotient(a.d(), a.real(1) + Z * Z);
      }}},
    // asinh' = 1 / sqrt(1 + z^2), acosh' = 1 / (sqrt(z - 1) sqrt(z + 1)),
    // atanh' = 1 / (1 - z^2).
    {ComplexOp::Asinh, false,
     {[](A a) {
        CExpr Z = a.x(0);
        return quotient(a.d(), a.lib("csqrt", a.real(1) + Z * Z));
      }}},
    {ComplexOp::Acosh, false,
     {[](A a) {
        CExpr Z = a.x(0);
        return quotient(a.d(), a.lib("csqrt", Z + a.real(-1)) *
                                   a.lib("csqrt", Z + a.real(1)));
      }}},
    {ComplexOp::Atanh, false,
     {[](A a) {
        CExpr Z = a.x(0);
        return quotient(a.d(), a.real(1) + -(Z * Z));
      }}},
};
// clang-format on

const ComplexRule *ruleFor(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return nullptr;
  StringRef N = F->getName();
  static const std::pair<const char *, ComplexOp> Functions[] = {
      {"cabs", ComplexOp::Abs},     {"carg", ComplexOp::Arg},
      {"cexp", ComplexOp::Exp},     {"clog", ComplexOp::Log},
      {"csqrt", ComplexOp::Sqrt},   {"cpow", ComplexOp::Pow},
      {"csin", ComplexOp::Sin},     {"ccos", ComplexOp::Cos},
      {"ctan", ComplexOp::Tan},     {"csinh", ComplexOp::Sinh},
      {"ccosh", ComplexOp::Cosh},   {"ctanh", ComplexOp::Tanh},
      {"casin", ComplexOp::Asin},   {"cacos", ComplexOp::Acos},
      {"catan", ComplexOp::Atan},   {"casinh", ComplexOp::Asinh},
      {"cacosh", ComplexOp::Acosh}, {"catanh", ComplexOp::Atanh}};
  std::optional<ComplexOp> Op;
  StringRef Base = N.ends_with("f") || N.ends_with("l") ? N.drop_back() : N;
  for (auto [Name, FnOp] : Functions)
    if (Base == Name)
      Op = FnOp;
  if (!Op && N.size() == 8 && N.ends_with("c3") &&
      StringRef("sdxt").contains(N[5]))
    Op = N.starts_with("__mul")   ? std::optional(ComplexOp::Mul)
         : N.starts_with("__div") ? std::optional(ComplexOp::Div)
                                  : std::nullopt;
  if (!Op)
    return nullptr;
  for (const ComplexRule &R : Rules)
    if (R.Op == *Op)
      return &R;
  return nullptr;
}

/// T for {T, T}, [2 x T] and <2 x T>.
Type *pairElement(Type *Ty) {
  if (auto *VT = dyn_cast<FixedVectorType>(Ty))
    return VT->getNumElements() == 2 ? VT->getElementType() : nullptr;
  if (auto *AT = dyn_cast<ArrayType>(Ty))
    return AT->getNumElements() == 2 ? AT->getElementType() : nullptr;
  if (auto *ST = dyn_cast<StructType>(Ty))
    return ST->getNumElements() == 2 &&
                   ST->getElementType(0) == ST->getElementType(1)
               ? ST->getElementType(0)
               : nullptr;
  return nullptr;
}

ComplexCall matchCall(const CallBase &CB) {
  ComplexCall M;
  M.Rule = ruleFor(CB);
  if (!M.Rule)
    return M;
  Type *T = M.Rule->RealResult ? CB.getType() : pairElement(CB.getType());
  if (!T || !T->isFloatingPointTy())
    return M;
  // Scalars come in (re, im) pairs; a packed argument is a whole operand.
  std::optional<unsigned> Pending;
  for (unsigned J = 0; J != CB.arg_size(); ++J) {
    Type *AT = CB.getArgOperand(J)->getType();
    if (AT == T && Pending) {
      M.Operands.push_back({*Pending, false});
      Pending.reset();
    } else if (AT == T) {
      Pending = J;
    } else if (pairElement(AT) == T && !Pending) {
      M.Operands.push_back({J, true});
    } else {
      return M;
    }
  }
  if (!Pending && M.Operands.size() == M.Rule->Contribs.size())
    M.Elem = T;
  return M;
}

} // namespace

bool isComplexCall(const CallBase &CB) { return matchCall(CB).Elem; }

bool isUnsupportedComplexCall(const CallBase &CB) {
  ComplexCall M = matchCall(CB);
  return M.Rule && !M.Elem;
}

Value *complexTangent(const CallBase &CB, IRBuilderBase &B,
                      const RuleArgs::Fetch &Arg, const RuleArgs::Fetch &Result,
                      const RuleArgs::Fetch &ArgTangent) {
  ComplexCall M = matchCall(CB);
  const ComplexRule &R = *M.Rule;
  std::optional<CExpr> Sum;
  for (unsigned K = 0; K != M.Operands.size(); ++K) {
    auto [J, Packed] = M.Operands[K];
    Value *T0 = ArgTangent(J), *T1 = Packed ? nullptr : ArgTangent(J + 1);
    if (!T0 && !T1)
      continue;
    Value *Zero = Constant::getNullValue(M.Elem);
    CExpr DZ = Packed ? unpack(T0, B)
                      : CExpr{Expr(B, T0 ? T0 : Zero),
                              T1 ? OptExpr(Expr(B, T1)) : std::nullopt};
    CExpr C = R.Contribs[K](ComplexArgs(CB, M, B, Arg, Result, DZ, false));
    Sum = Sum ? *Sum + C : C;
  }
  if (!Sum)
    return Constant::getNullValue(CB.getType());
  if (R.Then)
    Sum = R.Then(ComplexArgs(CB, M, B, Arg, Result, *Sum, false));
  return R.RealResult ? Sum->Re.value() : pack(CB.getType(), *Sum, B);
}

void complexAdjoints(const CallBase &CB, IRBuilderBase &B,
                     const RuleArgs::Fetch &Arg, const RuleArgs::Fetch &Result,
                     Value *Seed,
                     const std::function<bool(unsigned)> &HasAdjoint,
                     const std::function<void(unsigned, Value *)> &AddAdjoint) {
  ComplexCall M = matchCall(CB);
  const ComplexRule &R = *M.Rule;
  auto Wanted = [&](unsigned K) {
    auto [J, Packed] = M.Operands[K];
    return HasAdjoint(J) || (!Packed && HasAdjoint(J + 1));
  };
  bool Any = false;
  for (unsigned K = 0; K != M.Operands.size(); ++K)
    Any |= Wanted(K);
  if (!Any)
    return;
  CExpr S = R.RealResult ? CExpr{Expr(B, Seed), std::nullopt} : unpack(Seed, B);
  if (R.Then)
    S = R.Then(ComplexArgs(CB, M, B, Arg, Result, S, true));
  for (unsigned K = 0; K != M.Operands.size(); ++K) {
    if (!Wanted(K))
      continue;
    CExpr C = R.Contribs[K](ComplexArgs(CB, M, B, Arg, Result, S, true));
    auto [J, Packed] = M.Operands[K];
    if (Packed) {
      AddAdjoint(J, pack(CB.getArgOperand(J)->getType(), C, B));
      continue;
    }
    if (HasAdjoint(J))
      AddAdjoint(J, C.Re.value());
    if (HasAdjoint(J + 1))
      AddAdjoint(J + 1, C.im().value());
  }
}

} // namespace adpass
