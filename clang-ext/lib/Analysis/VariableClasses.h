/// \file
/// The model's record of how a nest uses variables (VariableUse) and of each
/// loop's pre- and post-block statements: facts the backends map to memory
/// and code (a GPU backend copies globals of inner pre/post-blocks to shared
/// memory, keeps private variables per thread).
#ifndef ORBIS_ANALYSIS_VARIABLECLASSES_H
#define ORBIS_ANALYSIS_VARIABLECLASSES_H

#include "orbis/NestModel.h"

namespace orbis {

/// Whether `Inner`'s source range lies within `Outer`'s.
bool contains(const clang::SourceManager &SM, const clang::Stmt *Outer,
              const clang::Stmt *Inner);

/// Fills every loop's PreBlock/PostBlock and the nest's Variables.
void classifyNest(TiledNest &Nest, clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_ANALYSIS_VARIABLECLASSES_H
