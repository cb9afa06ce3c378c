/// \file
/// Requests this process waits on: a load, a description, an element
/// operation or a free sent to another process (or to itself, for a lock),
/// each named by a token that its answer carries back. Plain bookkeeping,
/// used under World's mutex; the waiting thread watches Request::Done.
#ifndef ORBIS_WORLD_SRC_REQUEST_TABLE_H
#define ORBIS_WORLD_SRC_REQUEST_TABLE_H

#include <orbis/world.h>

#include <cstdint>
#include <cstring>
#include <unordered_map>

namespace orbis::world {

struct Request {
  void *Values;  ///< where the answer's data goes (may be null)
  size_t Length; ///< the bytes expected
  orbis_world_ptr_t Ptr;
  uint64_t First, Count;
  bool Done = false;
  bool Cacheable = true;
  bool AnyLength = false; ///< an answer of at most Length bytes
  /// Elements an answer may carry past the range (LoadHeader::Ahead).
  uint64_t Ahead = 0;
  size_t Got = 0;         ///< bytes the answer carried
  orbis_status_t Status = ORBIS_OK; ///< the owner's answer

  /// Completes the request with an answer: Status, or Length bytes of
  /// Data. Whether the data was taken as the elements asked for (and may
  /// be cached). An answer of the wrong length is an error, never a
  /// silent partial one.
  bool complete(orbis_status_t AnswerStatus, const void *Data,
                size_t AnswerLength) {
    bool Elements = false;
    if (AnswerStatus != ORBIS_OK) {
      Status = AnswerStatus;
    } else if (AnyLength && AnswerLength <= Length) {
      std::memcpy(Values, Data, AnswerLength);
      Got = AnswerLength;
    } else if (AnswerLength == Length ||
               (AnswerLength > Length && Count > 0 &&
                (AnswerLength - Length) % (Length / Count) == 0 &&
                (AnswerLength - Length) / (Length / Count) <= Ahead)) {
      if (Values && Length)
        std::memcpy(Values, Data, Length);
      Got = AnswerLength;
      Elements = true;
    } else {
      Status = ORBIS_ERR_INVALID;
    }
    Done = true;
    return Elements;
  }
};

class RequestTable {
public:
  /// Registers R; its token.
  uint64_t add(Request &R) {
    uint64_t Token = Next++;
    Open[Token] = &R;
    return Token;
  }
  /// The request of Token, no longer open; null if none (answered already).
  Request *take(uint64_t Token) {
    auto It = Open.find(Token);
    if (It == Open.end())
      return nullptr;
    Request *R = It->second;
    Open.erase(It);
    return R;
  }
  /// Forgets Token (its message could not be sent).
  void drop(uint64_t Token) { Open.erase(Token); }

private:
  std::unordered_map<uint64_t, Request *> Open;
  uint64_t Next = 1;
};

} // namespace orbis::world

#endif
