//===- alloc_count.cpp - Count heap allocations in the benchmark binary ---===//
//
// The benchmark executable defines malloc, calloc, realloc, the aligned
// allocators and every replaceable operator new. The dynamic linker resolves
// all references to them, from libc, libstdc++ and libadolc included, to these
// definitions, which count and forward to glibc's own allocator
// (__libc_malloc and friends). Counting is off unless a caller turned it on,
// so the timed loops pay one predictable branch.
//
//===----------------------------------------------------------------------===//
#include "bench.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <new>

extern "C" {
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void __libc_free(void *);
void *__libc_memalign(size_t, size_t);
}

namespace {
std::atomic<bool> Counting{false};
std::atomic<long> Count{0};

inline void note() {
  if (Counting.load(std::memory_order_relaxed))
    Count.fetch_add(1, std::memory_order_relaxed);
}
} // namespace

void bench::allocCountStart() {
  Count.store(0);
  Counting.store(true);
}

long bench::allocCountStop() {
  Counting.store(false);
  return Count.load();
}

extern "C" {
void *malloc(size_t N) {
  note();
  return __libc_malloc(N);
}

void *calloc(size_t N, size_t S) {
  note();
  return __libc_calloc(N, S);
}

void *realloc(void *P, size_t N) {
  note();
  return __libc_realloc(P, N);
}

void free(void *P) { __libc_free(P); }

void *memalign(size_t A, size_t N) {
  note();
  return __libc_memalign(A, N);
}

void *aligned_alloc(size_t A, size_t N) {
  note();
  return __libc_memalign(A, N);
}

int posix_memalign(void **Out, size_t A, size_t N) {
  note();
  void *P = __libc_memalign(A, N);
  if (!P)
    return ENOMEM;
  *Out = P;
  return 0;
}
} // extern "C"

namespace {
void *newImpl(size_t N) {
  void *P = malloc(N ? N : 1);
  if (!P)
    throw std::bad_alloc();
  return P;
}

void *newAligned(size_t N, std::align_val_t A) {
  void *P = aligned_alloc(static_cast<size_t>(A), N ? N : 1);
  if (!P)
    throw std::bad_alloc();
  return P;
}
} // namespace

void *operator new(size_t N) { return newImpl(N); }
void *operator new[](size_t N) { return newImpl(N); }
void *operator new(size_t N, const std::nothrow_t &) noexcept {
  return malloc(N ? N : 1);
}
void *operator new[](size_t N, const std::nothrow_t &) noexcept {
  return malloc(N ? N : 1);
}
void *operator new(size_t N, std::align_val_t A) { return newAligned(N, A); }
void *operator new[](size_t N, std::align_val_t A) { return newAligned(N, A); }
void operator delete(void *P) noexcept { free(P); }
void operator delete[](void *P) noexcept { free(P); }
void operator delete(void *P, size_t) noexcept { free(P); }
void operator delete[](void *P, size_t) noexcept { free(P); }
void operator delete(void *P, std::align_val_t) noexcept { free(P); }
void operator delete[](void *P, std::align_val_t) noexcept { free(P); }
void operator delete(void *P, size_t, std::align_val_t) noexcept { free(P); }
void operator delete[](void *P, size_t, std::align_val_t) noexcept { free(P); }
