/// \file
/// The directive model: what one `#pragma omp ...` (or `_Pragma("omp ...")`)
/// says, as far as the extensions care. The pragma parser produces it; nest
/// analysis binds it to a statement; the lowerings read it. Standard clauses
/// are kept as their source text so that they pass through unchanged.
#ifndef ORBIS_DIRECTIVE_H
#define ORBIS_DIRECTIVE_H

#include "orbis/PragmaLexer.h"
#include "clang/Basic/SourceLocation.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orbis {

enum class DirectiveKind {
  ParallelFor,      ///< parallel for
  For,              ///< for
  Block,            ///< block (the instruction block)
  WorldParallelFor, ///< world_parallel for
  Single,           ///< single
  Atomic,           ///< atomic
  Other             ///< any other OpenMP directive: passes through
};

/// A clause the extensions do not own, kept verbatim.
struct PassThroughClause {
  std::string Name;
  std::string Text; ///< the clause as written, e.g. "num_threads(4)"
  clang::SourceLocation Loc;
};

/// The optional size argument of `schedule(blocked, size)`.
struct BlockSizeArg {
  std::string Text;                 ///< the expression as written
  clang::SourceLocation Loc;        ///< its first token
  /// Its value when it is a constant: of literals when parsed, of names
  /// of constants (an enumerator, a const integer) once the nest builder
  /// has looked them up in the code around the pragma.
  mutable std::optional<int64_t> Constant;
  /// Its tokens, for that lookup.
  std::vector<PragmaToken> Tokens;
};

/// `block_local(var, (i, j, ...), halo)`.
struct BlockLocalClause {
  clang::SourceLocation Loc; ///< the clause name
  std::string Var;
  clang::SourceLocation VarLoc;
  std::vector<std::pair<std::string, clang::SourceLocation>> Indices;
  int64_t Halo = 0;
  clang::SourceLocation HaloLoc;
  /// A halo that names constants (`H`, `R + 1`): evaluated by the analysis,
  /// which then sets Halo. Empty when the parser evaluated it.
  std::vector<PragmaToken> HaloTokens;
};

struct Directive {
  DirectiveKind Kind = DirectiveKind::Other;
  /// `#` of `#pragma`, or the `_Pragma` keyword.
  clang::SourceLocation Loc;
  /// The directive name after `omp` (e.g. "parallel for").
  std::string Name;
  clang::SourceLocation NameLoc;
  /// First character after the last token of the directive.
  clang::SourceLocation EndLoc;
  bool IsPragmaOperator = false;

  /// `schedule(blocked[, size])` is present.
  bool Blocked = false;
  clang::SourceLocation ScheduleLoc;
  std::optional<BlockSizeArg> BlockSize;
  std::vector<BlockLocalClause> BlockLocals;
  /// `world(list)` of world_parallel.
  std::vector<std::pair<std::string, clang::SourceLocation>> WorldVars;
  std::vector<PassThroughClause> Clauses;

  /// critical: the name in `critical(name)`, empty for an unnamed one.
  std::string CriticalName;
  /// single: `nowait`; atomic: a memory-order clause is present.
  bool Nowait = false;
  bool HasMemoryOrder = false;

  /// The directive is one the extensions lower (not a plain standard one).
  bool isExtension() const {
    return Blocked || Kind == DirectiveKind::Block ||
           Kind == DirectiveKind::WorldParallelFor;
  }
  /// A for-like directive that must be followed by a loop.
  bool isLoopDirective() const {
    return Kind == DirectiveKind::ParallelFor || Kind == DirectiveKind::For ||
           Kind == DirectiveKind::WorldParallelFor;
  }
};

} // namespace orbis

#endif // ORBIS_DIRECTIVE_H
