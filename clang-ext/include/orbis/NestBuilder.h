/// \file
/// Analysis: binds the collected directives to the statements they precede,
/// checks the rules of EXTENSIONS.md section 1 (one instruction block per nest,
/// in the innermost blocked loop, canonical loops, block_local subscripts...)
/// and builds the NestModel. Errors come back as PendingDiags.
#ifndef ORBIS_NESTBUILDER_H
#define ORBIS_NESTBUILDER_H

#include "orbis/NestModel.h"
#include "clang/AST/ASTContext.h"

namespace orbis {

struct NestBuildResult {
  NestModel Model;
  std::vector<PendingDiag> Diags;
  bool ok() const;
};

/// `Directives` are the main-file OpenMP directives that parsed without
/// error, in source order.
NestBuildResult buildNests(clang::ASTContext &Ctx,
                           const std::vector<CollectedDirective> &Directives);

/// The tile query a call is (`omp_num_blocks()` ...), if it is one.
std::optional<TileQuery> tileQueryOf(const clang::CallExpr *Call);
/// Whether F is a function of the global namespace (or `extern "C"`), not
/// a member or a namespace's: the OpenMP library's functions are.
bool isGlobalFunction(const clang::FunctionDecl *F);

} // namespace orbis

#endif // ORBIS_NESTBUILDER_H
