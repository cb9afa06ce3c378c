/// \file
/// The seam between the analysis and the backends (ARCHITECTURE.md, "One
/// model, several backends"), in the MLIR style of options in, result out:
///
/// \code
///   llvm::Expected<LowerResult> R = lower(Model, Directives, Ctx, Options);
/// \endcode
///
/// A backend reads the model and says what to change and add; the driver
/// reads only the result (edits of the user's file, generated files, the
/// libraries to link) and knows no backend by name.
#ifndef ORBIS_LOWER_H
#define ORBIS_LOWER_H

#include "orbis/EditList.h"
#include "orbis/NestModel.h"
#include "llvm/Support/Error.h"

namespace orbis {

enum class Backend {
  Host, ///< standard OpenMP plus libtile (EXTENSIONS.md section 1)
  Cuda, ///< `parallel for` nests as CUDA kernels (EXTENSIONS.md section 2)
};

struct LowerOptions {
  Backend Target = Backend::Host;
  /// File name used in the messages of the generated code ("file:line:col").
  std::string PresumedName;
  /// The code the preprocessor skipped (branches of `#if` not taken), in
  /// source order: where a statement ends is the next token it did not.
  std::vector<clang::SourceRange> SkippedRanges;
};

/// A file a backend generates beside the lowered source (a .cu, say).
struct GeneratedFile {
  std::string Name;
  std::string Text;
};

struct LowerResult {
  /// Edits of the user's file.
  EditList Edits;
  /// The text the lowered file starts with (runtime headers).
  std::string Prologue;
  std::vector<GeneratedFile> Files;
  /// Libraries the lowered code calls, by link name ("orbis_tile").
  std::vector<std::string> Libraries;
  /// What the backend cannot lower, at the user's source (errors make the
  /// compilation fail).
  std::vector<PendingDiag> Diags;
};

/// Lowers every nest of `Model`. `Directives` are all collected directives
/// of the main file (to find where a statement preceded by directives
/// really starts).
llvm::Expected<LowerResult>
lower(const NestModel &Model, const std::vector<CollectedDirective> &Directives,
      clang::ASTContext &Ctx, const LowerOptions &Options);

} // namespace orbis

#endif // ORBIS_LOWER_H
