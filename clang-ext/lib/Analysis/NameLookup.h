/// \file
/// Names written in pragmas (a halo `H`, `world(list)`, a tile size), looked
/// up after parsing: the pragma parser runs in the preprocessor, before any
/// declaration exists, so the analysis resolves them against the AST. The
/// lookup is the one a reader expects at the pragma: the function's own
/// declarations written before it (latest first), in a lambda then those of
/// the functions around it, then the translation unit's.
#ifndef ORBIS_ANALYSIS_NAMELOOKUP_H
#define ORBIS_ANALYSIS_NAMELOOKUP_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <optional>

namespace orbis {

/// The variable, parameter or enumerator named `Name` that code at `Where`
/// in `Function` (may be null) refers to, if any.
const clang::ValueDecl *lookupValue(llvm::StringRef Name,
                                    const clang::FunctionDecl *Function,
                                    clang::SourceLocation Where,
                                    clang::ASTContext &Ctx);

/// The value of the enumerator, or of the const or constexpr integer
/// variable with a constant initializer, named `Name` at `Where`.
std::optional<int64_t> integerConstantNamed(llvm::StringRef Name,
                                            const clang::FunctionDecl *Function,
                                            clang::SourceLocation Where,
                                            clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_ANALYSIS_NAMELOOKUP_H
