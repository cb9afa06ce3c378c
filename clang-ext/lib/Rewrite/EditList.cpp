/// \file
/// Applying edits with Clang's Rewriter while keeping line numbers (see
/// EditList.h).
#include "orbis/EditList.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace clang;

namespace orbis {

void EditList::insert(SourceLocation Loc, std::string Text, int Order,
                      Placement Where) {
  Edits.push_back({0, 0, Order, std::move(Text), Loc, Where});
  Edits.back().End = ~0u; // marks an insertion until offsets are known
}

void EditList::replace(SourceLocation Begin, SourceLocation End,
                       std::string Text, Placement Where) {
  Edits.push_back({0, 0, 0, std::move(Text), Begin, Where});
  // End is stored relative to Begin once the SourceManager is known.
  Edits.back().Begin = Begin.getRawEncoding();
  Edits.back().End = End.getRawEncoding();
}

bool EditList::replacesAround(const SourceManager &SM,
                              SourceLocation Loc) const {
  unsigned At = SM.getFileOffset(Loc);
  FileID File = SM.getFileID(Loc);
  return llvm::any_of(Edits, [&](const Edit &E) {
    if (E.End == ~0u)
      return false; // an insertion
    SourceLocation B = SourceLocation::getFromRawEncoding(E.Begin);
    SourceLocation En = SourceLocation::getFromRawEncoding(E.End);
    return SM.getFileID(B) == File && SM.getFileOffset(B) < At &&
           At < SM.getFileOffset(En);
  });
}

std::string presumedWhere(const clang::SourceManager &SM,
                          clang::SourceLocation Loc) {
  clang::PresumedLoc P = SM.getPresumedLoc(Loc);
  return std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn());
}

std::string presumedLineDirective(const clang::SourceManager &SM,
                                  clang::SourceLocation Loc) {
  clang::PresumedLoc P = SM.getPresumedLoc(Loc);
  return "#line " + std::to_string(P.getLine()) + " \"" +
         escapeForStringLiteral(P.getFilename()) + "\"\n";
}

std::string escapeForStringLiteral(llvm::StringRef Name) {
  std::string Out;
  for (char C : Name) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '\\' || C == '"') {
      Out += '\\';
      Out += C;
    } else if (U < 0x20 || U == 0x7f) {
      // A control character (a file name may hold a newline) would end or
      // corrupt the literal: three octal digits, which no later character
      // can extend.
      const char Digits[] = {char('0' + (U >> 6)), char('0' + ((U >> 3) & 7)),
                             char('0' + (U & 7)), 0};
      Out += '\\';
      Out += Digits;
    } else {
      Out += C;
    }
  }
  return Out;
}

/// Blanks as wide as Text on the screen and in bytes: its tabs, and a
/// space for every other byte (clang's columns count bytes).
static std::string blanksLike(llvm::StringRef Text) {
  std::string Out(Text.size(), ' ');
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\t')
      Out[I] = '\t';
  return Out;
}

llvm::Expected<std::string> EditList::apply(const SourceManager &SM,
                                            FileID File,
                                            llvm::StringRef Prologue,
                                            llvm::StringRef PresumedName,
                                            std::optional<llvm::StringRef>
                                                Original) const {
  struct Resolved {
    unsigned Begin, End;
    int Order;
    const std::string *Text;
    Placement Where;
  };
  std::vector<Resolved> List;
  for (const Edit &E : Edits) {
    if (E.End == ~0u) {
      std::pair<FileID, unsigned> D = SM.getDecomposedLoc(E.Loc);
      if (D.first != File)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "edit outside the main file");
      List.push_back({D.second, D.second, E.Order, &E.Text, E.Where});
      continue;
    }
    SourceLocation B = SourceLocation::getFromRawEncoding(E.Begin);
    SourceLocation En = SourceLocation::getFromRawEncoding(E.End);
    std::pair<FileID, unsigned> DB = SM.getDecomposedLoc(B);
    std::pair<FileID, unsigned> DE = SM.getDecomposedLoc(En);
    if (DB.first != File || DE.first != File || DE.second < DB.second)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "invalid replacement range");
    List.push_back({DB.second, DE.second, 0, &E.Text, E.Where});
  }
  std::stable_sort(List.begin(), List.end(),
                   [](const Resolved &A, const Resolved &B) {
                     if (A.Begin != B.Begin)
                       return A.Begin < B.Begin;
                     return A.Order < B.Order;
                   });

  StringRef Buffer = SM.getBufferData(File);
  if (Original) {
    if (Original->size() != Buffer.size())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "the source changed during lowering");
    Buffer = *Original;
  }

  // The edits are applied by Clang's Rewriter, over a source manager of its
  // own that holds the text to edit (the parse may have seen another).
  FileSystemOptions FSOpts;
  FileManager Files(FSOpts);
  DiagnosticsEngine Quiet(new DiagnosticIDs, new DiagnosticOptions,
                          new IgnoringDiagConsumer);
  SourceManager EditSM(Quiet, Files);
  FileID Edited = EditSM.createFileID(
      llvm::MemoryBuffer::getMemBuffer(Buffer, PresumedName,
                                       /*RequiresNullTerminator=*/false));
  EditSM.setMainFileID(Edited);
  Rewriter R(EditSM, LangOptions());
  unsigned Cursor = 0;
  for (size_t K = 0; K < List.size(); ++K) {
    const Resolved &E = List[K];
    if (E.Begin < Cursor)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "overlapping edits at offset %u",
                                     E.Begin);
    StringRef Old = Buffer.substr(E.Begin, E.End - E.Begin);
    std::string New = *E.Text;
    size_t LineStart = Buffer.rfind('\n', E.Begin);
    LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
    StringRef Before = Buffer.slice(LineStart, E.Begin);
    // The user's text after the edit on its line, up to the next edit
    // that goes on lines of its own.
    size_t LineEnd = Buffer.find('\n', E.End);
    if (K + 1 < List.size() && List[K + 1].Where == Placement::OwnLines)
      LineEnd = std::min<size_t>(LineEnd, List[K + 1].Begin);
    bool UserTextAfter =
        !Buffer.slice(E.End, LineEnd).trim(" \t\f\v\r").empty();
    bool OwnLines = !MarkerBegin.empty() && E.Where == Placement::OwnLines &&
                    !StringRef(New).trim().empty() &&
                    !Before.ltrim(" \t\f\v").starts_with("#") &&
                    !StringRef(New).starts_with(MarkerBegin);
    if (OwnLines) {
      // Generated code goes on lines of its own, between the markers,
      // starting at the user's column: the user's text around it keeps its
      // line and column, and a diagnostic there quotes the user's text.
      size_t LastLine = StringRef(New).rfind('\n');
      bool DirectiveLast =
          LastLine != StringRef::npos &&
          StringRef(New).substr(LastLine + 1).ltrim(" \t").starts_with("#");
      New = (Before.trim(" \t\f\v\r").empty() ? "" : "\n") + MarkerBegin +
            "\n" +
            presumedLineDirective(SM, SM.getComposedLoc(File, E.Begin)) +
            blanksLike(Before) + New +
            (DirectiveLast ? "\n" : "") + MarkerEnd;
    }
    // Keep the line numbering the compiler sees: an edit that adds lines,
    // or has a `#line` of its own, is followed by `#line` naming the
    // user's presumed line and file (their own `#line` directives stay in
    // force), and by spaces up to the user's column when the line goes on;
    // one that removes lines gives them back as newlines.
    size_t OldLines = Old.count('\n');
    size_t NewLines = StringRef(New).count('\n');
    size_t EndLineStart = Buffer.rfind('\n', E.End);
    EndLineStart = EndLineStart == StringRef::npos ? 0 : EndLineStart + 1;
    std::string ToColumn =
        UserTextAfter ? blanksLike(Buffer.slice(EndLineStart, E.End)) : "";
    if (NewLines > OldLines || StringRef(New).contains("#line ")) {
      New += "\n" + presumedLineDirective(SM, SM.getComposedLoc(File, E.End)) +
             ToColumn;
    } else if (NewLines < OldLines) {
      New.append(OldLines - NewLines, '\n');
      New += ToColumn;
    }
    SourceLocation At = EditSM.getComposedLoc(Edited, E.Begin);
    bool Failed = E.End == E.Begin
                      ? R.InsertText(At, New, /*InsertAfter=*/true)
                      : R.ReplaceText(At, E.End - E.Begin, New);
    if (Failed)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot rewrite at offset %u", E.Begin);
    Cursor = E.End;
  }
  std::string Out = Prologue.str();
  Out += "#line 1 \"" + escapeForStringLiteral(PresumedName) + "\"\n";
  if (const RewriteBuffer *Buf = R.getRewriteBufferFor(Edited))
    Out.append(Buf->begin(), Buf->end());
  else
    Out += Buffer;
  return Out;
}

} // namespace orbis
