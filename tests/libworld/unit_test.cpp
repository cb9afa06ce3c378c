/// \file
/// Unit tests of libworld's bookkeeping that needs no second process: the
/// owner's record of writers (spans) and the bitmap of initialized elements
/// in an allocation's region.
#include "cache.h"
#include "deadlock_probe.h"
#include "lock_table.h"
#include "oversubscribed.h"
#include "parked_loads.h"
#include "peer_memory.h"
#include "prefault.h"
#include "request_table.h"
#include "box_rows.h"
#include "region.h"
#include "segment_pool.h"
#include "wait_registry.h"
#include "watchdog_thread.h"
#include "stream_copy.h"
#include "writer_record.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

using namespace orbis::world;

TEST(WriterRecord, EmptyHasNoWriter) {
  WriterRecord R;
  uint64_t E = 7;
  int64_t Entry = 7;
  EXPECT_EQ(R.at(0), -1);
  EXPECT_FALSE(R.firstOverlap(0, 100, E, Entry));
}

TEST(WriterRecord, RangesAndOverlaps) {
  WriterRecord R;
  R.assign(10, 20, 3);
  EXPECT_EQ(R.at(9), -1);
  EXPECT_EQ(R.at(10), 3);
  EXPECT_EQ(R.at(19), 3);
  EXPECT_EQ(R.at(20), -1);
  uint64_t E;
  int64_t Entry;
  EXPECT_FALSE(R.firstOverlap(0, 10, E, Entry));
  EXPECT_FALSE(R.firstOverlap(20, 30, E, Entry));
  ASSERT_TRUE(R.firstOverlap(5, 11, E, Entry));
  EXPECT_EQ(E, 10u);
  EXPECT_EQ(Entry, 3);
  ASSERT_TRUE(R.firstOverlap(15, 40, E, Entry));
  EXPECT_EQ(E, 15u);
}

TEST(WriterRecord, ReplacesPartsAndSplits) {
  WriterRecord R;
  R.assign(0, 100, -4); // being received from rank 2
  R.assign(40, 60, 2);  // part of it arrived
  EXPECT_EQ(R.at(39), -4);
  EXPECT_EQ(R.at(40), 2);
  EXPECT_EQ(R.at(59), 2);
  EXPECT_EQ(R.at(60), -4);
  EXPECT_EQ(R.at(99), -4);
  R.assign(0, 100, 2);
  for (uint64_t I : {0u, 39u, 40u, 60u, 99u})
    EXPECT_EQ(R.at(I), 2);
}

TEST(WriterRecord, RowsWrittenInOrderGrowOneSpan) {
  // Rows of tiles written left to right by one writer stay one span; a
  // range that fills the gap between two equal spans joins them; one that
  // reaches into another writer's span replaces that part of it.
  WriterRecord R;
  R.assign(0, 10, 1);
  R.assign(10, 20, 1);
  EXPECT_EQ(R.spans(), 1u);
  R.assign(30, 40, 1);
  R.assign(20, 30, 1);
  EXPECT_EQ(R.spans(), 1u);
  for (uint64_t I : {0u, 19u, 20u, 39u})
    EXPECT_EQ(R.at(I), 1) << I;
  EXPECT_EQ(R.at(40), -1);
  R.assign(45, 50, 3);
  R.assign(40, 47, 1);
  EXPECT_EQ(R.at(44), 1);
  EXPECT_EQ(R.at(46), 1);
  EXPECT_EQ(R.at(47), 3);
  EXPECT_EQ(R.at(49), 3);
  EXPECT_EQ(R.spans(), 2u);
}

TEST(WriterRecord, MatchesAnArrayOfWriters) {
  // Random assignments against one entry per element.
  WriterRecord R;
  std::vector<int64_t> Expected(300, -1);
  uint64_t Seed = 12345;
  auto next = [&] { return (Seed = Seed * 6364136223846793005ull + 1) >> 33; };
  for (int Step = 0; Step < 2000; ++Step) {
    uint64_t First = next() % 300, End = First + next() % 40;
    if (End > 300)
      End = 300;
    int64_t Entry = int64_t(next() % 4);
    R.assign(First, End, Entry);
    for (uint64_t I = First; I < End; ++I)
      Expected[I] = Entry;
    for (uint64_t I = 0; I < 300; ++I)
      ASSERT_EQ(R.at(I), Expected[I]) << "element " << I << " step " << Step;
  }
}

namespace {
/// A region of Count elements of 8 bytes, zeroed as the owner makes it.
struct TestRegion {
  explicit TestRegion(uint64_t Count)
      : Memory(regionLength(Count, 8, 0) / 8 + 1, 0),
        View(RegionView::of(reinterpret_cast<char *>(Memory.data()), Count, 8,
                            0)) {
    View.Header->WakeAt.store(AnyElement);
  }
  std::vector<uint64_t> Memory;
  RegionView View;
};
} // namespace

TEST(Prefault, SeveralThreadsMakeEveryPageOfTheRange) {
  // 40 MiB of shared memory from an unaligned start, in pieces of 2 MiB
  // by up to 3 threads: every page of the range is resident afterwards,
  // and the pages around it are not.
  const size_t Page = size_t(sysconf(_SC_PAGESIZE)), Length = size_t(48) << 20;
  char *M = static_cast<char *>(mmap(nullptr, Length, PROT_READ | PROT_WRITE,
                                     MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(M, MAP_FAILED);
  for (int Threads : {1, 3}) {
    setPrefaultThreads(Threads);
    char *Start = M + (Threads == 1 ? 0 : 4 * Page) + 100;
    size_t Bytes = (size_t(40) << 20) - 200;
    prefault(Start, Bytes);
    std::vector<unsigned char> In(Length / Page);
    ASSERT_EQ(mincore(M, Length, In.data()), 0);
    size_t FirstPage = size_t(Start - M) / Page,
           LastPage = size_t(Start + Bytes - 1 - M) / Page;
    for (size_t P = FirstPage; P <= LastPage; ++P)
      ASSERT_TRUE(In[P] & 1) << Threads << " threads, page " << P;
    EXPECT_FALSE(In[LastPage + 2] & 1) << Threads << " threads";
    madvise(M, Length, MADV_REMOVE);
  }
  setPrefaultThreads(1);
  munmap(M, Length);
}

TEST(RegionLayout, LargeDataStartsAtTheOwnersColour) {
  // 4096 x 4096 doubles: the bitmap is 2 MiB, the data 128 MiB.
  const uint64_t Grid = uint64_t(4096) * 4096;
  const size_t Plain = sizeof(RegionHeader) + Grid / 8;
  for (uint32_t Owner = 0; Owner < 20; ++Owner)
    EXPECT_EQ(dataOffset(Grid, 8, Owner), (Plain + 63) / 64 * 64 +
                                              (Owner % 8) * 512)
        << "owner " << Owner;
  // Below 1 MiB of data, no colour: small allocations stay packed.
  EXPECT_EQ(dataOffset(131071, 8, 5), dataOffset(131071, 8, 0));
  EXPECT_EQ(dataOffset(131072, 8, 5), dataOffset(131072, 8, 0) + 5 * 512);
  EXPECT_EQ(regionLength(Grid, 8, 3), dataOffset(Grid, 8, 3) + Grid * 8);
}

TEST(RegionBitmap, PublishMarksExactlyTheRange) {
  TestRegion T(300);
  T.View.publish(5, 130); // edge words and one whole word
  for (uint64_t I = 0; I < 300; ++I)
    EXPECT_EQ(T.View.written(I), I >= 5 && I < 135) << I;
  EXPECT_EQ(T.View.firstWritten(0, 5), -1);
  EXPECT_EQ(T.View.firstWritten(0, 6), 5);
  EXPECT_EQ(T.View.firstWritten(134, 10), 134);
  EXPECT_EQ(T.View.firstWritten(135, 165), -1);
}

TEST(RegionBitmap, ReadyFromAdvancesOverWrittenElements) {
  TestRegion T(300);
  T.View.publish(0, 70);
  uint64_t Next = 3;
  EXPECT_FALSE(T.View.readyFrom(Next, 200));
  EXPECT_EQ(Next, 70u);
  T.View.publish(70, 1);
  EXPECT_FALSE(T.View.readyFrom(Next, 200));
  EXPECT_EQ(Next, 71u);
  T.View.publish(71, 229);
  EXPECT_TRUE(T.View.readyFrom(Next, 200));
  EXPECT_EQ(Next, 200u);
  uint64_t Small = 10;
  EXPECT_TRUE(T.View.readyFrom(Small, 12));
  EXPECT_EQ(Small, 12u);
}

TEST(RegionBitmap, LastUnwrittenAndWatchers) {
  TestRegion T(100);
  EXPECT_EQ(T.View.lastUnwritten(0, 100), 99u);
  T.View.publish(90, 10);
  EXPECT_EQ(T.View.lastUnwritten(0, 100), 89u);
  EXPECT_FALSE(T.View.watched(0, 100)); // nobody waits
  T.View.watch(89);
  EXPECT_FALSE(T.View.watched(0, 89)); // not the element it waits for
  EXPECT_TRUE(T.View.watched(80, 10));
  T.View.watch(5); // a second watcher: any store wakes
  EXPECT_TRUE(T.View.watched(0, 1));
  T.View.unwatch();
  T.View.unwatch();
  EXPECT_FALSE(T.View.watched(80, 10));
}

// One element of a 1 GiB allocation costs one block of the cache, not the
// allocation; ranges across blocks come back exactly; a partial hit is a
// miss; forget() drops the allocation.
TEST(Cache, BlocksMadeAsLoadsFillThem) {
  orbis::world::Cache C;
  orbis_world_ptr_t P{1, 7, uint64_t(1) << 27, 8, 0}; // 2^27 doubles
  double One = 2.5, Got = 0;
  C.fill(P, 100000000, 1, &One);
  EXPECT_EQ(C.bytes(), 4096u);
  ASSERT_TRUE(C.lookup(P, 100000000, 1, &Got));
  EXPECT_EQ(Got, 2.5);
  EXPECT_FALSE(C.lookup(P, 100000001, 1, &Got));

  std::vector<double> Range(1500), Back(1500);
  for (size_t I = 0; I < Range.size(); ++I)
    Range[I] = double(I) * 0.25;
  C.fill(P, 500, Range.size(), Range.data()); // blocks 0 to 3
  EXPECT_EQ(C.bytes(), 5 * 4096u);
  ASSERT_TRUE(C.lookup(P, 500, Range.size(), Back.data()));
  EXPECT_EQ(Back, Range);
  EXPECT_FALSE(C.lookup(P, 499, 2, Back.data()));
  EXPECT_TRUE(C.lookup(P, 1999, 1, nullptr));
  EXPECT_FALSE(C.lookup(P, 1999, 2, nullptr));

  // Another allocation of the same id but another shape is not this one.
  orbis_world_ptr_t Other = P;
  Other.elem_size = 4;
  EXPECT_FALSE(C.lookup(Other, 500, 1, nullptr));

  C.forget(P.owner, P.id);
  EXPECT_EQ(C.bytes(), 0u);
  EXPECT_FALSE(C.lookup(P, 500, 1, nullptr));
}

// A lock is granted at once when free, then in the order requests came;
// only the holder releases it; a freed allocation's waiters are returned.
TEST(LockTable, FirstComeFirstServedAndOnlyTheHolderReleases) {
  using orbis::world::LockTable;
  LockTable T;
  auto G = T.acquire(5, 0, 2, 100);
  ASSERT_TRUE(G);
  EXPECT_EQ(G->Rank, 2);
  EXPECT_EQ(G->Token, 100u);
  EXPECT_FALSE(T.acquire(5, 0, 1, 101));
  EXPECT_FALSE(T.acquire(5, 0, 3, 102));
  EXPECT_TRUE(T.acquire(5, 1, 3, 103)); // another lock of the allocation

  std::optional<LockTable::Grant> Next;
  std::string Why;
  EXPECT_FALSE(T.release(5, 0, 1, Next, Why));
  EXPECT_EQ(Why, "lock 0 of allocation 5 is held by rank 2");
  EXPECT_FALSE(Next);
  ASSERT_TRUE(T.release(5, 0, 2, Next, Why));
  ASSERT_TRUE(Next);
  EXPECT_EQ(Next->Rank, 1);
  EXPECT_EQ(Next->Token, 101u);
  ASSERT_TRUE(T.release(5, 0, 1, Next, Why));
  EXPECT_EQ(Next->Rank, 3);
  ASSERT_TRUE(T.release(5, 0, 3, Next, Why));
  EXPECT_FALSE(Next);
  EXPECT_FALSE(T.release(5, 0, 3, Next, Why));
  EXPECT_EQ(Why, "lock 0 of allocation 5 is not held");

  EXPECT_FALSE(T.acquire(5, 1, 4, 104));
  EXPECT_FALSE(T.acquire(5, 1, 0, 105));
  T.acquire(6, 1, 0, 106);
  auto Refused = T.drop(5);
  ASSERT_EQ(Refused.size(), 2u);
  EXPECT_EQ(Refused[0].Token, 104u);
  EXPECT_EQ(Refused[1].Token, 105u);
  EXPECT_FALSE(T.release(5, 1, 3, Next, Why)); // gone with its allocation
  EXPECT_TRUE(T.release(6, 1, 0, Next, Why));  // another allocation's stays
}

// Answers complete requests exactly: data of the expected length, a
// status, or an error for a wrong length; a token answers once.
TEST(RequestTable, AnswersCompleteRequestsOnce) {
  using orbis::world::Request;
  orbis::world::RequestTable T;
  double Got = 0, Value = 1.5;
  Request A{&Got, sizeof Got, {}, 0, 1};
  Request B{&Got, sizeof Got, {}, 0, 1};
  Request C{&Got, sizeof Got, {}, 0, 1};
  uint64_t TA = T.add(A), TB = T.add(B), TC = T.add(C);
  EXPECT_NE(TA, TB);
  Request *R = T.take(TA);
  ASSERT_EQ(R, &A);
  EXPECT_TRUE(R->complete(ORBIS_OK, &Value, sizeof Value));
  EXPECT_TRUE(A.Done);
  EXPECT_EQ(A.Status, ORBIS_OK);
  EXPECT_EQ(Got, 1.5);
  EXPECT_EQ(T.take(TA), nullptr);

  Got = 0;
  EXPECT_FALSE(T.take(TB)->complete(ORBIS_OK, &Value, 4)); // wrong length
  EXPECT_EQ(B.Status, ORBIS_ERR_INVALID);
  EXPECT_EQ(Got, 0.0);
  EXPECT_FALSE(T.take(TC)->complete(ORBIS_ERR_UNKNOWN_ALLOCATION, nullptr, 0));
  EXPECT_EQ(C.Status, ORBIS_ERR_UNKNOWN_ALLOCATION);
  EXPECT_TRUE(C.Done);
}

// A deadlock takes StableProbes rounds in a row of every process suspended
// with nothing in flight and nothing sent since; anything else resets it.
TEST(ProbeRounds, StableRoundsOfSuspendedQuietProcesses) {
  using orbis::world::ProbeRounds;
  using orbis::world::ProbeState;
  ProbeRounds P;
  auto Round = [&](bool Suspended1, uint64_t Sent0, uint64_t Received1,
                   bool Answer1 = true) {
    uint32_t R = P.start(ProbeState{0, 0, 1, 0, Sent0, 0});
    if (Answer1)
      P.answer(ProbeState{1, R, Suspended1, 0, 0, Received1});
    P.answer(ProbeState{1, R - 1, 1, 0, 0, 0}); // late, ignored
    return P.deadlocked(2);
  };
  EXPECT_FALSE(P.deadlocked(2));
  EXPECT_FALSE(Round(true, 5, 5)); // the first round sets the counts
  EXPECT_FALSE(Round(true, 5, 5));
  EXPECT_FALSE(Round(true, 5, 5));
  EXPECT_TRUE(Round(true, 5, 5));
  // A message in flight, or one sent since, or a process computing.
  ProbeRounds Q;
  P = Q;
  for (int I = 0; I < 6; ++I)
    EXPECT_FALSE(Round(true, 6, 5));
  P = Q;
  for (uint64_t I = 0; I < 6; ++I)
    EXPECT_FALSE(Round(true, 7 + I, 7 + I));
  P = Q;
  for (int I = 0; I < 6; ++I)
    EXPECT_FALSE(Round(I % 2 == 0, 5, 5));
  // A round missing an answer is not judged.
  P = Q;
  EXPECT_FALSE(Round(true, 5, 5));
  EXPECT_FALSE(Round(true, 5, 5));
  EXPECT_FALSE(Round(true, 5, 5, false));
  EXPECT_FALSE(Round(true, 5, 5));
  EXPECT_TRUE(Round(true, 5, 5));
}

// A store answers only the parked loads of its allocation that it
// completes; a free takes all of an allocation's, and only those.
TEST(ParkedLoads, TakenWhenReadyOrWhenFreed) {
  orbis::world::ParkedLoads P;
  P.park({1, 5, 0, 10, 100, 0});
  P.park({2, 5, 10, 10, 101, 10});
  P.park({3, 6, 0, 4, 102, 0});
  uint64_t Written = 10; // elements [0, 10) of allocation 5 are written
  auto Ready = [&](orbis::world::ParkedLoads::Load &L) {
    L.Next = std::min(L.First + L.Count, std::max(L.Next, Written));
    return L.Next == L.First + L.Count;
  };
  auto Done = P.takeReady(5, Ready);
  ASSERT_EQ(Done.size(), 1u);
  EXPECT_EQ(Done[0].Token, 100u);
  EXPECT_TRUE(P.takeReady(5, Ready).empty());
  Written = 20;
  Done = P.takeReady(5, Ready);
  ASSERT_EQ(Done.size(), 1u);
  EXPECT_EQ(Done[0].Token, 101u);
  EXPECT_TRUE(P.takeAll(5).empty());
  auto Freed = P.takeAll(6);
  ASSERT_EQ(Freed.size(), 1u);
  EXPECT_EQ(Freed[0].From, 3);
  EXPECT_TRUE(P.takeAll(6).empty());
}

TEST(StreamCopy, CopiesEveryByteAtAnyAlignment) {
  // Below and above StreamCopyMin, with the destination and the source at
  // every offset in a 16-byte line, and lengths that leave a tail.
  for (size_t Length : {size_t(100), StreamCopyMin - 1, StreamCopyMin,
                        StreamCopyMin + 37}) {
    std::vector<char> Source(Length + 16), Dest(Length + 32);
    for (size_t I = 0; I < Source.size(); ++I)
      Source[I] = char(I * 131 + 7);
    for (size_t DestOffset : {0, 1, 8, 15})
      for (size_t SourceOffset : {0, 3}) {
        std::fill(Dest.begin(), Dest.end(), char(0x5a));
        copyForStore(Dest.data() + DestOffset, Source.data() + SourceOffset,
                     Length);
        ASSERT_EQ(std::memcmp(Dest.data() + DestOffset,
                              Source.data() + SourceOffset, Length),
                  0)
            << Length << " " << DestOffset << " " << SourceOffset;
        for (size_t I = 0; I < DestOffset; ++I)
          ASSERT_EQ(Dest[I], char(0x5a));
        for (size_t I = DestOffset + Length; I < Dest.size(); ++I)
          ASSERT_EQ(Dest[I], char(0x5a));
      }
  }
}

// The runs of a box copy (box_rows.h).
namespace {
orbis_world_box_t box2(int64_t X0, int64_t X1, int64_t Y0, int64_t Y1) {
  orbis_world_box_t B{};
  B.lo[0] = X0, B.hi[0] = X1, B.lo[1] = Y0, B.hi[1] = Y1;
  return B;
}
std::vector<std::vector<uint64_t>> runs(const std::vector<BoxRun> &R) {
  std::vector<std::vector<uint64_t>> Out;
  for (const BoxRun &X : R)
    Out.push_back({X.index, X.count, X.offset});
  return Out;
}
} // namespace

TEST(BoxRuns, GaussSeidelFootprintLessTheWrittenTile) {
  // A 10-column array from element 1000; tile rows 2..3, columns 4..6;
  // reads (x - 1, y) and (x, y - 1) of the array the tile writes.
  orbis_world_view_t V{1000, 2, {10, 1}};
  orbis_world_box_t Frame = box2(1, 4, 3, 7);
  orbis_world_box_t Reads[2] = {box2(1, 3, 4, 7), box2(2, 4, 3, 6)};
  orbis_world_box_t Tile = box2(2, 4, 4, 7);
  std::vector<BoxRun> R;
  ASSERT_TRUE(boxRuns(V, Reads, 2, &Tile, Frame, R));
  // Row 1: columns 4..6 (the row above); rows 2 and 3: column 3 only.
  EXPECT_EQ(runs(R), (std::vector<std::vector<uint64_t>>{
                         {1014, 3, 1}, {1023, 1, 4}, {1033, 1, 8}}));
}

TEST(BoxRuns, OverlappingReadsMergeInARow) {
  // Reads (x + 1, y) and (x, y + 1) of a tile rows 0..1, columns 0..3.
  orbis_world_view_t V{0, 2, {100, 1}};
  orbis_world_box_t Frame = box2(0, 3, 0, 5);
  orbis_world_box_t Reads[2] = {box2(1, 3, 0, 4), box2(0, 2, 1, 5)};
  std::vector<BoxRun> R;
  ASSERT_TRUE(boxRuns(V, Reads, 2, nullptr, Frame, R));
  EXPECT_EQ(runs(R), (std::vector<std::vector<uint64_t>>{
                         {1, 4, 1}, {100, 5, 5}, {200, 4, 10}}));
}

TEST(BoxRuns, SkipInTheMiddleSplitsARow) {
  orbis_world_view_t V{0, 1, {1}};
  orbis_world_box_t Frame{}, Read{}, Skip{};
  Frame.lo[0] = 0, Frame.hi[0] = 10;
  Read.lo[0] = 1, Read.hi[0] = 9;
  Skip.lo[0] = 3, Skip.hi[0] = 5;
  std::vector<BoxRun> R;
  ASSERT_TRUE(boxRuns(V, &Read, 1, &Skip, Frame, R));
  EXPECT_EQ(runs(R), (std::vector<std::vector<uint64_t>>{{1, 2, 1}, {5, 4, 5}}));
}

TEST(BoxRuns, ThreeDimensionsAndEmptyBoxes) {
  orbis_world_view_t V{0, 3, {100, 10, 1}};
  orbis_world_box_t Frame{}, B[2]{};
  for (int K = 0; K < 3; ++K)
    Frame.lo[K] = 0, Frame.hi[K] = 2, B[0].lo[K] = 0, B[0].hi[K] = 2;
  B[1].lo[0] = 1, B[1].hi[0] = 1; // empty
  std::vector<BoxRun> R;
  ASSERT_TRUE(boxRuns(V, B, 2, nullptr, Frame, R));
  EXPECT_EQ(runs(R), (std::vector<std::vector<uint64_t>>{
                         {0, 2, 0}, {10, 2, 2}, {100, 2, 4}, {110, 2, 6}}));
}

TEST(BoxRuns, MalformedCopiesAreRefused) {
  orbis_world_box_t Frame = box2(0, 2, 0, 2), Out = box2(0, 3, 0, 2);
  std::vector<BoxRun> R;
  orbis_world_view_t Strided{0, 2, {10, 2}};
  orbis_world_box_t In = box2(0, 1, 0, 1);
  EXPECT_FALSE(boxRuns(Strided, &In, 1, nullptr, Frame, R));
  orbis_world_view_t V{0, 2, {10, 1}};
  EXPECT_FALSE(boxRuns(V, &Out, 1, nullptr, Frame, R));
  orbis_world_view_t Five{0, 5, {1, 1, 1, 1}};
  EXPECT_FALSE(boxRuns(Five, &In, 1, nullptr, Frame, R));
  orbis_world_box_t Neg = box2(-1, 0, 0, 1), NegFrame = box2(-1, 2, 0, 2);
  EXPECT_FALSE(boxRuns(V, &Neg, 1, nullptr, NegFrame, R));
}

// A hostile box (INT64_MAX rows, INT64_MIN corners, strides that overflow)
// stops as soon as a run leaves the allocation: it used to plan rows until
// the process ran out of memory (12 GB, then bad_alloc or the OOM killer).
TEST(BoxRuns, RunsPastTheAllocationStopAtOnce) {
  const int64_t Max = std::numeric_limits<int64_t>::max();
  const int64_t Min = std::numeric_limits<int64_t>::min();
  orbis_world_view_t V{0, 2, {10, 1}};
  std::vector<BoxRun> R;
  bool Beyond = false;
  orbis_world_box_t Huge = box2(0, Max, 0, 3);
  EXPECT_FALSE(boxRuns(V, &Huge, 1, nullptr, Huge, R, 100, &Beyond));
  EXPECT_TRUE(Beyond);
  EXPECT_LE(R.size(), 10u); // the rows inside, then the first one past
  // Rows inside the allocation but more elements than it holds in all
  // (a stride of 0 maps every row onto the same elements).
  orbis_world_view_t Flat{0, 2, {0, 1}};
  R.clear();
  Beyond = false;
  EXPECT_FALSE(boxRuns(Flat, &Huge, 1, nullptr, Huge, R, 100, &Beyond));
  EXPECT_TRUE(Beyond);
  EXPECT_LE(R.size(), 34u);
  // Overflowing index arithmetic.
  orbis_world_box_t Wide = box2(Min, Max, 0, 3);
  R.clear();
  Beyond = false;
  EXPECT_FALSE(boxRuns(V, &Wide, 1, nullptr, Wide, R, 100, &Beyond));
  EXPECT_TRUE(Beyond);
  orbis_world_view_t Big{0, 2, {Max / 2 + 1, 1}}; // row 2 overflows
  orbis_world_box_t Two = box2(0, 3, 0, 1);
  R.clear();
  Beyond = false;
  EXPECT_FALSE(boxRuns(Big, &Two, 1, nullptr, Two, R, ~uint64_t(0), &Beyond));
  EXPECT_TRUE(Beyond);
  // Inside: as before.
  orbis_world_box_t Fits = box2(0, 10, 0, 10);
  R.clear();
  Beyond = false;
  EXPECT_TRUE(boxRuns(V, &Fits, 1, nullptr, Fits, R, 100, &Beyond));
  EXPECT_FALSE(Beyond);
  EXPECT_EQ(R.size(), 10u);
  orbis_world_box_t OneMore = box2(0, 11, 0, 10);
  R.clear();
  EXPECT_FALSE(boxRuns(V, &OneMore, 1, nullptr, OneMore, R, 100, &Beyond));
  EXPECT_TRUE(Beyond);
}

// The waiting threads (wait_registry.h) and the watchdog's thread
// (watchdog_thread.h).
TEST(WaitRegistry, ReportsEachWaitWithItsPlace) {
  WaitRegistry R;
  EXPECT_TRUE(R.empty());
  orbis_world_ptr_t P{1, 2, 100, 8, 0};
  WaitSite Load{"world load", P, 5, 1, "gs.c", 40};
  WaitSite Range{"world wait", P, 10, 4, nullptr, 0};
  WaitSite Fence{"world barrier", orbis_world_ptr_t{}, 0, 0, "gs.c", 50};
  R.add(&Load);
  R.add(&Range);
  R.add(&Fence);
  EXPECT_FALSE(R.empty());
  EXPECT_EQ(R.reportLines(3),
            (std::vector<std::string>{
                "orbis: deadlock: rank 3: world load at gs.c:40 waits for "
                "element 5 of allocation 2 owned by rank 1",
                "orbis: deadlock: rank 3: world wait waits for elements [10, "
                "14) of allocation 2 owned by rank 1",
                "orbis: deadlock: rank 3: world barrier at gs.c:50 waits for "
                "every process to reach it"}));
  R.remove(&Range);
  R.remove(&Range); // twice: nothing
  EXPECT_EQ(R.reportLines(0).size(), 2u);
  R.remove(&Load);
  R.remove(&Fence);
  EXPECT_TRUE(R.empty());
}

TEST(WatchdogThread, RunsRoundsUnderTheLockUntilStopped) {
  std::mutex M;
  int Rounds = 0;
  bool HeldEveryTime = true;
  WatchdogThread W;
  EXPECT_FALSE(W.running());
  W.stop(); // never started: nothing
  W.start(M, std::chrono::milliseconds(1),
          [&](std::unique_lock<std::mutex> &L) {
            HeldEveryTime &= L.owns_lock();
            ++Rounds;
          });
  EXPECT_TRUE(W.running());
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::lock_guard<std::mutex> L(M);
    if (Rounds >= 3)
      break;
  }
  W.stop();
  EXPECT_FALSE(W.running());
  std::lock_guard<std::mutex> L(M);
  int After = Rounds;
  EXPECT_TRUE(HeldEveryTime);
  EXPECT_GE(After, 3);
}

namespace {
/// Shared memory stood in for by the heap, counting what is mapped.
class CountingSource : public MemorySource {
public:
  bool map(size_t Length, Region &R) override {
    R.Base = static_cast<char *>(std::aligned_alloc(64, Length));
    R.Length = Length;
    ++Maps;
    return R.Base != nullptr;
  }
  void unmap(Region &R) override {
    std::free(R.Base);
    R.Base = nullptr;
    ++Unmaps;
  }
  int Maps = 0, Unmaps = 0;
};
constexpr size_t MiB = size_t(1) << 20;
} // namespace

TEST(SegmentPool, AFreedLargeSegmentServesTheNextRegionOfItsSize) {
  CountingSource Src;
  {
    SegmentPool Pool;
    Pool.setSource(&Src);
    SegmentPool::Piece A = Pool.allocate(8 * MiB);
    ASSERT_NE(A.Base, nullptr);
    ASSERT_NE(A.Segment, 0u);
    Pool.release(A);
    EXPECT_EQ(Src.Unmaps, 0); // kept as a spare
    EXPECT_EQ(Pool.spares(), 1u);
    // The next step's array: the same memory under the same segment id
    // (peers that kept their mapping of it map nothing again).
    EXPECT_TRUE(A.Fresh);
    EXPECT_EQ(Pool.segment(A.Segment), nullptr); // not a live segment
    SegmentPool::Piece B = Pool.allocate(8 * MiB);
    EXPECT_EQ(B.Base, A.Base);
    EXPECT_FALSE(B.Fresh); // its pages are made: no prefault
    EXPECT_EQ(B.Segment, A.Segment);
    EXPECT_EQ(Src.Maps, 1);
    EXPECT_EQ(Pool.spares(), 0u);
    ASSERT_NE(Pool.segment(B.Segment), nullptr);
    // Half its size still fits it; less than half does not.
    Pool.release(B);
    SegmentPool::Piece C = Pool.allocate(4 * MiB + 64);
    EXPECT_EQ(C.Base, A.Base);
    Pool.release(C);
    SegmentPool::Piece D = Pool.allocate(3 * MiB);
    EXPECT_NE(D.Segment, 0u);
    // No spare fitted: the spare was unmapped before a new segment.
    EXPECT_EQ(Src.Maps, 2);
    EXPECT_EQ(Src.Unmaps, 1);
    EXPECT_EQ(Pool.spares(), 0u);
    Pool.release(D);
  }
  // Destroyed: every segment and spare unmapped.
  EXPECT_EQ(Src.Unmaps, Src.Maps);
}

TEST(SegmentPool, AtMostTwoSparesAndSmallRegionsShareASegment) {
  CountingSource Src;
  SegmentPool Pool;
  Pool.setSource(&Src);
  SegmentPool::Piece L[3];
  for (auto &P : L)
    P = Pool.allocate(2 * MiB);
  EXPECT_EQ(Src.Maps, 3);
  for (auto &P : L)
    Pool.release(P);
  EXPECT_EQ(Pool.spares(), SegmentPool::MaxSpare);
  EXPECT_EQ(Src.Unmaps, 1); // the oldest
  // Small regions come from one shared segment, never from a spare.
  SegmentPool::Piece S1 = Pool.allocate(1000), S2 = Pool.allocate(1000);
  EXPECT_EQ(S1.Segment, S2.Segment);
  EXPECT_EQ(S2.Base - S1.Base, 1024);
  EXPECT_EQ(Pool.spares(), SegmentPool::MaxSpare);
  // A shared segment that is full goes when its regions do: never a spare.
  SegmentPool::Piece Fill[4];
  for (auto &P : Fill)
    P = Pool.allocate(MiB);
  EXPECT_NE(Fill[3].Segment, S1.Segment); // S1's segment was full
  int Before = Src.Unmaps;
  Pool.release(S1);
  Pool.release(S2);
  for (int I = 0; I < 3; I++)
    Pool.release(Fill[I]);
  EXPECT_EQ(Src.Unmaps, Before + 1);
  EXPECT_EQ(Pool.spares(), SegmentPool::MaxSpare);
  Pool.releaseAll();
  EXPECT_EQ(Src.Unmaps, Src.Maps);
  EXPECT_EQ(Pool.spares(), 0u);
}

TEST(SegmentPool, WithoutATransportSegmentsArePrivateAndReusedToo) {
  // A process alone in its world: no source set, or the transport's taken
  // away (setSource(nullptr)). Its large regions get private segments and
  // the same spares, so the next step's array makes no pages again.
  SegmentPool Pool;
  Pool.setSource(nullptr);
  SegmentPool::Piece A = Pool.allocate(8 * MiB);
  ASSERT_NE(A.Base, nullptr);
  EXPECT_NE(A.Segment, 0u);
  EXPECT_TRUE(A.Fresh);
  const Region *R = Pool.segment(A.Segment);
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Handle, nullptr); // not the transport's
  EXPECT_TRUE(R->Key.empty());   // nothing a peer could map
  A.Base[8 * MiB - 1] = 7;       // writable to its end
  Pool.release(A);
  EXPECT_EQ(Pool.spares(), 1u);
  SegmentPool::Piece B = Pool.allocate(8 * MiB);
  EXPECT_EQ(B.Base, A.Base);
  EXPECT_EQ(B.Segment, A.Segment);
  EXPECT_FALSE(B.Fresh);
  EXPECT_EQ(B.Base[8 * MiB - 1], 7); // the same pages, not new ones
  Pool.release(B);
  // Small regions share a private segment as they share a shared one.
  SegmentPool::Piece S1 = Pool.allocate(1000), S2 = Pool.allocate(1000);
  EXPECT_NE(S1.Segment, 0u);
  EXPECT_EQ(S1.Segment, S2.Segment);
  Pool.release(S1);
  Pool.release(S2);
  Pool.releaseAll();
  EXPECT_EQ(Pool.spares(), 0u);
}

TEST(PeerMemory, SegmentsGoIdleAndAreReusedUnderTheirIds) {
  PeerMemory Peers;
  std::vector<void *> Detached;
  auto Detach = [&](void *H) { Detached.push_back(H); };
  static char Memory[4][64];
  // Owner 1's allocations 10, 11, 12, 13 in segments 100, 101, 102, 103.
  for (int I = 0; I < 4; I++) {
    PeerSegment S{Memory[I], Memory[I]};
    Peers.insertSegment(1, 100 + I, S, Detach);
    PeerAllocation A;
    A.Mapped = true;
    A.Segment = 100 + I;
    Peers.insert(1, 10 + I, A);
  }
  // Freed one after the other: the segments stay mapped, idle, until more
  // than two of the owner's are.
  for (int I = 0; I < 3; I++) {
    Peers.forget(1, 10 + I);
    Peers.reclaim(Detach);
  }
  EXPECT_EQ(Peers.idleSegments(), 2u);
  ASSERT_EQ(Detached.size(), 1u);
  EXPECT_EQ(Detached[0], Memory[0]); // the oldest
  bool Found = false;
  EXPECT_EQ(Peers.segment(1, 100, Found).Local, nullptr);
  EXPECT_FALSE(Found);
  // The owner reuses segment 102 (its id): found mapped, no longer idle.
  PeerSegment Again = Peers.segment(1, 102, Found);
  EXPECT_TRUE(Found);
  EXPECT_EQ(Again.Local, Memory[2]);
  PeerAllocation A;
  A.Mapped = true;
  A.Segment = 102;
  Peers.insert(1, 20, A);
  EXPECT_EQ(Peers.idleSegments(), 1u);
  // Finalize unmaps every segment, idle or not.
  Peers.clear(Detach);
  EXPECT_EQ(Detached.size(), 4u);
  EXPECT_EQ(Peers.idleSegments(), 0u);
}

TEST(WorkerLock, SleepsWhenTcpThreadsOrProcessesOutnumberCores) {
  // Processes outnumber cores: a mutex whatever the transport.
  EXPECT_TRUE(workerLockSleeps("shm,self", 3, 3, 2));
  // Two processes on two cores: their threads (own and progress) are four;
  // over TCP the lock is held through system calls: a mutex.
  EXPECT_TRUE(workerLockSleeps("tcp,self", 2, 2, 2));
  EXPECT_TRUE(workerLockSleeps("^cma", 2, 2, 2));
  // Over shared memory the spin lock is quicker.
  EXPECT_FALSE(workerLockSleeps("posix,sysv,cma,self", 2, 2, 2));
  // Unset: TCP only between hosts.
  EXPECT_FALSE(workerLockSleeps(nullptr, 2, 2, 2));
  EXPECT_TRUE(workerLockSleeps(nullptr, 2, 4, 2));
  // Enough cores for every thread: the spin lock.
  EXPECT_FALSE(workerLockSleeps("tcp,self", 2, 2, 16));
  EXPECT_FALSE(workerLockSleeps(nullptr, 8, 16, 16));
  EXPECT_TRUE(workerLockSleeps(nullptr, 9, 16, 16));
}

