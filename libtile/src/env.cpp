/// \file
/// Parsing of OMP_BLOCK_SIZE, ORBIS_VERBOSE and the numbers in libtile's
/// environment variables. Strict on purpose: a size that is not a plain
/// positive integer is an error rather than silently 0 (which would mean
/// "automatic") or a truncated prefix, as atoi()/strtol() would give.
#include "env.h"

#include <orbis/tile.h>

#include <climits>

namespace orbis::tile {

namespace {

std::string_view unblank(std::string_view S) {
  auto IsBlank = [](char C) { return C == ' ' || C == '\t'; };
  while (!S.empty() && IsBlank(S.front()))
    S.remove_prefix(1);
  while (!S.empty() && IsBlank(S.back()))
    S.remove_suffix(1);
  return S;
}

} // namespace

bool parsePositiveInteger(std::string_view Text, long long &Value) {
  Text = unblank(Text);
  if (Text.empty())
    return false;
  long long V = 0;
  for (char C : Text) {
    if (C < '0' || C > '9')
      return false;
    int Digit = C - '0';
    if (V > (LLONG_MAX - Digit) / 10)
      return false;
    V = V * 10 + Digit;
  }
  if (V < 1)
    return false;
  Value = V;
  return true;
}

EnvBlockSize blockSizeForLevel(const char *Value, int Level) {
  EnvBlockSize R{Status::Ok, ORBIS_BLOCK_SIZE_AUTO, 0, {}};
  if (!Value)
    return R;
  std::string_view Rest(Value);
  for (int I = 0;; ++I) {
    size_t Comma = Rest.find(',');
    std::string_view Entry = unblank(Rest.substr(0, Comma));
    long long Size = 0;
    if (!Entry.empty() && !parsePositiveInteger(Entry, Size))
      return {Status::InvalidSize, ORBIS_BLOCK_SIZE_AUTO, I,
              std::string(Entry)};
    if (I == Level && !Entry.empty())
      R.Size = Size;
    if (Comma == std::string_view::npos)
      break;
    Rest.remove_prefix(Comma + 1);
  }
  return R;
}

bool verboseRequested(const char *Value) {
  if (!Value)
    return false;
  std::string_view V = unblank(Value);
  return !V.empty() && V != "0";
}

} // namespace orbis::tile
