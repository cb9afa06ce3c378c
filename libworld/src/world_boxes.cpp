/// \file
/// orbis_world_load_boxes and orbis_world_store_box: box copies between
/// world memory and a local array, as range operations on the rows that
/// box_rows.h plans. Part of the exported C API.
#include "box_rows.h"
#include "trace_hook.h"
#include "world_impl.h"

namespace {

using orbis::world::BoxRun;

/// The runs of a copy, or INVALID (with the detail) when it is malformed.
orbis_status_t plan(orbis_world_ptr_t P, const orbis_world_view_t *View,
                    const orbis_world_box_t *Boxes, int Count,
                    const orbis_world_box_t *Skip, const void *Buf,
                    const orbis_world_box_t *Frame, std::vector<BoxRun> &Runs) {
  using orbis::world::failWith;
  if (!View || !Frame || (Count > 0 && (!Boxes || !Buf)))
    return failWith(ORBIS_ERR_INVALID,
                    "a box copy needs a view, a frame, boxes and a buffer");
  // Bounded by the pointer's count (which the owner checks against the
  // allocation) while the runs are planned.
  bool OutOfBounds = false;
  if (orbis::world::boxRuns(*View, Boxes, Count, Skip, *Frame, Runs, P.count,
                            &OutOfBounds))
    return ORBIS_OK;
  Runs.clear();
  if (OutOfBounds)
    return failWith(ORBIS_ERR_OUT_OF_BOUNDS,
                    "a box copy reaches past the allocation's " +
                        std::to_string(P.count) + " elements");
  return failWith(ORBIS_ERR_INVALID,
                  "a box copy needs 1 to 4 dimensions, a last stride of 1, "
                  "boxes inside the frame and no negative index");
}

/// Whether a frame in place can follow View: row-major, 1 to 4 dimensions,
/// each stride a positive multiple of the next, the last 1.
bool rowMajor(const orbis_world_view_t *View) {
  if (!View || View->dims < 1 || View->dims > 4 ||
      View->stride[View->dims - 1] != 1 || View->stride[0] <= 0)
    return false;
  for (int K = 1; K < View->dims; ++K)
    if (View->stride[K] <= 0 || View->stride[K - 1] % View->stride[K] != 0)
      return false;
  return true;
}

/// The elements of a box's runs, as the trace shows them.
uint64_t elementsOf(const std::vector<BoxRun> &Runs) {
  uint64_t Elements = 0;
  for (const BoxRun &R : Runs)
    Elements += R.count;
  return Elements;
}

/// The allocation's Count elements at Data seen through View: the frame
/// (lo 0; hi the rows that start in it, then stride[k-1] / stride[k]) and
/// the address of the view's element (0, ..., 0).
char *frameOf(orbis_world_ptr_t P, char *Data, uint64_t Count,
              const orbis_world_view_t &View, orbis_world_box_t &Frame) {
  Frame = orbis_world_box_t{};
  Frame.hi[0] = int64_t((Count - View.base + uint64_t(View.stride[0]) - 1) /
                        uint64_t(View.stride[0]));
  for (int K = 1; K < View.dims; ++K)
    Frame.hi[K] = View.stride[K - 1] / View.stride[K];
  return Data + View.base * P.elem_size;
}

/// A frame in place over the memory Get (World::localData or readableData)
/// gives, or null; what Get began, Done ends when the view does not fit.
template <class GetData, class EndData>
void *frameIn(orbis_world_ptr_t P, const orbis_world_view_t *View,
              orbis_world_box_t *Frame, GetData Get, EndData Done) {
  if (!rowMajor(View) || !Frame)
    return nullptr;
  uint64_t Count = 0;
  char *Data = (orbis::world::TheWorld.*Get)(P, Count);
  if (Data && View->base > Count) {
    (orbis::world::TheWorld.*Done)(P);
    return nullptr;
  }
  return Data ? frameOf(P, Data, Count, *View, *Frame) : nullptr;
}

} // namespace

#pragma GCC visibility push(default)
extern "C" {

orbis_status_t orbis_world_load_boxes(orbis_world_ptr_t ptr,
                                      const orbis_world_view_t *view,
                                      const orbis_world_box_t *boxes,
                                      int count,
                                      const orbis_world_box_t *skip, void *buf,
                                      const orbis_world_box_t *frame) {
  orbis::world::ErrorDetail.clear();
  std::vector<BoxRun> Runs;
  if (orbis_status_t S = plan(ptr, view, boxes, count, skip, buf, frame, Runs))
    return S;
  // On the trace as one load: the staged tile's footprint and halo.
  const uint64_t Elements = elementsOf(Runs);
  return orbis::world::tracedLoad(
      Runs.empty() ? 0 : Runs.front().index, Elements < 2 ? 2 : Elements,
      false, [&] {
        return orbis::world::TheWorld.loadRuns(
            ptr, Runs.data(), Runs.size(), static_cast<unsigned char *>(buf));
      });
}

orbis_status_t orbis_world_store_box(orbis_world_ptr_t ptr,
                                     const orbis_world_view_t *view,
                                     const orbis_world_box_t *box,
                                     const void *buf,
                                     const orbis_world_box_t *frame) {
  std::vector<BoxRun> Runs;
  if (orbis_status_t S = plan(ptr, view, box, 1, nullptr, buf, frame, Runs))
    return S;
  orbis::world::ErrorDetail.clear();
  return orbis::world::tracedStore(
      Runs.empty() ? 0 : Runs.front().index, elementsOf(Runs), [&] {
        return orbis::world::TheWorld.storeRuns(
            ptr, Runs.data(), Runs.size(),
            static_cast<const unsigned char *>(buf));
      });
}

void *orbis_world_local_frame(orbis_world_ptr_t ptr,
                              const orbis_world_view_t *view,
                              orbis_world_box_t *frame) {
  using orbis::world::World;
  return frameIn(ptr, view, frame, &World::localData, &World::localDone);
}

void orbis_world_local_done(orbis_world_ptr_t ptr) {
  orbis::world::TheWorld.localDone(ptr);
}

const void *orbis_world_read_frame(orbis_world_ptr_t ptr,
                                   const orbis_world_view_t *view,
                                   orbis_world_box_t *frame) {
  using orbis::world::World;
  return frameIn(ptr, view, frame, &World::readableData,
                 &World::readableDone);
}

orbis_status_t orbis_world_read_done(orbis_world_ptr_t ptr) {
  orbis::world::ErrorDetail.clear();
  return orbis::world::TheWorld.readableDone(ptr);
}

} // extern "C"
#pragma GCC visibility pop
