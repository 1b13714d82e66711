//===- BlasContext.cpp - One BLAS call as a derivative rule sees it -------===//
#include "Transform/Library/BlasContext.h"

#include "Transform/AdjointBuilder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

BlasContext::BlasContext(const BlasCall &Site, const CallBase &CB,
                         BlasOperands &Ops, IRBuilder<> &B, AdjointBuilder &Adj)
    : Site(Site), CB(CB), Ops(Ops), B(B), Adj(Adj) {
  if (Site.byValue() && Site.Routine->has(BlasRole::Layout))
    if (auto *L = dyn_cast<ConstantInt>(Site.arg(CB, BlasRole::Layout)))
      RowMajor = L->getSExtValue() == CblasRowMajor;
}

BlasRole BlasContext::normalized(BlasRole R) const {
  if (RowMajor)
    for (auto [P, Q] : Site.Routine->RowMajorSwaps) {
      if (R == P)
        return Q;
      if (R == Q)
        return P;
    }
  return R;
}

BlasRole BlasContext::strideOf(BlasRole R) {
  switch (R) {
  case BlasRole::A:
    return BlasRole::LdA;
  case BlasRole::B:
    return BlasRole::LdB;
  case BlasRole::C:
    return BlasRole::LdC;
  case BlasRole::X:
    return BlasRole::IncX;
  case BlasRole::Y:
    return BlasRole::IncY;
  default:
    llvm_unreachable("not an array");
  }
}

Value *BlasContext::dim(BlasRole R) {
  return B.CreateSExtOrTrunc(Ops.number(normalized(R), B), B.getInt64Ty());
}

Value *BlasContext::stride(BlasRole Array) {
  if (Array == BlasRole::W)
    return i64(1); // syev's eigenvalues: contiguous, no stride argument
  if (!Packed.count(static_cast<unsigned>(Array)))
    return dim(strideOf(Array));
  if (Array == BlasRole::X || Array == BlasRole::Y) {
    // A packed vector keeps its direction: elements pair up as before.
    Value *Inc = dim(strideOf(Array));
    return select(B.CreateICmpSLT(Inc, i64(0)), i64(-1), i64(1));
  }
  return packedLd(extent(Array).first);
}

namespace {
/// How an option is spelled: the CBLAS enum and the Fortran letter for its
/// true value (transposed, lower, unit, left) and false value.
struct OptionSpelling {
  int TrueEnum, FalseEnum;
  char TrueLetter, FalseLetter;
};
OptionSpelling optionSpelling(BlasRole R) {
  switch (R) {
  case BlasRole::TransA:
  case BlasRole::TransB:
    return {CblasTrans, CblasNoTrans, 'T', 'N'};
  case BlasRole::Uplo:
    return {CblasLower, CblasUpper, 'L', 'U'};
  case BlasRole::Diag:
    return {CblasUnit, CblasNonUnit, 'U', 'N'};
  case BlasRole::Side:
    return {CblasLeft, CblasRight, 'L', 'R'};
  case BlasRole::Jobz:
    return {0, 0, 'V', 'N'};
  default:
    llvm_unreachable("not an option");
  }
}
} // namespace

Value *BlasContext::flag(BlasRole R) {
  Value *Raw = Ops.number(normalized(R), B);
  OptionSpelling S = optionSpelling(R);
  Value *Flag;
  if (Site.Spelling == BlasSpelling::CBLAS) {
    // Transposed is anything but NoTrans (CblasConjTrans too).
    Flag =
        R == BlasRole::TransA || R == BlasRole::TransB
            ? B.CreateICmpNE(Raw,
                             ConstantInt::get(Raw->getType(), CblasNoTrans))
            : B.CreateICmpEQ(Raw, ConstantInt::get(Raw->getType(), S.TrueEnum));
  } else {
    Value *Lower = B.CreateOr(Raw, ConstantInt::get(Raw->getType(), 0x20));
    Flag = R == BlasRole::TransA || R == BlasRole::TransB
               ? B.CreateICmpNE(Lower, ConstantInt::get(Raw->getType(), 'n'))
               : B.CreateICmpEQ(Lower, ConstantInt::get(Raw->getType(),
                                                        S.TrueLetter | 0x20));
  }
  bool Flips = R == BlasRole::Uplo || R == BlasRole::Side ||
               ((R == BlasRole::TransA || R == BlasRole::TransB) &&
                Site.Routine->FlipsTrans);
  return RowMajor && Flips && !Site.Routine->Lapack ? B.CreateNot(Flag) : Flag;
}

Value *BlasContext::scalar(BlasRole R) { return Ops.number(R, B); }

Value *BlasContext::array(BlasRole R) {
  if (R == BlasRole::Ipiv)
    return pivots();
  if (Value *P = Packed.lookup(static_cast<unsigned>(R)))
    return P;
  return Ops.array(normalized(R), B);
}

Value *BlasContext::shadow(BlasRole R) {
  return Ops.hasShadow(normalized(R)) ? Ops.shadow(normalized(R), B) : nullptr;
}

bool BlasContext::active(BlasRole R) {
  return isBlasArray(R) ? Ops.hasShadow(normalized(R)) : Ops.scalarActive(R);
}

Value *BlasContext::scalarTangent(BlasRole R) {
  return Ops.scalarTangent(R, B);
}

void BlasContext::addScalarAdjoint(BlasRole R, Value *D) {
  Ops.addScalarAdjoint(R, D, B);
}

std::pair<Value *, Value *> BlasContext::extent(BlasRole R) {
  using Role = BlasRole;
  StringRef Stem = Site.Routine->Stem;
  if (Site.Routine->Lapack) {
    // As stored: a row-major matrix is its transpose in column major.
    Value *N = dim(Role::N);
    if (R == Role::W)
      return {i64(1), N};
    Value *Rows = N, *Cols = N;
    if (Stem == "gels") {
      // A is m x n; B holds max(m, n) rows (the right-hand side, then the
      // solution).
      Value *M = dim(Role::M);
      if (R == Role::A)
        Rows = M;
      else
        Rows = select(B.CreateICmpSGT(M, N), M, N);
    }
    if (R == Role::B)
      Cols = dim(Role::Nrhs);
    else if (Stem == "getrf")
      Rows = dim(Role::M);
    return RowMajor ? std::pair(Cols, Rows) : std::pair(Rows, Cols);
  }
  if (Stem == "gemm") {
    Value *M = dim(Role::M), *N = dim(Role::N), *K = dim(Role::K);
    if (R == Role::A) {
      Value *T = trans(Role::TransA);
      return {select(T, K, M), select(T, M, K)};
    }
    if (R == Role::B) {
      Value *T = trans(Role::TransB);
      return {select(T, N, K), select(T, K, N)};
    }
    return {M, N};
  }
  if (Stem == "gemv") {
    Value *M = dim(Role::M), *N = dim(Role::N);
    if (R == Role::A)
      return {M, N};
    Value *T = trans(Role::TransA);
    return {i64(1), R == Role::X ? select(T, M, N) : select(T, N, M)};
  }
  if (Stem == "ger") {
    if (R == Role::A)
      return {dim(Role::M), dim(Role::N)};
    return {i64(1), R == Role::X ? dim(Role::M) : dim(Role::N)};
  }
  if (Stem == "symv" || Stem == "trmv" || Stem == "trsv") {
    Value *N = dim(Role::N);
    return R == Role::A ? std::pair(N, N) : std::pair(i64(1), N);
  }
  if (Stem == "symm" || Stem == "trmm" || Stem == "trsm") {
    Value *M = dim(Role::M), *N = dim(Role::N);
    if (R != Role::A)
      return {M, N};
    Value *Order = select(flag(Role::Side), M, N);
    return {Order, Order};
  }
  if (Stem == "syrk" || Stem == "syr2k") {
    Value *N = dim(Role::N), *K = dim(Role::K);
    if (R == Role::C)
      return {N, N};
    Value *T = trans(Role::TransA);
    return {select(T, K, N), select(T, N, K)};
  }
  return {i64(1), dim(Role::N)};
}

BlasShape BlasContext::shape(BlasRole R) {
  auto [Rows, Cols] = extent(R);
  Value *Ld = R == BlasRole::W ? i64(1) : dim(strideOf(R));
  if (R == BlasRole::X || R == BlasRole::Y)
    Ld = select(B.CreateICmpSLT(Ld, i64(0)), B.CreateNeg(Ld), Ld);
  return {Rows, Cols, Ld};
}

Value *BlasContext::length(BlasRole R) { return extent(R).second; }

void BlasContext::usePacked(BlasRole R, Value *Copy) {
  Packed[static_cast<unsigned>(R)] = Copy;
}

void BlasContext::useInput(BlasRole R, Value *Copy) {
  Inputs[static_cast<unsigned>(R)] = Copy;
}

Value *BlasContext::input(BlasRole R) {
  Value *Copy = Inputs.lookup(static_cast<unsigned>(R));
  assert(Copy && "the rule reads an input it did not ask to keep");
  return Copy;
}

Value *BlasContext::pivots() {
  if (Value *P = Packed.lookup(static_cast<unsigned>(BlasRole::Ipiv)))
    return P;
  return Ops.array(BlasRole::Ipiv, B);
}

Value *BlasContext::packPivots() {
  Value *N = dim(BlasRole::N);
  if (Site.Routine->Stem == "getrf") {
    Value *M = dim(BlasRole::M);
    N = select(B.CreateICmpSLT(M, N), M, N);
  }
  return helper("pack_ipiv", {N, Ops.array(BlasRole::Ipiv, B)}, B.getPtrTy());
}

Value *BlasContext::realConst(double V) { return ConstantFP::get(real(), V); }

Value *BlasContext::intArg(Value *V, Type *IntTy) {
  return B.CreateSExtOrTrunc(V, IntTy);
}

/// Fortran passes every argument by reference.
Value *BlasContext::byPointer(Value *V) {
  AllocaInst *Slot = Adj.stackTemporary(V->getType(), "ad.blas.arg");
  B.CreateStore(V, Slot);
  return Slot;
}

Value *BlasContext::blas(StringRef Stem,
                         ArrayRef<std::pair<BlasRole, Value *>> Args) {
  const BlasRoutine &Rt = blasRoutine(Stem);
  bool Fortran = Site.Spelling == BlasSpelling::Fortran;
  Module &M = *B.GetInsertBlock()->getModule();
  Type *IntTy = B.getInt32Ty();
  if (!Fortran)
    for (BlasRole R : Site.Routine->Params)
      if (R == BlasRole::N || R == BlasRole::M) {
        IntTy = Site.arg(CB, R)->getType();
        break;
      }
  SmallVector<Value *, 14> Values;
  for (BlasRole R : Rt.Params) {
    if (R == BlasRole::Layout) {
      if (!Fortran)
        Values.push_back(B.getInt32(CblasColMajor));
      continue;
    }
    const auto *It = find_if(Args, [&](auto &P) { return P.first == R; });
    assert(It != Args.end() && "BLAS operand missing");
    Value *V = It->second;
    if (isBlasOption(R)) {
      OptionSpelling S = optionSpelling(R);
      if (Fortran) {
        auto Letter = [&](char C) -> Value * {
          std::string Name = std::string("ad.blas.") + C;
          if (GlobalVariable *G = M.getGlobalVariable(Name, true))
            return G;
          return new GlobalVariable(M, B.getInt8Ty(), true,
                                    GlobalValue::PrivateLinkage, B.getInt8(C),
                                    Name);
        };
        V = select(V, Letter(S.TrueLetter), Letter(S.FalseLetter));
      } else {
        V = select(V, B.getInt32(S.TrueEnum), B.getInt32(S.FalseEnum));
      }
    } else if (!isBlasArray(R)) {
      if (!isBlasScalar(R))
        V = intArg(V, Fortran ? B.getIntNTy(BlasFortranIntBits) : IntTy);
      if (Fortran)
        V = byPointer(V);
    }
    Values.push_back(V);
  }
  std::string Prefix(1, Site.Real->isDoubleTy() ? 'd' : 's');
  std::string Name =
      Fortran ? (Prefix + Stem + "_").str() : ("cblas_" + Prefix + Stem).str();
  SmallVector<Type *, 14> Types;
  for (Value *V : Values)
    Types.push_back(V->getType());
  auto *FT = FunctionType::get(Rt.ReturnsScalar ? Site.Real : B.getVoidTy(),
                               Types, false);
  FunctionCallee F = M.getOrInsertFunction(Name, FT);
  CallInst *Call = B.CreateCall(FT, F.getCallee(), Values);
  Adj.adoptLocation(Call, &CB);
  return Call;
}

Value *BlasContext::helper(StringRef Name, ArrayRef<Value *> Args, Type *Ret) {
  std::string Full =
      ("__ad_blas_" + Twine(Site.Real->isDoubleTy() ? 'd' : 's') + Name).str();
  SmallVector<Type *, 8> Types;
  for (Value *V : Args)
    Types.push_back(V->getType());
  auto *FT = FunctionType::get(Ret ? Ret : B.getVoidTy(), Types, false);
  Module &M = *B.GetInsertBlock()->getModule();
  return B.CreateCall(FT, M.getOrInsertFunction(Full, FT).getCallee(), Args);
}

Value *BlasContext::pack(BlasRole R) {
  BlasShape S = shape(R);
  return copy(array(R), S);
}

Value *BlasContext::copy(Value *Array, const BlasShape &S) {
  return helper("pack", {S.Rows, S.Cols, Array, S.Ld}, B.getPtrTy());
}

Value *BlasContext::packedLd(Value *Rows) {
  return select(B.CreateICmpSGT(Rows, i64(1)), Rows, i64(1));
}

Value *BlasContext::temporary(Value *Elems) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Malloc =
      M.getOrInsertFunction("malloc", B.getPtrTy(), B.getInt64Ty());
  unsigned Bytes = Site.Real->getPrimitiveSizeInBits() / 8;
  Value *Size = select(B.CreateICmpSGT(Elems, i64(0)),
                       B.CreateMul(Elems, i64(Bytes)), i64(Bytes));
  return B.CreateCall(Malloc, {Size}, "ad.blas.tmp");
}

void BlasContext::release(Value *Ptr) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Free =
      M.getOrInsertFunction("free", B.getVoidTy(), B.getPtrTy());
  B.CreateCall(Free, {Ptr});
}

} // namespace adpass
