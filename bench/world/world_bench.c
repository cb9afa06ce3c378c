/// \file
/// WLAT and WBW (BENCHMARKS.md), run under mpirun with 2 processes:
/// - WLAT: the time from a store on one process to the wake-up of a reader
///   suspended on that element in the other, as half a ping-pong round trip
///   (rank 0 stores into rank 1's allocation, rank 1 wakes and stores into
///   rank 0's, and so on), in microseconds;
/// - WBW: range store bandwidth from rank 0 into rank 1's allocation for range
///   sizes from 8 B to 4 MiB (each store writes fresh elements: world memory
///   is write-once), ending when rank 1 has seen the last range, in MB/s.
/// Prints one line per figure: `WLAT <us>` and `WBW <bytes> <MB/s>`.
#include <orbis/world.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    orbis_status_t s_ = (call);                                                \
    if (s_ != ORBIS_OK) {                                                      \
      fprintf(stderr, "%s: %s\n", #call, orbis_status_string(s_));           \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void latency(int rank, int iters, int warmup) {
  orbis_world_ptr_t mine, theirs;
  CHECK(orbis_world_malloc(iters + warmup, sizeof(long), &mine));
  CHECK(orbis_world_store(orbis_world_root(rank), 0, &mine));
  CHECK(orbis_world_load(orbis_world_root(1 - rank), 0, &theirs));
  double start = 0;
  for (int i = 0; i < iters + warmup; i++) {
    if (i == warmup)
      start = now();
    long v = i;
    if (rank == 0) {
      CHECK(orbis_world_store(theirs, i, &v));
      CHECK(orbis_world_load(mine, i, &v));
    } else {
      CHECK(orbis_world_load(mine, i, &v));
      CHECK(orbis_world_store(theirs, i, &v));
    }
  }
  double elapsed = now() - start;
  if (rank == 0)
    printf("WLAT %.3f\n", elapsed / iters / 2 * 1e6);
}

static void bandwidth(int rank, size_t bytes, int iters) {
  orbis_world_ptr_t target;
  size_t elems = bytes / 8;
  if (rank == 1) {
    CHECK(orbis_world_malloc(elems * iters, 8, &target));
    CHECK(orbis_world_store(orbis_world_root(1), 1 + (int)__builtin_ctzll(bytes),
                            &target));
  } else {
    CHECK(orbis_world_load(orbis_world_root(1), 1 + (int)__builtin_ctzll(bytes),
                           &target));
  }
  CHECK(orbis_world_barrier());
  if (rank == 0) {
    double *buf = malloc(bytes);
    for (size_t i = 0; i < elems; i++)
      buf[i] = (double)i;
    double start = now();
    for (int i = 0; i < iters; i++)
      CHECK(orbis_world_store_range(target, (uint64_t)i * elems, elems, buf));
    // Done when the owner has it all: the owner's wait below releases this.
    long done;
    orbis_world_ptr_t ack;
    CHECK(orbis_world_load(orbis_world_root(1), 30 + (int)__builtin_ctzll(bytes),
                           &ack));
    CHECK(orbis_world_load(ack, 0, &done));
    double elapsed = now() - start;
    printf("WBW %zu %.1f\n", bytes, (double)bytes * iters / elapsed / 1e6);
    free(buf);
  } else {
    orbis_world_ptr_t ack;
    CHECK(orbis_world_malloc(1, sizeof(long), &ack));
    CHECK(orbis_world_store(orbis_world_root(1), 30 + (int)__builtin_ctzll(bytes),
                            &ack));
    CHECK(orbis_world_wait_range(target, 0, elems * iters));
    long one = 1;
    CHECK(orbis_world_store(ack, 0, &one));
  }
  CHECK(orbis_world_barrier());
  if (rank == 1)
    CHECK(orbis_world_free(target));
}

int main(int argc, char **argv) {
  int iters = argc > 1 ? atoi(argv[1]) : 20000;
  CHECK(orbis_world_init());
  int rank = orbis_world_rank();
  if (orbis_world_size() != 2) {
    if (rank == 0)
      fprintf(stderr, "world_bench: run with 2 processes\n");
    return 2;
  }
  latency(rank, iters, iters / 10);
  static const size_t sizes[] = {8,     64,     512,     4096,
                                 65536, 262144, 1 << 20, 4 << 20};
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    size_t bytes = sizes[k];
    // About 64 MiB per size (at least 2000 stores): long enough to time.
    size_t n = (64u << 20) / bytes;
    bandwidth(rank, bytes, n < 2000 ? (bytes >= (1u << 20) ? 16 : 2000)
                                    : (n > 20000 ? 20000 : (int)n));
  }
  CHECK(orbis_world_finalize());
  return 0;
}
