/// \file
/// A box stored by a thread of the allocation's owner (World::storeRuns)
/// without holding the world lock while it works: the lock pins the
/// allocation at the start and unpins it at the end; the writer record,
/// which names the first writer of an element written twice, is updated
/// under the allocation's own lock (WriterLog); the data and the bitmap
/// are written with no lock, as a peer on the same host writes them
/// (World::storeMapped). The threads of a process then store their tiles
/// side by side instead of one after another (a box's 64 rows took 13-24
/// us under the world lock, which every waiting thread also needs).
#include "world_impl.h"

namespace orbis::world {

orbis_status_t World::storeOwnBox(orbis_world_ptr_t P, const BoxRun *Runs,
                                  size_t Count, const unsigned char *Buf) {
  const SiteCode Mine = callerSite();
  RegionView View;
  std::shared_ptr<WriterLog> Log;
  int64_t Entry = 0;
  {
    std::lock_guard<std::mutex> L(M);
    if (orbis_status_t Shape = checkOwnShapeLocked(P))
      return Shape;
    Allocation &A = *H.find(P.id);
    View = A.View;
    Log = A.Writers;
    Entry = H.writerEntry(rank(), Mine);
    // A free meanwhile keeps the memory until the unpin below.
    H.pin(P.id);
  }
  // Written before, by this process or a peer (its bit, or its doorbell in
  // the record): the run fails as store() reports it, and no element of
  // the box is touched. Two threads that store one element both pass the
  // bitmap; the record, checked and changed under its lock, lets only the
  // first through.
  size_t Failed = Count;
  for (size_t I = 0; I < Count && Failed == Count; ++I)
    if (View.firstWritten(Runs[I].index, Runs[I].count) >= 0)
      Failed = I;
  if (Failed == Count) {
    std::lock_guard<std::mutex> W(Log->Lock);
    uint64_t Element;
    int64_t Previous;
    for (size_t I = 0; I < Count && Failed == Count; ++I)
      if (Log->Record.firstOverlap(Runs[I].index,
                                   Runs[I].index + Runs[I].count, Element,
                                   Previous))
        Failed = I;
    if (Failed == Count)
      for (size_t I = 0; I < Count; ++I)
        Log->Record.assign(Runs[I].index, Runs[I].index + Runs[I].count,
                           Entry);
  }
  const size_t Size = P.elem_size;
  bool Watched = false;
  if (Failed == Count) {
    // The data first, then its bits (RegionView::publish): a reader that
    // sees a bit reads the data.
    for (size_t I = 0; I < Count; ++I) {
      const BoxRun &R = Runs[I];
      copyUnlessInPlace(View.Data + R.index * Size, Buf + R.offset * Size,
                        R.count * Size);
    }
    for (size_t I = 0; I < Count; ++I)
      View.publish(Runs[I].index, Runs[I].count);
    // One fence for the whole box before the watchers are looked at (one
    // per run would be 64 full fences a tile).
    std::atomic_thread_fence(std::memory_order_seq_cst);
    for (size_t I = 0; I < Count && !Watched; ++I)
      Watched = View.watched(Runs[I].index, Runs[I].count, /*Fenced=*/true);
  }
  {
    std::lock_guard<std::mutex> L(M);
    // Loads of other processes parked on the allocation, answered now.
    if (Watched && H.find(P.id))
      answerParkedLocked(P.id);
    H.unpin(P.id);
  }
  if (Failed == Count) {
    Changed.notify_all(); // threads of this process asleep on an element
    if (Watched)
      flushOutbox();
    return ORBIS_OK;
  }
  // The run written before, again alone: store() names both writers
  // (asking a peer on this host if need be) and stores nothing.
  const BoxRun &R = Runs[Failed];
  return store(P, R.index, R.count, Buf + R.offset * Size);
}

} // namespace orbis::world
