/// \file
/// Applying edits while keeping line numbers (see EditList.h).
#include "orbis/EditList.h"

#include <algorithm>

using namespace clang;

namespace orbis {

void EditList::insert(SourceLocation Loc, std::string Text, int Order) {
  Edits.push_back({0, 0, Order, std::move(Text), Loc});
  Edits.back().End = ~0u; // marks an insertion until offsets are known
}

void EditList::replace(SourceLocation Begin, SourceLocation End,
                       std::string Text) {
  Edits.push_back({0, 0, 0, std::move(Text), Begin});
  // End is stored relative to Begin once the SourceManager is known.
  Edits.back().Begin = Begin.getRawEncoding();
  Edits.back().End = End.getRawEncoding();
}

std::string escapeForStringLiteral(llvm::StringRef Name) {
  std::string Out;
  for (char C : Name) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
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
  };
  std::vector<Resolved> List;
  for (const Edit &E : Edits) {
    if (E.End == ~0u) {
      std::pair<FileID, unsigned> D = SM.getDecomposedLoc(E.Loc);
      if (D.first != File)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "edit outside the main file");
      List.push_back({D.second, D.second, E.Order, &E.Text});
      continue;
    }
    SourceLocation B = SourceLocation::getFromRawEncoding(E.Begin);
    SourceLocation En = SourceLocation::getFromRawEncoding(E.End);
    std::pair<FileID, unsigned> DB = SM.getDecomposedLoc(B);
    std::pair<FileID, unsigned> DE = SM.getDecomposedLoc(En);
    if (DB.first != File || DE.first != File || DE.second < DB.second)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "invalid replacement range");
    List.push_back({DB.second, DE.second, 0, &E.Text});
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
  std::string Out = Prologue.str();
  Out += "#line 1 \"" + escapeForStringLiteral(PresumedName) + "\"\n";
  unsigned Cursor = 0;
  for (const Resolved &R : List) {
    if (R.Begin < Cursor)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "overlapping edits at offset %u",
                                     R.Begin);
    Out.append(Buffer.data() + Cursor, R.Begin - Cursor);
    StringRef Old = Buffer.substr(R.Begin, R.End - R.Begin);
    const std::string &New = *R.Text;
    Out += New;
    size_t OldLines = Old.count('\n');
    size_t NewLines = StringRef(New).count('\n');
    if (NewLines > OldLines) {
      // The user's own `#line` directives stay in force.
      PresumedLoc P = SM.getPresumedLoc(SM.getComposedLoc(File, R.End));
      Out += "\n#line " + std::to_string(P.getLine()) + " \"" +
             escapeForStringLiteral(P.getFilename()) + "\"\n";
    } else {
      Out.append(OldLines - NewLines, '\n');
    }
    Cursor = R.End;
  }
  Out.append(Buffer.data() + Cursor, Buffer.size() - Cursor);
  return Out;
}

} // namespace orbis
