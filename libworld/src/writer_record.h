/// \file
/// The owner's record of who wrote which elements of an allocation: spans
/// of elements with one entry each (a writer's rank, or a rank whose data
/// is being received in place, and where in the source it wrote: see
/// Heap::entryOf), merged when adjacent and equal. A store of
/// a range costs O(log spans), not a word per element, and a row or tile
/// written in order stays one span.
#ifndef ORBIS_WORLD_SRC_WRITER_RECORD_H
#define ORBIS_WORLD_SRC_WRITER_RECORD_H

#include <cstdint>
#include <iterator>
#include <map>

namespace orbis::world {

class WriterRecord {
public:
  /// The entry of element I, or -1 when nobody wrote it.
  int64_t at(uint64_t I) const {
    auto It = Spans.upper_bound(I);
    if (It == Spans.begin())
      return -1;
    --It;
    return I < It->second.End ? It->second.Entry : -1;
  }
  /// The first element of [First, End) with an entry, and the entry.
  bool firstOverlap(uint64_t First, uint64_t End, uint64_t &Element,
                    int64_t &Entry) const {
    auto It = Spans.upper_bound(First);
    if (It != Spans.begin() && std::prev(It)->second.End > First) {
      Element = First;
      Entry = std::prev(It)->second.Entry;
      return true;
    }
    if (It != Spans.end() && It->first < End) {
      Element = It->first;
      Entry = It->second.Entry;
      return true;
    }
    return false;
  }
  /// Gives [First, End) the entry Entry, replacing what it had.
  void assign(uint64_t First, uint64_t End, int64_t Entry) {
    if (First >= End)
      return;
    // The common case: a range that starts where the same writer's last
    // one ended (a tile's row after the tile to its left) and meets no
    // span. The span before grows: no node is made or freed, which a
    // staged tile's box (a store per row, under the world lock) would pay
    // for every row.
    auto After = Spans.upper_bound(First);
    if (After != Spans.begin()) {
      auto Prev = std::prev(After);
      if (Prev->second.End == First && Prev->second.Entry == Entry &&
          (After == Spans.end() || After->first >= End)) {
        Prev->second.End = End;
        if (After != Spans.end() && After->first == End &&
            After->second.Entry == Entry) {
          Prev->second.End = After->second.End;
          Spans.erase(After);
        }
        return;
      }
    }
    erase(First, End);
    auto It = Spans.emplace(First, Span{End, Entry}).first;
    // Merge with equal neighbours that touch.
    auto Next = std::next(It);
    if (Next != Spans.end() && Next->first == End && Next->second.Entry == Entry) {
      It->second.End = Next->second.End;
      Spans.erase(Next);
    }
    if (It != Spans.begin()) {
      auto Prev = std::prev(It);
      if (Prev->second.End == First && Prev->second.Entry == Entry) {
        Prev->second.End = It->second.End;
        Spans.erase(It);
      }
    }
  }

  /// Spans kept (tests).
  size_t spans() const { return Spans.size(); }

private:
  struct Span {
    uint64_t End;
    int64_t Entry;
  };
  /// Cuts the spans so that none covers any of [First, End).
  void erase(uint64_t First, uint64_t End) {
    auto It = Spans.upper_bound(First);
    if (It != Spans.begin()) {
      auto Prev = std::prev(It);
      if (Prev->second.End > First) {
        Span Tail = Prev->second;
        Prev->second.End = First;
        if (Tail.End > End)
          Spans.emplace(End, Span{Tail.End, Tail.Entry});
        if (Prev->first == First)
          Spans.erase(Prev);
      }
    }
    It = Spans.lower_bound(First);
    while (It != Spans.end() && It->first < End) {
      if (It->second.End > End) {
        Spans.emplace(End, Span{It->second.End, It->second.Entry});
      }
      It = Spans.erase(It);
    }
  }
  std::map<uint64_t, Span> Spans; ///< by first element
};

} // namespace orbis::world

#endif
