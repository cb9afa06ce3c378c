/// \file
/// The analysis model as text (`orbis-cc --print-model`): what a backend
/// gets for each tiled nest, so that a backend can be developed against the
/// model alone and tests can check the analysis without any lowering.
///
/// \code
///   nest 0 at gs.c:4:3 (parallel for, pipelined)
///     loop 0 'x' int: from 1 while < n - 1, step +1, tile auto
///     ...
/// \endcode
#ifndef ORBIS_MODELPRINTER_H
#define ORBIS_MODELPRINTER_H

#include "orbis/NestModel.h"

namespace orbis {

std::string printModel(const NestModel &Model, clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_MODELPRINTER_H
