/// \file
/// ORBIS_TRACE=file.json: every tile that a thread runs, and the spin-waits
/// of its pre- and post-blocks (from the first turn, orbis_spin_pause(), to
/// orbis_spin_end() after the loop, both placed by the compiler), recorded in memory and written when the
/// program exits as a Chrome trace-event file (Perfetto, chrome://tracing).
/// docs/trace.md describes the format. libworld adds its loads (found
/// through a weak symbol, libworld/src/trace_hook.h), and the GPU backend
/// the tiles its thread blocks ran (orbis_trace_gpu_tiles, one track per
/// block).
///
/// The hooks are inline in <orbis/tile.h> behind one load of orbis_trace_on,
/// so an untraced program pays a predictable branch per tile. Each thread
/// appends to its own buffer (no lock on the hot path); the buffers are
/// registered once per thread and read at exit, when the team is idle.
#include "trace.h"

#include "export.h"

#include <orbis/tile.h>

#include <omp.h>

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <vector>

extern "C" ORBIS_TILE_API int orbis_trace_on = 0;

namespace orbis::tile {

std::string tracePath(std::string_view Pattern, long Pid, const char *Rank) {
  std::string Out;
  bool Placeholder = false;
  for (size_t I = 0; I < Pattern.size(); I++) {
    if (Pattern[I] == '%' && I + 1 < Pattern.size()) {
      char C = Pattern[I + 1];
      if (C == 'p' || C == 'r' || C == '%') {
        Out += C == 'p' ? std::to_string(Pid) : C == 'r' ? (Rank ? Rank : "0")
                                                          : "%";
        Placeholder |= C != '%';
        I++;
        continue;
      }
    }
    Out += Pattern[I];
  }
  if (Placeholder || !Rank)
    return Out;
  // "trace.json" -> "trace.3.json"; a dot in a directory is no extension.
  size_t Slash = Out.rfind('/');
  size_t Dot = Out.rfind('.');
  if (Dot == std::string::npos || (Slash != std::string::npos && Dot < Slash) ||
      Dot == (Slash == std::string::npos ? 0 : Slash + 1))
    return Out + "." + Rank;
  return Out.substr(0, Dot) + "." + Rank + Out.substr(Dot);
}

std::string jsonEscape(std::string_view Text) {
  std::string Out;
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      Out += Buf;
    } else {
      Out += static_cast<char>(C);
    }
  }
  return Out;
}

namespace {

/// Events a process keeps at most (about 80 bytes each); later ones are
/// counted and reported instead of growing memory without bound.
constexpr long MaxEvents = 4000000;
/// Coordinates kept per tile: the tile's number and its enclosing tiles'.
constexpr int MaxDepth = 4;
/// Track (thread) id of GPU block 0; the CPU threads count from 0.
constexpr long GpuTrackBase = 1000000;

uint64_t nowNs() {
  timespec Ts;
  clock_gettime(CLOCK_MONOTONIC, &Ts);
  return static_cast<uint64_t>(Ts.tv_sec) * 1000000000u + Ts.tv_nsec;
}

struct Event {
  uint64_t Start, End;
  uint64_t Wait;             ///< tiles: time spent in spin-waits
  const orbis_site_t *Site;  ///< tiles: the loop's site
  long long Coords[MaxDepth]; ///< tiles: outermost first
  int Depth; ///< tiles: coordinates kept; spin-waits: -1; world loads: -2
             ///< (Coords: first, count; Wait: 1 when only waited)
};

/// A tile entered and not yet left by this thread.
struct OpenTile {
  const orbis_tile_t *Tile;
  uint64_t Start, Wait;
  uint64_t SpinFirst; ///< first turn of the spin-wait in progress; 0: none
};

struct ThreadTrace {
  int Index;     ///< order of the thread's first traced tile
  int OmpThread; ///< omp_get_thread_num() then
  std::vector<OpenTile> Open;
  std::vector<Event> Events;
};

/// A tile a GPU thread block ran, on the host's clock.
struct GpuTile {
  uint64_t Start, End;
  const char *Where; ///< the nest's location, a string of the program
  long long Num;
  unsigned Sm, Block;
};

struct Recorder {
  std::mutex Lock; ///< guards Threads and Gpu
  std::vector<ThreadTrace *> Threads;
  std::vector<GpuTile> Gpu;
  std::atomic<long> Recorded{0}, Dropped{0};
  uint64_t Base = 0; ///< timestamps are relative to libtile's load
  std::FILE *File = nullptr;
  std::string Path;
};

Recorder &recorder() {
  // Never destroyed: threads may record while the program exits.
  static Recorder *R = new Recorder;
  return *R;
}

thread_local ThreadTrace *Mine = nullptr;

ThreadTrace &mine() {
  if (!Mine) {
    Recorder &R = recorder();
    std::lock_guard<std::mutex> Guard(R.Lock);
    Mine = new ThreadTrace{static_cast<int>(R.Threads.size()),
                           omp_get_thread_num(), {}, {}};
    R.Threads.push_back(Mine);
  }
  return *Mine;
}

void record(ThreadTrace &T, const Event &E) {
  Recorder &R = recorder();
  if (R.Recorded.fetch_add(1, std::memory_order_relaxed) >= MaxEvents) {
    R.Dropped.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  T.Events.push_back(E);
}

double micros(uint64_t Ns, uint64_t Base) { return (Ns - Base) / 1000.0; }

/// The launcher's rank of this process, or null when none.
const char *launcherRank() {
  for (const char *Var : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
                          "SLURM_PROCID"})
    if (const char *V = std::getenv(Var); V && *V)
      return V;
  return nullptr;
}

void writeTrace() {
  Recorder &R = recorder();
  std::FILE *F = R.File;
  if (!F)
    return;
  orbis_trace_on = 0;
  const long Pid = getpid();
  const char *Rank = launcherRank();
  char Comm[64] = "program";
  if (std::FILE *C = std::fopen("/proc/self/comm", "r")) {
    if (std::fgets(Comm, sizeof Comm, C))
      Comm[std::strcspn(Comm, "\n")] = '\0';
    std::fclose(C);
  }
  std::string Process = jsonEscape(Comm);
  if (Rank)
    Process += std::string(" (rank ") + jsonEscape(Rank) + ")";
  std::fprintf(F, "{\"displayTimeUnit\": \"ns\", \"otherData\": "
                  "{\"producer\": \"orbis libtile\", \"dropped_events\": %ld},\n"
                  "\"traceEvents\": [\n",
               R.Dropped.load());
  std::fprintf(F,
               "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": %ld, "
               "\"tid\": 0, \"args\": {\"name\": \"%s\"}}",
               Pid, Process.c_str());
  std::lock_guard<std::mutex> Guard(R.Lock);
  for (const ThreadTrace *T : R.Threads) {
    std::fprintf(F,
                 ",\n{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": %ld, "
                 "\"tid\": %d, \"args\": {\"name\": \"thread %d (OpenMP "
                 "thread %d)\"}}",
                 Pid, T->Index, T->Index, T->OmpThread);
    for (const Event &E : T->Events) {
      const double Ts = micros(E.Start, R.Base),
                   Dur = (E.End - E.Start) / 1000.0;
      if (E.Depth == -2) {
        std::fprintf(F,
                     ",\n{\"ph\": \"X\", \"cat\": \"world\", \"name\": "
                     "\"%s\", \"pid\": %ld, \"tid\": %d, \"ts\": %.3f, "
                     "\"dur\": %.3f, \"args\": {\"first\": %lld, "
                     "\"count\": %lld}}",
                     E.Wait == 2 ? "world store"
                     : E.Wait    ? "world wait"
                                 : "world load",
                     Pid, T->Index, Ts,
                     Dur, E.Coords[0], E.Coords[1]);
        continue;
      }
      if (E.Depth < 0) {
        std::fprintf(F,
                     ",\n{\"ph\": \"X\", \"cat\": \"wait\", \"name\": \"wait\", "
                     "\"pid\": %ld, \"tid\": %d, \"ts\": %.3f, \"dur\": %.3f}",
                     Pid, T->Index, Ts, Dur);
        continue;
      }
      std::string Coords;
      for (int I = 0; I < E.Depth; I++)
        Coords += (I ? ", " : "") + std::to_string(E.Coords[I]);
      const orbis_site_t *S = E.Site;
      std::string Where = jsonEscape(S && S->where ? S->where : "?");
      std::fprintf(F,
                   ",\n{\"ph\": \"X\", \"cat\": \"tile\", \"name\": "
                   "\"tile (%s)\", \"pid\": %ld, \"tid\": %d, \"ts\": %.3f, "
                   "\"dur\": %.3f, \"args\": {\"site\": \"%s\", \"level\": %d, "
                   "\"tile\": [%s], \"wait_us\": %.3f}}",
                   Coords.c_str(), Pid, T->Index, Ts, Dur, Where.c_str(),
                   S ? S->level : 0, Coords.c_str(), E.Wait / 1000.0);
    }
  }
  // One track per thread block, after the CPU threads'.
  std::vector<bool> Named;
  for (const GpuTile &G : R.Gpu) {
    const long Tid = GpuTrackBase + G.Block;
    if (G.Block >= Named.size())
      Named.resize(G.Block + 1);
    if (!Named[G.Block]) {
      Named[G.Block] = true;
      std::fprintf(F,
                   ",\n{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": %ld, "
                   "\"tid\": %ld, \"args\": {\"name\": \"GPU block %u\"}}",
                   Pid, Tid, G.Block);
    }
    std::string Where = jsonEscape(G.Where ? G.Where : "?");
    std::fprintf(F,
                 ",\n{\"ph\": \"X\", \"cat\": \"gpu tile\", \"name\": "
                 "\"tile (%lld)\", \"pid\": %ld, \"tid\": %ld, \"ts\": %.3f, "
                 "\"dur\": %.3f, \"args\": {\"site\": \"%s\", \"level\": 0, "
                 "\"tile\": [%lld], \"sm\": %u, \"block\": %u}}",
                 G.Num, Pid, Tid, micros(G.Start, R.Base),
                 (G.End - G.Start) / 1000.0, Where.c_str(), G.Num, G.Sm,
                 G.Block);
  }
  std::fprintf(F, "\n]}\n");
  std::fflush(F);
  int Error = std::ferror(F) ? errno : 0;
  if (std::fclose(F) != 0 && !Error)
    Error = errno;
  R.File = nullptr;
  if (Error) {
    // As when the file cannot be opened: a trace that was asked for and is
    // not there fails the run.
    std::string What = "ORBIS_TRACE: cannot write '" + R.Path +
                       "': " + std::strerror(Error ? Error : EIO);
    orbis_tile_fatal(nullptr, What.c_str());
  }
  if (long D = R.Dropped.load())
    std::fprintf(stderr,
                 "orbis: ORBIS_TRACE: %ld events not recorded in '%s' (at "
                 "most %ld per process)\n",
                 D, R.Path.c_str(), MaxEvents);
}

/// Reads ORBIS_TRACE when libtile is loaded; an unwritable file stops the
/// program at once, as a malformed OMP_BLOCK_SIZE does, rather than after a
/// long run.
__attribute__((constructor)) void startTrace() {
  const char *Pattern = std::getenv("ORBIS_TRACE");
  if (!Pattern || !*Pattern)
    return;
  Recorder &R = recorder();
  R.Path = tracePath(Pattern, getpid(), launcherRank());
  R.File = std::fopen(R.Path.c_str(), "w");
  if (!R.File) {
    std::string What = "ORBIS_TRACE: cannot write '" + R.Path +
                       "': " + std::strerror(errno);
    orbis_tile_fatal(nullptr, What.c_str());
  }
  R.Base = nowNs();
  std::atexit(writeTrace);
  orbis_trace_on = 1;
}

} // namespace

} // namespace orbis::tile

using namespace orbis::tile;

extern "C" {

ORBIS_TILE_API ORBIS_NOTHROW void orbis_trace_tile_begin(const orbis_tile_t *t) {
  mine().Open.push_back(OpenTile{t, nowNs(), 0, 0});
}

ORBIS_TILE_API ORBIS_NOTHROW void orbis_trace_tile_end(const orbis_tile_t *t) {
  ThreadTrace &T = mine();
  if (T.Open.empty() || T.Open.back().Tile != t)
    return; // entered before tracing started
  orbis_trace_spin_end(); // a spin-wait left by a jump, if any
  OpenTile O = T.Open.back();
  T.Open.pop_back();
  Event E{O.Start, nowNs(), O.Wait, t->loop->site, {}, 0};
  // Coordinates outermost first: this tile's and its enclosing ones'.
  int Depth = 0;
  for (const orbis_tile_t *P = t; P && Depth < MaxDepth; P = P->parent)
    Depth++;
  E.Depth = Depth;
  for (const orbis_tile_t *P = t; Depth > 0; P = P->parent)
    E.Coords[--Depth] = P->num;
  record(T, E);
}

ORBIS_TILE_API ORBIS_NOTHROW void orbis_trace_spin(void) {
  ThreadTrace &T = mine();
  if (!T.Open.empty() && !T.Open.back().SpinFirst)
    T.Open.back().SpinFirst = nowNs();
}

ORBIS_TILE_API ORBIS_NOTHROW void orbis_trace_spin_end(void) {
  ThreadTrace &T = mine();
  if (T.Open.empty() || !T.Open.back().SpinFirst)
    return; // a spin-wait outside any tile, or whose condition held at once
  OpenTile &O = T.Open.back();
  const uint64_t End = nowNs();
  O.Wait += End - O.SpinFirst;
  record(T, Event{O.SpinFirst, End, 0, nullptr, {}, -1});
  O.SpinFirst = 0;
}

ORBIS_TILE_API ORBIS_NOTHROW unsigned long long orbis_trace_clock_ns(void) {
  return nowNs();
}

ORBIS_TILE_API ORBIS_NOTHROW void orbis_trace_gpu_tiles(const char *where,
                                          const orbis_gpu_tile_record_t *records,
                                          long long count,
                                          unsigned long long launch_ns) {
  if (!orbis_trace_on || !records || count <= 0)
    return;
  // The device's clock has its own origin: its first tile is placed at the
  // launch (what the launch itself took is not shown).
  unsigned long long First = ~0ull;
  for (long long I = 0; I < count; I++)
    if (records[I].end && records[I].start < First)
      First = records[I].start;
  Recorder &R = recorder();
  std::lock_guard<std::mutex> Guard(R.Lock);
  for (long long I = 0; I < count; I++) {
    const orbis_gpu_tile_record_t &G = records[I];
    if (!G.end)
      continue;
    if (R.Recorded.fetch_add(1, std::memory_order_relaxed) >= MaxEvents) {
      R.Dropped.fetch_add(1, std::memory_order_relaxed);
      continue;
    }
    R.Gpu.push_back(GpuTile{launch_ns + (G.start - First),
                            launch_ns + (G.end - First), where, I, G.sm,
                            G.block});
  }
}

ORBIS_TILE_API ORBIS_NOTHROW void orbis_trace_world_load(unsigned long long start_ns,
                                           unsigned long long end_ns,
                                           int waited, unsigned long long first,
                                           unsigned long long count) {
  if (!orbis_trace_on)
    return;
  Event E{start_ns, end_ns, waited == 2 ? 2u : waited ? 1u : 0u, nullptr, {},
          -2};
  E.Coords[0] = static_cast<long long>(first);
  E.Coords[1] = static_cast<long long>(count);
  record(mine(), E);
}

} // extern "C"
