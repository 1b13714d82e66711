//===- TypeAnalysis.cpp - What memory holds -------------------------------===//
#include "Analysis/TypeAnalysis.h"
#include "Analysis/ActivityAnalysis.h"
#include "Analysis/DeclaredLayout.h"
#include "Analysis/IntegerProvenance.h"
#include "Analysis/LocalPointsTo.h"
#include "Rules/MemoryFunctions.h"
#include "Support/TbaaTypes.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace llvm;

namespace adpass {

void MemoryType::join(const MemoryType &O) {
  if (O.Kind == Unknown || *this == O)
    return;
  if (Kind == Unknown) {
    *this = O;
    return;
  }
  Kind = Mixed;
  FP = nullptr;
}

std::string MemoryType::str() const {
  switch (Kind) {
  case Unknown:
    return "unknown";
  case Integer:
    return "integer";
  case Pointer:
    return "pointer";
  case Mixed:
    return "mixed";
  case Float: {
    std::string S;
    raw_string_ostream OS(S);
    FP->print(OS);
    return S;
  }
  }
  return "?";
}

static MemoryType typeOf(Type *T) {
  T = T->getScalarType();
  if (T->isFloatingPointTy())
    return {MemoryType::Float, T};
  if (T->isPointerTy())
    return {MemoryType::Pointer, nullptr};
  if (T->isIntegerTy())
    return {MemoryType::Integer, nullptr};
  if (auto *ST = dyn_cast<StructType>(T)) {
    MemoryType M;
    for (Type *E : ST->elements())
      M.join(typeOf(E));
    return M;
  }
  if (auto *AT = dyn_cast<ArrayType>(T))
    return typeOf(AT->getElementType());
  return {MemoryType::Mixed, nullptr};
}

bool operator==(const MemoryType &A, const MemoryType &B) {
  return A.Kind == B.Kind && A.FP == B.FP;
}

/// The objects \p Ptr may point into: through phis and selects (a loop
/// walking a buffer), and through pointers read back from the function's
/// own memory.
void TypeAnalysis::objectsOf(const Value *Ptr,
                             SmallVectorImpl<const Value *> &Out) const {
  SmallVector<const Value *, 4> Objs;
  getUnderlyingObjects(Ptr, Objs);
  for (const Value *O : Objs) {
    // Null holds nothing: an empty std::vector's null begin joins every
    // vector's block at -O1, but says nothing about what they hold.
    if (isNullLikePointer(O))
      continue;
    SmallPtrSet<const Value *, 4> Pointees;
    if (isa<LoadInst>(O) && PT.objects(O, Pointees) && !Pointees.empty())
      Out.append(Pointees.begin(), Pointees.end());
    else
      Out.push_back(O);
  }
}

bool TypeAnalysis::allocatedHere(const Value *Ptr) const {
  SmallVector<const Value *, 4> Objs;
  objectsOf(Ptr, Objs);
  SmallVector<const Value *, 4> Direct;
  getUnderlyingObjects(Ptr, Direct);
  if (all_of(Direct, isNullLikePointer))
    return !Direct.empty();
  return !Objs.empty() && all_of(Objs, [](const Value *O) {
    if (isa<AllocaInst>(O))
      return true;
    const auto *CB = dyn_cast<CallBase>(O);
    return CB && allocationFunction(*CB);
  });
}

bool isIntegerZero(const Value *V) {
  const auto *C = dyn_cast<Constant>(V);
  return C && V->getType()->isIntOrIntVectorTy() && C->isNullValue();
}

TypeAnalysis::TypeAnalysis(Function &F, const LocalPointsTo &PT)
    : F(F), PT(PT),
      Offsets(std::make_unique<OffsetCongruence>(F.getDataLayout())) {
  const DataLayout &DL = F.getDataLayout();
  auto Record = [&](Value *Ptr, Type *T) {
    MemoryType MT = typeOf(T);
    SmallVector<const Value *, 4> Objs;
    objectsOf(Ptr, Objs);
    for (const Value *O : Objs)
      Objects[O].join(MT);
    if (!T->isAggregateType() && !DL.getTypeStoreSize(T).isScalable())
      for (const Value *O : Objs)
        Strided[O].push_back({Ptr, 0, DL.getTypeStoreSize(T), MT});
    int64_t Offset = 0;
    const Value *Base = GetPointerBaseWithConstantOffset(Ptr, Offset, DL);
    // (a scalable vector has no fixed size: no field)
    if (Offset < 0 || T->isAggregateType() ||
        DL.getTypeStoreSize(T).isScalable())
      return;
    uint64_t Size = DL.getTypeStoreSize(T);
    MemoryField &Fd = Layouts[Base][Offset];
    if (Fd.Size == 0)
      Fd = {uint64_t(Offset), Size, MT};
    else if (Fd.Size != Size)
      Fd.Type.join({MemoryType::Mixed, nullptr});
    else
      Fd.Type.join(MT);
  };
  SmallVector<const MemTransferInst *, 4> Copies;
  SmallVector<const StoreInst *, 4> ZeroStores;
  for (Instruction &I : instructions(F)) {
    if (auto *L = dyn_cast<LoadInst>(&I))
      Record(L->getPointerOperand(), L->getType());
    else if (auto *S = dyn_cast<StoreInst>(&I);
             S && isIntegerZero(S->getValueOperand()))
      ZeroStores.push_back(S);
    else if (S)
      Record(S->getPointerOperand(), S->getValueOperand()->getType());
    else if (auto *MT = dyn_cast<MemTransferInst>(&I))
      Copies.push_back(MT);
  }
  // A copy moves what its source holds: both ends hold the same kind of
  // data (a std::vector copied block to block, read only at the end).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const MemTransferInst *MT : Copies) {
      SmallVector<const Value *, 8> Ends;
      objectsOf(MT->getDest(), Ends);
      objectsOf(MT->getSource(), Ends);
      MemoryType Joined;
      for (const Value *O : Ends)
        Joined.join(Objects.lookup(O));
      if (Joined.Kind == MemoryType::Unknown)
        continue;
      for (const Value *O : Ends) {
        MemoryType &Slot = Objects[O];
        if (!(Slot == Joined)) {
          Slot = Joined;
          Changed = true;
        }
      }
    }
  }
  // Struct copies say what their fields hold, at both ends.
  for (const MemTransferInst *MT : Copies) {
    SmallVector<MemoryField, 4> Fields;
    if (!isa<ConstantInt>(MT->getLength()) || !copiedFields(*MT, Fields))
      continue;
    for (const Value *End : {MT->getDest(), MT->getSource()}) {
      SmallVector<const Value *, 4> Objs;
      objectsOf(End, Objs);
      for (const MemoryField &Fd : Fields)
        for (const Value *O : Objs)
          Strided[O].push_back({End, Fd.Offset, Fd.Size, Fd.Type});
    }
  }
  // Integer zeros count only where nothing else says what memory holds.
  for (const StoreInst *S : ZeroStores) {
    SmallVector<const Value *, 4> Objs;
    objectsOf(S->getPointerOperand(), Objs);
    if (all_of(Objs, [&](const Value *O) {
          return Objects.lookup(O).Kind == MemoryType::Unknown;
        }))
      Record(const_cast<Value *>(S->getPointerOperand()),
             S->getValueOperand()->getType());
  }
}

/// Without !tbaa.struct (-O0): the fields both sides are accessed as, when
/// they cover every copied byte and agree.
bool TypeAnalysis::fieldsFromAccesses(
    const MemTransferInst &MT, SmallVectorImpl<MemoryField> &Fields) const {
  const auto *Len = dyn_cast<ConstantInt>(MT.getLength());
  if (!Len)
    return false;
  const DataLayout &DL = F.getDataLayout();
  std::map<uint64_t, MemoryField> Merged;
  for (const Value *Side : {MT.getDest(), MT.getSource()}) {
    int64_t Start = 0;
    const Value *Base = GetPointerBaseWithConstantOffset(Side, Start, DL);
    auto It = Layouts.find(Base);
    if (It == Layouts.end())
      continue;
    for (const auto &[Off, Fd] : It->second) {
      if (Off < uint64_t(Start) || Off + Fd.Size > Start + Len->getZExtValue())
        continue;
      MemoryField Rel = Fd;
      Rel.Offset = Off - Start;
      auto [Slot, New] = Merged.try_emplace(Rel.Offset, Rel);
      if (!New && (Slot->second.Size != Rel.Size))
        return false;
      if (!New)
        Slot->second.Type.join(Rel.Type);
    }
  }
  // Every byte must be a field or alignment padding (a gap smaller than the
  // next field): a field this function never touches may still matter to
  // the caller, so it cannot be guessed.
  uint64_t Covered = 0, Largest = 1;
  for (const auto &[Off, Fd] : Merged) {
    if (Off < Covered || Off - Covered >= Fd.Size)
      return false;
    Covered = Off + Fd.Size;
    Largest = std::max(Largest, Fd.Size);
    Fields.push_back(Fd);
  }
  return !Fields.empty() && Len->getZExtValue() - Covered < Largest;
}

/// Merges \p In into the field \p Into that it overlaps (Into starts at or
/// before In): integers with integers (an int also moved with its padding,
/// as an i64), an integer inside a float (SROA moves an int and its padding
/// as a double when it splits a record copy: moving those bytes as a float
/// moves only the zero adjoints of integer bytes), and a float with the same
/// float. False for anything else.
static bool absorbField(MemoryField &Into, const MemoryField &In) {
  uint64_t End = std::max(Into.Offset + Into.Size, In.Offset + In.Size);
  bool IntoInt = Into.Type.Kind == MemoryType::Integer,
       InInt = In.Type.Kind == MemoryType::Integer;
  if (IntoInt && InInt) {
    Into.Size = End - Into.Offset;
    return true;
  }
  if (!IntoInt && InInt)
    return In.Offset + In.Size <= Into.Offset + Into.Size;
  if (IntoInt && !InInt) {
    if (In.Offset != Into.Offset || Into.Size > In.Size)
      return false;
    Into = In;
    return true;
  }
  return Into.Offset == In.Offset && Into.Size == In.Size &&
         Into.Type == In.Type;
}

uint64_t
TypeAnalysis::placedAccesses(ArrayRef<const Value *> Objs,
                             SmallVectorImpl<PlacedAccess> &Out) const {
  // (offsets computed here, for the analyses that need them)
  uint64_t P = 0;
  SmallPtrSet<const Value *, 8> Seen;
  for (const Value *O : Objs)
    if (auto It = Strided.find(O); It != Strided.end() && Seen.insert(O).second)
      for (const StridedAccess &A : It->second) {
        Congruence Where = Offsets->of(A.Ptr).plus(Congruence::exactly(A.Add));
        Out.push_back({&A, Where});
        P = std::gcd(P, Where.G);
      }
  return P;
}

bool TypeAnalysis::recordFields(const MemTransferInst &MT, uint64_t &Period,
                                uint64_t &Phase,
                                SmallVectorImpl<MemoryField> &Fields) const {
  Congruence Dst = Offsets->of(MT.getDest()), Src = Offsets->of(MT.getSource()),
             Len = Offsets->of(MT.getLength());
  SmallVector<const Value *, 8> Objs;
  objectsOf(MT.getDest(), Objs);
  objectsOf(MT.getSource(), Objs);
  // The record size: what every stride, the copy's ends and its length are
  // multiples of.
  uint64_t P = std::gcd(std::gcd(Dst.G, Src.G), std::gcd(Len.G, uint64_t(0)));
  P = std::gcd(P, Len.C < 0 ? uint64_t(0) : uint64_t(Len.C));
  SmallVector<PlacedAccess, 16> Accesses;
  P = std::gcd(P, placedAccesses(Objs, Accesses));
  if (P == 0 || Accesses.empty() || !Len.isAlways(0, P))
    return false;
  std::optional<uint64_t> DstPhase = Dst.residue(P), SrcPhase = Src.residue(P);
  if (!DstPhase || !SrcPhase || *DstPhase != *SrcPhase)
    return false;
  std::map<uint64_t, MemoryField> Layout;
  for (auto [A, Where] : Accesses) {
    std::optional<uint64_t> At = Where.residue(P);
    if (!At || *At + A->Size > P)
      return false;
    auto [Slot, New] =
        Layout.try_emplace(*At, MemoryField{*At, A->Size, A->Type});
    if (!New && !absorbField(Slot->second, {*At, A->Size, A->Type}))
      return false;
  }
  // Fields may overlap only as absorbField allows; every byte is a field or
  // padding (a gap smaller than the next field), unless both ends are
  // memory this function allocated (bytes it never accessed have a zero
  // shadow).
  bool Own = allocatedHere(MT.getDest()) && allocatedHere(MT.getSource());
  uint64_t Covered = 0, Largest = 1;
  for (const auto &[Off, Fd] : Layout) {
    if (Fd.Type.Kind == MemoryType::Mixed ||
        Fd.Type.Kind == MemoryType::Unknown)
      return false;
    if (Off < Covered) {
      if (!absorbField(Fields.back(), Fd))
        return false;
      Covered = Fields.back().Offset + Fields.back().Size;
      continue;
    }
    if (!Own && Off - Covered >= Fd.Size)
      return false;
    Covered = Off + Fd.Size;
    Largest = std::max(Largest, Fd.Size);
    Fields.push_back(Fd);
  }
  if (!Own && P - Covered >= Largest)
    return false;
  // A copy that starts inside a field moves parts of values.
  if (any_of(Fields, [&](const MemoryField &Fd) {
        return Fd.Offset < *DstPhase && *DstPhase < Fd.Offset + Fd.Size;
      }))
    return false;
  Period = P;
  Phase = *DstPhase;
  return true;
}

bool TypeAnalysis::blockRecords(ArrayRef<const Value *> Blocks,
                                uint64_t &Period,
                                SmallVectorImpl<MemoryField> &Fields) const {
  SmallVector<const Value *, 8> Objs;
  for (const Value *B : Blocks)
    objectsOf(B, Objs);
  SmallVector<PlacedAccess, 16> Accesses;
  uint64_t P = placedAccesses(Objs, Accesses);
  if (P == 0 || Accesses.empty())
    return false;
  // Each slot is read and written with one type (no integer copies of a
  // float here): a period found too small, where slots of different types
  // fall together, fails instead of moving a pointer's shadow as a float.
  std::map<uint64_t, MemoryField> Layout;
  for (auto [A, Where] : Accesses) {
    std::optional<uint64_t> At = Where.residue(P);
    if (!At || *At + A->Size > P)
      return false;
    auto [Slot, New] =
        Layout.try_emplace(*At, MemoryField{*At, A->Size, A->Type});
    if (!New &&
        (Slot->second.Size != A->Size || !(Slot->second.Type == A->Type)))
      return false;
  }
  // (bytes never accessed are padding: the blocks are this function's own,
  // their shadows zero there)
  uint64_t Covered = 0;
  for (const auto &[Off, Fd] : Layout) {
    if (Fd.Type.Kind == MemoryType::Mixed ||
        Fd.Type.Kind == MemoryType::Unknown || Off < Covered)
      return false;
    Covered = Off + Fd.Size;
    Fields.push_back(Fd);
  }
  Period = P;
  return true;
}

bool TypeAnalysis::hasFixedOffsetAccesses(const Value *Ptr) const {
  int64_t Offset = 0;
  const Value *Base =
      GetPointerBaseWithConstantOffset(Ptr, Offset, F.getDataLayout());
  auto It = Layouts.find(Base);
  return It != Layouts.end() && !It->second.empty();
}

MemoryType TypeAnalysis::objectType(const Value *Ptr) const {
  SmallVector<const Value *, 4> Objs;
  objectsOf(Ptr, Objs);
  MemoryType M;
  for (const Value *O : Objs)
    M.join(Objects.lookup(O));
  return M;
}

/// The scalar type a TBAA type node names (clang's names: "double",
/// "float", "int", "any pointer", "p1 double", ...).
static MemoryType tbaaType(const MDNode *Tag, LLVMContext &Ctx) {
  StringRef N = tbaaScalarName(Tag);
  if (N.empty())
    return {};
  if (Type *FP = tbaaFloatType(Tag, Ctx))
    return {MemoryType::Float, FP};
  if (N.contains("pointer") || N.starts_with("p1 ") || N.starts_with("p2 "))
    return {MemoryType::Pointer, nullptr};
  if (N == "omnipotent char")
    return {MemoryType::Mixed, nullptr};
  return {MemoryType::Integer, nullptr};
}

bool TypeAnalysis::copiedFields(const MemTransferInst &MT,
                                SmallVectorImpl<MemoryField> &Fields) const {
  const DataLayout &DL = F.getDataLayout();
  // Bytes [Off, Off + Size) as either end declares them.
  auto Declared = [&](uint64_t Off, uint64_t Size,
                      SmallVectorImpl<MemoryField> &Out) {
    for (const Value *End : {MT.getDest(), MT.getSource()})
      if (declaredFields(End, Off, Size, DL, Out))
        return true;
    return false;
  };
  const MDNode *Layout = MT.getMetadata(LLVMContext::MD_tbaa_struct);
  if (!Layout || Layout->getNumOperands() % 3 != 0) {
    if (fieldsFromAccesses(MT, Fields))
      return true;
    Fields.clear();
    const auto *Len = dyn_cast<ConstantInt>(MT.getLength());
    return Len && Declared(0, Len->getZExtValue(), Fields);
  }
  for (unsigned K = 0; K + 2 < Layout->getNumOperands(); K += 3) {
    auto *Off = mdconst::dyn_extract<ConstantInt>(Layout->getOperand(K));
    auto *Size = mdconst::dyn_extract<ConstantInt>(Layout->getOperand(K + 1));
    auto *Tag = dyn_cast<MDNode>(Layout->getOperand(K + 2));
    if (!Off || !Size || !Tag)
      return false;
    MemoryField Fd{Off->getZExtValue(), Size->getZExtValue(),
                   tbaaType(Tag, MT.getContext())};
    // clang tags an array member "omnipotent char": its declared type
    // tells what it holds.
    SmallVector<MemoryField, 4> Parts;
    if (Fd.Type.Kind == MemoryType::Mixed &&
        Declared(Fd.Offset, Fd.Size, Parts)) {
      for (MemoryField &Part : Parts)
        Fields.push_back({Part.Offset + Fd.Offset, Part.Size, Part.Type});
      continue;
    }
    Fields.push_back(Fd);
  }
  return true;
}

void TypeAnalysis::printStandalone(Function &F, raw_ostream &OS) {
  IntegerProvenance IP(F);
  LocalPointsTo PT(F, IP);
  TypeAnalysis(F, PT).print(OS);
}

void TypeAnalysis::print(raw_ostream &OS) const {
  OS << "types of '" << F.getName() << "'\n";
  auto Show = [&](const Value &V) {
    if (!V.getType()->isPointerTy())
      return;
    OS << "  ";
    V.printAsOperand(OS, false);
    OS << ": " << objectType(&V).str() << "\n";
  };
  for (const Argument &A : F.args())
    Show(A);
  for (const Instruction &I : instructions(F)) {
    Show(I);
    if (const auto *MT = dyn_cast<MemTransferInst>(&I)) {
      SmallVector<MemoryField, 4> Fields;
      uint64_t Period = 0, Phase = 0;
      auto ShowFields = [&] {
        for (const MemoryField &Fd : Fields)
          OS << " [" << Fd.Offset << "," << Fd.Offset + Fd.Size
             << ")=" << Fd.Type.str();
        OS << "\n";
      };
      if (copiedFields(*MT, Fields)) {
        OS << "  copy fields:";
        ShowFields();
      } else if (Fields.clear(), recordFields(*MT, Period, Phase, Fields)) {
        OS << "  copy of records of " << Period << " bytes from byte " << Phase
           << ":";
        ShowFields();
      }
    }
  }
}

} // namespace adpass
