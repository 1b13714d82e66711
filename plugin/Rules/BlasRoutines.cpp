//===- BlasRoutines.cpp - The BLAS routines ADPass knows, as data ---------===//
#include "Rules/BlasRoutines.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace adpass {
namespace {

using R = BlasRole;

// Parameter lists in CBLAS order.
constexpr R DotParams[] = {R::N, R::X, R::IncX, R::Y, R::IncY};
constexpr R Nrm2Params[] = {R::N, R::X, R::IncX};
constexpr R AxpyParams[] = {R::N, R::Alpha, R::X, R::IncX, R::Y, R::IncY};
constexpr R ScalParams[] = {R::N, R::Alpha, R::X, R::IncX};
constexpr R GemvParams[] = {R::Layout, R::TransA, R::M,   R::N,
                            R::Alpha,  R::A,      R::LdA, R::X,
                            R::IncX,   R::Beta,   R::Y,   R::IncY};
constexpr R GerParams[] = {R::Layout, R::M, R::N,    R::Alpha, R::X,
                           R::IncX,   R::Y, R::IncY, R::A,     R::LdA};
constexpr R GemmParams[] = {R::Layout, R::TransA, R::TransB, R::M,   R::N,
                            R::K,      R::Alpha,  R::A,      R::LdA, R::B,
                            R::LdB,    R::Beta,   R::C,      R::LdC};
constexpr R SymvParams[] = {R::Layout, R::Uplo, R::N,   R::Alpha,
                            R::A,      R::LdA,  R::X,   R::IncX,
                            R::Beta,   R::Y,    R::IncY};
constexpr R TrmvParams[] = {R::Layout, R::Uplo, R::TransA, R::Diag, R::N,
                            R::A,      R::LdA,  R::X,      R::IncX};
constexpr R SymmParams[] = {R::Layout, R::Side, R::Uplo, R::M, R::N,
                            R::Alpha,  R::A,    R::LdA,  R::B, R::LdB,
                            R::Beta,   R::C,    R::LdC};
constexpr R SyrkParams[] = {R::Layout, R::Uplo,  R::TransA, R::N,
                            R::K,      R::Alpha, R::A,      R::LdA,
                            R::Beta,   R::C,     R::LdC};
constexpr R Syr2kParams[] = {R::Layout, R::Uplo, R::TransA, R::N, R::K,
                             R::Alpha,  R::A,    R::LdA,    R::B, R::LdB,
                             R::Beta,   R::C,    R::LdC};
constexpr R TrmmParams[] = {R::Layout, R::Side, R::Uplo, R::TransA,
                            R::Diag,   R::M,    R::N,    R::Alpha,
                            R::A,      R::LdA,  R::B,    R::LdB};

constexpr R WritesX[] = {R::X};
constexpr R WritesY[] = {R::Y};
constexpr R WritesXY[] = {R::X, R::Y};
constexpr R WritesA[] = {R::A};
constexpr R WritesB[] = {R::B};
constexpr R WritesC[] = {R::C};

// Row major read as column major: y = op(A) x on a row-major A is
// y = op(A^T)... with the flag flipped; A = x y^T is A^T = y x^T; C = A B is
// C^T = B^T A^T. A symmetric or triangular matrix stored row major is its
// transpose stored column major: the other triangle (and for trmv, trsv and
// syrk the other transposition); B = op(A) B on row-major B is
// B^T = B^T op(A)^T, the other side with M and N swapped.
using Swap = std::pair<R, R>;
constexpr Swap GemvSwaps[] = {{R::M, R::N}};
constexpr Swap GerSwaps[] = {{R::M, R::N}, {R::X, R::Y}, {R::IncX, R::IncY}};
constexpr Swap GemmSwaps[] = {
    {R::M, R::N}, {R::A, R::B}, {R::LdA, R::LdB}, {R::TransA, R::TransB}};
constexpr Swap SideSwaps[] = {{R::M, R::N}};

// clang-format off
const BlasRoutine Routines[] = {
    // Stem    Params       Writes    Returns RowMajorSwaps FlipsTrans
    {"dot",  DotParams,  {},       true,  {},        false},
    {"nrm2", Nrm2Params, {},       true,  {},        false},
    {"asum", Nrm2Params, {},       true,  {},        false},
    {"axpy", AxpyParams, WritesY,  false, {},        false},
    {"scal", ScalParams, WritesX,  false, {},        false},
    {"copy", DotParams,  WritesY,  false, {},        false},
    {"swap", DotParams,  WritesXY, false, {},        false},
    {"gemv", GemvParams, WritesY,  false, GemvSwaps, true},
    {"ger",  GerParams,  WritesA,  false, GerSwaps,  false},
    {"gemm", GemmParams, WritesC,  false, GemmSwaps, false},
    {"symv", SymvParams, WritesY,  false, {},        false},
    {"trmv", TrmvParams, WritesX,  false, {},        true},
    {"trsv", TrmvParams, WritesX,  false, {},        true},
    {"symm", SymmParams, WritesC,  false, SideSwaps, false},
    {"syrk", SyrkParams, WritesC,  false, {},        true},
    {"syr2k", Syr2kParams, WritesC, false, {},       true},
    {"trmm", TrmmParams, WritesB,  false, SideSwaps, false},
    {"trsm", TrmmParams, WritesB,  false, SideSwaps, false},
};
// clang-format on

/// Splits "cblas_dgemm" / "dgemm_" into spelling, precision and stem.
bool splitName(StringRef Name, BlasSpelling &S, char &Precision,
               StringRef &Stem) {
  if (Name.consume_front("cblas_"))
    S = BlasSpelling::CBLAS;
  else if (Name.consume_back("_"))
    S = BlasSpelling::Fortran;
  else
    return false;
  if (Name.size() < 2 || (Name[0] != 'd' && Name[0] != 's'))
    return false;
  Precision = Name[0];
  Stem = Name.drop_front();
  return true;
}

/// Whether the call site's types fit the routine in this spelling.
bool fitsSignature(const CallBase &CB, const BlasRoutine &Rt, BlasSpelling S,
                   Type *Real) {
  FunctionType *FT = CB.getFunctionType();
  Type *Ret = FT->getReturnType();
  if (Rt.ReturnsScalar ? Ret != Real : !Ret->isVoidTy())
    return false;
  unsigned NParams = Rt.Params.size() -
                     (S == BlasSpelling::Fortran && Rt.has(BlasRole::Layout));
  if (S == BlasSpelling::CBLAS ? CB.arg_size() != NParams
                               : CB.arg_size() < NParams)
    return false;
  unsigned I = 0;
  for (BlasRole Role : Rt.Params) {
    if (S == BlasSpelling::Fortran) {
      if (Role == BlasRole::Layout)
        continue;
      if (!CB.getArgOperand(I++)->getType()->isPointerTy())
        return false;
      continue;
    }
    Type *T = CB.getArgOperand(I++)->getType();
    bool Ok = isBlasArray(Role)    ? T->isPointerTy()
              : isBlasScalar(Role) ? T == Real
                                   : T->isIntegerTy();
    if (!Ok)
      return false;
  }
  // Fortran's hidden lengths of character arguments, if declared.
  for (; I != CB.arg_size(); ++I)
    if (!CB.getArgOperand(I)->getType()->isIntegerTy())
      return false;
  return true;
}

} // namespace

bool BlasRoutine::has(BlasRole Role) const {
  return is_contained(Params, Role);
}
bool BlasRoutine::writes(BlasRole Role) const {
  return is_contained(Writes, Role);
}

bool isBlasArray(BlasRole Role) {
  return Role == R::A || Role == R::B || Role == R::C || Role == R::X ||
         Role == R::Y;
}
bool isBlasScalar(BlasRole Role) { return Role == R::Alpha || Role == R::Beta; }
bool isBlasOption(BlasRole Role) {
  return Role == R::TransA || Role == R::TransB || Role == R::Uplo ||
         Role == R::Diag || Role == R::Side;
}

const BlasRoutine &blasRoutine(StringRef Stem) {
  for (const BlasRoutine &Rt : Routines)
    if (Rt.Stem == Stem)
      return Rt;
  llvm_unreachable("unknown BLAS routine");
}

int BlasCall::argIndex(BlasRole Role) const {
  int I = 0;
  for (BlasRole P : Routine->Params) {
    if (P == Role)
      return I;
    if (P != BlasRole::Layout || Spelling == BlasSpelling::CBLAS)
      ++I;
  }
  return -1;
}

Value *BlasCall::arg(const CallBase &CB, BlasRole Role) const {
  int I = argIndex(Role);
  return I < 0 ? nullptr : CB.getArgOperand(I);
}

SmallVector<Value *, 3> BlasCall::readArrays(const CallBase &CB) const {
  SmallVector<Value *, 3> Out;
  for (BlasRole Role : Routine->Params)
    if (isBlasArray(Role))
      Out.push_back(arg(CB, Role));
  return Out;
}

SmallVector<Value *, 2> BlasCall::writtenArrays(const CallBase &CB) const {
  SmallVector<Value *, 2> Out;
  for (BlasRole Role : Routine->Writes)
    Out.push_back(arg(CB, Role));
  return Out;
}

std::optional<BlasCall> matchBlasCall(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return std::nullopt;
  BlasSpelling S;
  char Precision;
  StringRef Stem;
  if (!splitName(F->getName(), S, Precision, Stem))
    return std::nullopt;
  for (const BlasRoutine &Rt : Routines) {
    if (Rt.Stem != Stem)
      continue;
    LLVMContext &Ctx = CB.getContext();
    Type *Real =
        Precision == 'd' ? Type::getDoubleTy(Ctx) : Type::getFloatTy(Ctx);
    if (!fitsSignature(CB, Rt, S, Real))
      return std::nullopt;
    return BlasCall{&Rt, S, Real};
  }
  return std::nullopt;
}

bool isInactiveBlasFunction(StringRef Name) {
  static const char *const Names[] = {"cblas_isamax", "cblas_idamax", "isamax_",
                                      "idamax_"};
  return is_contained(Names, Name);
}

} // namespace adpass
