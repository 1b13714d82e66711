//===- main.cpp - Check, count, then time
//----------------------------------===//
//
//   adbench [--check] [--cases=eam,qux] [--instance=CASE/SIZE]...
//           [--check-json=FILE] [--list] [--list-instances]
//           [--tool=enzyme] [Google Benchmark flags...]
//
// Every derivative variant of every instance is first run once and compared
// with the hand-written gradient and with a directional central finite
// difference; the heap allocations of one call of each variant are counted.
// --check stops there (exit 1 on any disagreement). Otherwise the variants
// that agree are registered with Google Benchmark as CASE/SIZE/VARIANT.
//
// --tool=enzyme is for adbench-enzyme, the executable whose *_ad.c objects
// Enzyme compiled: the "adpass" variant is called "enzyme" there, and only
// primal, hand and enzyme run (the other variants are adbench's).
//
//===----------------------------------------------------------------------===//
#include "bench.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

using namespace bench;

namespace {

/// The AD tool whose gradients the "adpass" variants hold (--tool).
std::string ToolVariant = "adpass";

/// adbench-enzyme: the tool's variant renamed, the variants of other tools
/// dropped.
void keepToolVariants(Instance &I) {
  std::vector<Variant> Kept;
  for (Variant &V : I.Variants) {
    if (V.Name == "adpass")
      V.Name = ToolVariant;
    if (V.Name == "primal" || V.Name == "hand" || V.Name == ToolVariant)
      Kept.push_back(std::move(V));
  }
  I.Variants = std::move(Kept);
}

struct VariantResult {
  bool Checked = false; ///< a derivative variant
  bool Agree = true;    ///< agrees with the reference (hand-written)
  bool FdOk = true;     ///< passes the directional finite difference
  double Err = 0;       ///< relative difference to the reference
  double FdErr = 0;     ///< relative difference to the finite difference
  std::string Note;
  double Allocs = 0; ///< heap allocations of one call
  bool Timed = true;
};

using InstanceList = std::vector<std::unique_ptr<Instance>>;

struct InstanceResult {
  Instance *I;
  std::map<std::string, VariantResult> V;
  bool Ok = true;
};

double maxAbs(const std::vector<double> &A) {
  double M = 0;
  for (double X : A)
    M = std::max(M, std::fabs(X));
  return M;
}

bool allFinite(const std::vector<double> &A) {
  for (double X : A)
    if (!std::isfinite(X))
      return false;
  return true;
}

double relDiff(const std::vector<double> &A, const std::vector<double> &B) {
  if (A.size() != B.size())
    return INFINITY;
  double M = 0;
  for (size_t K = 0; K < A.size(); ++K)
    M = std::max(M, std::fabs(A[K] - B[K]));
  double S = maxAbs(B);
  return M / (S > 0 ? S : 1e-300);
}

/// Central difference of the primal along a random direction, compared with
/// the derivative's prediction. Returns the relative error.
double directionalFd(Instance &I, const std::vector<double> &G) {
  std::vector<double> X = I.GetX();
  if (X.size() != G.size())
    return INFINITY;
  Rng R(0xfdfdfdULL);
  std::vector<double> D(X.size()), Xp(X.size());
  double Lin = 0, Scale = 0;
  for (size_t K = 0; K < X.size(); ++K) {
    double Dir = (R.next() & 1) ? 1.0 : -1.0;
    D[K] = Dir * I.FdStep * (std::fabs(X[K]) + 0.01);
    Lin += G[K] * D[K];
    Scale += std::fabs(G[K] * D[K]);
  }
  for (size_t K = 0; K < X.size(); ++K)
    Xp[K] = X[K] + D[K];
  I.SetX(Xp);
  double Fp = I.Value();
  for (size_t K = 0; K < X.size(); ++K)
    Xp[K] = X[K] - D[K];
  I.SetX(Xp);
  double Fm = I.Value();
  I.SetX(X);
  double Fd = 0.5 * (Fp - Fm);
  return std::fabs(Fd - Lin) / (Scale > 0 ? Scale : 1e-300);
}

std::string jsonEscape(const std::string &S) {
  std::string O;
  for (char C : S) {
    switch (C) {
    case '"':
      O += "\\\"";
      break;
    case '\\':
      O += "\\\\";
      break;
    case '\n':
      O += "\\n";
      break;
    case '\t':
      O += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        char Buf[8];
        snprintf(Buf, sizeof Buf, "\\u%04x", C);
        O += Buf;
      } else {
        O += C;
      }
    }
  }
  return O;
}

std::string num(double X) {
  if (!std::isfinite(X))
    return "null";
  char Buf[32];
  snprintf(Buf, sizeof Buf, "%.6g", X);
  return Buf;
}

std::string firstLine(const std::string &S) {
  // Prefer the first line that says "error".
  std::istringstream In(S);
  std::string L, First;
  while (std::getline(In, L)) {
    if (First.empty() && !L.empty())
      First = L;
    if (L.find("error") != std::string::npos)
      return L;
  }
  return First;
}

InstanceResult checkInstance(Instance &I) {
  InstanceResult R;
  R.I = &I;
  std::map<std::string, std::vector<double>> D;
  for (Variant &V : I.Variants) {
    if (!V.Read)
      continue;
    V.Zero();
    V.Run();
    D[V.Name] = V.Read();
  }
  const std::vector<double> *Ref = D.count("hand") ? &D["hand"] : nullptr;
  // Directional finite difference for every exact derivative.
  for (Variant &V : I.Variants) {
    VariantResult &VR = R.V[V.Name];
    if (!V.Read)
      continue;
    VR.Checked = true;
    const std::vector<double> &G = D[V.Name];
    if (!allFinite(G)) {
      VR.FdOk = VR.Agree = false;
      VR.Note = "non-finite derivative";
      continue;
    }
    if (!V.Approx) {
      if (I.CustomFdCheck) {
        std::string E = I.CustomFdCheck(G);
        VR.FdOk = E.empty();
        if (!VR.FdOk)
          VR.Note = "finite difference: " + E;
      } else if (I.GetX) {
        VR.FdErr = directionalFd(I, G);
        VR.FdOk = VR.FdErr <= I.FdTol;
        if (!VR.FdOk)
          VR.Note = "directional finite difference off by " + num(VR.FdErr);
      }
    }
  }
  bool RefOk = Ref && R.V["hand"].FdOk;
  for (Variant &V : I.Variants) {
    VariantResult &VR = R.V[V.Name];
    if (!V.Read || V.Name == "hand" || !Ref)
      continue;
    VR.Err = relDiff(D[V.Name], *Ref);
    double Tol = V.Approx ? I.FdTol : I.Tol;
    VR.Agree = VR.Err <= Tol;
    if (!VR.Agree && VR.Note.empty())
      VR.Note = "differs from hand-written by " + num(VR.Err) +
                (RefOk ? "" : " (hand-written fails its own check)");
  }
  for (Variant &V : I.Variants) {
    VariantResult &VR = R.V[V.Name];
    bool Bad = !VR.FdOk || (!VR.Agree && RefOk);
    if (!VR.FdOk || !VR.Agree)
      R.Ok = false;
    VR.Timed = !Bad;
  }
  // Heap allocations of one call, after a warm-up call (derivative variants
  // were just run by the check).
  for (Variant &V : I.Variants) {
    if (!V.Read)
      V.Run();
    allocCountStart();
    V.Run();
    long N = allocCountStop();
    R.V[V.Name].Allocs = static_cast<double>(N) / V.CallsPerRun;
  }
  return R;
}

void printResult(const InstanceResult &R) {
  Instance &I = *R.I;
  for (Variant &V : I.Variants) {
    const VariantResult &VR = R.V.at(V.Name);
    std::string Status;
    if (!VR.Checked)
      Status = "-";
    else if (VR.FdOk && VR.Agree)
      Status = "ok (vs hand " + num(VR.Err) + ", fd " +
               (I.CustomFdCheck ? std::string("ok") : num(VR.FdErr)) + ")";
    else
      Status = "FAILED: " + VR.Note;
    printf("  %-10s %-22s %-11s allocs %-8s %s\n", I.Case.c_str(),
           I.Size.c_str(), V.Name.c_str(), num(VR.Allocs).c_str(),
           Status.c_str());
  }
  if (!I.ADPassDiag.empty())
    printf("  %-10s %-22s %-11s NOT DIFFERENTIABLE YET: %s\n", I.Case.c_str(),
           I.Size.c_str(), ToolVariant.c_str(),
           firstLine(I.ADPassDiag).c_str());
  fflush(stdout);
}

void writeJson(const std::vector<InstanceResult> &Results,
               const std::string &Path, bool AllOk) {
  FILE *F = fopen(Path.c_str(), "w");
  if (!F) {
    perror(Path.c_str());
    return;
  }
  fprintf(F, "{\n  \"ok\": %s,\n  \"instances\": [\n",
          AllOk ? "true" : "false");
  for (size_t K = 0; K < Results.size(); ++K) {
    const InstanceResult &R = Results[K];
    Instance &I = *R.I;
    fprintf(F,
            "    {\"case\": \"%s\", \"size\": \"%s\", \"ok\": %s, "
            "\"adpass_diag\": \"%s\", \"variants\": {",
            jsonEscape(I.Case).c_str(), jsonEscape(I.Size).c_str(),
            R.Ok ? "true" : "false", jsonEscape(I.ADPassDiag).c_str());
    for (size_t J = 0; J < I.Variants.size(); ++J) {
      const Variant &V = I.Variants[J];
      const VariantResult &VR = R.V.at(V.Name);
      fprintf(F,
              "%s\n      \"%s\": {\"checked\": %s, \"agree\": %s, \"fd_ok\": "
              "%s, \"err\": %s, \"fd_err\": %s, \"allocs\": %s, \"timed\": "
              "%s, \"calls_per_run\": %d, \"note\": \"%s\"}",
              J ? "," : "", V.Name.c_str(), VR.Checked ? "true" : "false",
              VR.Agree ? "true" : "false", VR.FdOk ? "true" : "false",
              num(VR.Err).c_str(), num(VR.FdErr).c_str(),
              num(VR.Allocs).c_str(), VR.Timed ? "true" : "false",
              V.CallsPerRun, jsonEscape(VR.Note).c_str());
    }
    fprintf(F, "}}%s\n", K + 1 < Results.size() ? "," : "");
  }
  fprintf(F, "  ]\n}\n");
  fclose(F);
}

bool allocSelfTest() {
  // Through volatile pointers, so the compiler cannot elide the allocations.
  void *(*volatile Malloc)(size_t) = malloc;
  void (*volatile Free)(void *) = free;
  char *(*volatile Strdup)(const char *) = strdup;
  allocCountStart();
  void *P = Malloc(10);
  char *S = Strdup("x"); // libc's own call to malloc
  std::string *Str = new std::string(100, 'x');
  long N = allocCountStop();
  Free(P);
  Free(S);
  delete Str;
  return N == 4;
}

} // namespace

int main(int argc, char **argv) {
  bool CheckOnly = false, List = false, ListInstances = false;
  std::string CheckJson, CaseFilter;
  std::set<std::string> WantedInstances;
  std::vector<char *> Rest{argv[0]};
  for (int K = 1; K < argc; ++K) {
    std::string A = argv[K];
    if (A == "--check")
      CheckOnly = true;
    else if (A == "--list")
      List = true;
    else if (A == "--list-instances")
      ListInstances = true;
    else if (A.rfind("--check-json=", 0) == 0)
      CheckJson = A.substr(13);
    else if (A.rfind("--cases=", 0) == 0)
      CaseFilter = A.substr(8);
    else if (A.rfind("--instance=", 0) == 0)
      WantedInstances.insert(A.substr(11));
    else if (A.rfind("--tool=", 0) == 0)
      ToolVariant = A.substr(7);
    else
      Rest.push_back(argv[K]);
  }

  std::vector<RegisteredCase> Cases = registeredCases();
  std::sort(Cases.begin(), Cases.end(),
            [](const RegisteredCase &A, const RegisteredCase &B) {
              return A.Order < B.Order;
            });
  std::set<std::string> Wanted;
  {
    std::stringstream SS(CaseFilter);
    std::string Item;
    while (std::getline(SS, Item, ','))
      if (!Item.empty())
        Wanted.insert(Item);
  }
  for (const std::string &W : Wanted)
    if (std::none_of(Cases.begin(), Cases.end(),
                     [&](const RegisteredCase &C) { return C.Name == W; })) {
      fprintf(stderr, "adbench: unknown case '%s' (see --list)\n", W.c_str());
      return 2;
    }
  // The selected instances, not built yet.
  std::vector<std::pair<std::string, Maker>> Selected;
  for (const RegisteredCase &C : Cases) {
    if (!Wanted.empty() && !Wanted.count(C.Name))
      continue;
    for (Maker &M : C.Make()) {
      std::string Id = C.Name + "/" + M.Size;
      if (!WantedInstances.empty() && !WantedInstances.count(Id))
        continue;
      Selected.emplace_back(Id, std::move(M));
    }
  }
  if (List || ListInstances) {
    std::set<std::string> Seen;
    for (auto &S : Selected) {
      std::string Name = List ? S.first.substr(0, S.first.find('/')) : S.first;
      if (Seen.insert(Name).second)
        printf("%s\n", Name.c_str());
    }
    return 0;
  }
  if (Selected.empty()) {
    fprintf(stderr, "adbench: no such instance (see --list-instances)\n");
    return 2;
  }

  if (!allocSelfTest()) {
    fprintf(stderr, "adbench: the allocation counter does not see malloc and "
                    "operator new; allocation counts would be wrong\n");
    return 2;
  }

  InstanceList Instances;
  for (auto &S : Selected) {
    Instances.push_back(S.second.Make());
    Instance &I = *Instances.back();
    if (ToolVariant != "adpass")
      keepToolVariants(I);
    if (I.Case + "/" + I.Size != S.first) {
      fprintf(stderr, "adbench: instance %s calls itself %s/%s\n",
              S.first.c_str(), I.Case.c_str(), I.Size.c_str());
      return 2;
    }
  }

  printf("Agreement checks and heap allocations per call:\n");
  std::vector<InstanceResult> Results;
  bool AllOk = true;
  for (auto &I : Instances) {
    Results.push_back(checkInstance(*I));
    AllOk &= Results.back().Ok;
    printResult(Results.back());
  }
  int Unsupported = 0;
  for (auto &I : Instances)
    Unsupported += !I->ADPassDiag.empty();
  printf("%s: %zu instances, %d without a gradient from %s yet\n",
         AllOk ? "all variants agree" : "DISAGREEMENT", Instances.size(),
         Unsupported, ToolVariant == "adpass" ? "ADPass" : ToolVariant.c_str());
  if (!CheckJson.empty())
    writeJson(Results, CheckJson, AllOk);
  if (CheckOnly)
    return AllOk ? 0 : 1;

  for (InstanceResult &R : Results) {
    for (Variant &V : R.I->Variants) {
      if (!R.V[V.Name].Timed)
        continue;
      std::string Name = R.I->Case + "/" + R.I->Size + "/" + V.Name;
      Variant *VP = &V;
      benchmark::RegisterBenchmark(Name.c_str(), [VP](benchmark::State &S) {
        for (auto _ : S)
          VP->Run();
        S.counters["calls_per_run"] = VP->CallsPerRun;
      })->Unit(benchmark::kMicrosecond);
    }
  }
  int RestArgc = static_cast<int>(Rest.size());
  benchmark::Initialize(&RestArgc, Rest.data());
  if (benchmark::ReportUnrecognizedArguments(RestArgc, Rest.data()))
    return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return AllOk ? 0 : 1;
}
