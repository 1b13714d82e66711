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

// LAPACK, in LAPACKE order; Fortran drops the layout and adds what LAPACKE
// hides (the workspace, info).
constexpr R PotrfParams[] = {R::Layout, R::Uplo, R::N, R::A, R::LdA, R::Info};
constexpr R PotrsParams[] = {R::Layout, R::Uplo, R::N,   R::Nrhs, R::A,
                             R::LdA,    R::B,    R::LdB, R::Info};
constexpr R GetrfParams[] = {R::Layout, R::M,    R::N,   R::A,
                             R::LdA,    R::Ipiv, R::Info};
constexpr R GetrsParams[] = {R::Layout, R::TransA, R::N, R::Nrhs, R::A,
                             R::LdA,    R::Ipiv,   R::B, R::LdB,  R::Info};
constexpr R GesvParams[] = {R::Layout, R::N, R::Nrhs, R::A,   R::LdA,
                            R::Ipiv,   R::B, R::LdB,  R::Info};
constexpr R GetriParams[] = {R::Layout, R::N,    R::A,     R::LdA,
                             R::Ipiv,   R::Work, R::LWork, R::Info};
constexpr R GelsParams[] = {R::Layout, R::TransA, R::M,     R::N,
                            R::Nrhs,   R::A,      R::LdA,   R::B,
                            R::LdB,    R::Work,   R::LWork, R::Info};
constexpr R SyevParams[] = {R::Layout, R::Jobz, R::Uplo, R::N,     R::A,
                            R::LdA,    R::W,    R::Work, R::LWork, R::Info};

constexpr R WritesX[] = {R::X};
constexpr R WritesY[] = {R::Y};
constexpr R WritesXY[] = {R::X, R::Y};
constexpr R WritesA[] = {R::A};
constexpr R WritesB[] = {R::B};
constexpr R WritesC[] = {R::C};
constexpr R WritesAInfo[] = {R::A, R::Info};
constexpr R WritesBInfo[] = {R::B, R::Info};
constexpr R WritesLU[] = {R::A, R::Ipiv, R::Info};
constexpr R WritesLUX[] = {R::A, R::Ipiv, R::B, R::Info};
constexpr R WritesEigen[] = {R::A, R::W, R::Work, R::Info};
constexpr R FactorInA[] = {R::A};
constexpr R WritesInverse[] = {R::A, R::Work, R::Info};
constexpr R WritesLsq[] = {R::A, R::B, R::Work, R::Info};

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
    {"potrf", PotrfParams, WritesAInfo, false, {},   false, true},
    {"potrs", PotrsParams, WritesBInfo, false, {},   false, true},
    {"potri", PotrfParams, WritesAInfo, false, {},   false, true},
    {"getrf", GetrfParams, WritesLU,    false, {},   false, true},
    {"getrs", GetrsParams, WritesBInfo, false, {},   false, true},
    {"getri", GetriParams, WritesInverse, false, {}, false, true},
    {"gesv",  GesvParams,  WritesLUX,   false, {},   false, true, FactorInA},
    {"gels",  GelsParams,  WritesLsq,   false, {},   false, true, FactorInA},
    {"syev",  SyevParams,  WritesEigen, false, {},   false, true},
};
// clang-format on

/// Splits "cblas_dgemm" / "LAPACKE_dpotrf" / "dgemm_" into spelling,
/// precision and stem.
bool splitName(StringRef Name, BlasSpelling &S, char &Precision,
               StringRef &Stem) {
  if (Name.consume_front("cblas_"))
    S = BlasSpelling::CBLAS;
  else if (Name.consume_front("LAPACKE_"))
    S = BlasSpelling::LAPACKE;
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

/// Whether spelling \p S passes role \p R: Fortran has no layout, LAPACKE
/// manages the workspace and returns info.
bool passedIn(BlasRole R, BlasSpelling S) {
  if (R == BlasRole::Layout)
    return S != BlasSpelling::Fortran;
  if (R == BlasRole::Work || R == BlasRole::LWork || R == BlasRole::Info)
    return S == BlasSpelling::Fortran;
  return true;
}

/// Whether the call site's types fit the routine in this spelling.
bool fitsSignature(const CallBase &CB, const BlasRoutine &Rt, BlasSpelling S,
                   Type *Real) {
  // cblas_ names BLAS routines, LAPACKE_ LAPACK ones; Fortran both.
  if (S != BlasSpelling::Fortran && (S == BlasSpelling::LAPACKE) != Rt.Lapack)
    return false;
  FunctionType *FT = CB.getFunctionType();
  Type *Ret = FT->getReturnType();
  if (Rt.ReturnsScalar             ? Ret != Real
      : S == BlasSpelling::LAPACKE ? !Ret->isIntegerTy()
                                   : !Ret->isVoidTy())
    return false;
  unsigned NParams =
      count_if(Rt.Params, [&](BlasRole R) { return passedIn(R, S); });
  if (S != BlasSpelling::Fortran ? CB.arg_size() != NParams
                                 : CB.arg_size() < NParams)
    return false;
  unsigned I = 0;
  for (BlasRole Role : Rt.Params) {
    if (!passedIn(Role, S))
      continue;
    if (S == BlasSpelling::Fortran) {
      if (!CB.getArgOperand(I++)->getType()->isPointerTy())
        return false;
      continue;
    }
    Type *T = CB.getArgOperand(I++)->getType();
    bool Ok = isBlasArray(Role) || isBlasScratch(Role) ? T->isPointerTy()
              : isBlasScalar(Role)                     ? T == Real
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
         Role == R::Y || Role == R::W;
}
bool isBlasScratch(BlasRole Role) {
  return Role == R::Ipiv || Role == R::Work || Role == R::Info;
}
bool isBlasScalar(BlasRole Role) { return Role == R::Alpha || Role == R::Beta; }
bool isBlasOption(BlasRole Role) {
  return Role == R::TransA || Role == R::TransB || Role == R::Uplo ||
         Role == R::Diag || Role == R::Side || Role == R::Jobz;
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
    bool Passed = passedIn(P, Spelling);
    if (P == Role)
      return Passed ? I : -1;
    I += Passed;
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
    if (isBlasArray(Role))
      Out.push_back(arg(CB, Role));
  return Out;
}

SmallVector<Value *, 4> BlasCall::writtenMemory(const CallBase &CB) const {
  SmallVector<Value *, 4> Out;
  for (BlasRole Role : Routine->Writes)
    if (Value *V = arg(CB, Role))
      Out.push_back(V);
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

bool isLapackRuleHelper(StringRef Name) {
  if (!Name.consume_front("__ad_blas_") ||
      !(Name.consume_front("d") || Name.consume_front("s")))
    return false;
  StringRef Stem;
  if (Name.consume_back("_reverse") || Name.consume_back("_tangent"))
    Stem = Name;
  return any_of(Routines, [&](const BlasRoutine &Rt) {
    return Rt.Lapack && Rt.Stem == Stem;
  });
}

bool isBlasArrayHelper(StringRef Name) {
  if (!Name.consume_front("__ad_blas_") ||
      !(Name.consume_front("d") || Name.consume_front("s")))
    return false;
  return is_contained({"asum_adjoint", "asum_tangent", "axpy_matrix",
                       "dot_matrix", "pack", "scale", "sym_accumulate",
                       "sym_double", "sym_rank2", "tri_accumulate", "tri_dot",
                       "tri_rank1", "tri_scale"},
                      Name);
}

} // namespace adpass
