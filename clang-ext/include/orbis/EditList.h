/// \file
/// A list of text edits on one file buffer, applied in one pass with Clang's
/// Rewriter, which composes insertions and replacements at one offset. Edits
/// are insertions (ordered among themselves at the same offset by a key) and
/// non-overlapping replacements. Applying keeps the original line numbering
/// visible to the compiler: an edit whose text changes the number of lines is
/// followed by a `#line` directive, so diagnostics and debug info of the
/// lowered code point at the user's lines and columns.
///
/// With generated-code markers set, the text of each edit is generated code:
/// it goes between the two markers (which turn off the warnings a program's
/// flags ask for, and back on), so that the user's statements between the
/// edits keep their own warnings; and a statement-level edit that follows
/// the user's text on a line goes on lines of its own, so that a diagnostic
/// on the user's line quotes the user's text.
#ifndef ORBIS_EDITLIST_H
#define ORBIS_EDITLIST_H

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace orbis {

class EditList {
public:
  /// Where generated code goes with markers set (see above): on lines of
  /// its own, or in the user's line as it is, without markers (a name that
  /// takes the place of a call, padded to its length, which may stand in a
  /// macro's arguments, where no directive may).
  enum class Placement { OwnLines, InLine };

  /// Inserts Text at Loc. At one offset, lower Order comes first; a
  /// replacement starting there counts as Order 0.
  void insert(clang::SourceLocation Loc, std::string Text, int Order,
              Placement Where = Placement::OwnLines);
  /// Replaces the characters [Begin, End).
  void replace(clang::SourceLocation Begin, clang::SourceLocation End,
               std::string Text, Placement Where = Placement::OwnLines);
  bool empty() const { return Edits.empty(); }
  /// Whether a replacement takes in Loc (strictly inside its range): an
  /// insertion there would overlap it.
  bool replacesAround(const clang::SourceManager &SM,
                      clang::SourceLocation Loc) const;
  /// Puts each edit's text (except where it lies inside a preprocessor
  /// directive, or is blank) between Begin and End, on lines of its own.
  void setGeneratedCodeMarkers(std::string Begin, std::string End) {
    MarkerBegin = std::move(Begin);
    MarkerEnd = std::move(End);
  }

  /// The edited text of `File`. `Prologue` goes first; then a `#line 1`
  /// directive naming `PresumedName` restores the numbering. `Original`,
  /// when given, is the text to edit instead of the buffer `SM` parsed (of
  /// the same length: the analysis parse may have seen blanked parts).
  llvm::Expected<std::string> apply(const clang::SourceManager &SM,
                                    clang::FileID File,
                                    llvm::StringRef Prologue,
                                    llvm::StringRef PresumedName,
                                    std::optional<llvm::StringRef> Original =
                                        std::nullopt) const;

private:
  struct Edit {
    unsigned Begin, End;
    int Order;
    std::string Text;
    clang::SourceLocation Loc;
    Placement Where;
  };
  std::vector<Edit> Edits;
  std::string MarkerBegin, MarkerEnd;
};

/// `Name` as a C string literal body.
std::string escapeForStringLiteral(llvm::StringRef Name);

/// "file:line:col" of Loc as the user's `#line` directives present it: how
/// generated code names the user's constructs in its messages.
std::string presumedWhere(const clang::SourceManager &SM,
                          clang::SourceLocation Loc);

/// `#line N "file"` and a newline, naming Loc's line as the user's `#line`
/// directives present it: what generated code puts before user text so
/// that clang's messages about it point at the user's line.
std::string presumedLineDirective(const clang::SourceManager &SM,
                                  clang::SourceLocation Loc);

} // namespace orbis

#endif // ORBIS_EDITLIST_H
