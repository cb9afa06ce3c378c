/// \file
/// WLAT and WBW (BENCHMARKS.md), run under mpirun with 2 processes:
/// - WLAT: the time from a store on one process to the wake-up of a reader
///   suspended on that element in the other, as half a ping-pong round trip
///   (rank 0 stores into rank 1's allocation, rank 1 wakes and stores into
///   rank 0's, and so on), in microseconds: the median over the round trips
///   (what ucx_perftest prints as "typical") and the average;
/// - WBW: range store bandwidth from rank 0 into rank 1's allocation for range
///   sizes from 8 B to 4 MiB, 64 MiB per size from 4 KiB on (each store
///   writes fresh elements: world memory is write-once), ending when rank 1
///   has seen the last range, in MB/s;
///   the first store into each allocation (setting up access to it) is not
///   timed;
/// - BOUND: memcpy into memory never written before (as world memory always
///   is), the same bytes per size as WBW, on rank 0 alone: what one copy
///   of write-once data can reach on this machine.
/// Prints one line per figure: `WLAT <median us> <average us>`,
/// `WBW <bytes> <MB/s>` and `BOUND <bytes> <MB/s>`.
#include <orbis/world.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void latency(int rank, int iters, int warmup) {
  orbis_world_ptr_t mine, theirs;
  CHECK(orbis_world_malloc(iters + warmup, sizeof(long), &mine));
  CHECK(orbis_world_store(orbis_world_root(rank), 0, &mine));
  CHECK(orbis_world_load(orbis_world_root(1 - rank), 0, &theirs));
  double *trips = malloc(sizeof(double) * iters);
  double start = 0, last = 0;
  for (int i = 0; i < iters + warmup; i++) {
    if (i == warmup)
      start = last = now();
    long v = i;
    if (rank == 0) {
      CHECK(orbis_world_store(theirs, i, &v));
      CHECK(orbis_world_load(mine, i, &v));
      if (i >= warmup) {
        double t = now();
        trips[i - warmup] = t - last;
        last = t;
      }
    } else {
      CHECK(orbis_world_load(mine, i, &v));
      CHECK(orbis_world_store(theirs, i, &v));
    }
  }
  double elapsed = now() - start;
  if (rank == 0) {
    qsort(trips, iters, sizeof(double), by_value);
    printf("WLAT %.3f %.3f\n", trips[iters / 2] / 2 * 1e6,
           elapsed / iters / 2 * 1e6);
  }
  free(trips);
}

/// memcpy of `bytes` at a time into `iters * bytes` of memory that was
/// allocated and zeroed but never copied into.
static void bound(size_t bytes, int iters) {
  char *dst = aligned_alloc(64, bytes * iters), *src = aligned_alloc(64, bytes);
  memset(dst, 0, bytes * iters);
  memset(src, 1, bytes);
  double start = now();
  for (int i = 0; i < iters; i++)
    memcpy(dst + (size_t)i * bytes, src, bytes);
  double elapsed = now() - start;
  __asm__ volatile("" : : "r"(dst) : "memory");
  printf("BOUND %zu %.1f\n", bytes, (double)bytes * iters / elapsed / 1e6);
  free(dst);
  free(src);
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
  // The acknowledgement cell, and a first store that is not timed: it sets
  // up the writer's access to the allocation (on one host, mapping the
  // owner's memory), as ucx_perftest registers and warms up before timing.
  orbis_world_ptr_t ack;
  int ack_slot = 30 + (int)__builtin_ctzll(bytes);
  double *buf = malloc(bytes);
  for (size_t i = 0; i < elems; i++)
    buf[i] = (double)i;
  if (rank == 1) {
    CHECK(orbis_world_malloc(1, sizeof(long), &ack));
    CHECK(orbis_world_store(orbis_world_root(1), ack_slot, &ack));
  } else {
    CHECK(orbis_world_load(orbis_world_root(1), ack_slot, &ack));
    CHECK(orbis_world_store_range(target, 0, elems, buf));
  }
  CHECK(orbis_world_barrier());
  if (rank == 0) {
    double start = now();
    for (int i = 1; i < iters; i++)
      CHECK(orbis_world_store_range(target, (uint64_t)i * elems, elems, buf));
    // Done when the owner has it all: the owner's wait below releases this.
    long done;
    CHECK(orbis_world_load(ack, 0, &done));
    double elapsed = now() - start;
    printf("WBW %zu %.1f\n", bytes, (double)bytes * (iters - 1) / elapsed / 1e6);
  } else {
    CHECK(orbis_world_wait_range(target, 0, elems * iters));
    long one = 1;
    CHECK(orbis_world_store(ack, 0, &one));
  }
  free(buf);
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
    // 64 MiB per size, twice the last-level cache of the machines measured
    // (write-once data does not stay in cache), at most 20000 stores.
    size_t n = (64u << 20) / bytes;
    int stores = n > 20000 ? 20000 : (int)n;
    bandwidth(rank, bytes, stores);
    if (rank == 0)
      bound(bytes, stores);
  }
  CHECK(orbis_world_finalize());
  return 0;
}
