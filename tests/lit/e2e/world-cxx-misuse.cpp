// Misuses of libworld's C++ layer stop the program with the call, the
// caller's line, the address and why: they said "world_array(allocation 2
// of rank 0, element 0): invalid argument" (a fetch as the wrong element
// type), "orbis_world_store(...): invalid argument" (a default-constructed
// world_array), and a publish written twice named no line.
// RUN: %orbis-cxx -O1 %s -o %t -lorbis_world
// RUN: not %t 1 2>&1 | FileCheck --check-prefix=TYPE %s
// RUN: not %t 2 2>&1 | FileCheck --check-prefix=NULL %s
// RUN: not %t 3 2>&1 | FileCheck --check-prefix=TWICE %s
// RUN: not %t 4 2>&1 | FileCheck --check-prefix=BOUNDS %s
#include <orbis/world.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  int c = argc > 1 ? std::atoi(argv[1]) : 0;
  orbis::world w;
  if (c == 1) {
    auto a = orbis::world_array<double>::allocate(4);
    a.publish(0);
    auto b = orbis::world_array<int>::fetch(0, 0);
    // TYPE: orbis: rank 0: world_array::fetch at {{.*}}world-cxx-misuse.cpp:[[@LINE-1]] (allocation {{[0-9]+}} of rank 0, element 0): invalid argument: the element type has 4 bytes, the allocation's 8
    std::printf("%llu\n", (unsigned long long)b.size());
  }
  if (c == 2) {
    orbis::world_array<double> a;
    a.store(0, 1.0);
    // NULL: orbis: rank 0: world_array::store at {{.*}}world-cxx-misuse.cpp:[[@LINE-1]] (allocation 0 of rank 0, element 0): invalid argument: a null world pointer (a default-constructed world_array)
  }
  if (c == 3) {
    auto a = orbis::world_array<double>::allocate(4);
    a.publish(1);
    a.publish(1);
    // TWICE: orbis: rank 0: world_array::publish at {{.*}}world-cxx-misuse.cpp:[[@LINE-1]] (allocation {{[0-9]+}} of rank 0, element 1): second write to an initialized element: element 1 of allocation {{[0-9]+}} was written by rank 0 ({{.*}}world-cxx-misuse.cpp:[[@LINE-2]]) and again by rank 0 ({{.*}}world-cxx-misuse.cpp:[[@LINE-1]])
  }
  if (c == 4) {
    auto a = orbis::world_array<long>::allocate(4);
    a.store(4, 1);
    // BOUNDS: orbis: rank 0: world_array::store at {{.*}}world-cxx-misuse.cpp:[[@LINE-1]] (allocation {{[0-9]+}} of rank 0, element 4): access outside the allocation
  }
  return 0;
}
