//===- bench.cpp - Harness support: registry, ADOL-C tapes
//-----------------===//
#include "bench.h"

#include <adolc/adolc.h>

#include <cstdio>
#include <cstdlib>

namespace {
volatile double SinkValue;
short NextTag = 1;
} // namespace

void bench::sink(double V) { SinkValue = V; }

std::vector<bench::RegisteredCase> &bench::registeredCases() {
  static std::vector<RegisteredCase> Cases;
  return Cases;
}

bench::CaseRegistrar::CaseRegistrar(const char *Name, int Order, Factory F) {
  registeredCases().push_back({Name, Order, F});
}

std::string bench::adpassDiag(bool EntryLinked, const char *StubDiag) {
  if (EntryLinked)
    return "";
  if (StubDiag && *StubDiag)
    return StubDiag;
  return "ADPass object missing from the link (no entry point, no stub)";
}

bench::AdolcTape::AdolcTape(std::function<void()> B, size_t OpsHint)
    : Body(std::move(B)), Tag(NextTag++) {
  if (OpsHint > 500000) {
    Obs = static_cast<unsigned>(OpsHint);
    Lbs = static_cast<unsigned>(3 * OpsHint);
    Vbs = static_cast<unsigned>(OpsHint);
    Tbs = static_cast<unsigned>(OpsHint);
  }
  recordOnce();
  size_t Stats[STAT_SIZE];
  tapestats(Tag, Stats);
  bool Spilled = Stats[OP_FILE_ACCESS] || Stats[LOC_FILE_ACCESS] ||
                 Stats[VAL_FILE_ACCESS] ||
                 Stats[TAY_STACK_SIZE] > Stats[TAY_BUFFER_SIZE];
  // Size every buffer to hold the whole tape (with some slack), then record
  // again so that neither the tape nor the Taylor stack goes to a file.
  auto Size = [](size_t N, size_t Min) {
    size_t S = N + N / 8 + 1024;
    return static_cast<unsigned>(S < Min ? Min : S);
  };
  Obs = Size(Stats[NUM_OPERATIONS], Stats[OP_BUFFER_SIZE]);
  Lbs = Size(Stats[NUM_LOCATIONS], Stats[LOC_BUFFER_SIZE]);
  Vbs = Size(Stats[NUM_VALUES], Stats[VAL_BUFFER_SIZE]);
  Tbs = Size(Stats[TAY_STACK_SIZE], Stats[TAY_BUFFER_SIZE]);
  if (Spilled)
    recordOnce();
  tapestats(Tag, Stats);
  if (getenv("ADBENCH_TAPE_DEBUG"))
    fprintf(stderr,
            "tape %d: ops %zu locs %zu vals %zu tay %zu (buf %zu) files "
            "%zu%zu%zu spilled-first %d\n",
            Tag, Stats[NUM_OPERATIONS], Stats[NUM_LOCATIONS], Stats[NUM_VALUES],
            Stats[TAY_STACK_SIZE], Stats[TAY_BUFFER_SIZE],
            Stats[OP_FILE_ACCESS], Stats[LOC_FILE_ACCESS],
            Stats[VAL_FILE_ACCESS], Spilled);
}

void bench::AdolcTape::record() { recordOnce(); }

void bench::AdolcTape::recordOnce() {
  if (Obs)
    trace_on(Tag, 0, Obs, Lbs, Vbs, Tbs);
  else
    trace_on(Tag);
  Body();
  trace_off();
}
