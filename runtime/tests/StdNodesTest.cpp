// Unit tests of the runtime's bodies of libstdc++'s node routines
// (runtime/ADStdNodes.c): this program defines libstdc++'s symbols as calls
// to them, so that std::map, std::multiset and std::list run on them here,
// checked against plain models and against libstdc++'s own red-black
// invariant check (_Rb_tree::__rb_verify). And the runtime's outermost list
// of deferred frees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <list>
#include <map>
#include <random>
#include <set>
#include <vector>

using Node = std::_Rb_tree_node_base;

extern "C" {
Node *__ad_std_rb_increment(Node *);
Node *__ad_std_rb_decrement(Node *);
void __ad_std_rb_insert_rebalance(bool, Node *, Node *, Node *);
Node *__ad_std_rb_rebalance_for_erase(Node *, Node *);
void __ad_std_list_hook(void *, void *);
void __ad_std_list_unhook(void *);
void __ad_std_list_transfer(void *, void *, void *);
void __ad_std_list_reverse(void *);
void __ad_std_list_swap(void *, void *);
void __ad_defer_free_outer(void (*)(void *), void *, void *);
uint64_t __ad_outer_frees_mark(void);
void __ad_outer_frees_release(uint64_t);
}

static int StandInCalls = 0;

namespace std {
Node *_Rb_tree_increment(Node *x) throw() {
  ++StandInCalls;
  return __ad_std_rb_increment(x);
}
const Node *_Rb_tree_increment(const Node *x) throw() {
  ++StandInCalls;
  return __ad_std_rb_increment(const_cast<Node *>(x));
}
Node *_Rb_tree_decrement(Node *x) throw() { return __ad_std_rb_decrement(x); }
const Node *_Rb_tree_decrement(const Node *x) throw() {
  return __ad_std_rb_decrement(const_cast<Node *>(x));
}
void _Rb_tree_insert_and_rebalance(const bool left, Node *x, Node *p,
                                   Node &h) throw() {
  __ad_std_rb_insert_rebalance(left, x, p, &h);
}
Node *_Rb_tree_rebalance_for_erase(Node *const z, Node &h) throw() {
  return __ad_std_rb_rebalance_for_erase(z, &h);
}
namespace __detail {
void _List_node_base::_M_hook(_List_node_base *p) noexcept {
  __ad_std_list_hook(this, p);
}
void _List_node_base::_M_unhook() noexcept { __ad_std_list_unhook(this); }
void _List_node_base::_M_transfer(_List_node_base *f,
                                  _List_node_base *l) noexcept {
  __ad_std_list_transfer(this, f, l);
}
void _List_node_base::_M_reverse() noexcept { __ad_std_list_reverse(this); }
void _List_node_base::swap(_List_node_base &a, _List_node_base &b) noexcept {
  __ad_std_list_swap(&a, &b);
}
} // namespace __detail
} // namespace std

using Tree = std::_Rb_tree<int, int, std::_Identity<int>, std::less<int>>;

static std::vector<int> contents(const Tree &t) {
  return std::vector<int>(t.begin(), t.end());
}

TEST(StdNodes, TreeInsertEraseKeepsOrderAndInvariants) {
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 60; ++Round) {
    Tree T;
    std::vector<int> Model;
    int Ops = 1 + Rng() % 200;
    for (int K = 0; K < Ops; ++K) {
      int V = Rng() % 40;
      if (Rng() % 3 != 0) {
        T._M_insert_equal(V);
        Model.insert(std::upper_bound(Model.begin(), Model.end(), V), V);
      } else if (auto It = T.find(V); It != T.end()) {
        T.erase(It);
        Model.erase(std::lower_bound(Model.begin(), Model.end(), V));
      }
      ASSERT_TRUE(T.__rb_verify());
      ASSERT_EQ(contents(T), Model);
      std::vector<int> Back(T.rbegin(), T.rend());
      std::reverse(Back.begin(), Back.end());
      ASSERT_EQ(Back, Model);
    }
    // Empty it from both ends.
    while (!Model.empty()) {
      bool Front = Rng() % 2;
      T.erase(Front ? T.begin() : std::prev(T.end()));
      Model.erase(Front ? Model.begin() : std::prev(Model.end()));
      ASSERT_TRUE(T.__rb_verify());
      ASSERT_EQ(contents(T), Model);
    }
  }
  EXPECT_GT(StandInCalls, 0); // (the definitions above were used)
}

TEST(StdNodes, MapAndSet) {
  std::map<int, double> M;
  for (int K = 0; K < 100; ++K)
    M[(K * 37) % 23] += K;
  std::set<int> Keys;
  for (const auto &KV : M)
    Keys.insert(KV.first);
  EXPECT_EQ(Keys.size(), 23u);
  EXPECT_EQ(*Keys.begin(), 0);
  EXPECT_EQ(*Keys.rbegin(), 22);
  M.erase(5);
  EXPECT_EQ(M.count(5), 0u);
  EXPECT_EQ(M.size(), 22u);
}

TEST(StdNodes, ListOperations) {
  std::mt19937 Rng(3);
  for (int Round = 0; Round < 40; ++Round) {
    std::list<int> A, B;
    std::vector<int> MA, MB;
    for (int K = 0; K < int(Rng() % 50); ++K) {
      int V = Rng() % 100;
      if (Rng() % 2) {
        A.push_back(V);
        MA.push_back(V);
      } else {
        A.push_front(V);
        MA.insert(MA.begin(), V);
      }
    }
    for (int K = 0; K < int(Rng() % 10); ++K) {
      B.push_back(K);
      MB.push_back(K);
    }
    A.reverse();
    std::reverse(MA.begin(), MA.end());
    ASSERT_EQ(std::vector<int>(A.begin(), A.end()), MA);
    A.sort();
    std::stable_sort(MA.begin(), MA.end());
    ASSERT_EQ(std::vector<int>(A.begin(), A.end()), MA);
    A.splice(A.begin(), B);
    MA.insert(MA.begin(), MB.begin(), MB.end());
    ASSERT_TRUE(B.empty());
    ASSERT_EQ(std::vector<int>(A.begin(), A.end()), MA);
    A.swap(B);
    ASSERT_TRUE(A.empty());
    ASSERT_EQ(std::vector<int>(B.begin(), B.end()), MA);
    B.remove_if([](int V) { return V % 3 == 0; });
    MA.erase(
        std::remove_if(MA.begin(), MA.end(), [](int V) { return V % 3 == 0; }),
        MA.end());
    ASSERT_EQ(std::vector<int>(B.begin(), B.end()), MA);
    std::vector<int> Back(B.rbegin(), B.rend());
    std::reverse(Back.begin(), Back.end());
    ASSERT_EQ(Back, MA);
  }
}

static int Freed = 0;
static void countFree(void *P) {
  ++Freed;
  free(P);
}

TEST(OuterFrees, ReleasedFromTheMarkOnly) {
  Freed = 0;
  uint64_t Outer = __ad_outer_frees_mark();
  __ad_defer_free_outer(countFree, malloc(8), malloc(8));
  uint64_t Inner = __ad_outer_frees_mark();
  __ad_defer_free_outer(countFree, malloc(8), nullptr);
  __ad_defer_free_outer(countFree, malloc(8), malloc(8));
  __ad_outer_frees_release(Inner); // a nested derivative's end
  EXPECT_EQ(Freed, 2);
  EXPECT_EQ(__ad_outer_frees_mark(), Inner);
  __ad_outer_frees_release(Outer);
  EXPECT_EQ(Freed, 3);
  EXPECT_EQ(__ad_outer_frees_mark(), Outer);
}
