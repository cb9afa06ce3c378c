/// \file
/// The C++ layer of libworld: typed arrays handed out through root slots,
/// a lock guard, nested world objects, and the message that stops the
/// program on misuse.
#include <orbis/world.hpp>

#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
  orbis::world w;
  {
    // A library's own world object inside the program's: leaving its scope
    // must not leave the world (everything below still works).
    orbis::world nested;
    nested.barrier();
  }
  auto data = orbis::world_array<double>::allocate(16);
  data.publish(20);
  auto next = orbis::world_array<double>::fetch((w.rank() + 1) % w.size(), 20);
  next.store(w.rank() % 16, 0.5 + w.rank());
  int from = (w.rank() + w.size() - 1) % w.size();
  if (data.load(from % 16) != 0.5 + from) {
    std::fprintf(stderr, "rank %d: wrong value\n", w.rank());
    return 3;
  }
  orbis_world_ptr_t locks;
  if (w.rank() == 0) {
    orbis_world_malloc_atomic(1, &locks);
    orbis_world_store(orbis_world_root(0), 21, &locks);
  } else {
    orbis_world_load(orbis_world_root(0), 21, &locks);
  }
  {
    orbis::world_lock_guard hold(locks, 0);
  }
  w.barrier();
  if (argc > 1 && !std::strcmp(argv[1], "out-of-bounds") && w.rank() == 0)
    next.store(16, 1.0); // one past the end: stops the program
  w.barrier();
  if (argc > 1 && !std::strcmp(argv[1], "deadlock")) {
    // Nobody writes element 15: the report names this line.
    double never = data.load(15);
    std::fprintf(stderr, "rank %d: load returned %g\n", w.rank(), never);
    return 4;
  }
  if (w.rank() == 0)
    std::printf("PASS %d processes\n", w.size());
  return 0;
}
