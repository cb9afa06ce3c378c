/// \file
/// GS2D-W, variant `mpi-hand` (design/BENCHMARKS.md): hand-written MPI
/// pipelined Gauss-Seidel, written as well as we can. Rank r owns a block of
/// rows plus a halo row above and below. The columns are cut in chunks and
/// the sweeps fused in groups of FUSE: at step k of a group, sweep s0 runs on
/// chunk k, sweep s0 + 1 on chunk k - 1, sweep s0 + 2 on chunk k - 2, so a
/// chunk is swept FUSE times while it is in cache (in place: a column always
/// holds the latest sweep that reached it, which is what the next sweep to
/// its left reads). Within a chunk and sweep, ROWS rows advance together,
/// each one column behind the row above, their values carried in registers:
/// ROWS independent chains instead of one. A chunk's sweep first receives
/// the row above (rank r - 1, this sweep) and the row below (rank r + 1, the
/// sweep before); its last row goes down and its first row up with
/// nonblocking sends from a ring of buffers. No barrier between sweeps.
/// OpenMP threads inside a rank split its rows the same way, handing rows
/// to each other through per-thread, per-chunk progress counters instead of messages
/// (MPI_THREAD_MULTIPLE: the first thread talks to the rank above, the last
/// one to the rank below).
/// Every cell is computed as the sequential loop computes it, so the result
/// is bit-identical.
/// Prints `mpi-hand N T P SECONDS GCUPS OK|MISMATCH` on rank 0 (the result
/// gathered and compared with the sequential sweeps, untimed).
/// Usage: bench-gs2d-mpi N T [CHUNK (256)] [FUSE (3)]
#include <mpi.h>
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROWS = 8, RING = 256 };

static double initial(int n, int x, int y) {
  return (x == 0 || y == 0 || x == n - 1 || y == n - 1)
             ? 1.0
             : (double)((x * 7 + y * 13) % 101) / 100.0;
}

/// One sweep over columns [y0, y1) of the ROWS rows starting at `row`
/// (stride ld): row r is at column yy - r at step yy; cur[r] holds row r's
/// value of the previous step (its left neighbour, and row r + 1's above). `Checked` handles the
/// steps where some rows are outside the chunk (the first and last ROWS - 1).
static inline void rowsStep(double *row, int ld, int yy, int y0, int y1,
                            double *cur, int checked) {
  // From the last row up, so that cur[r - 1] is still the value of the
  // previous step (row r - 1 at column y) when row r needs it.
  for (int r = ROWS - 1; r >= 0; r--) {
    int y = yy - r;
    if (checked && (y < y0 || y >= y1))
      continue;
    double *self = row + (size_t)r * ld;
    double above = r ? cur[r - 1] : self[y - ld];
    cur[r] = 0.25 * (above + self[y + ld] + cur[r] + self[y + 1]);
    self[y] = cur[r];
  }
}

static void sweepRows(double *row, int ld, int y0, int y1) {
  double cur[ROWS];
  for (int r = 0; r < ROWS; r++)
    cur[r] = row[(size_t)r * ld + y0 - 1];
  int steady0 = y0 + ROWS - 1 < y1 ? y0 + ROWS - 1 : y1;
  int yy = y0;
  for (; yy < steady0; yy++)
    rowsStep(row, ld, yy, y0, y1, cur, 1);
  for (; yy < y1; yy++)
    rowsStep(row, ld, yy, y0, y1, cur, 0);
  for (; yy < y1 + ROWS - 1; yy++)
    rowsStep(row, ld, yy, y0, y1, cur, 1);
}

/// One sweep of rows [x0, x1) (local row indices) over columns [y0, y1).
static void sweepBlock(double *a, int ld, int x0, int x1, int y0, int y1) {
  int x = x0;
  for (; x + ROWS <= x1; x += ROWS)
    sweepRows(a + (size_t)x * ld, ld, y0, y1);
  for (; x < x1; x++) {
    double *self = a + (size_t)x * ld;
    for (int y = y0; y < y1; y++)
      self[y] =
          0.25 * (self[y - ld] + self[y + ld] + self[y - 1] + self[y + 1]);
  }
}

/// Nonblocking sends of copied rows: a ring of buffers, each waited for
/// before it is reused.
typedef struct {
  double *buffers;
  MPI_Request requests[RING];
  int next, width;
} SendRing;

static void ringSend(SendRing *ring, const double *data, int len, int to,
                     int tag) {
  int slot = ring->next++ % RING;
  MPI_Wait(&ring->requests[slot], MPI_STATUS_IGNORE);
  double *buffer = ring->buffers + (size_t)slot * ring->width;
  memcpy(buffer, data, sizeof(double) * len);
  MPI_Isend(buffer, len, MPI_DOUBLE, to, tag, MPI_COMM_WORLD,
            &ring->requests[slot]);
}

/// Waits until a thread has finished sweep `sweep` on a chunk.
static void waitFor(atomic_int *sweepDone, int sweep) {
  for (int spins = 0;
       atomic_load_explicit(sweepDone, memory_order_acquire) < sweep; spins++)
    if (spins > 1000)
      sched_yield(); // oversubscribed: let the thread waited for run
}

int main(int argc, char **argv) {
  int threadLevel;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &threadLevel);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 3) {
    if (!rank)
      fprintf(stderr, "usage: %s N T [CHUNK] [FUSE]\n", argv[0]);
    MPI_Finalize();
    return 2;
  }
  int n = atoi(argv[1]), sweeps = atoi(argv[2]);
  int chunk = argc > 3 ? atoi(argv[3]) : 256;
  int fuse = argc > 4 ? atoi(argv[4]) : 3;
  if (n < 3 || sweeps < 1 || chunk < 1 || fuse < 1 || size > n - 2) {
    if (!rank)
      fprintf(stderr, "bad arguments\n");
    MPI_Finalize();
    return 2;
  }
  // Interior rows 1 .. n-2 split in blocks; rank r owns [first, last).
  int inner = n - 2, first = 1 + (long)inner * rank / size,
      last = 1 + (long)inner * (rank + 1) / size, rows = last - first;
  // Local rows first-1 .. last (halo above and below), padded: rows 2^k
  // doubles apart would put the ROWS rows in flight in one L1 set.
  int ld = n + 8;
  double *a = malloc(sizeof(double) * (size_t)(rows + 2) * ld);
#define A(x, y) a[(size_t)((x) - first + 1) * ld + (y)]
  for (int x = first - 1; x <= last; x++)
    for (int y = 0; y < n; y++)
      A(x, y) = initial(n, x, y);
  int chunks = (inner + chunk - 1) / chunk;
  int threads = omp_get_max_threads();
  if (threads > rows)
    threads = rows;
  if (threadLevel < MPI_THREAD_MULTIPLE && threads > 1) {
    if (!rank)
      fprintf(stderr, "mpi-hand: no MPI_THREAD_MULTIPLE, one thread a rank\n");
    threads = 1;
  }
  // swept[i * chunks + c]: the last sweep thread i finished on chunk c.
  atomic_int *swept = calloc((size_t)threads * chunks, sizeof(atomic_int));
  SendRing *rings = calloc(threads, sizeof(SendRing));
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  #pragma omp parallel num_threads(threads)
  {
    // Thread i sweeps local rows [x0, x1) of the rank's block; the first
    // thread talks to the rank above, the last one to the rank below.
    int i = omp_get_thread_num(), top = i == 0, bottom = i == threads - 1;
    int x0 = 1 + (long)rows * i / threads, x1 = 1 + (long)rows * (i + 1) / threads;
    SendRing *ring = &rings[i];
    ring->buffers = malloc(sizeof(double) * (size_t)RING * chunk);
    ring->width = chunk;
    for (int r = 0; r < RING; r++)
      ring->requests[r] = MPI_REQUEST_NULL;
    // A sweep of a chunk at a time, in the same order on every thread and
    // rank.
    // Tags: 0 for a last row going down; 1 + s % fuse for a first row going
    // up after sweep s (a group consumes them in another order than it sends
    // them, but in sending order within each residue).
    for (int s0 = 1; s0 <= sweeps; s0 += fuse) {
      int group = sweeps - s0 + 1 < fuse ? sweeps - s0 + 1 : fuse;
      for (int k = 0; k < chunks + group - 1; k++) {
        for (int j = 0; j < group; j++) {
          int c = k - j, s = s0 + j;
          if (c < 0 || c >= chunks)
            continue;
          int y0 = 1 + c * chunk,
              y1 = y0 + chunk < n - 1 ? y0 + chunk : n - 1;
          int len = y1 - y0;
          // The row above at sweep s; the row below at sweep s - 1, which
          // the thread below has not overwritten: it waits for this sweep here.
          if (top && rank > 0)
            MPI_Recv(&A(first - 1, y0), len, MPI_DOUBLE, rank - 1, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          if (!top)
            waitFor(&swept[(size_t)(i - 1) * chunks + c], s);
          if (bottom && rank < size - 1 && s > 1)
            MPI_Recv(&A(last, y0), len, MPI_DOUBLE, rank + 1,
                     1 + (s - 1) % fuse, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          if (!bottom)
            waitFor(&swept[(size_t)(i + 1) * chunks + c], s - 1);
          sweepBlock(a, ld, x0, x1, y0, y1);
          atomic_store_explicit(&swept[(size_t)i * chunks + c], s,
                                memory_order_release);
          if (bottom && rank < size - 1)
            ringSend(ring, &A(last - 1, y0), len, rank + 1, 0);
          if (top && rank > 0 && s < sweeps)
            ringSend(ring, &A(first, y0), len, rank - 1, 1 + s % fuse);
        }
      }
    }
    MPI_Waitall(RING, ring->requests, MPI_STATUSES_IGNORE);
    free(ring->buffers);
  }
  double seconds = MPI_Wtime() - start, slowest;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  // Gather and check on rank 0 (untimed).
  double *all = NULL;
  int *counts = NULL, *offsets = NULL;
  if (!rank) {
    all = malloc(sizeof(double) * (size_t)n * n);
    counts = malloc(sizeof(int) * size);
    offsets = malloc(sizeof(int) * size);
    for (int p = 0; p < size; p++) {
      int f = 1 + (long)inner * p / size, l = 1 + (long)inner * (p + 1) / size;
      counts[p] = (l - f) * n;
      offsets[p] = f * n;
    }
  }
  double *packed = malloc(sizeof(double) * (size_t)rows * n);
  for (int x = first; x < last; x++)
    memcpy(packed + (size_t)(x - first) * n, &A(x, 0), sizeof(double) * n);
  MPI_Gatherv(packed, rows * n, MPI_DOUBLE, all, counts, offsets,
              MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (!rank) {
    double *s = malloc(sizeof(double) * (size_t)n * n);
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++)
        s[(size_t)x * n + y] = initial(n, x, y);
    for (int t = 1; t <= sweeps; t++)
      for (int x = 1; x < n - 1; x++)
        for (int y = 1; y < n - 1; y++)
          s[(size_t)x * n + y] =
              0.25 * (s[(size_t)(x - 1) * n + y] + s[(size_t)(x + 1) * n + y] +
                      s[(size_t)x * n + y - 1] + s[(size_t)x * n + y + 1]);
    int same = 1;
    for (int x = 1; x < n - 1 && same; x++)
      same = !memcmp(all + (size_t)x * n, s + (size_t)x * n, sizeof(double) * n);
    printf("mpi-hand %d %d %d %.6f %.4f %s\n", n, sweeps, size, slowest,
           (double)inner * inner * sweeps / slowest * 1e-9,
           same ? "OK" : "MISMATCH");
    free(s);
  }
  free(all);
  free(counts);
  free(offsets);
  free(a);
  free(packed);
  free(rings);
  free(swept);
  MPI_Finalize();
  return 0;
}
