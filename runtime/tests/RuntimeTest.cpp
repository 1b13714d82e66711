// Unit tests of the ADPass runtime: shadows, workspaces, memory adjoints.
#include "ad.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

extern "C" {
size_t __ad_ws_mark(ad_workspace_t *ws);
void __ad_ws_release(ad_workspace_t *ws, size_t mark);
void *__ad_tape_realloc(ad_workspace_t *ws, void *old, size_t old_bytes,
                        size_t new_bytes);
void __ad_tape_free(ad_workspace_t *ws, void *p);
void __ad_memmove_adjoint_f64(double *dsrc, double *ddst, size_t bytes);
void __ad_memmove_adjoint_f32(float *dsrc, float *ddst, size_t bytes);
void *__ad_shadow_alloc_aligned(size_t align, size_t bytes);
void __ad_shadow_memalign(int rc, void **dout, size_t align, size_t bytes);
void *__ad_shadow_realloc_keep(const void *old, size_t kept, size_t bytes);
void __ad_defer_free(void **list, void (*fn)(void *), void *primal,
                     void *shadow);
void __ad_free_deferred(void **list);
}

TEST(Shadow, AllocIsZeroedAndZeroClears) {
  auto *d = static_cast<double *>(ad_shadow_alloc(100 * sizeof(double)));
  ASSERT_NE(d, nullptr);
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(d[i], 0.0);
  d[7] = 3.0;
  ad_shadow_zero(d, 100 * sizeof(double));
  EXPECT_EQ(d[7], 0.0);
  ad_shadow_free(d);
  ad_shadow_zero(nullptr, 8); // harmless
}

TEST(Shadow, ReallocKeepsContentsAndZeroesTheGrownPart) {
  auto *d = static_cast<double *>(ad_shadow_alloc(2 * sizeof(double)));
  d[0] = 1.0;
  d[1] = 2.0;
  d = static_cast<double *>(
      ad_shadow_realloc(d, 2 * sizeof(double), 1000 * sizeof(double)));
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d[0], 1.0);
  EXPECT_EQ(d[1], 2.0);
  for (int i = 2; i < 1000; ++i)
    ASSERT_EQ(d[i], 0.0) << i;
  d = static_cast<double *>(
      ad_shadow_realloc(d, 1000 * sizeof(double), sizeof(double)));
  EXPECT_EQ(d[0], 1.0);
  ad_shadow_free(d);
}

TEST(Shadow, AlignedAllocIsAlignedAndZeroed) {
  for (size_t align : {1u, 16u, 64u, 4096u}) {
    auto *d = static_cast<double *>(__ad_shadow_alloc_aligned(align, 80));
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(d) % align, 0u);
    for (int i = 0; i < 10; ++i)
      EXPECT_EQ(d[i], 0.0);
    ad_shadow_free(d);
  }
}

TEST(Shadow, MemalignShadowOnlyWhenThePrimalSucceeded) {
  void *d = nullptr;
  __ad_shadow_memalign(22 /* EINVAL */, &d, 64, 32);
  EXPECT_EQ(d, nullptr);
  __ad_shadow_memalign(0, &d, 64, 32);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(d) % 64, 0u);
  EXPECT_EQ(static_cast<double *>(d)[3], 0.0);
  ad_shadow_free(d);
}

TEST(Shadow, ReallocKeepLeavesTheOldShadow) {
  double old[3] = {1.0, 2.0, 3.0};
  // Grown: the kept bytes, then zeros.
  auto *g = static_cast<double *>(
      __ad_shadow_realloc_keep(old, 3 * sizeof(double), 5 * sizeof(double)));
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g[0], 1.0);
  EXPECT_EQ(g[2], 3.0);
  EXPECT_EQ(g[3], 0.0);
  EXPECT_EQ(g[4], 0.0);
  EXPECT_EQ(old[1], 2.0);
  ad_shadow_free(g);
  // realloc(NULL, n): nothing kept.
  g = static_cast<double *>(__ad_shadow_realloc_keep(nullptr, 0, 16));
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g[1], 0.0);
  ad_shadow_free(g);
}

static std::vector<void *> Freed;
static void recordFree(void *P) {
  Freed.push_back(P);
  free(P);
}

TEST(Shadow, DeferredFreesRunLastFirstAndEmptyTheList) {
  void *List = nullptr;
  Freed.clear();
  std::vector<void *> Primals;
  for (int i = 0; i < 40; ++i) { // grows the list past its first capacity
    Primals.push_back(malloc(8));
    __ad_defer_free(&List, recordFree, Primals.back(), ad_shadow_alloc(8));
  }
  __ad_defer_free(&List, nullptr, nullptr, ad_shadow_alloc(8)); // shadow only
  __ad_free_deferred(&List);
  EXPECT_EQ(List, nullptr);
  ASSERT_EQ(Freed.size(), Primals.size());
  for (size_t k = 0; k < Primals.size(); ++k)
    EXPECT_EQ(Freed[k], Primals[Primals.size() - 1 - k]);
  __ad_free_deferred(&List); // nothing deferred: nothing done
}

TEST(Workspace, TapesComeFromTheWorkspaceAndAreReleased) {
  ad_workspace_t *ws = ad_workspace_create(1 << 12);
  size_t mark = __ad_ws_mark(ws);
  auto *t = static_cast<double *>(__ad_tape_realloc(ws, nullptr, 0, 128));
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t) % 64, 0u);
  t[0] = 1.5;
  // The top block grows in place.
  auto *t2 = static_cast<double *>(__ad_tape_realloc(ws, t, 128, 1024));
  EXPECT_EQ(t2, t);
  EXPECT_EQ(t2[0], 1.5);
  __ad_tape_free(ws, t2);
  __ad_ws_release(ws, mark);
  EXPECT_EQ(__ad_ws_mark(ws), mark);
  ad_workspace_stats_t st = ad_workspace_stats(ws);
  EXPECT_EQ(st.heap_allocations, 0u);
  EXPECT_GE(st.peak_bytes, 1024u);
  ad_workspace_destroy(ws);
}

TEST(Workspace, MovesAndKeepsContentsWhenNotOnTop) {
  ad_workspace_t *ws = ad_workspace_create(1 << 12);
  auto *a = static_cast<double *>(__ad_tape_realloc(ws, nullptr, 0, 64));
  auto *b = static_cast<double *>(__ad_tape_realloc(ws, nullptr, 0, 64));
  a[0] = 2.0;
  auto *a2 = static_cast<double *>(__ad_tape_realloc(ws, a, 64, 256));
  EXPECT_NE(a2, a);
  EXPECT_GT(a2, b);
  EXPECT_EQ(a2[0], 2.0);
  ad_workspace_destroy(ws);
}

TEST(Workspace, FallsBackToTheHeapAndCountsIt) {
  ad_workspace_t *ws = ad_workspace_create(64);
  auto *t = static_cast<double *>(__ad_tape_realloc(ws, nullptr, 0, 64));
  t[0] = 4.0;
  auto *big = static_cast<double *>(__ad_tape_realloc(ws, t, 64, 1 << 16));
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(big[0], 4.0);
  ad_workspace_stats_t st = ad_workspace_stats(ws);
  EXPECT_EQ(st.heap_allocations, 1u);
  EXPECT_EQ(st.heap_bytes, size_t(1 << 16));
  __ad_tape_free(ws, big);
  ad_workspace_reset_stats(ws);
  EXPECT_EQ(ad_workspace_stats(ws).heap_allocations, 0u);
  ad_workspace_destroy(ws);
}

TEST(Workspace, WrapsAUserBuffer) {
  alignas(64) static unsigned char buffer[1024];
  ad_workspace_t *ws = ad_workspace_wrap(buffer + 3, sizeof buffer - 3);
  void *t = __ad_tape_realloc(ws, nullptr, 0, 128);
  EXPECT_GE(static_cast<unsigned char *>(t), buffer);
  EXPECT_LT(static_cast<unsigned char *>(t), buffer + sizeof buffer);
  __ad_tape_free(ws, t);
  ad_workspace_destroy(ws); // does not free the user's buffer
}

TEST(Tape, NoWorkspaceUsesTheHeap) {
  void *t = __ad_tape_realloc(nullptr, nullptr, 0, 256);
  ASSERT_NE(t, nullptr);
  t = __ad_tape_realloc(nullptr, t, 256, 4096);
  __ad_tape_free(nullptr, t);
  EXPECT_EQ(__ad_ws_mark(nullptr), 0u);
}

// A large tape freed is kept for the next call of about its size (no new
// allocation, no page faults); small ones and much smaller requests are not.
TEST(Tape, LargeBlocksAreKeptForTheNextCall) {
  const size_t Big = size_t(8) << 20;
  void *t = __ad_tape_realloc(nullptr, nullptr, 0, Big);
  ASSERT_NE(t, nullptr);
  __ad_tape_free(nullptr, t);
  void *again = __ad_tape_realloc(nullptr, nullptr, 0, Big - 100);
  EXPECT_EQ(again, t);
  __ad_tape_free(nullptr, again);
  void *small = __ad_tape_realloc(nullptr, nullptr, 0, 4096);
  EXPECT_NE(small, t); // far smaller than the kept block: not handed out
  __ad_tape_free(nullptr, small);
  void *last = __ad_tape_realloc(nullptr, nullptr, 0, Big);
  EXPECT_EQ(last, t);
  __ad_tape_free(nullptr, last); // kept until the thread ends
}

// memmove(dst, src, n) moved src[k] to dst[k]: in reverse, the adjoint of
// dst[k] goes to src[k] and the destination's adjoint restarts from zero.
static std::vector<double> reverseOfMove(int Dst, int Src, int N) {
  std::vector<double> adj(12);
  for (int i = 0; i < 12; ++i)
    adj[i] = 1 + i;
  std::vector<double> expect(adj);
  for (int k = 0; k < N; ++k)
    expect[Dst + k] = 0;
  for (int k = 0; k < N; ++k)
    expect[Src + k] += adj[Dst + k];
  __ad_memmove_adjoint_f64(adj.data() + Src, adj.data() + Dst,
                           N * sizeof(double));
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(adj[i], expect[i])
        << "dst " << Dst << " src " << Src << " i " << i;
  return adj;
}

TEST(MemoryAdjoints, MemmoveInBothDirectionsAndWithoutOverlap) {
  reverseOfMove(3, 0, 6); // overlapping, moving up
  reverseOfMove(0, 3, 6); // overlapping, moving down
  reverseOfMove(6, 0, 5); // disjoint
  reverseOfMove(2, 2, 4); // onto itself: nothing changes
}

TEST(MemoryAdjoints, FloatVariant) {
  float d[4] = {1, 2, 3, 4};
  __ad_memmove_adjoint_f32(d, d + 2, 2 * sizeof(float));
  EXPECT_EQ(d[0], 4.0f);
  EXPECT_EQ(d[1], 6.0f);
  EXPECT_EQ(d[2], 0.0f);
  EXPECT_EQ(d[3], 0.0f);
}
