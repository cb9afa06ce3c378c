/// \file
/// Parses the tokens of one OpenMP pragma into the directive model. It knows
/// the whole extension grammar (`schedule(blocked[, size])`, `block`,
/// `block_local(var, (i, ...), halo)`, `world_parallel for world(list)`) and
/// just enough of standard OpenMP to pass other clauses through verbatim.
/// Errors come back as values, never printed here.
#ifndef ORBIS_PRAGMAPARSER_H
#define ORBIS_PRAGMAPARSER_H

#include "orbis/Diagnostics.h"
#include "orbis/Directive.h"
#include "orbis/PragmaLexer.h"
#include <functional>

namespace orbis {

struct ParsedDirective {
  Directive Dir;
  std::vector<PendingDiag> Diags; ///< errors: Dir must not be lowered
  bool ok() const { return Diags.empty(); }
};

/// Parses `Pragma` (the tokens after `omp`). `SM` supplies the source text
/// of clauses that pass through.
ParsedDirective parseDirective(const clang::SourceManager &SM,
                               const LexedPragma &Pragma);

/// The value of an integer constant expression made of literals and C's
/// integer operators.
struct ConstantValue {
  enum { Ok, NotConstant, Invalid, TooLarge } Kind;
  int64_t Value;
};
/// Gives the value of a name (an enumerator, a constant variable), or none.
using NameResolver = std::function<std::optional<int64_t>(llvm::StringRef)>;
/// Names are NotConstant unless `Resolve` gives their value (the parser has
/// none: names are resolved by the analysis, which sees the declarations).
ConstantValue evaluateConstantExpr(llvm::ArrayRef<PragmaToken> Tokens,
                                   const NameResolver &Resolve = nullptr);

/// The value when evaluateConstantExpr gives one.
std::optional<int64_t> evaluateConstant(llvm::ArrayRef<PragmaToken> Tokens);

} // namespace orbis

#endif // ORBIS_PRAGMAPARSER_H
