/// \file
/// The one status enum of libtile's internals. Internal functions return a
/// status instead of stopping the program, so that the unit tests can check
/// every error without a death test and the C entry points decide alone how
/// to report it (orbis_tile_fatal, with the site of the loop).
#ifndef ORBIS_TILE_SRC_STATUS_H
#define ORBIS_TILE_SRC_STATUS_H

namespace orbis::tile {

/// OK is 0, errors are negative (UCX style).
enum class Status : int {
  Ok = 0,
  /// The step is 0 or goes away from the bound: the loop never terminates.
  NeverReachesBound = -1,
  /// A `!=` loop whose step does not divide the distance: it steps over its
  /// bound and never terminates.
  StepDoesNotDivide = -2,
  /// More iterations than a long long holds.
  TooManyIterations = -3,
  /// Not one of the orbis_cmp values (a bug in the generated code).
  UnknownOperator = -4,
  /// A tile size (or cache size) that is not a positive integer.
  InvalidSize = -5,
};

inline const char *statusString(Status S) {
  switch (S) {
  case Status::Ok:
    return "ok";
  case Status::NeverReachesBound:
    return "never reaches its bound";
  case Status::StepDoesNotDivide:
    return "step does not divide the distance";
  case Status::TooManyIterations:
    return "too many iterations";
  case Status::UnknownOperator:
    return "unknown comparison operator";
  case Status::InvalidSize:
    return "not a positive integer";
  }
  return "unknown status";
}

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_STATUS_H
