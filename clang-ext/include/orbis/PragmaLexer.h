/// \file
/// Reads the tokens of one `#pragma omp ...` line or `_Pragma("omp ...")`
/// operator straight from the source buffer with a raw Clang lexer, so every
/// token keeps its exact file location (for diagnostics and rewriting) and
/// macros in clause arguments stay as written.
#ifndef ORBIS_PRAGMALEXER_H
#define ORBIS_PRAGMALEXER_H

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace orbis {

struct PragmaToken {
  enum Kind { Identifier, Number, Punct, Other };
  Kind TokKind = Other;
  std::string Text;
  clang::SourceLocation Loc;
  unsigned Length = 0;
  /// Produced by expanding an object-like macro: Loc is the macro name's.
  bool Expanded = false;

  bool is(llvm::StringRef S) const { return Text == S; }
  clang::SourceLocation endLoc() const { return Loc.getLocWithOffset(Length); }
};

/// The tokens of one OpenMP pragma, after the `omp` namespace.
struct LexedPragma {
  clang::SourceLocation Loc;    ///< `#` or `_Pragma`
  clang::SourceLocation OmpLoc; ///< the `omp` token
  clang::SourceLocation EndLoc; ///< just after the last token
  /// For `#pragma`: end of the directive's last line (before its newline).
  /// For `_Pragma`: just after the closing parenthesis.
  clang::SourceLocation ExtentEnd;
  std::vector<PragmaToken> Tokens;
  bool IsPragmaOperator = false;
  bool HasEscapes = false; ///< `_Pragma` string with escapes: not lexed
};

/// Lexes `#pragma omp ...` whose `#` is at HashLoc (a file location).
/// Returns nothing when the pragma is not in the `omp` namespace.
std::optional<LexedPragma> lexHashPragma(const clang::SourceManager &SM,
                                         const clang::LangOptions &LangOpts,
                                         clang::SourceLocation HashLoc);

/// Lexes `_Pragma("omp ...")` whose `_Pragma` keyword is spelled at
/// KeywordLoc (a file location). Returns nothing when the operand is not a
/// plain string literal in the `omp` namespace.
std::optional<LexedPragma>
lexPragmaOperator(const clang::SourceManager &SM,
                  const clang::LangOptions &LangOpts,
                  clang::SourceLocation KeywordLoc);

/// Lexes the destringized text of a `_Pragma` that a macro built, which the
/// preprocessor put in its scratch buffer at Start ("omp ..." up to the end
/// of that line). Returns nothing when it is not in the `omp` namespace.
std::optional<LexedPragma> lexScratchPragma(const clang::SourceManager &SM,
                                            const clang::LangOptions &LangOpts,
                                            clang::SourceLocation Start);

/// End of the line holding Offset in Buffer (before its `\r\n` or `\n`),
/// following backslash continuations.
unsigned endOfLogicalLine(llvm::StringRef Buffer, unsigned Offset);

/// The first token of code at or after Loc (a file location), skipping
/// comments, preprocessor directive lines and `_Pragma(...)` operators; an
/// `#include` line counts as code (its `#`): it brings the next statement.
/// Code in `Skipped` (what the preprocessor skipped, known once it is done)
/// is not code.
clang::SourceLocation
nextCodeToken(const clang::SourceManager &SM, const clang::LangOptions &LangOpts,
              clang::SourceLocation Loc,
              llvm::ArrayRef<clang::SourceRange> Skipped = {});

/// Lexes a whole buffer as the text after `#pragma omp` (for the fuzzer and
/// unit tests).
std::vector<PragmaToken> lexDirectiveText(const clang::SourceManager &SM,
                                          const clang::LangOptions &LangOpts,
                                          clang::FileID File);

} // namespace orbis

#endif // ORBIS_PRAGMALEXER_H
