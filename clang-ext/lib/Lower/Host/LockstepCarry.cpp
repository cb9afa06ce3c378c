/// \file
/// Which reads of a lockstep tile come from registers (LockstepCarry.h).
#include "LockstepCarry.h"

#include "orbis/LoopForm.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace clang;

namespace orbis {

namespace {

/// Steps a value may wait in registers: one history array per step, each a
/// register per row, so the rows' values of three steps fit the 16 vector
/// registers of x86-64 with room for the arithmetic.
constexpr int64_t MaxCarryAge = 3;

/// [begin, end) offsets of `E`'s characters in the file, when it has them.
struct Span {
  unsigned Begin = 0, End = 0;
};

std::optional<Span> spanOf(const Expr *E, ASTContext &Ctx) {
  std::optional<CharSourceRange> R = fileRangeOf(E, Ctx);
  if (!R)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  return Span{SM.getFileOffset(R->getBegin()), SM.getFileOffset(R->getEnd())};
}

std::string row(const CarryNames &N, int64_t Up) {
  return Up ? N.Row + " - " + std::to_string(Up) : N.Row;
}

} // namespace

LockstepCarry planLockstepCarry(const TiledNest &Nest, const RowSchedule &Rows,
                                int64_t Lag, ASTContext &Ctx) {
  LockstepCarry C;
  auto No = [&](std::string Why) {
    C = LockstepCarry();
    C.Reason = std::move(Why);
    return C;
  };
  if (!Rows.Write || !Rows.Value)
    return No("the block is not one assignment to an array element");
  QualType T = Rows.Write->Expr->getType();
  if (!T->isArithmeticType() || T.isVolatileQualified())
    return No("the assigned element is not of an arithmetic, non-volatile "
              "type");
  std::optional<Span> Target = spanOf(Rows.Write->Expr, Ctx);
  std::optional<Span> Value = spanOf(Rows.Value, Ctx);
  if (!Target || !Value)
    return No("the assignment comes from a macro");
  // The copy of the block is the source text: nothing in it may be edited.
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto &L : Nest.Loops)
    for (const QueryCall &Q : L->Queries) {
      unsigned At = SM.getFileOffset(SM.getExpansionLoc(Q.Call->getBeginLoc()));
      if (At >= Value->Begin && At < Value->End)
        return No("the assigned value calls a tile query");
    }

  std::string Text = sourceText(Rows.Value->getSourceRange(), Ctx);
  if (Text.size() != Value->End - Value->Begin)
    return No("the assigned value comes from a macro");
  // The copy goes on one line, in front of the block: comments, directives
  // and line continuations would not survive that.
  if (Text.find("//") != std::string::npos ||
      Text.find("/*") != std::string::npos ||
      Text.find_first_of("#\\") != std::string::npos)
    return No("the assigned value has comments, directives or line "
              "continuations");
  std::replace(Text.begin(), Text.end(), '\n', ' ');
  std::replace(Text.begin(), Text.end(), '\r', ' ');
  for (const RowSchedule::Read &R : Rows.Reads) {
    if (R.Kind != RowSchedule::Read::Forwarded)
      continue;
    // Row r runs column k - Lag r: the element D0 rows up and D1 columns
    // left was produced Lag D0 + D1 steps ago by row r - D0.
    int64_t Age = Lag * R.D0 + R.D1;
    if (Age < 0 || Age > MaxCarryAge || R.D0 >= 64)
      continue;
    std::optional<Span> S = spanOf(R.Access->Expr, Ctx);
    if (!S || S->Begin < Value->Begin || S->End > Value->End)
      continue;
    // A macro argument used twice (`SQ(A[x][y - 1])`) is two accesses with
    // one text, replaced once.
    unsigned Offset = S->Begin - Value->Begin;
    if (llvm::any_of(C.Reads, [&](const LockstepCarry::Read &Seen) {
          return Seen.Offset == Offset;
        }))
      continue;
    C.Reads.push_back({R.D0, Age, Offset, S->End - S->Begin,
                       R.Access->Conditional});
    C.MaxAge = std::max(C.MaxAge, Age);
    // Steady steps: every row's column, and the column each register read
    // names, inside the tile.
    C.SteadyAfter = std::max(C.SteadyAfter, R.D1);
    C.SteadyBefore = std::max(C.SteadyBefore, -R.D1);
  }
  if (C.Reads.empty())
    return No("no read finds a value the block wrote a few steps earlier");
  C.BottomUp = true;
  for (const auto &[D0, D1] : Rows.Distances)
    if (D0 > 0 && D1 == -Lag * D0)
      C.BottomUp = false;
  C.EdgesInRegisters =
      C.BottomUp && std::all_of(C.Reads.begin(), C.Reads.end(),
                                [&](const LockstepCarry::Read &R) {
                                  // The left neighbour is loaded before
                                  // the group: not where a condition guards
                                  // it (`y > 0 ? A[x][y - 1] : 0`).
                                  return (R.D0 == 0 && R.Age == 1 &&
                                          !R.Conditional) ||
                                         (R.D0 == 1 && R.Age == Lag);
                                });
  C.TargetText = sourceText(Rows.Write->Expr->getSourceRange(), Ctx);
  if (C.TargetText.find_first_of("\n\r/#\\") != std::string::npos)
    return No("the assigned element is written over several lines");
  C.Applies = true;
  C.Value = Rows.Value;
  C.Target = Rows.Write->Expr;
  C.ValueText = std::move(Text);
  return C;
}

std::string LockstepCarry::declarations(const CarryNames &N, int Rows) const {
  std::string Size = "[" + std::to_string(Rows) + "] = {0}";
  std::string S = "__typeof__(" + TargetText + ") " + N.Current + Size;
  for (int64_t A = 1; A <= historyDepth(); A++)
    S += ", " + N.History + std::to_string(A) + Size;
  return S + ";";
}

std::string LockstepCarry::shift(const CarryNames &N, int Rows) const {
  std::string S;
  for (int64_t A = historyDepth(); A >= 1; A--) {
    std::string To = N.History + std::to_string(A);
    std::string From =
        A == 1 ? N.Current : N.History + std::to_string(A - 1);
    for (int I = 0; I < Rows; I++) {
      std::string Index = "[" + std::to_string(I) + "]";
      S += ", " + To + Index + " = " + From + Index;
    }
  }
  return S;
}

std::string LockstepCarry::leftNeighbourLoad(const CarryNames &N) const {
  for (const Read &R : Reads)
    if (R.D0 == 0)
      return N.Current + "[" + N.Row + "] = " +
             ValueText.substr(R.Offset, R.Length) + ";";
  return "";
}

std::string LockstepCarry::captureOpen(const CarryNames &N) const {
  return "(" + N.Current + "[" + N.Row + "] = (";
}

std::string LockstepCarry::steadyBlock(const CarryNames &N) const {
  std::vector<const Read *> ByOffset;
  for (const Read &R : Reads)
    ByOffset.push_back(&R);
  // Right to left, so that earlier offsets stay valid.
  std::sort(ByOffset.begin(), ByOffset.end(),
            [](const Read *A, const Read *B) { return A->Offset > B->Offset; });
  std::string V = ValueText;
  for (const Read *R : ByOffset) {
    // Top down, a row finds this step's values of the rows above in
    // Current and older ones in the history; bottom up, Current still
    // holds the previous step's values of its own row and those above.
    bool Current = R->Age == 0 || (BottomUp && R->Age == 1);
    std::string From =
        Current ? N.Current : N.History + std::to_string(R->Age);
    std::string Register = From + "[" + row(N, R->D0) + "]";
    // The first rows of a group find the rows above in memory; the test is
    // constant once the host compiler unrolls the rows.
    if (R->D0 > 0)
      Register = "(" + N.Row + " >= " + std::to_string(R->D0) + " ? " +
                 Register + " : (" + V.substr(R->Offset, R->Length) + "))";
    V.replace(R->Offset, R->Length, Register);
  }
  return TargetText + " = " + captureOpen(N) + V + captureClose() + ";";
}

} // namespace orbis
