/// \file
/// Multi-process tests of libworld, one scenario per command-line argument,
/// run under mpirun with 1 to 8 processes (and alone: a world of one). Each
/// scenario checks exact values and exits non-zero with a message otherwise.
#include <orbis/world.h>

#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int rank, size;

#define CHECK(call)                                                            \
  do {                                                                         \
    orbis_status_t s_ = (call);                                                \
    if (s_ != ORBIS_OK) {                                                      \
      const char *d_ = orbis_world_error_detail();                             \
      fprintf(stderr, "rank %d: %s failed: %s%s%s\n", rank, #call,             \
              orbis_status_string(s_), *d_ ? ": " : "", d_);                   \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "rank %d: %s:%d: expected %s\n", rank, __FILE__,        \
              __LINE__, #cond);                                                \
      exit(3);                                                                 \
    }                                                                          \
  } while (0)

/// Rank 0's world pointer p, shared through slot `slot` of its root: every
/// process gets it back.
static orbis_world_ptr_t hand_out_from_zero(orbis_world_ptr_t p, int slot) {
  if (rank == 0)
    CHECK(orbis_world_store(orbis_world_root(0), slot, &p));
  else
    CHECK(orbis_world_load(orbis_world_root(0), slot, &p));
  return p;
}

/// An allocation of rank 0, handed to every process through root slot
/// `slot`.
static orbis_world_ptr_t shared_from_zero(size_t count, size_t elem, int slot) {
  orbis_world_ptr_t p = {0};
  if (rank == 0)
    CHECK(orbis_world_malloc(count, elem, &p));
  return hand_out_from_zero(p, slot);
}

/// World integers of rank 0, handed out the same way.
static orbis_world_ptr_t integers_from_zero(size_t count, int slot) {
  orbis_world_ptr_t p = {0};
  if (rank == 0)
    CHECK(orbis_world_malloc_atomic(count, &p));
  return hand_out_from_zero(p, slot);
}

/// Process i waits on what process i - 1 wrote; rank 0 writes late, so every
/// reader arrives before its writer.
static void chain(void) {
  orbis_world_ptr_t c = shared_from_zero(size, sizeof(long), 0);
  long v;
  if (rank == 0) {
    usleep(100 * 1000);
    v = 100;
  } else {
    CHECK(orbis_world_load(c, rank - 1, &v));
    v += rank;
  }
  CHECK(orbis_world_store(c, rank, &v));
  long last;
  CHECK(orbis_world_load(c, size - 1, &last));
  EXPECT(last == 100 + (long)size * (size - 1) / 2);
}

/// Many readers of one element, before and after its writer.
static void many_readers(void) {
  orbis_world_ptr_t x = shared_from_zero(1, sizeof(double), 1);
  if (rank == 0) {
    usleep(50 * 1000);
    double v = 3.25;
    CHECK(orbis_world_store(x, 0, &v));
  }
  double got = 0;
  CHECK(orbis_world_load(x, 0, &got));
  EXPECT(got == 3.25);
  CHECK(orbis_world_barrier());
  got = 0;
  CHECK(orbis_world_load(x, 0, &got)); // after the writer
  EXPECT(got == 3.25);
}

/// Unaligned and partial ranges written into the next process's array.
static void ranges(void) {
  enum { N = 1000, FIRST = 3, COUNT = 517 };
  orbis_world_ptr_t mine;
  CHECK(orbis_world_malloc(N, sizeof(double), &mine));
  CHECK(orbis_world_store(orbis_world_root(rank), 2, &mine));
  orbis_world_ptr_t next;
  CHECK(orbis_world_load(orbis_world_root((rank + 1) % size), 2, &next));
  double out[COUNT], in[COUNT];
  for (int i = 0; i < COUNT; i++)
    out[i] = rank * 1000.0 + i + 0.5;
  CHECK(orbis_world_store_range(next, FIRST + rank % 7, COUNT, out));
  int from = (rank + size - 1) % size;
  CHECK(orbis_world_wait_range(mine, FIRST + from % 7, COUNT));
  CHECK(orbis_world_load_range(mine, FIRST + from % 7, COUNT, in));
  for (int i = 0; i < COUNT; i++)
    EXPECT(in[i] == from * 1000.0 + i + 0.5);
  double one;
  CHECK(orbis_world_load(mine, FIRST + from % 7 + COUNT - 1, &one));
  EXPECT(one == from * 1000.0 + COUNT - 1 + 0.5);
  CHECK(orbis_world_barrier());
}

/// World pointers stored in world memory and followed by other processes:
/// a linked list through every process.
static void pointers(void) {
  orbis_world_ptr_t node; // {value, next pointer} as two elements
  CHECK(orbis_world_malloc(2, sizeof(orbis_world_ptr_t), &node));
  orbis_world_ptr_t value = {0};
  value.id = (uint32_t)(rank * 10 + 7);
  CHECK(orbis_world_store(node, 0, &value));
  CHECK(orbis_world_store(orbis_world_root(rank), 3, &node));
  orbis_world_ptr_t next_node;
  CHECK(orbis_world_load(orbis_world_root((rank + 1) % size), 3, &next_node));
  CHECK(orbis_world_store(node, 1, &next_node));
  // Rank 0 walks the whole ring.
  if (rank == 0) {
    orbis_world_ptr_t at = node;
    for (int r = 0; r < size; r++) {
      orbis_world_ptr_t v, nxt;
      CHECK(orbis_world_load(at, 0, &v));
      EXPECT(v.id == (uint32_t)(r * 10 + 7));
      EXPECT(at.owner == (uint32_t)r);
      CHECK(orbis_world_load(at, 1, &nxt));
      at = nxt;
    }
    EXPECT(at.owner == 0);
  }
  CHECK(orbis_world_barrier());
}

/// Initialized data fetched from another process is cached (or, on the
/// owner's host, read from its memory): loading it again sends no message.
static void caching(void) {
  orbis_world_ptr_t x = shared_from_zero(100, sizeof(int), 5);
  if (rank == 0) {
    int v[100];
    for (int i = 0; i < 100; i++)
      v[i] = i * i;
    CHECK(orbis_world_store_range(x, 0, 100, v));
  }
  int got[40];
  CHECK(orbis_world_load_range(x, 10, 40, got));
  orbis_world_stats_t before, after;
  orbis_world_get_stats(&before);
  for (int round = 0; round < 5; round++) {
    CHECK(orbis_world_load_range(x, 10, 40, got));
    int one;
    CHECK(orbis_world_load(x, 49, &one));
    EXPECT(one == 49 * 49);
  }
  orbis_world_get_stats(&after);
  for (int i = 0; i < 40; i++)
    EXPECT(got[i] == (10 + i) * (10 + i));
  if (rank != 0) { // the owner may be answering the others meanwhile
    EXPECT(after.messages_sent == before.messages_sent);
    // From the cache, or (same host, shared memory) from the owner's memory.
    EXPECT(after.cache_hits + after.mapped_reads ==
           before.cache_hits + before.mapped_reads + 10);
  }
  CHECK(orbis_world_barrier());
}

/// The pipeline of the proposal's Algorithm 2 written against the API: a
/// Gauss-Seidel sweep in place, rows dealt cyclically to the processes, each
/// sweep's rows written once into world memory in chunks of columns. A row
/// waits, chunk by chunk, for the new values of the row above (written by the
/// previous process in the same sweep), so the sweeps pipeline across
/// processes. Rank 0 compares the result bit for bit with the sequential
/// sweep.
enum { GS_N = 45, GS_T = 3, GS_CHUNK = 8 };

static double gs_init(int x, int y) {
  return (x == 0 || y == 0 || x == GS_N - 1 || y == GS_N - 1)
             ? 1.0
             : (double)((x * 7 + y * 13) % 101) / 100.0;
}

/// Row x of sweep t (t = 0: the initial grid) lives with process x % size,
/// at element ((t * rows_per + x / size) * GS_N) of its allocation.
static orbis_world_ptr_t gs_grid[64];
static int gs_rows_per;

static uint64_t gs_at(int t, int x) {
  return ((uint64_t)t * gs_rows_per + x / size) * GS_N;
}

static void gauss_seidel(void) {
  gs_rows_per = (GS_N + size - 1) / size;
  orbis_world_ptr_t mine;
  CHECK(orbis_world_malloc((size_t)(GS_T + 1) * gs_rows_per * GS_N,
                           sizeof(double), &mine));
  CHECK(orbis_world_store(orbis_world_root(rank), 6, &mine));
  for (int p = 0; p < size; p++)
    CHECK(orbis_world_load(orbis_world_root(p), 6, &gs_grid[p]));
  // The initial grid, and the fixed boundary rows of every sweep.
  for (int x = rank; x < GS_N; x += size) {
    double row[GS_N];
    for (int y = 0; y < GS_N; y++)
      row[y] = gs_init(x, y);
    CHECK(orbis_world_store_range(mine, gs_at(0, x), GS_N, row));
    if (x == 0 || x == GS_N - 1)
      for (int t = 1; t <= GS_T; t++)
        CHECK(orbis_world_store_range(mine, gs_at(t, x), GS_N, row));
  }
  for (int t = 1; t <= GS_T; t++)
    for (int x = 1 + (rank + size - 1) % size; x < GS_N - 1; x += size) {
      double up[GS_N], old[GS_N], down[GS_N], row[GS_N];
      CHECK(orbis_world_load_range(gs_grid[x % size], gs_at(t - 1, x), GS_N,
                                   old));
      CHECK(orbis_world_load_range(gs_grid[(x + 1) % size],
                                   gs_at(t - 1, x + 1), GS_N, down));
      row[0] = old[0];
      row[GS_N - 1] = old[GS_N - 1];
      CHECK(orbis_world_store(mine, gs_at(t, x), &row[0]));
      for (int y0 = 1; y0 < GS_N - 1; y0 += GS_CHUNK) {
        int y1 = y0 + GS_CHUNK < GS_N - 1 ? y0 + GS_CHUNK : GS_N - 1;
        // Waits until the row above has these columns of sweep t.
        CHECK(orbis_world_load_range(gs_grid[(x - 1) % size],
                                     gs_at(t, x - 1) + y0, y1 - y0, up + y0));
        for (int y = y0; y < y1; y++)
          row[y] = 0.25 * (up[y] + down[y] + row[y - 1] + old[y + 1]);
        CHECK(orbis_world_store_range(mine, gs_at(t, x) + y0, y1 - y0,
                                      row + y0));
      }
      CHECK(orbis_world_store(mine, gs_at(t, x) + GS_N - 1, &row[GS_N - 1]));
    }
  if (rank == 0) {
    static double A[GS_N][GS_N];
    for (int x = 0; x < GS_N; x++)
      for (int y = 0; y < GS_N; y++)
        A[x][y] = gs_init(x, y);
    for (int t = 1; t <= GS_T; t++)
      for (int x = 1; x < GS_N - 1; x++)
        for (int y = 1; y < GS_N - 1; y++)
          A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] +
                            A[x][y + 1]);
    for (int x = 0; x < GS_N; x++) {
      double row[GS_N];
      CHECK(orbis_world_load_range(gs_grid[x % size], gs_at(GS_T, x), GS_N,
                                   row));
      EXPECT(memcmp(row, A[x], sizeof row) == 0);
    }
  }
  CHECK(orbis_world_barrier());
}

/// World integers: remote atomic adds from every process.
static void atomics(void) {
  orbis_world_ptr_t c = integers_from_zero(2, 7);
  EXPECT(c.flags == ORBIS_WORLD_ATOMIC);
  for (int i = 0; i < 100; i++)
    CHECK(orbis_world_atomic_add(c, 1, rank + 1, NULL));
  CHECK(orbis_world_barrier());
  int64_t total;
  CHECK(orbis_world_atomic_add(c, 1, 0, &total));
  EXPECT(total == 100LL * size * (size + 1) / 2);
  int64_t v = 5;
  EXPECT(orbis_world_store(c, 0, &v) == ORBIS_ERR_INVALID);
  CHECK(orbis_world_barrier());
}

/// A world lock: the read-modify-write sequence inside it never interleaves.
static void locks(void) {
  orbis_world_ptr_t c = integers_from_zero(2, 8);
  for (int i = 0; i < 20; i++) {
    CHECK(orbis_world_lock(c, 0));
    int64_t seen, before;
    CHECK(orbis_world_atomic_add(c, 1, 0, &seen));
    usleep(200);
    CHECK(orbis_world_atomic_add(c, 1, 1, &before));
    EXPECT(before == seen); // nobody else got in between
    CHECK(orbis_world_unlock(c, 0));
  }
  CHECK(orbis_world_barrier());
  int64_t total;
  CHECK(orbis_world_atomic_add(c, 1, 0, &total));
  EXPECT(total == 20LL * size);
  CHECK(orbis_world_barrier());
}

/// World-level once: exactly one process runs the body; everyone waits for
/// it and then sees its result.
static void once(void) {
  orbis_world_ptr_t counter = integers_from_zero(1, 9);
  orbis_world_ptr_t done = shared_from_zero(1, 1, 10);
  orbis_world_ptr_t who = shared_from_zero(1, sizeof(int), 11);
  int run = -1;
  CHECK(orbis_world_once(counter, done, 0, &run));
  if (run) {
    usleep(20 * 1000);
    CHECK(orbis_world_store(who, 0, &rank));
    CHECK(orbis_world_once_done(done, 0));
  }
  int runner;
  CHECK(orbis_world_load(who, 0, &runner));
  EXPECT(runner >= 0 && runner < size);
  EXPECT(run == (runner == rank));
  int64_t calls;
  CHECK(orbis_world_barrier());
  CHECK(orbis_world_atomic_add(counter, 0, 0, &calls));
  EXPECT(calls == size);
  CHECK(orbis_world_barrier());
}

/// A process dies (SIGKILL) while the others wait for a cell it would write:
/// they must stop, naming it, instead of waiting forever.
static void killed_peer(void) {
  orbis_world_ptr_t x = shared_from_zero(1, sizeof(int), 12);
  if (rank == size - 1) {
    usleep(200 * 1000);
    raise(SIGKILL);
  }
  int v;
  CHECK(orbis_world_load(x, 0, &v)); // nobody writes it
  fprintf(stderr, "rank %d: load returned, it should not\n", rank);
  exit(4);
}

/// Every process waits for a cell that nobody writes: a deadlock report
/// names what each process waits for, and the program stops.
static void deadlock(void) {
  orbis_world_ptr_t x = shared_from_zero(8, sizeof(int), 13);
  int v;
  orbis_world_set_site(__FILE__, __LINE__ + 1); // the report names the load
  CHECK(orbis_world_load(x, 5, &v));
  fprintf(stderr, "rank %d: load returned, it should not\n", rank);
  exit(4);
}

/// Rank 0 waits for a cell of rank 1 that rank 1 never writes, while the
/// others wait in a barrier (or in finalize) for rank 0: a deadlock too,
/// reported with where each waits.
static void deadlock_in_fence(int finalize) {
  orbis_world_ptr_t x = {0};
  if (rank == 1)
    CHECK(orbis_world_malloc(4, sizeof(int), &x));
  if (rank <= 1) {
    if (rank == 1)
      CHECK(orbis_world_store(orbis_world_root(1), 15, &x));
    else
      CHECK(orbis_world_load(orbis_world_root(1), 15, &x));
  }
  if (rank == 0) {
    int v;
    orbis_world_set_site(__FILE__, __LINE__ + 1);
    CHECK(orbis_world_load(x, 3, &v));
  } else if (finalize) {
    orbis_world_set_site(__FILE__, __LINE__ + 1);
    CHECK(orbis_world_finalize());
  } else {
    orbis_world_set_site(__FILE__, __LINE__ + 1);
    CHECK(orbis_world_barrier());
  }
  fprintf(stderr, "rank %d: the wait returned, it should not\n", rank);
  exit(4);
}

/// ORBIS_WORLD_TIMEOUT bounds every wait.
static void timeout(void) {
  orbis_world_ptr_t x = shared_from_zero(2, sizeof(int), 14);
  int v;
  CHECK(orbis_world_load(x, 1, &v));
  exit(4);
}

/// The target of tests/libworld/intruder.sh: element 0 of allocation 2 must
/// not be taken by the store of a process of another job.
static void intruder_target(void) {
  orbis_world_ptr_t x;
  if (rank == 0) {
    CHECK(orbis_world_malloc(1, sizeof(int), &x));
    EXPECT(x.id == 2);
    const char *done = getenv("ORBIS_INTRUDER_DONE");
    for (int i = 0; i < 100 && done && access(done, F_OK) != 0; i++)
      usleep(100 * 1000);
    usleep(200 * 1000); // let the progress thread handle what came in
    int v = 7;
    CHECK(orbis_world_store(x, 0, &v)); // fails if the intruder's went in
    CHECK(orbis_world_load(x, 0, &v));
    EXPECT(v == 7);
  }
  CHECK(orbis_world_barrier());
}

/// Several threads per process use world memory at once: each thread runs
/// its own chain through all processes (thread t of process i waits on
/// thread t of process i - 1), while the others progress, store and load.
enum { THREADS = 4 };
static orbis_world_ptr_t thread_chain;

static void *chain_thread(void *arg) {
  long t = (long)arg;
  long v;
  uint64_t base = (uint64_t)t * size;
  if (rank == 0) {
    v = 1000 * t;
  } else {
    CHECK(orbis_world_load(thread_chain, base + rank - 1, &v));
    v += rank;
  }
  CHECK(orbis_world_store(thread_chain, base + rank, &v));
  long last;
  CHECK(orbis_world_load(thread_chain, base + size - 1, &last));
  EXPECT(last == 1000 * t + (long)size * (size - 1) / 2);
  return NULL;
}

static void threads(void) {
  thread_chain = shared_from_zero((size_t)THREADS * size, sizeof(long), 15);
  pthread_t th[THREADS];
  for (long t = 0; t < THREADS; t++)
    pthread_create(&th[t], NULL, chain_thread, (void *)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(th[t], NULL);
  CHECK(orbis_world_barrier());
}

/// Misuse: a second write, reported by the owner with both writers.
static void double_write(void) {
  orbis_world_ptr_t x = shared_from_zero(4, sizeof(int), 4);
  int v = rank;
  if (rank == 0)
    CHECK(orbis_world_store(x, 2, &v));
  CHECK(orbis_world_barrier()); // the first write is in before the second
  if (rank == size - 1)
    CHECK(orbis_world_store(x, 2, &v)); // alone: fails here, locally
  CHECK(orbis_world_barrier());
  sleep(5); // under a launcher the owner stops the job meanwhile
}

/// The same with the places of both stores given (as lowered code and the
/// C++ layer do): the owner names the source line of each write.
static void double_write_sites(void) {
  orbis_world_ptr_t x = shared_from_zero(4, sizeof(int), 4);
  int v = rank;
  if (rank == 0) {
    orbis_world_set_site(__FILE__, __LINE__ + 1);
    CHECK(orbis_world_store(x, 2, &v));
  }
  CHECK(orbis_world_barrier());
  if (rank == size - 1) {
    orbis_world_set_site(__FILE__, __LINE__ + 1);
    CHECK(orbis_world_store(x, 2, &v)); // alone: fails here, locally
  }
  CHECK(orbis_world_barrier());
  sleep(5); // under a launcher the owner stops the job meanwhile
}

/// Two processes store one element of a third at the same moment. Both may
/// find the element unwritten and write it straight into shared memory: the
/// owner then catches the second writer when the doorbells of the stores
/// arrive. Either way the owner stops the job naming both writers.
static void double_write_race(void) {
  orbis_world_ptr_t x = shared_from_zero(4, sizeof(int), 4);
  int v = rank;
  if (rank == 1 || rank == 2) {
    orbis_world_set_site(__FILE__, __LINE__ + 1); // both name this line
    orbis_world_store(x, 3, &v); // the later writer may fail here
  }
  CHECK(orbis_world_barrier());
  sleep(5); // the owner stops the job meanwhile
}

/// Rank 1 writes an element of rank 0 (over shared memory, straight into
/// rank 0's memory; the doorbell that tells rank 0 goes later), then rank 0
/// writes it too: rank 0 asks for the doorbells and names rank 1.
static void double_write_unnamed(void) {
  orbis_world_ptr_t x = shared_from_zero(4, sizeof(int), 4);
  int v = rank;
  if (rank == 1)
    CHECK(orbis_world_store(x, 0, &v)); // maps rank 0's memory
  CHECK(orbis_world_barrier());         // sends every doorbell
  if (rank == 1) {
    orbis_world_set_site(__FILE__, __LINE__ + 1); // named by its doorbell
    CHECK(orbis_world_store(x, 1, &v));
  } else if (rank == 0) {
    // Within the 100 ms after which rank 1 sends its doorbells anyway.
    usleep(10000);
    CHECK(orbis_world_load(x, 1, &v));
    orbis_world_set_site(__FILE__, __LINE__ + 1);
    CHECK(orbis_world_store(x, 1, &v));
  }
  sleep(5); // the owner stops the job meanwhile
}

/// Many allocations (several shared segments) and one larger than a
/// segment, written by the next process in a ring and checked by their
/// owner, then freed.
static void many_allocations(void) {
  enum { N = 600, LEN = 2048, BIG = 300000 };
  orbis_world_ptr_t mine[N + 1], list, theirs;
  for (int a = 0; a < N + 1; a++)
    CHECK(orbis_world_malloc(a == N ? BIG : LEN, sizeof(int), &mine[a]));
  CHECK(orbis_world_malloc(N + 1, sizeof(orbis_world_ptr_t), &list));
  CHECK(orbis_world_store_range(list, 0, N + 1, mine));
  CHECK(orbis_world_store(orbis_world_root(rank), 40, &list));
  CHECK(orbis_world_load(orbis_world_root((rank + 1) % size), 40, &theirs));
  static int values[BIG];
  for (int a = 0; a < N + 1; a++) {
    orbis_world_ptr_t target;
    CHECK(orbis_world_load(theirs, a, &target));
    for (int j = 0; j < (int)target.count; j++)
      values[j] = a * 7 + j + rank;
    CHECK(orbis_world_store_range(target, 0, target.count, values));
  }
  int writer = (rank + size - 1) % size;
  for (int a = 0; a < N + 1; a++) {
    CHECK(orbis_world_load_range(mine[a], 0, mine[a].count, values));
    for (int j = 0; j < (int)mine[a].count; j++)
      EXPECT(values[j] == a * 7 + j + writer);
  }
  CHECK(orbis_world_barrier());
  for (int a = 0; a < N + 1; a++)
    CHECK(orbis_world_free(mine[a]));
  CHECK(orbis_world_barrier());
}

#define EXPECT_STATUS(call, status)                                            \
  do {                                                                         \
    orbis_status_t s_ = (call);                                                \
    if (s_ != (status)) {                                                      \
      fprintf(stderr, "rank %d: %s:%d: %s returned \"%s\", expected \"%s\"\n", \
              rank, __FILE__, __LINE__, #call, orbis_status_string(s_),       \
              orbis_status_string(status));                                    \
      exit(3);                                                                 \
    }                                                                          \
  } while (0)

/// Hostile arguments: each call returns its status, touches nothing, and
/// the world goes on working (checked at the end).
static void misuse(void) {
  double v = 1.0;
  int64_t old = 0;
  // Owners that are not ranks, including those of 2^31 and more (negative
  // as an int).
  orbis_world_ptr_t strangers[3] = {orbis_world_root(-1), orbis_world_root(size),
                                    orbis_world_root(0)};
  strangers[2].owner = 0x80000000u;
  for (int i = 0; i < 3; i++) {
    orbis_world_ptr_t p = strangers[i];
    EXPECT_STATUS(orbis_world_load(p, 0, &v), ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_store(p, 0, &v), ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_wait_range(p, 0, 1), ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_free(p), ORBIS_ERR_INVALID);
    p.flags = ORBIS_WORLD_ATOMIC;
    EXPECT_STATUS(orbis_world_atomic_add(p, 0, 1, &old), ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_lock(p, 0), ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_unlock(p, 0), ORBIS_ERR_INVALID);
  }

  // The root slot orbis_world_shared hangs its directories from: a
  // program's store there is refused (it was accepted, and the library's
  // own store then failed as a double write blamed on the program).
  {
    orbis_world_ptr_t root = orbis_world_root(rank);
    orbis_world_ptr_t slots[2] = {root, root};
    EXPECT_STATUS(orbis_world_store(root, ORBIS_WORLD_SHARED_SLOT, &root),
                  ORBIS_ERR_INVALID);
    EXPECT_STATUS(
        orbis_world_store_range(root, ORBIS_WORLD_SHARED_SLOT - 1, 2, slots),
        ORBIS_ERR_INVALID);
    EXPECT(strstr(orbis_world_error_detail(), "reserved for orbis_world_shared"));
  }

  // A world-level once with the wrong kinds of allocation: refused before
  // the count changes (world integers as `done` are 0 from the start, so
  // the other callers did not wait for the body at all).
  {
    orbis_world_ptr_t counter = integers_from_zero(1, 52);
    orbis_world_ptr_t wide = shared_from_zero(1, 8, 53);
    int run = -1;
    EXPECT_STATUS(orbis_world_once(counter, counter, 0, &run),
                  ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_once(counter, wide, 0, &run), ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_once(wide, wide, 0, &run), ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_once(counter, counter, 0, NULL),
                  ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_once_done(counter, 0), ORBIS_ERR_INVALID);
    EXPECT(run == -1);
    int64_t calls = -1;
    CHECK(orbis_world_atomic_add(counter, 0, 0, &calls));
    EXPECT(calls == 0);
  }

  // Sizes whose bytes overflow, and sizes larger than the host's memory.
  orbis_world_ptr_t p;
  EXPECT_STATUS(orbis_world_malloc((size_t)-1, 8, &p), ORBIS_ERR_NO_MEMORY);
  EXPECT_STATUS(orbis_world_malloc((size_t)1 << 33, (size_t)1 << 31, &p),
                ORBIS_ERR_NO_MEMORY);
  EXPECT_STATUS(orbis_world_malloc((size_t)1 << 62, 4, &p), ORBIS_ERR_NO_MEMORY);
  EXPECT_STATUS(orbis_world_malloc((size_t)1 << 40, 8, &p), ORBIS_ERR_NO_MEMORY);
  EXPECT_STATUS(orbis_world_malloc_atomic((size_t)-1, &p), ORBIS_ERR_NO_MEMORY);
  EXPECT_STATUS(orbis_world_malloc_atomic((size_t)1 << 40, &p),
                ORBIS_ERR_NO_MEMORY);
  EXPECT_STATUS(orbis_world_malloc(8, (size_t)1 << 32, &p), ORBIS_ERR_INVALID);
  EXPECT_STATUS(orbis_world_malloc(0, 8, &p), ORBIS_ERR_INVALID);

  // Pointers that do not match their allocation (rank 0's 16 doubles and
  // 4 world integers), used by every process: the owner's and the others'
  // paths. None may read or write past the allocation.
  orbis_world_ptr_t real = shared_from_zero(16, sizeof(double), 44);
  orbis_world_ptr_t ints = integers_from_zero(4, 45);
  orbis_world_ptr_t wider = real, longer = real, shorter = real, narrow = real,
                    as_ints = real, ints_as_data = ints;
  wider.elem_size = 16;
  longer.count = 1000;
  shorter.count = 8;
  narrow.elem_size = 4;
  as_ints.flags = ORBIS_WORLD_ATOMIC;
  as_ints.elem_size = 8;
  ints_as_data.flags = 0;
  double big[2] = {0, 0};
  orbis_world_ptr_t altered[] = {wider, longer, shorter, narrow};
  for (int i = 0; i < 4; i++) {
    EXPECT_STATUS(orbis_world_store(altered[i], 1 + rank % 7, big),
                  ORBIS_ERR_INVALID);
    EXPECT_STATUS(orbis_world_load(altered[i], 0, big), ORBIS_ERR_INVALID);
  }
  EXPECT_STATUS(orbis_world_atomic_add(as_ints, 0, 1, &old), ORBIS_ERR_INVALID);
  EXPECT_STATUS(orbis_world_lock(as_ints, 0), ORBIS_ERR_INVALID);
  EXPECT_STATUS(orbis_world_store(ints_as_data, 0, &v), ORBIS_ERR_INVALID);
  EXPECT_STATUS(orbis_world_load(ints_as_data, 0, &v), ORBIS_ERR_INVALID);
  EXPECT_STATUS(orbis_world_load(real, 16, &v), ORBIS_ERR_OUT_OF_BOUNDS);
  EXPECT_STATUS(orbis_world_load_range(real, 10, (uint64_t)-1, &v),
                ORBIS_ERR_OUT_OF_BOUNDS);
  EXPECT_STATUS(orbis_world_atomic_add(ints, 4, 1, &old),
                ORBIS_ERR_OUT_OF_BOUNDS);
  EXPECT_STATUS(orbis_world_load(real, 0, NULL), ORBIS_ERR_INVALID);
  EXPECT_STATUS(orbis_world_store(real, 0, NULL), ORBIS_ERR_INVALID);

  // Nothing was written by the calls above: every element is still free,
  // the world still works.
  v = 10.0 + rank;
  CHECK(orbis_world_store(real, 1 + rank % 15, &v));
  CHECK(orbis_world_atomic_add(ints, 0, 1, &old));
  CHECK(orbis_world_barrier());
  if (rank == 0) {
    CHECK(orbis_world_load(real, 1, &v));
    EXPECT(v == 10.0);
    CHECK(orbis_world_atomic_add(ints, 0, 0, &old));
    EXPECT(old == size);
  }
  CHECK(orbis_world_barrier());
}

/// An unlock by a rank that does not hold the lock: the lock's owner stops
/// the job, naming the call, the rank and the lock.
static void unlock_not_held(void) {
  orbis_world_ptr_t ints = integers_from_zero(1, 46);
  if (rank == 0 && size > 1) // alone: nobody holds it
    CHECK(orbis_world_lock(ints, 0));
  CHECK(orbis_world_barrier());
  if (rank == size - 1)
    orbis_world_unlock(ints, 0);
  sleep(5); // the owner stops the job meanwhile
  fprintf(stderr, "rank %d: the unlock went through\n", rank);
  exit(4);
}

static void *wait_own_element(void *arg) {
  orbis_world_ptr_t p = *(orbis_world_ptr_t *)arg;
  double v;
  EXPECT_STATUS(orbis_world_load(p, 1, &v), ORBIS_ERR_UNKNOWN_ALLOCATION);
  return NULL;
}

/// Freeing an allocation that others wait on: every wait ends with
/// ORBIS_ERR_UNKNOWN_ALLOCATION (loads parked at the owner, a thread of the
/// owner, lock requests queued at the owner), none hangs.
static void free_while_waiting(void) {
  orbis_world_ptr_t cells = shared_from_zero(4, sizeof(double), 47);
  orbis_world_ptr_t locks = integers_from_zero(1, 48);
  pthread_t waiter;
  if (rank == 0) {
    CHECK(orbis_world_lock(locks, 0));
    pthread_create(&waiter, NULL, wait_own_element, &cells);
  }
  CHECK(orbis_world_barrier());
  if (rank == 0) {
    usleep(300000); // the others are parked by now (or ask later: the same)
    CHECK(orbis_world_free(cells));
    CHECK(orbis_world_free(locks));
    pthread_join(waiter, NULL);
  } else {
    double v;
    if (rank % 2)
      EXPECT_STATUS(orbis_world_load(cells, 0, &v),
                    ORBIS_ERR_UNKNOWN_ALLOCATION);
    else
      EXPECT_STATUS(orbis_world_lock(locks, 0), ORBIS_ERR_UNKNOWN_ALLOCATION);
  }
  CHECK(orbis_world_barrier());
}

/// Loads after a free (ordered by a barrier) fail, from the owner and from
/// processes that had the elements cached or mapped.
static void use_after_free(void) {
  enum { N = 100 };
  double v[N];
  orbis_world_ptr_t x = shared_from_zero(N, sizeof(double), 49);
  if (rank == 0) {
    for (int i = 0; i < N; i++)
      v[i] = i * 0.5;
    CHECK(orbis_world_store_range(x, 0, N, v));
  }
  CHECK(orbis_world_load_range(x, 0, N, v));
  CHECK(orbis_world_load(x, 7, &v[0])); // cached or mapped by now
  EXPECT(v[0] == 3.5);
  CHECK(orbis_world_barrier());
  if (rank == 0)
    CHECK(orbis_world_free(x));
  CHECK(orbis_world_barrier());
  EXPECT_STATUS(orbis_world_load(x, 7, &v[0]), ORBIS_ERR_UNKNOWN_ALLOCATION);
  EXPECT_STATUS(orbis_world_load_range(x, 0, N, v),
                ORBIS_ERR_UNKNOWN_ALLOCATION);
  EXPECT_STATUS(orbis_world_wait_range(x, 0, 1), ORBIS_ERR_UNKNOWN_ALLOCATION);
  EXPECT_STATUS(orbis_world_free(x), ORBIS_ERR_UNKNOWN_ALLOCATION);
  CHECK(orbis_world_barrier());

  // Freed by a process that does not own it (the consumer of a grid): it
  // asks the owner, which frees it everywhere before the free returns.
  orbis_world_ptr_t y = shared_from_zero(N, sizeof(double), 51);
  if (rank == 0)
    CHECK(orbis_world_store_range(y, 0, N, v));
  CHECK(orbis_world_load_range(y, 0, N, v)); // cached or mapped
  CHECK(orbis_world_barrier());
  if (rank == size - 1)
    CHECK(orbis_world_free(y));
  CHECK(orbis_world_barrier());
  EXPECT_STATUS(orbis_world_load(y, 7, &v[0]), ORBIS_ERR_UNKNOWN_ALLOCATION);
  EXPECT_STATUS(orbis_world_free(y), ORBIS_ERR_UNKNOWN_ALLOCATION);
  CHECK(orbis_world_barrier());
}

/// This process's resident memory in KiB.
static long resident_kib(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kib = -1;
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
      break;
  if (f)
    fclose(f);
  return kib;
}

/// Freed allocations are released everywhere: rank 0 makes 32 allocations
/// of 2 MiB one after the other, every process reads each whole (caching or
/// mapping it), rank 0 frees it. No process's memory grows with them.
static void free_releases(void) {
  enum { ROUNDS = 32, N = 262144 };
  static double v[N];
  orbis_world_ptr_t list = shared_from_zero(ROUNDS, sizeof(orbis_world_ptr_t),
                                            50);
  long before = 0;
  for (int r = 0; r < ROUNDS; r++) {
    orbis_world_ptr_t x;
    if (rank == 0) {
      CHECK(orbis_world_malloc(N, sizeof(double), &x));
      for (int i = 0; i < N; i++)
        v[i] = r + i;
      CHECK(orbis_world_store_range(x, 0, N, v));
      CHECK(orbis_world_store(list, r, &x));
    } else {
      CHECK(orbis_world_load(list, r, &x));
      CHECK(orbis_world_load_range(x, 0, N, v));
      EXPECT(v[N - 1] == r + N - 1.0);
    }
    CHECK(orbis_world_barrier());
    if (rank == 0)
      CHECK(orbis_world_free(x));
    CHECK(orbis_world_barrier());
    if (r == 3)
      before = resident_kib();
  }
  long grown = resident_kib() - before;
  if (grown > 16384) {
    fprintf(stderr, "rank %d: resident memory grew by %ld KiB over %d freed "
            "allocations of 2 MiB\n", rank, grown, ROUNDS - 4);
    exit(3);
  }
}

/// Box copies (orbis_world_load_boxes / orbis_world_store_box), what staged
/// tiles call: rank r stores a box of the next rank's 20 x 30 grid from a
/// larger local frame, then loads the union of two boxes less a third from
/// its own grid (written by the previous rank) and from the next rank's
/// (remote unless on one host), into a frame prefilled with -1: the union's
/// elements hold the writer's values, the rest stays -1. Malformed copies
/// return INVALID with a detail.
static double box_value(int writer, int x, int y) {
  return writer * 1000.0 + x * 30 + y;
}
static void box_check(orbis_world_ptr_t grid, int writer) {
  const orbis_world_view_t view = {0, 2, {30, 1}};
  const orbis_world_box_t frame = {{0, 0}, {12, 20}};
  const orbis_world_box_t reads[2] = {{{2, 5}, {6, 9}}, {{4, 7}, {10, 17}}};
  const orbis_world_box_t skip = {{5, 8}, {7, 12}};
  double buf[12][20];
  for (int x = 0; x < 12; x++)
    for (int y = 0; y < 20; y++)
      buf[x][y] = -1;
  CHECK(orbis_world_load_boxes(grid, &view, reads, 2, &skip, buf, &frame));
  for (int x = 0; x < 12; x++)
    for (int y = 0; y < 20; y++) {
      int in = (x >= 2 && x < 6 && y >= 5 && y < 9) ||
               (x >= 4 && x < 10 && y >= 7 && y < 17);
      int skipped = x >= 5 && x < 7 && y >= 8 && y < 12;
      EXPECT(buf[x][y] == (in && !skipped ? box_value(writer, x, y) : -1));
    }
}
static void boxes(void) {
  orbis_world_ptr_t grid;
  CHECK(orbis_world_malloc(20 * 30, sizeof(double), &grid));
  CHECK(orbis_world_store(orbis_world_root(rank), 20, &grid));
  orbis_world_ptr_t next;
  int to = (rank + 1) % size, from = (rank + size - 1) % size;
  CHECK(orbis_world_load(orbis_world_root(to), 20, &next));
  // The box rows 2..9, columns 5..16, from a frame rows 1..10, columns 4..17.
  const orbis_world_view_t view = {0, 2, {30, 1}};
  const orbis_world_box_t frame = {{1, 4}, {11, 18}}, box = {{2, 5}, {10, 17}};
  double src[10][14];
  for (int x = 1; x < 11; x++)
    for (int y = 4; y < 18; y++)
      src[x - 1][y - 4] = box_value(rank, x, y);
  CHECK(orbis_world_store_box(next, &view, &box, src, &frame));
  box_check(grid, from);
  box_check(next, rank);
  // Malformed: five dimensions, a last stride other than 1, a box outside
  // its frame; each INVALID, with the reason.
  orbis_world_view_t five = {0, 5, {1, 1, 1, 1}};
  EXPECT(orbis_world_load_boxes(grid, &five, &box, 1, NULL, src, &frame) ==
         ORBIS_ERR_INVALID);
  EXPECT(strstr(orbis_world_error_detail(), "1 to 4 dimensions"));
  orbis_world_view_t strided = {0, 2, {30, 2}};
  EXPECT(orbis_world_store_box(grid, &strided, &box, src, &frame) ==
         ORBIS_ERR_INVALID);
  const orbis_world_box_t outside = {{0, 5}, {10, 17}};
  EXPECT(orbis_world_store_box(grid, &view, &outside, src, &frame) ==
         ORBIS_ERR_INVALID);
  EXPECT(orbis_world_load_boxes(grid, &view, &box, 1, NULL, NULL, &frame) ==
         ORBIS_ERR_INVALID);
  CHECK(orbis_world_barrier());
}

/// Boxes in place (orbis_world_local_frame), what a staged tile does with an
/// array its process owns: rank r writes a box of its own 20 x 30 grid
/// straight into the allocation's memory and stores it from there (no
/// copy: the values are the ones it wrote), loads boxes of it in place
/// (waits only), and the next rank reads the box as usual. Another rank's
/// grid, a strided view and a view past the end have no local frame.
static void boxes_in_place(void) {
  orbis_world_ptr_t grid;
  CHECK(orbis_world_malloc(20 * 30, sizeof(double), &grid));
  CHECK(orbis_world_store(orbis_world_root(rank), 21, &grid));
  const orbis_world_view_t view = {0, 2, {30, 1}};
  orbis_world_box_t frame;
  double *mine = orbis_world_local_frame(grid, &view, &frame);
  EXPECT(mine != NULL);
  EXPECT(frame.lo[0] == 0 && frame.lo[1] == 0 && frame.hi[0] == 20 &&
         frame.hi[1] == 30);
  // A view from element 35: 19 rows of 30 start before the end (600).
  const orbis_world_view_t later = {35, 2, {30, 1}};
  orbis_world_box_t later_frame;
  EXPECT(orbis_world_local_frame(grid, &later, &later_frame) == mine + 35);
  EXPECT(later_frame.hi[0] == 19 && later_frame.hi[1] == 30);
  const orbis_world_view_t strided = {0, 2, {30, 2}}, past = {601, 2, {30, 1}};
  EXPECT(orbis_world_local_frame(grid, &strided, &frame) == NULL);
  EXPECT(orbis_world_local_frame(grid, &past, &frame) == NULL);
  frame = (orbis_world_box_t){{0, 0}, {20, 30}};
  const orbis_world_box_t box = {{2, 5}, {10, 17}};
  for (int x = 2; x < 10; x++)
    for (int y = 5; y < 17; y++)
      mine[x * 30 + y] = box_value(rank, x, y);
  CHECK(orbis_world_store_box(grid, &view, &box, mine, &frame));
  // Loaded in place: waited for, the values as written.
  const orbis_world_box_t rows = {{3, 6}, {5, 16}};
  CHECK(orbis_world_load_boxes(grid, &view, &rows, 1, NULL, mine, &frame));
  for (int x = 2; x < 10; x++)
    for (int y = 5; y < 17; y++)
      EXPECT(mine[x * 30 + y] == box_value(rank, x, y));
  int to = (rank + 1) % size;
  orbis_world_ptr_t next;
  CHECK(orbis_world_load(orbis_world_root(to), 21, &next));
  EXPECT((orbis_world_local_frame(next, &view, &frame) != NULL) == (to == rank));
  // The next rank's box, read as any reader does.
  double buf[8][12];
  const orbis_world_box_t small = {{2, 5}, {10, 17}};
  CHECK(orbis_world_load_boxes(next, &view, &small, 1, NULL, buf, &small));
  for (int x = 2; x < 10; x++)
    for (int y = 5; y < 17; y++)
      EXPECT(buf[x - 2][y - 5] == box_value(to, x, y));
  CHECK(orbis_world_barrier());
}

/// A free while the owner computes in place: rank r pins its own grid
/// (orbis_world_local_frame), the previous rank frees it (rank r itself
/// when alone), and rank r still writes the pinned memory (no fault) and
/// then finds the grid gone: its store fails with UNKNOWN_ALLOCATION.
/// orbis_world_local_done releases the memory.
static void free_while_pinned(void) {
  orbis_world_ptr_t grid, next;
  CHECK(orbis_world_malloc(1 << 20, sizeof(double), &grid)); // 8 MiB
  CHECK(orbis_world_store(orbis_world_root(rank), 22, &grid));
  int to = (rank + 1) % size;
  CHECK(orbis_world_load(orbis_world_root(to), 22, &next));
  const orbis_world_view_t view = {0, 2, {1024, 1}};
  orbis_world_box_t frame;
  double *mine = orbis_world_local_frame(grid, &view, &frame);
  EXPECT(mine != NULL);
  CHECK(orbis_world_barrier());
  CHECK(orbis_world_free(next));
  CHECK(orbis_world_barrier());
  // A region no spare segment fits unmaps the spares (docs/world.md): the
  // grid's memory must not have become one.
  orbis_world_ptr_t other;
  CHECK(orbis_world_malloc(3 << 17, sizeof(double), &other)); // 3 MiB
  for (int i = 0; i < (1 << 20); i += 512)
    mine[i] = i;
  const orbis_world_box_t box = {{0, 0}, {4, 1024}};
  EXPECT(orbis_world_store_box(grid, &view, &box, mine, &frame) ==
         ORBIS_ERR_UNKNOWN_ALLOCATION);
  orbis_world_local_done(grid);
  orbis_world_local_done(grid); // unknown by now: nothing
  CHECK(orbis_world_free(other));
  CHECK(orbis_world_barrier());
}

/// Reading in place (orbis_world_read_frame), what a staged tile does with
/// an array it only reads: rank r reads the next rank's 20 x 30 grid where
/// that rank wrote it when both share memory (UCX_TLS=shm, or alone), and
/// gets no frame over TCP; a load of a box in place only waits, and finds
/// the writer's values. A strided view or one past the end gets no frame.
/// A free by the owner while the grid is
/// read in place makes orbis_world_read_done fail; of its own grid a
/// process keeps the memory (pinned) and reads on.
static void read_in_place(void) {
  orbis_world_ptr_t grid, next;
  CHECK(orbis_world_malloc(20 * 30, sizeof(double), &grid));
  CHECK(orbis_world_store(orbis_world_root(rank), 23, &grid));
  const orbis_world_view_t view = {0, 2, {30, 1}};
  const orbis_world_box_t box = {{2, 5}, {10, 17}},
                          whole = {{0, 0}, {20, 30}};
  double mine[20 * 30];
  for (int x = 2; x < 10; x++)
    for (int y = 5; y < 17; y++)
      mine[x * 30 + y] = box_value(rank, x, y);
  CHECK(orbis_world_store_box(grid, &view, &box, mine, &whole));
  int to = (rank + 1) % size;
  CHECK(orbis_world_load(orbis_world_root(to), 23, &next));
  const char *tls = getenv("UCX_TLS");
  int shared = to == rank || (tls && strstr(tls, "shm"));
  orbis_world_box_t frame;
  const double *theirs = orbis_world_read_frame(next, &view, &frame);
  EXPECT((theirs != NULL) == shared);
  if (theirs) {
    EXPECT(frame.lo[0] == 0 && frame.lo[1] == 0 && frame.hi[0] == 20 &&
           frame.hi[1] == 30);
    CHECK(orbis_world_load_boxes(next, &view, &box, 1, NULL, (void *)theirs,
                                 &frame));
    for (int x = 2; x < 10; x++)
      for (int y = 5; y < 17; y++)
        EXPECT(theirs[x * 30 + y] == box_value(to, x, y));
    EXPECT(orbis_world_read_done(next) == ORBIS_OK);
    // Ended twice: another process's allocation is refused, named.
    if (to != rank) {
      EXPECT(orbis_world_read_done(next) == ORBIS_ERR_INVALID);
      EXPECT(strstr(orbis_world_error_detail(),
                    "is not read in place by this thread"));
    }
  }
  const orbis_world_view_t strided = {0, 2, {30, 2}}, past = {601, 2, {30, 1}};
  EXPECT(orbis_world_read_frame(next, &strided, &frame) == NULL);
  EXPECT(orbis_world_read_frame(next, &past, &frame) == NULL);
  // Made-up pointers (owners that are no rank): no frame, no done.
  const uint32_t no_ranks[2] = {(uint32_t)size, 0x80000001u};
  for (int k = 0; k < 2; k++) {
    orbis_world_ptr_t made_up = next;
    made_up.owner = no_ranks[k];
    EXPECT(orbis_world_read_frame(made_up, &view, &frame) == NULL);
    EXPECT(orbis_world_read_done(made_up) == ORBIS_ERR_INVALID);
  }
  // Freed by its owner while read in place.
  theirs = orbis_world_read_frame(next, &view, &frame);
  EXPECT((theirs != NULL) == shared);
  CHECK(orbis_world_barrier());
  CHECK(orbis_world_free(grid));
  CHECK(orbis_world_barrier());
  if (theirs) {
    EXPECT(theirs[2 * 30 + 5] == box_value(to, 2, 5));
    EXPECT(orbis_world_read_done(next) ==
           (to == rank ? ORBIS_OK : ORBIS_ERR_UNKNOWN_ALLOCATION));
  }
  CHECK(orbis_world_barrier());
}

/// A box of another process's grid asked for before its owner writes it:
/// over TCP its rows go to the owner as one request, parked there until the
/// last row is written and answered in one reply (over shared memory the
/// reader waits on the mapped bits). A box of a grid its owner freed: the
/// owner's UNKNOWN_ALLOCATION, whichever path.
static void boxes_waiting(void) {
  orbis_world_ptr_t grid, next;
  CHECK(orbis_world_malloc(20 * 30, sizeof(double), &grid));
  CHECK(orbis_world_store(orbis_world_root(rank), 24, &grid));
  int to = (rank + 1) % size;
  CHECK(orbis_world_load(orbis_world_root(to), 24, &next));
  const orbis_world_view_t view = {0, 2, {30, 1}};
  const orbis_world_box_t box = {{3, 4}, {9, 20}}, whole = {{0, 0}, {20, 30}};
  static double mine[20 * 30], theirs[20 * 30];
  for (int x = 3; x < 9; x++)
    for (int y = 4; y < 20; y++)
      mine[x * 30 + y] = box_value(rank, x, y);
  if (size > 1) {
    CHECK(orbis_world_barrier());
    // The owner writes its box a while after every reader asked for it.
    if (rank % 2 == 0) {
      CHECK(orbis_world_load_boxes(next, &view, &box, 1, NULL, theirs, &whole));
      struct timespec pause = {0, 50 * 1000 * 1000};
      nanosleep(&pause, NULL);
      CHECK(orbis_world_store_box(grid, &view, &box, mine, &whole));
    } else {
      struct timespec pause = {0, 50 * 1000 * 1000};
      nanosleep(&pause, NULL);
      CHECK(orbis_world_store_box(grid, &view, &box, mine, &whole));
      CHECK(orbis_world_load_boxes(next, &view, &box, 1, NULL, theirs, &whole));
    }
  } else {
    CHECK(orbis_world_store_box(grid, &view, &box, mine, &whole));
    CHECK(orbis_world_load_boxes(next, &view, &box, 1, NULL, theirs, &whole));
  }
  for (int x = 3; x < 9; x++)
    for (int y = 4; y < 20; y++)
      EXPECT(theirs[x * 30 + y] == box_value(to, x, y));
  // The box again: its first row is a double write, named.
  EXPECT(orbis_world_store_box(grid, &view, &box, mine, &whole) ==
         ORBIS_ERR_DOUBLE_WRITE);
  char again[96];
  snprintf(again, sizeof again, "element 94 of allocation %u was written by "
           "rank %d", grid.id, rank);
  EXPECT(strstr(orbis_world_error_detail(), again));
  CHECK(orbis_world_barrier());
  CHECK(orbis_world_free(grid));
  CHECK(orbis_world_barrier());
  EXPECT(orbis_world_load_boxes(next, &view, &box, 1, NULL, theirs, &whole) ==
         ORBIS_ERR_UNKNOWN_ALLOCATION);
  CHECK(orbis_world_barrier());
}

/// Boxes that several threads of the owner store at once (without the
/// world lock while they work, world_own_box.cpp). Four threads store the
/// 25 tiles of 8 x 10 of a 40 x 50 grid (neighbouring tiles share bitmap
/// words); the next rank reads the grid and finds every value. Then, 32
/// times, the four threads store the same 16 boxes, each in its own order:
/// exactly one store of each box succeeds, every other fails with
/// DOUBLE_WRITE naming this rank twice, and nothing hangs. Last, the previous rank writes one
/// element of this rank's third grid first: the box over it fails, naming
/// that rank, and stores nothing.
enum { RACERS = 4, ROUNDS = 32 };
static orbis_world_ptr_t racing_grid, racing_boxes[ROUNDS];
static double racing_values[40 * 50];
static int racing_wins[ROUNDS][16];
static pthread_barrier_t racing_start;

static void *store_tiles(void *arg) {
  long t = (long)arg;
  const orbis_world_view_t view = {0, 2, {50, 1}};
  const orbis_world_box_t whole = {{0, 0}, {40, 50}};
  for (int k = (int)t; k < 25; k += RACERS) {
    const orbis_world_box_t tile = {{8 * (k / 5), 10 * (k % 5)},
                                    {8 * (k / 5) + 8, 10 * (k % 5) + 10}};
    CHECK(orbis_world_store_box(racing_grid, &view, &tile, racing_values,
                                &whole));
  }
  return NULL;
}

/// Each round, the four threads start together and store the same 16
/// boxes of 16 x 64 doubles of a fresh 64 x 256 grid.
static void *race_for_boxes(void *arg) {
  long t = (long)arg;
  const orbis_world_view_t view = {0, 2, {256, 1}};
  const orbis_world_box_t whole = {{0, 0}, {64, 256}};
  static const double ones[64 * 256] = {1};
  char named[96];
  snprintf(named, sizeof named, "was written by rank %d", rank);
  for (int round = 0; round < ROUNDS; round++) {
    pthread_barrier_wait(&racing_start);
    for (int i = 0; i < 16; i++) {
      int b = (int)(t % 2 ? 15 - i : (i + 4 * t) % 16);
      const orbis_world_box_t box = {{16 * (b / 4), 64 * (b % 4)},
                                     {16 * (b / 4) + 16, 64 * (b % 4) + 64}};
      orbis_status_t s = orbis_world_store_box(racing_boxes[round], &view,
                                               &box, ones, &whole);
      if (s == ORBIS_OK) {
        __atomic_fetch_add(&racing_wins[round][b], 1, __ATOMIC_RELAXED);
      } else {
        EXPECT(s == ORBIS_ERR_DOUBLE_WRITE);
        const char *first = strstr(orbis_world_error_detail(), named);
        EXPECT(first && strstr(first + 1, "rank"));
      }
    }
  }
  return NULL;
}

static void boxes_racing(void) {
  CHECK(orbis_world_malloc(40 * 50, sizeof(double), &racing_grid));
  for (int round = 0; round < ROUNDS; round++)
    CHECK(orbis_world_malloc(64 * 256, sizeof(double), &racing_boxes[round]));
  CHECK(orbis_world_store(orbis_world_root(rank), 25, &racing_grid));
  for (int x = 0; x < 40; x++)
    for (int y = 0; y < 50; y++)
      racing_values[x * 50 + y] = box_value(rank, x, y);
  pthread_t th[RACERS];
  for (long t = 0; t < RACERS; t++)
    pthread_create(&th[t], NULL, store_tiles, (void *)t);
  for (int t = 0; t < RACERS; t++)
    pthread_join(th[t], NULL);
  int to = (rank + 1) % size;
  orbis_world_ptr_t next;
  CHECK(orbis_world_load(orbis_world_root(to), 25, &next));
  static double theirs[40 * 50];
  const orbis_world_view_t view = {0, 2, {50, 1}};
  const orbis_world_box_t whole = {{0, 0}, {40, 50}};
  CHECK(orbis_world_load_boxes(next, &view, &whole, 1, NULL, theirs, &whole));
  for (int x = 0; x < 40; x++)
    for (int y = 0; y < 50; y++)
      EXPECT(theirs[x * 50 + y] == box_value(to, x, y));

  pthread_barrier_init(&racing_start, NULL, RACERS);
  for (long t = 0; t < RACERS; t++)
    pthread_create(&th[t], NULL, race_for_boxes, (void *)t);
  for (int t = 0; t < RACERS; t++)
    pthread_join(th[t], NULL);
  pthread_barrier_destroy(&racing_start);
  for (int round = 0; round < ROUNDS; round++)
    for (int b = 0; b < 16; b++)
      EXPECT(racing_wins[round][b] == 1);

  // The previous rank's element first, then this rank's box over it.
  orbis_world_ptr_t third, theirs_third;
  CHECK(orbis_world_malloc(2 * 16, sizeof(double), &third));
  CHECK(orbis_world_store(orbis_world_root(rank), 26, &third));
  CHECK(orbis_world_barrier());
  CHECK(orbis_world_load(orbis_world_root(to), 26, &theirs_third));
  double first = -5, got = 0;
  CHECK(orbis_world_store(theirs_third, 5, &first));
  // The barrier does not wait for stores on their way (over TCP): the
  // element's load does.
  CHECK(orbis_world_load(third, 5, &got));
  EXPECT(got == -5);
  const orbis_world_view_t small = {0, 2, {16, 1}};
  const orbis_world_box_t row = {{0, 0}, {1, 16}}, all = {{0, 0}, {2, 16}};
  static const double mine[2 * 16] = {7};
  EXPECT(orbis_world_store_box(third, &small, &row, mine, &all) ==
         ORBIS_ERR_DOUBLE_WRITE);
  char named[96];
  snprintf(named, sizeof named,
           "element 5 of allocation %u was written by rank %d", third.id,
           (rank + size - 1) % size);
  EXPECT(strstr(orbis_world_error_detail(), named));
  CHECK(orbis_world_load(third, 5, &got));
  EXPECT(got == -5);
  // The box's other elements were not stored either: element 0's first
  // write is still to come.
  CHECK(orbis_world_store(third, 0, &first));
  CHECK(orbis_world_barrier());
  CHECK(orbis_world_free(racing_grid));
  for (int round = 0; round < ROUNDS; round++)
    CHECK(orbis_world_free(racing_boxes[round]));
  CHECK(orbis_world_free(third));
  CHECK(orbis_world_barrier());
}

static void *join(void *unused) {
  (void)unused;
  CHECK(orbis_world_init());
  return NULL;
}

/// Joining the world from several threads at once: they take turns, the
/// first joins, the others find the world joined (it aborted in
/// std::terminate with a second watchdog thread).
static void join_from_threads(void) {
  pthread_t th[4];
  for (int t = 0; t < 4; t++)
    pthread_create(&th[t], NULL, join, NULL);
  for (int t = 0; t < 4; t++)
    pthread_join(th[t], NULL);
}

/// A load of a few elements of another process's allocation brings the
/// initialized elements after them in the same 4 KiB, which are cached: a
/// scan element by element costs a message per block, not per element (46
/// to 55 us each over TCP). Elements not yet initialized are not brought:
/// they come, right, once written.
static void read_ahead(void) {
  enum { N = 3000, WrittenFirst = 1500 };
  static int v[N];
  orbis_world_ptr_t x = shared_from_zero(N, sizeof(int), 57);
  for (int i = 0; i < N; i++)
    v[i] = 3 * i + 1;
  if (rank == 0)
    CHECK(orbis_world_store_range(x, 0, WrittenFirst, v));
  CHECK(orbis_world_barrier());
  orbis_world_stats_t before, after;
  orbis_world_get_stats(&before);
  for (int i = 0; i < WrittenFirst; i++) {
    int one = -1;
    CHECK(orbis_world_load(x, (uint64_t)i, &one));
    EXPECT(one == v[i]);
  }
  orbis_world_get_stats(&after);
  // 1500 ints in blocks of 1024: where the allocation lives, then two
  // requests (no message on shared memory).
  if (rank != 0)
    EXPECT(after.messages_sent - before.messages_sent <= 3);
  CHECK(orbis_world_barrier());
  if (rank == 0)
    CHECK(orbis_world_store_range(x, WrittenFirst, N - WrittenFirst,
                                  v + WrittenFirst));
  for (int i = WrittenFirst; i < N; i++) {
    int one = -1;
    CHECK(orbis_world_load(x, (uint64_t)i, &one));
    EXPECT(one == v[i]);
  }
  CHECK(orbis_world_barrier());
}

/// orbis_world_shared with another shape than rank 0's: invalid, with a
/// detail naming both (it handed back rank 0's allocation in silence); the
/// call still takes its entry, so the next call of every process names the
/// same allocation.
static void shared_shape(void) {
  orbis_world_ptr_t p;
  orbis_status_t s = orbis_world_shared(rank == 0 ? 4 : 1000 + rank,
                                        rank == 0 ? 8 : 4, &p);
  if (rank == 0) {
    EXPECT(s == ORBIS_OK);
  } else {
    char want[160];
    snprintf(want, sizeof want,
             "this process asks for %d elements of 4 bytes, rank 0 for 4 of "
             "8: every process must ask for the same",
             1000 + rank);
    EXPECT(s == ORBIS_ERR_INVALID);
    EXPECT(!strcmp(orbis_world_error_detail(), want));
  }
  orbis_world_ptr_t q;
  CHECK(orbis_world_shared(5, 2, &q));
  EXPECT(q.count == 5 && q.elem_size == 2);
  CHECK(orbis_world_barrier());
}

int main(int argc, char **argv) {
  int first = 1;
  if (argc > 1 && !strcmp(argv[1], "join-from-threads")) {
    join_from_threads();
    first = 2;
  } else {
    CHECK(orbis_world_init());
  }
  rank = orbis_world_rank();
  size = orbis_world_size();
  for (int a = first; a < argc; a++) {
    if (!strcmp(argv[a], "chain"))
      chain();
    else if (!strcmp(argv[a], "many-readers"))
      many_readers();
    else if (!strcmp(argv[a], "ranges"))
      ranges();
    else if (!strcmp(argv[a], "boxes"))
      boxes();
    else if (!strcmp(argv[a], "boxes-in-place"))
      boxes_in_place();
    else if (!strcmp(argv[a], "free-while-pinned"))
      free_while_pinned();
    else if (!strcmp(argv[a], "read-in-place"))
      read_in_place();
    else if (!strcmp(argv[a], "boxes-waiting"))
      boxes_waiting();
    else if (!strcmp(argv[a], "boxes-racing"))
      boxes_racing();
    else if (!strcmp(argv[a], "pointers"))
      pointers();
    else if (!strcmp(argv[a], "gauss-seidel"))
      gauss_seidel();
    else if (!strcmp(argv[a], "killed-peer"))
      killed_peer();
    else if (!strcmp(argv[a], "threads"))
      threads();
    else if (!strcmp(argv[a], "intruder-target"))
      intruder_target();
    else if (!strcmp(argv[a], "deadlock"))
      deadlock();
    else if (!strcmp(argv[a], "deadlock-barrier"))
      deadlock_in_fence(0);
    else if (!strcmp(argv[a], "deadlock-finalize"))
      deadlock_in_fence(1);
    else if (!strcmp(argv[a], "timeout"))
      timeout();
    else if (!strcmp(argv[a], "atomics"))
      atomics();
    else if (!strcmp(argv[a], "locks"))
      locks();
    else if (!strcmp(argv[a], "once"))
      once();
    else if (!strcmp(argv[a], "caching"))
      caching();
    else if (!strcmp(argv[a], "read-ahead"))
      read_ahead();
    else if (!strcmp(argv[a], "shared-shape"))
      shared_shape();
    else if (!strcmp(argv[a], "double-write"))
      double_write();
    else if (!strcmp(argv[a], "many-allocations"))
      many_allocations();
    else if (!strcmp(argv[a], "double-write-unnamed"))
      double_write_unnamed();
    else if (!strcmp(argv[a], "double-write-race"))
      double_write_race();
    else if (!strcmp(argv[a], "double-write-sites"))
      double_write_sites();
    else if (!strcmp(argv[a], "misuse"))
      misuse();
    else if (!strcmp(argv[a], "free-while-waiting"))
      free_while_waiting();
    else if (!strcmp(argv[a], "use-after-free"))
      use_after_free();
    else if (!strcmp(argv[a], "free-releases"))
      free_releases();
    else if (!strcmp(argv[a], "unlock-not-held"))
      unlock_not_held();
    else {
      fprintf(stderr, "unknown scenario %s\n", argv[a]);
      return 2;
    }
  }
  CHECK(orbis_world_finalize());
  // A process joins once: joining again is refused, with the reason.
  if (orbis_world_init() != ORBIS_ERR_INVALID ||
      !strstr(orbis_world_error_detail(), "joins the world once")) {
    fprintf(stderr, "rank %d: orbis_world_init after finalize: '%s'\n", rank,
            orbis_world_error_detail());
    return 1;
  }
  if (rank == 0)
    printf("PASS %d processes\n", size);
  return 0;
}
