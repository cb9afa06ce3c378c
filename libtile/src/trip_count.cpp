/// \file
/// Trip counts of canonical loops. The distance between the bounds can exceed
/// LLONG_MAX (e.g. from -2^63 to 2^63-1, or unsigned bounds above LLONG_MAX),
/// so it is taken as an unsigned 64-bit difference, which is exact for any
/// two bounds in the right order, and the count is derived with `(d-1)/s+1`
/// instead of `(d+s-1)/s`, which could overflow.
#include "trip_count.h"

#include <climits>

namespace orbis::tile {

TripCount computeTripCount(long long Lb, long long Ub, long long Step,
                           orbis_cmp Cmp, bool IsUnsigned) {
  using ULL = unsigned long long;
  auto Less = [IsUnsigned](long long A, long long B) {
    return IsUnsigned ? static_cast<ULL>(A) < static_cast<ULL>(B) : A < B;
  };

  // 1. Does the first test pass, and which way must the variable then move?
  bool Runs, Up, Inclusive = false;
  switch (Cmp) {
  case ORBIS_CMP_LT:
    Runs = Less(Lb, Ub), Up = true;
    break;
  case ORBIS_CMP_LE:
    Runs = !Less(Ub, Lb), Up = true, Inclusive = true;
    break;
  case ORBIS_CMP_GT:
    Runs = Less(Ub, Lb), Up = false;
    break;
  case ORBIS_CMP_GE:
    Runs = !Less(Lb, Ub), Up = false, Inclusive = true;
    break;
  case ORBIS_CMP_NE:
    // The direction of a `!=` loop is given by the bounds, as in OpenMP.
    Runs = Lb != Ub, Up = Less(Lb, Ub);
    break;
  default:
    return {Status::UnknownOperator, 0};
  }
  if (!Runs)
    return {Status::Ok, 0};
  if (Up ? Step <= 0 : Step >= 0)
    return {Status::NeverReachesBound, 0};

  // 2. Distance and step magnitude, both exact as unsigned values (negating
  //    in unsigned arithmetic keeps LLONG_MIN exact too).
  ULL Dist = Up ? static_cast<ULL>(Ub) - static_cast<ULL>(Lb)
                : static_cast<ULL>(Lb) - static_cast<ULL>(Ub);
  ULL Mag = Step > 0 ? static_cast<ULL>(Step) : 0ULL - static_cast<ULL>(Step);

  // 3. Iterations: the values lb, lb+s, ... that pass the test.
  ULL Trip;
  if (Cmp == ORBIS_CMP_NE) {
    if (Dist % Mag != 0)
      return {Status::StepDoesNotDivide, 0};
    Trip = Dist / Mag;
  } else if (Inclusive) {
    ULL Q = Dist / Mag;
    if (Q >= static_cast<ULL>(LLONG_MAX)) // Q + 1 would not fit
      return {Status::TooManyIterations, 0};
    Trip = Q + 1;
  } else {
    Trip = (Dist - 1) / Mag + 1;
  }
  if (Trip > static_cast<ULL>(LLONG_MAX))
    return {Status::TooManyIterations, 0};
  return {Status::Ok, static_cast<long long>(Trip)};
}

} // namespace orbis::tile
