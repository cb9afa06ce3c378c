/// \file
/// The instantiations of a templated function, where the analysis checks
/// what the template leaves open (a subscript naming a template parameter,
/// a loop variable of a dependent type): an instantiation keeps its
/// template's source locations, so its statements are found by place.
#ifndef ORBIS_ANALYSIS_TEMPLATEINSTANCES_H
#define ORBIS_ANALYSIS_TEMPLATEINSTANCES_H

#include "clang/AST/Decl.h"

#include <vector>

namespace orbis {

/// The instantiations with a body of F when it is a function template or a
/// member function of a class template; empty otherwise.
std::vector<const clang::FunctionDecl *>
instantiationsOf(const clang::FunctionDecl *F);

/// The variable declared at `Loc` in an instantiation's body, or null.
const clang::VarDecl *variableAt(const clang::FunctionDecl *Instance,
                                 clang::SourceLocation Loc);

} // namespace orbis

#endif // ORBIS_ANALYSIS_TEMPLATEINSTANCES_H
