/// \file
/// The typed accessors of <orbis/world_access.h> (what lowered world code
/// calls): values of several types round-trip between processes, and
/// misuse stops the program naming the call, the place, the rank and the
/// address. Scenarios by argument: none (the round trip; rank 0 prints
/// "PASS <n> processes"), "wrong-type", "out-of-bounds", "no-memory".
#include <orbis/world_access.h>

#include <string.h>

typedef struct {
  double x;
  int tag;
} pair_t;
ORBIS_WORLD_ACCESSORS(pair, pair_t)

int main(int argc, char **argv) {
  if (orbis_world_init() != ORBIS_OK)
    return 2;
  int rank = orbis_world_rank(), size = orbis_world_size();
  orbis_world_ptr_t root = orbis_world_root(0), d, pairs;
  if (rank == 0) {
    d = orbis_world_malloc_at(64, sizeof(double), __FILE__, __LINE__);
    pairs = orbis_world_malloc_at(64, sizeof(pair_t), __FILE__, __LINE__);
    orbis_world_put_ptr(root, 30, d, __FILE__, __LINE__);
    orbis_world_put_ptr(root, 31, pairs, __FILE__, __LINE__);
  } else {
    d = orbis_world_get_ptr(root, 30, __FILE__, __LINE__);
    pairs = orbis_world_get_ptr(root, 31, __FILE__, __LINE__);
  }
  const char *scenario = argc > 1 ? argv[1] : "";
  if (!strcmp(scenario, "wrong-type") && rank == size - 1)
    orbis_world_put_float(d, 3, 1.0f, __FILE__, __LINE__); // 4 bytes, not 8
  if (!strcmp(scenario, "out-of-bounds") && rank == size - 1)
    (void)orbis_world_get_double(d, 64, __FILE__, __LINE__);
  if (!strcmp(scenario, "no-memory") && rank == size - 1)
    (void)orbis_world_malloc_at((size_t)1 << 50, 8, __FILE__, __LINE__);
  // Each process writes its element, reads its neighbour's.
  orbis_world_put_double(d, rank, 0.5 + rank, __FILE__, __LINE__);
  pair_t mine = {1.25 * rank, rank + 7};
  orbis_world_put_pair(pairs, rank, mine, __FILE__, __LINE__);
  int next = (rank + 1) % size;
  double got = orbis_world_get_double(d, next, __FILE__, __LINE__);
  pair_t p = orbis_world_get_pair(pairs, next, __FILE__, __LINE__);
  if (got != 0.5 + next || p.x != 1.25 * next || p.tag != next + 7) {
    fprintf(stderr, "rank %d: wrong values\n", rank);
    return 3;
  }
  orbis_world_barrier();
  if (rank == 0) {
    orbis_world_free_at(pairs, __FILE__, __LINE__);
    printf("PASS %d processes\n", size);
  }
  orbis_world_finalize();
  return 0;
}
