// ADPass typed C++ API: the activities as types, the result as a type, wrong
// use a compile error. Compile with `clang++ -fplugin=libADPass.so` (or
// `ad-clang++`); see docs/cpp.md.
//
//   double f(const double *x, double a, int n);
//   double dfda = ad::gradient(f, ad::dup(x, dx), ad::active(a),
//                              ad::constant(n));       // adds df/dx to dx
//   double t = ad::tangent(f, ad::dup(x, tx), ad::dual(a, 1.0),
//                          ad::constant(n));           // forward mode
//
// The function is a free or static member function (by name, or as a
// template argument: ad::gradient<f>(...)), a lambda or another function
// object (captureless or capturing; its captures are constants), or a member
// function with its object first: ad::gradient<&Model::energy>(
// ad::constant(&model), ...). With one active scalar the gradient is that
// derivative, with several a std::tuple of them in order (structured
// bindings), with none void.
#ifndef ADPASS_AD_HPP
#define ADPASS_AD_HPP

#include <ad.h>

#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

// The entry points the plugin lowers; R is what the derivative call returns.
// Not nothrow: an exception thrown by the differentiated code leaves them.
template <class R> R __ad_autodiff_cxx(void *, ...);
template <class R> R __ad_fwddiff_cxx(void *, ...);

namespace ad {

/// A pointer and its shadow (same layout): reverse mode adds the gradient of
/// what the pointer points to into the shadow; forward mode reads and writes
/// tangents there.
template <class T, class S> struct Dup {
  T *primal;
  S *shadow;
};
/// As Dup, when the caller does not need the values written through it.
template <class T, class S> struct DupNoNeed {
  T *primal;
  S *shadow;
};
/// An argument without derivative.
template <class T> struct Const {
  T value;
};
/// A floating-point argument whose derivative the gradient returns.
template <class T> struct Active {
  T value;
};
/// Forward mode: a floating-point argument and its tangent.
template <class T> struct Dual {
  T value;
  T tangent;
};
/// Reverse mode: tapes carved from a caller-owned workspace.
struct Workspace {
  ad_workspace_t *ws;
};
/// Reverse mode of a function returning a struct or vector (in registers):
/// the seed of each of its values.
template <class R> struct Seed {
  const R *values;
};
/// Vector mode: N directions in one call (docs/higher-order.md).
template <int N> struct Width {};
/// Vector mode: a pointer and its N shadows, shadow k at shadow + k * stride
/// elements.
template <class T, class S> struct DupV {
  T *primal;
  S *shadow;
  std::size_t stride;
};

namespace detail {
template <class T> struct IsScalar {
  static constexpr bool value = std::is_arithmetic_v<T> ||
                                std::is_enum_v<T> || std::is_pointer_v<T>;
};
template <class C>
using DataOf = std::remove_pointer_t<decltype(std::declval<C &>().data())>;
} // namespace detail

template <class T, class S> constexpr Dup<T, S> dup(T *p, S *dp) {
  static_assert(std::is_same_v<std::remove_const_t<T>, S>,
                "ad::dup(p, dp): the shadow must have the type of the data "
                "(without const)");
  return {p, dp};
}
/// A container with contiguous storage (std::vector, std::array...) and its
/// shadow container: the data() of each.
template <class C, class D, class = detail::DataOf<C>,
          class = detail::DataOf<D>>
constexpr auto dup(C &x, D &dx) {
  return dup(x.data(), dx.data());
}
template <class T, class S> constexpr DupNoNeed<T, S> dup_noneed(T *p, S *dp) {
  static_assert(std::is_same_v<std::remove_const_t<T>, S>,
                "ad::dup_noneed(p, dp): the shadow must have the type of the "
                "data (without const)");
  return {p, dp};
}
template <class T> constexpr Const<T> constant(T v) {
  static_assert(detail::IsScalar<T>::value,
                "ad::constant(v): v must be a number, an enum or a pointer; "
                "pass objects by pointer (ad::constant(&obj))");
  return {v};
}
template <class T> constexpr Active<T> active(T v) {
  static_assert(std::is_floating_point_v<T>,
                "ad::active(x): only floating-point arguments are active");
  return {v};
}
template <class T, class U> constexpr Dual<T> dual(T v, U tangent) {
  static_assert(std::is_floating_point_v<T>,
                "ad::dual(x, dx): only floating-point arguments have tangents");
  return {v, static_cast<T>(tangent)};
}
inline Workspace workspace(ad_workspace_t *ws) { return {ws}; }
/// The gradient is then that of sum_k s.k * result.k.
template <class R> constexpr Seed<R> seed(const R &s) { return {&s}; }
/// N directions in one call: each pointer then takes N shadows (ad::dupv),
/// forward mode returns N tangents (std::array), reverse mode N sets of
/// derivatives of the ad::active arguments.
template <int N> constexpr Width<N> width() {
  static_assert(N >= 1 && N <= 64, "ad::width<N>(): N from 1 to 64");
  return {};
}
template <class T, class S>
constexpr DupV<T, S> dupv(T *p, S *dp, std::size_t stride) {
  static_assert(std::is_same_v<std::remove_const_t<T>, S>,
                "ad::dupv(p, dp, stride): the shadows must have the type of "
                "the data (without const)");
  return {p, dp, stride};
}

namespace detail {

#define AD_INLINE __attribute__((always_inline)) inline

template <class A, class = void> struct Slot {
  // Bare numbers and enums are constants; everything else must be wrapped.
  static constexpr bool valid =
      std::is_integral_v<A> || std::is_enum_v<A>;
  static_assert(!std::is_floating_point_v<A>,
                "ad: wrap a floating-point argument in ad::active(x) "
                "(reverse mode), ad::dual(x, dx) (forward mode) or "
                "ad::constant(x)");
  static_assert(!std::is_pointer_v<A>,
                "ad: wrap a pointer argument in ad::dup(p, dp) or "
                "ad::constant(p)");
  static_assert(valid, "ad: an argument must be ad::dup, ad::dup_noneed, "
                       "ad::active, ad::dual, ad::constant, ad::workspace, "
                       "or an integer");
  using Param = A;
  static constexpr int *marker = &ad_const;
  static AD_INLINE A first(A a) { return a; }
  static AD_INLINE int *second(A) { return &ad_pad; }
  static AD_INLINE int *third(A) { return &ad_pad; }
};
template <class T, class S> struct Slot<Dup<T, S>> {
  using Param = T *;
  static constexpr int *marker = &ad_dup;
  static AD_INLINE T *first(Dup<T, S> a) { return a.primal; }
  static AD_INLINE S *second(Dup<T, S> a) { return a.shadow; }
  static AD_INLINE int *third(Dup<T, S>) { return &ad_pad; }
};
template <class T, class S> struct Slot<DupNoNeed<T, S>> {
  using Param = T *;
  static constexpr int *marker = &ad_dupnoneed;
  static AD_INLINE T *first(DupNoNeed<T, S> a) { return a.primal; }
  static AD_INLINE S *second(DupNoNeed<T, S> a) { return a.shadow; }
  static AD_INLINE int *third(DupNoNeed<T, S>) { return &ad_pad; }
};
template <class T> struct Slot<Const<T>> {
  using Param = T;
  static constexpr int *marker = &ad_const;
  static AD_INLINE T first(Const<T> a) { return a.value; }
  static AD_INLINE int *second(Const<T>) { return &ad_pad; }
  static AD_INLINE int *third(Const<T>) { return &ad_pad; }
};
template <class T> struct Slot<Active<T>> {
  using Param = T;
  static constexpr int *marker = &ad_out;
  static AD_INLINE T first(Active<T> a) { return a.value; }
  static AD_INLINE int *second(Active<T>) { return &ad_pad; }
  static AD_INLINE int *third(Active<T>) { return &ad_pad; }
};
template <class T> struct Slot<Dual<T>> {
  using Param = T;
  static constexpr int *marker = &ad_dup;
  static AD_INLINE T first(Dual<T> a) { return a.value; }
  static AD_INLINE T second(Dual<T> a) { return a.tangent; }
  static AD_INLINE int *third(Dual<T>) { return &ad_pad; }
};
template <> struct Slot<Workspace> {
  using Param = void; // not an argument of the function
  static constexpr int *marker = &ad_workspace;
  static AD_INLINE ad_workspace_t *first(Workspace a) { return a.ws; }
  static AD_INLINE int *second(Workspace) { return &ad_pad; }
  static AD_INLINE int *third(Workspace) { return &ad_pad; }
};
template <class R> struct Slot<Seed<R>> {
  using Param = void; // not an argument of the function
  static constexpr int *marker = &ad_seed;
  static AD_INLINE const R *first(Seed<R> a) { return a.values; }
  static AD_INLINE int *second(Seed<R>) { return &ad_pad; }
  static AD_INLINE int *third(Seed<R>) { return &ad_pad; }
};

/// Enzyme's return markers, for <enzyme/enzyme>: the call also returns the
/// result (PrimalReturn), or does not differentiate it (ConstReturn).
struct PrimalReturn {};
struct ConstReturn {};
template <> struct Slot<PrimalReturn> {
  using Param = void; // not an argument of the function
  static constexpr int *marker = &enzyme_primal_return;
  static AD_INLINE int *first(PrimalReturn) { return &ad_pad; }
  static AD_INLINE int *second(PrimalReturn) { return &ad_pad; }
  static AD_INLINE int *third(PrimalReturn) { return &ad_pad; }
};
template <int N> struct Slot<Width<N>> {
  using Param = void; // not an argument of the function
  static constexpr int *marker = &ad_width;
  static AD_INLINE int first(Width<N>) { return N; }
  static AD_INLINE int *second(Width<N>) { return &ad_pad; }
  static AD_INLINE int *third(Width<N>) { return &ad_pad; }
};
template <class T, class S> struct Slot<DupV<T, S>> {
  using Param = T *;
  static constexpr int *marker = &ad_dupv;
  static AD_INLINE long first(DupV<T, S> a) {
    return long(a.stride * sizeof(S));
  }
  static AD_INLINE T *second(DupV<T, S> a) { return a.primal; }
  static AD_INLINE S *third(DupV<T, S> a) { return a.shadow; }
};
template <> struct Slot<ConstReturn> {
  using Param = void;
  static constexpr int *marker = &enzyme_const_return;
  static AD_INLINE int *first(ConstReturn) { return &ad_pad; }
  static AD_INLINE int *second(ConstReturn) { return &ad_pad; }
  static AD_INLINE int *third(ConstReturn) { return &ad_pad; }
};

template <class A> constexpr bool IsActive = false;
template <class T> constexpr bool IsActive<Active<T>> = true;
template <class A> constexpr bool IsDual = false;
template <class T> constexpr bool IsDual<Dual<T>> = true;
template <class A> constexpr bool IsSeed = false;
template <class R> constexpr bool IsSeed<Seed<R>> = true;
// Activities that are not arguments of the function.
template <class A> constexpr int WidthOf = 0;
template <int N> constexpr int WidthOf<Width<N>> = N;
template <class A>
constexpr bool IsWorkspace =
    std::is_same_v<A, Workspace> || IsSeed<A> ||
    std::is_same_v<A, PrimalReturn> || std::is_same_v<A, ConstReturn> ||
    WidthOf<A> != 0;
template <class A> constexpr bool IsDupLike = false;
template <class T, class S> constexpr bool IsDupLike<Dup<T, S>> = true;
template <class T, class S> constexpr bool IsDupLike<DupNoNeed<T, S>> = true;
template <class T, class S> constexpr bool IsDupLike<DupV<T, S>> = true;
template <class A> constexpr bool IsDupV = false;
template <class T, class S> constexpr bool IsDupV<DupV<T, S>> = true;
// The directions of a vector mode call (ad::width<N>()), else 0.
template <class... A> constexpr int directions() {
  return (WidthOf<A> + ... + 0);
}

// The derivatives of the active arguments, as the derivative call returns
// them: nested structs of scalars, in order.
template <class... T> struct Derivs {};
template <class T> struct Derivs<T> {
  T v;
};
template <class T, class U, class... R> struct Derivs<T, U, R...> {
  T v;
  Derivs<U, R...> rest;
};
template <class T> std::tuple<T> AD_INLINE toTuple(const Derivs<T> &d) {
  return std::tuple<T>(d.v);
}
template <class T, class U, class... R>
AD_INLINE std::tuple<T, U, R...> toTuple(const Derivs<T, U, R...> &d) {
  return std::tuple_cat(std::tuple<T>(d.v), toTuple(d.rest));
}

// Derivs of the Active<T> among A..., as a type.
template <class Acc, class... A> struct ActiveTypes {
  using type = Acc;
};
template <class... Acc, class A, class... Rest>
struct ActiveTypes<Derivs<Acc...>, A, Rest...> {
  using type = typename ActiveTypes<Derivs<Acc...>, Rest...>::type;
};
template <class... Acc, class T, class... Rest>
struct ActiveTypes<Derivs<Acc...>, Active<T>, Rest...> {
  using type = typename ActiveTypes<Derivs<Acc..., T>, Rest...>::type;
};

template <class D> struct GradientOf;
template <> struct GradientOf<Derivs<>> {
  using type = void;
};
template <class T> struct GradientOf<Derivs<T>> {
  using type = T;
};
template <class T, class U, class... R> struct GradientOf<Derivs<T, U, R...>> {
  using type = std::tuple<T, U, R...>;
};

// The derivative call with every activity spelled out as (marker, first,
// second, third), ad_pad where an activity has fewer: one overload per
// number of activities, so that the markers stay constants in the call at
// -O0.
#define AD_S(i)                                                                \
  Slot<A##i>::marker, Slot<A##i>::first(a##i), Slot<A##i>::second(a##i),       \
      Slot<A##i>::third(a##i)
#define AD_CALL(TPARAMS, PARAMS, SLOTS)                                        \
  template <bool Fwd, class R TPARAMS>                                         \
  AD_INLINE R call(void *fn PARAMS) {                                          \
    if constexpr (Fwd)                                                         \
      return __ad_fwddiff_cxx<R>(fn SLOTS);                                    \
    else                                                                       \
      return __ad_autodiff_cxx<R>(fn SLOTS);                                   \
  }
#define AD_T1 , class A0
#define AD_T2 AD_T1, class A1
#define AD_T3 AD_T2, class A2
#define AD_T4 AD_T3, class A3
#define AD_T5 AD_T4, class A4
#define AD_T6 AD_T5, class A5
#define AD_T7 AD_T6, class A6
#define AD_T8 AD_T7, class A7
#define AD_T9 AD_T8, class A8
#define AD_T10 AD_T9, class A9
#define AD_T11 AD_T10, class A10
#define AD_T12 AD_T11, class A11
#define AD_P1 , A0 a0
#define AD_P2 AD_P1, A1 a1
#define AD_P3 AD_P2, A2 a2
#define AD_P4 AD_P3, A3 a3
#define AD_P5 AD_P4, A4 a4
#define AD_P6 AD_P5, A5 a5
#define AD_P7 AD_P6, A6 a6
#define AD_P8 AD_P7, A7 a7
#define AD_P9 AD_P8, A8 a8
#define AD_P10 AD_P9, A9 a9
#define AD_P11 AD_P10, A10 a10
#define AD_P12 AD_P11, A11 a11
#define AD_S1 , AD_S(0)
#define AD_S2 AD_S1, AD_S(1)
#define AD_S3 AD_S2, AD_S(2)
#define AD_S4 AD_S3, AD_S(3)
#define AD_S5 AD_S4, AD_S(4)
#define AD_S6 AD_S5, AD_S(5)
#define AD_S7 AD_S6, AD_S(6)
#define AD_S8 AD_S7, AD_S(7)
#define AD_S9 AD_S8, AD_S(8)
#define AD_S10 AD_S9, AD_S(9)
#define AD_S11 AD_S10, AD_S(10)
#define AD_S12 AD_S11, AD_S(11)
AD_CALL(, , )
AD_CALL(AD_T1, AD_P1, AD_S1)
AD_CALL(AD_T2, AD_P2, AD_S2)
AD_CALL(AD_T3, AD_P3, AD_S3)
AD_CALL(AD_T4, AD_P4, AD_S4)
AD_CALL(AD_T5, AD_P5, AD_S5)
AD_CALL(AD_T6, AD_P6, AD_S6)
AD_CALL(AD_T7, AD_P7, AD_S7)
AD_CALL(AD_T8, AD_P8, AD_S8)
AD_CALL(AD_T9, AD_P9, AD_S9)
AD_CALL(AD_T10, AD_P10, AD_S10)
AD_CALL(AD_T11, AD_P11, AD_S11)
AD_CALL(AD_T12, AD_P12, AD_S12)
#undef AD_S
#undef AD_CALL
#undef AD_T1
#undef AD_T2
#undef AD_T3
#undef AD_T4
#undef AD_T5
#undef AD_T6
#undef AD_T7
#undef AD_T8
#undef AD_T9
#undef AD_T10
#undef AD_T11
#undef AD_T12
#undef AD_P1
#undef AD_P2
#undef AD_P3
#undef AD_P4
#undef AD_P5
#undef AD_P6
#undef AD_P7
#undef AD_P8
#undef AD_P9
#undef AD_P10
#undef AD_P11
#undef AD_P12
#undef AD_S1
#undef AD_S2
#undef AD_S3
#undef AD_S4
#undef AD_S5
#undef AD_S6
#undef AD_S7
#undef AD_S8
#undef AD_S9
#undef AD_S10
#undef AD_S11
#undef AD_S12

// What the function receives for each activity (workspaces are not
// arguments of the function).
template <class... A> struct Params {
  using type = std::tuple<>;
};
template <class A, class... R> struct Params<A, R...> {
  using Tail = typename Params<R...>::type;
  using type = std::conditional_t<
      IsWorkspace<A>, Tail,
      decltype(std::tuple_cat(std::declval<std::tuple<typename Slot<A>::Param>>(),
                              std::declval<Tail>()))>;
};

// The parameter types of a member function or of a function object's call
// operator (not of a generic lambda, whose operator is a template).
template <class T> struct ParamsOf {
  static constexpr bool known = false;
};
#define AD_PARAMS_OF(Q)                                                        \
  template <class R, class C, class... X> struct ParamsOf<R (C::*)(X...) Q> {  \
    static constexpr bool known = true;                                        \
    using type = std::tuple<X...>;                                             \
  };
AD_PARAMS_OF()
AD_PARAMS_OF(const)
AD_PARAMS_OF(noexcept)
AD_PARAMS_OF(const noexcept)
AD_PARAMS_OF(&)
AD_PARAMS_OF(const &)
#undef AD_PARAMS_OF
template <class L, class = void> struct CallParams {
  static constexpr bool known = false;
};
template <class L>
struct CallParams<L, std::void_t<decltype(&L::operator())>>
    : ParamsOf<decltype(&L::operator())> {};

// A pointer given (ad::dup(&s, &ds)) for a reference parameter (const S &):
// the object it points to.
template <class Q, class P> AD_INLINE decltype(auto) adapt(P &p) {
  if constexpr (std::is_reference_v<Q> && std::is_pointer_v<P>)
    return (*p);
  else
    return (p);
}
template <class Ps, class L, class... P, std::size_t... I>
AD_INLINE decltype(auto) callAdapted(L &obj, std::index_sequence<I...>,
                                     P &...p) {
  return obj(adapt<std::tuple_element_t<I, Ps>>(p)...);
}
template <auto M, class Ps, class C, class... P, std::size_t... I>
AD_INLINE decltype(auto) callMemberAdapted(C *obj, std::index_sequence<I...>,
                                           P &...p) {
  return (obj->*M)(adapt<std::tuple_element_t<I, Ps>>(p)...);
}

// A function object (lambda) is differentiated through this thunk, the
// object being a constant first argument.
template <class L, class... P> auto objectThunk(L *obj, P... p) {
  if constexpr (!std::is_invocable_v<L &, P...> && CallParams<L>::known) {
    using Ps = typename CallParams<L>::type;
    static_assert(std::tuple_size_v<Ps> == sizeof...(P),
                  "ad: the number of arguments (workspace aside) does not "
                  "match the function's parameters");
    return callAdapted<Ps>(*obj, std::index_sequence_for<P...>{}, p...);
  } else {
    return (*obj)(p...);
  }
}
template <class L, class P> struct ObjectThunk;
template <class L, class... P> struct ObjectThunk<L, std::tuple<P...>> {
  static constexpr auto *fn = &objectThunk<L, P...>;
  using Result = decltype(objectThunk<L, P...>(nullptr, std::declval<P>()...));
};
// A member function, its object first.
template <auto M, class C, class... P> auto memberThunk(C *obj, P... p) {
  if constexpr (std::is_invocable_v<decltype(M), C *, P...>) {
    return (obj->*M)(p...);
  } else {
    using Ps = typename ParamsOf<decltype(M)>::type;
    static_assert(std::tuple_size_v<Ps> == sizeof...(P),
                  "ad: the number of arguments (object and workspace aside) "
                  "does not match the method's parameters");
    return callMemberAdapted<M, Ps>(obj, std::index_sequence_for<P...>{},
                                    p...);
  }
}
template <auto M, class P> struct MemberThunk;
template <auto M, class C, class... P>
struct MemberThunk<M, std::tuple<C *, P...>> {
  static constexpr auto *fn = &memberThunk<M, C, P...>;
  using Result =
      decltype(memberThunk<M, C, P...>(nullptr, std::declval<P>()...));
};

// Checks of the activities against a known signature.
template <bool Fwd, class Sig, class... A> struct Check;
template <bool Fwd, class R, class... P, class... A>
struct Check<Fwd, R (*)(P...), A...> {
  using Result = R;
  using Given = typename Params<A...>::type;
  static constexpr bool count = std::tuple_size_v<Given> == sizeof...(P);
  static_assert(count, "ad: the number of arguments (workspace aside) does "
                       "not match the function's parameters");
  template <class Param, class Act> static constexpr bool fits() {
    if constexpr (IsActive<Act> || IsDual<Act>)
      return std::is_floating_point_v<std::remove_cv_t<Param>>;
    else if constexpr (IsDupLike<Act>)
      return std::is_pointer_v<Param> || std::is_reference_v<Param>;
    else
      return true;
  }
  // A reference parameter takes the object the pointer points to: the
  // object's type, or a class derived from it.
  template <class Param, class Act> static constexpr bool refersTo() {
    if constexpr (IsDupLike<Act> && std::is_reference_v<Param>) {
      using Pointee = std::remove_cv_t<
          std::remove_pointer_t<decltype(std::declval<Act>().primal)>>;
      using Object = std::remove_cv_t<std::remove_reference_t<Param>>;
      return std::is_same_v<Pointee, Object> ||
             std::is_base_of_v<Object, Pointee>;
    } else {
      return true;
    }
  }
  // The activities, workspace aside, in the parameters' order.
  using Acts = decltype(std::tuple_cat(
      std::declval<std::conditional_t<IsWorkspace<A>, std::tuple<>,
                                      std::tuple<A>>>()...));
  template <std::size_t... I>
  static constexpr bool allFit(std::index_sequence<I...>) {
    return (fits<P, std::tuple_element_t<I, Acts>>() && ...);
  }
  template <std::size_t... I>
  static constexpr bool allRefer(std::index_sequence<I...>) {
    return (refersTo<P, std::tuple_element_t<I, Acts>>() && ...);
  }
  static constexpr bool ok = [] {
    if constexpr (count)
      return allFit(std::index_sequence_for<P...>{});
    else
      return true;
  }();
  static_assert(ok, "ad: ad::active and ad::dual go with floating-point "
                    "parameters, ad::dup with pointer or reference "
                    "parameters");
  static constexpr bool refs = [] {
    if constexpr (count && ok)
      return allRefer(std::index_sequence_for<P...>{});
    else
      return true;
  }();
  static_assert(refs,
                "ad: a reference parameter (const T &) takes ad::dup(&x, "
                "&dx) of a T; ad::dup(v, dv) of containers passes their "
                "data(), for pointer parameters: for a const "
                "std::vector<double> & parameter write ad::dup(&v, &dv)");
  static_assert(Fwd || std::is_void_v<R> || std::is_floating_point_v<R> ||
                    (IsSeed<A> || ...),
                "ad::gradient: the function must return a floating-point "
                "value or nothing (a struct result needs ad::seed(s))");
};

template <bool Fwd, class... A> constexpr void checkMode() {
  static_assert(Fwd || !(IsDual<A> || ...),
                "ad::gradient: ad::dual is for forward mode (ad::tangent); "
                "use ad::active(x) for a scalar whose derivative you want");
  static_assert(!Fwd || !(IsActive<A> || ...),
                "ad::tangent: give a floating-point argument its tangent "
                "with ad::dual(x, dx), or mark it ad::constant(x)");
  static_assert(!Fwd || !((IsWorkspace<A> && !IsSeed<A> && !WidthOf<A>) || ...),
                "ad::tangent: forward mode keeps no tape and takes no "
                "workspace");
  static_assert(!Fwd || !(IsSeed<A> || ...),
                "ad::tangent: ad::seed is for reverse mode (forward mode "
                "returns the tangent of a struct result)");
  static_assert(sizeof...(A) <= 12, "ad: at most 12 arguments");
  static_assert(((WidthOf<A> != 0) + ... + 0) <= 1,
                "ad: ad::width<N>() is given once");
  if constexpr (directions<A...>() != 0) {
    static_assert(!((IsDupLike<A> && !IsDupV<A>) || ...),
                  "ad: with ad::width<N>(), give each pointer its N shadows "
                  "with ad::dupv(p, dp, stride)");
    static_assert(!(IsDual<A> || ...),
                  "ad::tangent: with ad::width<N>(), pass scalars as "
                  "ad::constant, or through a pointer with ad::dupv");
    static_assert(!(IsSeed<A> || ...),
                  "ad::gradient: ad::seed and ad::width<N>() cannot be "
                  "combined yet; seed the result through an ad::dupv output");
  }
}

template <class R> constexpr void checkResult() {
  static_assert(std::is_void_v<R> || std::is_floating_point_v<R>,
                "ad: the function must return a floating-point value or "
                "nothing");
}

template <bool Fwd, class Ret, class... A>
AD_INLINE auto run(void *fn, A... a) {
  checkMode<Fwd, A...>();
  constexpr int N = directions<A...>();
  if constexpr (Fwd) {
    // A struct of floating-point values (in registers): its tangent.
    using T = std::conditional_t<std::is_floating_point_v<Ret> ||
                                     (std::is_class_v<Ret> &&
                                      std::is_trivially_copyable_v<Ret>),
                                 Ret, void>;
    if constexpr (N == 0) {
      return call<true, T>(fn, a...);
    } else {
      static_assert(std::is_void_v<T> || std::is_floating_point_v<T>,
                    "ad::tangent with ad::width<N>(): the function must "
                    "return a floating-point value or nothing");
      if constexpr (std::is_void_v<T>)
        call<true, void>(fn, a...);
      else // direction k's tangent in element k
        return call<true, std::array<T, N>>(fn, a...);
    }
  } else {
    using D = typename ActiveTypes<Derivs<>, A...>::type;
    using G = typename GradientOf<D>::type;
    if constexpr (std::is_void_v<G>) {
      call<false, void>(fn, a...);
    } else if constexpr (N == 0) {
      if constexpr (std::is_floating_point_v<G>)
        return call<false, D>(fn, a...).v;
      else
        return toTuple(call<false, D>(fn, a...));
    } else {
      // The derivatives of direction 0, then of direction 1...
      std::array<D, N> r = call<false, std::array<D, N>>(fn, a...);
      std::array<G, N> out;
      for (int k = 0; k < N; ++k) {
        if constexpr (std::is_floating_point_v<G>)
          out[k] = r[k].v;
        else
          out[k] = toTuple(r[k]);
      }
      return out;
    }
  }
}

template <bool Fwd, class F, class... A>
AD_INLINE auto dispatch(F &&f, A... a) {
  checkMode<Fwd, A...>();
  using Fn = std::remove_reference_t<F>;
  if constexpr (std::is_function_v<Fn> ||
                (std::is_pointer_v<Fn> &&
                 std::is_function_v<std::remove_pointer_t<Fn>>)) {
    using Ptr = std::conditional_t<std::is_pointer_v<Fn>, Fn, Fn *>;
    (void)Check<Fwd, Ptr, A...>{};
    return run<Fwd, typename Check<Fwd, Ptr, A...>::Result>(
        reinterpret_cast<void *>(static_cast<Ptr>(f)), a...);
  } else {
    static_assert(std::is_class_v<Fn>,
                  "ad: the function must be a function, a function pointer, "
                  "a lambda or a function object (member functions: "
                  "ad::gradient<&Class::method>(object, ...))");
    using Thunk = ObjectThunk<Fn, typename Params<A...>::type>;
    checkResult<typename Thunk::Result>();
    return run<Fwd, typename Thunk::Result>(
        reinterpret_cast<void *>(Thunk::fn), Const<Fn *>{&f}, a...);
  }
}

template <bool Fwd, auto F, class... A> AD_INLINE auto dispatchStatic(A... a) {
  using FT = decltype(F);
  if constexpr (std::is_member_function_pointer_v<FT>) {
    using Thunk = MemberThunk<F, typename Params<A...>::type>;
    checkResult<typename Thunk::Result>();
    return run<Fwd, typename Thunk::Result>(reinterpret_cast<void *>(Thunk::fn),
                                            a...);
  } else {
    // The function itself, not a temporary pointer to it: a constant even
    // at -O0.
    return dispatch<Fwd>(*F, a...);
  }
}

#undef AD_INLINE
} // namespace detail

/// Reverse mode: adds the gradient into the shadows of ad::dup arguments and
/// returns the derivatives of the ad::active ones.
template <class F, class... A>
__attribute__((always_inline)) inline auto gradient(F &&f, A... args) {
  return detail::dispatch<false>(std::forward<F>(f), args...);
}
/// Reverse mode, the function (or member function) named at compile time.
template <auto F, class... A>
__attribute__((always_inline)) inline auto gradient(A... args) {
  return detail::dispatchStatic<false, F>(args...);
}
/// Forward mode: the tangent of the function's floating-point result along
/// the ad::dual and ad::dup tangents (void if it returns none).
template <class F, class... A>
__attribute__((always_inline)) inline auto tangent(F &&f, A... args) {
  return detail::dispatch<true>(std::forward<F>(f), args...);
}
template <auto F, class... A>
__attribute__((always_inline)) inline auto tangent(A... args) {
  return detail::dispatchStatic<true, F>(args...);
}

} // namespace ad

// The Jacobian and Hessian helpers (ad::hvp, ad::hessian, ad::jacobian,
// the sparse ones), on top of the above.
#include <ad_higher.hpp>

#endif
