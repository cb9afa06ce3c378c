/// \file
/// Reads OpenMP `map` clauses of a directive: `map([modifiers,] [type:]
/// list)`, each list item a variable or an array section `p[lower:length]`.
/// The section's expressions stay text: the host code evaluates them.
#ifndef ORBIS_LOWER_CUDA_MAPCLAUSE_H
#define ORBIS_LOWER_CUDA_MAPCLAUSE_H

#include "orbis/Directive.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace orbis {

struct MapItem {
  std::string Var;
  int Kind = 3;            ///< orbis_map_kind: alloc 0, to 1, from 2, tofrom 3
  bool HasSection = false; ///< `Var[Lower:Length]`
  std::string Lower = "0", Length;
};

/// The items of one `map` clause; an error says what is wrong.
llvm::Expected<std::vector<MapItem>> readMapClause(const PassThroughClause &C);

} // namespace orbis

#endif // ORBIS_LOWER_CUDA_MAPCLAUSE_H
