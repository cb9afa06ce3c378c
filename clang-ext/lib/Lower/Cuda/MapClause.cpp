/// \file
/// The `map` clause reader (see MapClause.h).
#include "MapClause.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace orbis {
namespace {

/// Splits at the commas and colons outside brackets and parentheses.
std::vector<llvm::StringRef> splitTopLevel(llvm::StringRef Text, char Sep) {
  std::vector<llvm::StringRef> Parts;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}')
      --Depth;
    else if (C == Sep && Depth == 0) {
      Parts.push_back(Text.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  Parts.push_back(Text.drop_front(Start).trim());
  return Parts;
}

llvm::Error error(const llvm::Twine &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), What);
}

} // namespace

llvm::Expected<std::vector<MapItem>>
readMapClause(const PassThroughClause &C) {
  std::vector<MapItem> Items;
  {
    llvm::StringRef Text = llvm::StringRef(C.Text).trim();
    if (!Text.consume_front("map") || !Text.trim().starts_with("(") ||
        !Text.ends_with(")"))
      return error("expected 'map(list)'");
    Text = Text.trim().drop_front().drop_back().trim();
    int Kind = 3;
    // `[modifiers,] type :` before the list; a section's ':' is in brackets.
    std::vector<llvm::StringRef> Colon = splitTopLevel(Text, ':');
    if (Colon.size() == 2) {
      std::vector<llvm::StringRef> Words = splitTopLevel(Colon[0], ',');
      llvm::StringRef Type = Words.back();
      Kind = llvm::StringSwitch<int>(Type)
                 .Case("alloc", 0)
                 .Case("to", 1)
                 .Case("from", 2)
                 .Case("tofrom", 3)
                 .Default(-1);
      if (Kind < 0)
        return error("unknown map type '" + Type + "'");
      Text = Colon[1];
    } else if (Colon.size() > 2) {
      return error("expected 'map(type: list)'");
    }
    for (llvm::StringRef Item : splitTopLevel(Text, ',')) {
      MapItem M;
      M.Kind = Kind;
      size_t Bracket = Item.find('[');
      M.Var = Item.take_front(Bracket).trim().str();
      if (M.Var.empty() || !llvm::all_of(M.Var, [](char Ch) {
            return llvm::isAlnum(Ch) || Ch == '_';
          }))
        return error("expected a variable or 'p[lower:length]', not '" +
                     Item + "'");
      if (Bracket != llvm::StringRef::npos) {
        llvm::StringRef Section = Item.drop_front(Bracket);
        if (!Section.ends_with("]") ||
            Section.drop_front().drop_back().contains('['))
          return error("only one-dimensional sections 'p[lower:length]' "
                       "are supported, not '" + Item + "'");
        std::vector<llvm::StringRef> Bounds =
            splitTopLevel(Section.drop_front().drop_back(), ':');
        if (Bounds.size() != 2 || Bounds[1].empty())
          return error("the section of '" + M.Var +
                       "' needs a length: '" + M.Var + "[lower:length]'");
        M.HasSection = true;
        M.Lower = Bounds[0].empty() ? "0" : Bounds[0].str();
        M.Length = Bounds[1].str();
      }
      Items.push_back(M);
    }
  }
  return Items;
}

} // namespace orbis
