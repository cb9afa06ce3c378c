/// \file
/// The rows of a box copy (orbis_world_load_boxes, orbis_world_store_box):
/// which contiguous runs of world elements a union of boxes, less one box,
/// covers, and where each run goes in the caller's buffer. Pure
/// bookkeeping, so that it is tested without a second process
/// (tests/libworld/unit_test.cpp); the calls issue one range operation per
/// run.
#ifndef ORBIS_WORLD_BOX_ROWS_H
#define ORBIS_WORLD_BOX_ROWS_H

#include <orbis/world.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace orbis::world {

/// A run of `count` consecutive world elements from `index`, at element
/// `offset` of the buffer.
struct BoxRun {
  uint64_t index;
  uint64_t count;
  uint64_t offset;
};

/// Whether `box` lies inside `frame` in every dimension (empty boxes do).
inline bool boxInside(const orbis_world_box_t &Box,
                      const orbis_world_box_t &Frame, int Dims) {
  for (int K = 0; K < Dims; ++K)
    if (Box.lo[K] < Box.hi[K] &&
        (Box.lo[K] < Frame.lo[K] || Box.hi[K] > Frame.hi[K]))
      return false;
  return true;
}

inline bool boxEmpty(const orbis_world_box_t &Box, int Dims) {
  for (int K = 0; K < Dims; ++K)
    if (Box.lo[K] >= Box.hi[K])
      return true;
  return false;
}

/// The runs of the union of `Boxes` less `Skip` (null: nothing skipped),
/// row by row (every dimension but the last fixed), each row's pieces
/// merged and in increasing order. Returns false when the view or a box is
/// malformed: dimensions outside 1..4, a box outside `Frame`, a last stride
/// other than 1, or a negative world index; and, with `OutOfBounds` set,
/// when a run reaches past `Limit` elements (the allocation's) or the runs
/// hold more than `Limit` elements in all, or an index overflows: checked
/// as the runs are made, so that a hostile box (INT64_MAX rows) stops at
/// once instead of planning rows until memory runs out.
inline bool boxRuns(const orbis_world_view_t &View,
                    const orbis_world_box_t *Boxes, int Count,
                    const orbis_world_box_t *Skip,
                    const orbis_world_box_t &Frame, std::vector<BoxRun> &Runs,
                    uint64_t Limit = ~uint64_t(0),
                    bool *OutOfBounds = nullptr) {
  uint64_t Total = 0;
  auto Beyond = [&] {
    if (OutOfBounds)
      *OutOfBounds = true;
    return false;
  };
  const int D = View.dims;
  if (D < 1 || D > 4 || Count < 0 || View.stride[D - 1] != 1)
    return false;
  for (int K = 0; K < D; ++K)
    if (Frame.lo[K] > Frame.hi[K])
      return false;
  // The bounding box of the non-empty boxes: the rows to visit.
  orbis_world_box_t Bound;
  bool Any = false;
  for (int B = 0; B < Count; ++B) {
    if (boxEmpty(Boxes[B], D))
      continue;
    if (!boxInside(Boxes[B], Frame, D))
      return false;
    for (int K = 0; K < D; ++K) {
      Bound.lo[K] = Any ? std::min(Bound.lo[K], Boxes[B].lo[K]) : Boxes[B].lo[K];
      Bound.hi[K] = Any ? std::max(Bound.hi[K], Boxes[B].hi[K]) : Boxes[B].hi[K];
    }
    Any = true;
  }
  if (!Any)
    return true;
  int64_t Extent[4];
  for (int K = 0; K < D; ++K)
    Extent[K] = Frame.hi[K] - Frame.lo[K];
  int64_t Row[4] = {0, 0, 0, 0};
  for (int K = 0; K + 1 < D; ++K)
    Row[K] = Bound.lo[K];
  std::vector<std::pair<int64_t, int64_t>> Pieces;
  for (;;) {
    Pieces.clear();
    for (int B = 0; B < Count; ++B) {
      const orbis_world_box_t &X = Boxes[B];
      if (boxEmpty(X, D))
        continue;
      bool In = true;
      for (int K = 0; K + 1 < D && In; ++K)
        In = Row[K] >= X.lo[K] && Row[K] < X.hi[K];
      if (In)
        Pieces.push_back({X.lo[D - 1], X.hi[D - 1]});
    }
    std::sort(Pieces.begin(), Pieces.end());
    bool Skipped = Skip && !boxEmpty(*Skip, D);
    for (int K = 0; K + 1 < D && Skipped; ++K)
      Skipped = Row[K] >= Skip->lo[K] && Row[K] < Skip->hi[K];
    int64_t Base = (int64_t)View.base, Offset = 0;
    for (int K = 0; K + 1 < D; ++K) {
      int64_t Step, Cell;
      if (__builtin_mul_overflow(Row[K], View.stride[K], &Step) ||
          __builtin_add_overflow(Base, Step, &Base) ||
          __builtin_mul_overflow(Offset + Row[K] - Frame.lo[K], Extent[K + 1],
                                 &Cell))
        return Beyond();
      Offset = Cell;
    }
    auto Emit = [&](int64_t Lo, int64_t Hi) -> bool {
      if (Lo >= Hi)
        return true;
      int64_t Index;
      if (__builtin_add_overflow(Base, Lo, &Index))
        return Beyond();
      if (Index < 0)
        return false;
      uint64_t N = uint64_t(Hi - Lo);
      if (uint64_t(Index) > Limit || N > Limit - uint64_t(Index) ||
          N > Limit - Total)
        return Beyond();
      Total += N;
      Runs.push_back({(uint64_t)Index, N,
                      (uint64_t)(Offset + Lo - Frame.lo[D - 1])});
      return true;
    };
    for (size_t P = 0; P < Pieces.size();) {
      int64_t Lo = Pieces[P].first, Hi = Pieces[P].second;
      for (++P; P < Pieces.size() && Pieces[P].first <= Hi; ++P)
        Hi = std::max(Hi, Pieces[P].second);
      if (Skipped) {
        if (!Emit(Lo, std::min(Hi, Skip->lo[D - 1])) ||
            !Emit(std::max(Lo, Skip->hi[D - 1]), Hi))
          return false;
      } else if (!Emit(Lo, Hi)) {
        return false;
      }
    }
    // The next row, last varying dimension fastest.
    int K = D - 2;
    for (; K >= 0; --K) {
      if (++Row[K] < Bound.hi[K])
        break;
      Row[K] = Bound.lo[K];
    }
    if (K < 0)
      return true;
  }
}

} // namespace orbis::world

#endif
