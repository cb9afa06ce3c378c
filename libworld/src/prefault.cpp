/// \file
/// Pages of a world region made ahead, by several threads when it is large
/// (prefault.h).
#include "prefault.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace orbis::world {

namespace {

std::atomic<int> Threads{1};

/// Below this, one thread: starting others costs more than they save.
constexpr size_t PerThreadBytes = size_t(16) << 20;

void populate(uintptr_t First, uintptr_t End) {
  if (End > First)
    madvise(reinterpret_cast<void *>(First), End - First,
            MADV_POPULATE_WRITE);
}

} // namespace

void setPrefaultThreads(int N) { Threads = std::clamp(N, 1, 8); }

void prefault(char *Start, size_t Length) {
  if (!Length)
    return;
  const uintptr_t Page = uintptr_t(sysconf(_SC_PAGESIZE));
  const uintptr_t First = reinterpret_cast<uintptr_t>(Start) & ~(Page - 1);
  const uintptr_t End = reinterpret_cast<uintptr_t>(Start) + Length;
  size_t N = std::min<size_t>(size_t(Threads.load()),
                              (End - First) / PerThreadBytes);
  if (N <= 1) {
    populate(First, End);
    return;
  }
  // Pieces of whole 2 MiB, so that huge pages are not split between them.
  const uintptr_t Align = uintptr_t(2) << 20;
  uintptr_t Piece = ((End - First) / N + Align - 1) & ~(Align - 1);
  std::vector<std::thread> Helpers;
  for (size_t I = 1; I < N; ++I) {
    uintptr_t From = First + I * Piece;
    if (From >= End)
      break;
    Helpers.emplace_back(populate, From, std::min(End, From + Piece));
  }
  populate(First, std::min(End, First + Piece));
  for (std::thread &T : Helpers)
    T.join();
}

} // namespace orbis::world
