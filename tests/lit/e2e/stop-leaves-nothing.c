// A program that Orbis stops (a run-time misuse found by libtile, a world
// access outside its allocation found by libworld) leaves nothing behind:
// libomp records each process in /dev/shm and removes the record in its
// exit handler, which stopping skips, so every stopped program left a file
// there (a new user's trial found hundreds). The program checks that the
// record exists while it runs (else this test could not fail), prints its
// pid and is stopped; the record must be gone.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: env OMP_BLOCK_SIZE=abc sh -c '%t tile > %t.pid; test $? -eq 1'
// RUN: sh -c 'test ! -e /dev/shm/__KMP_REGISTERED_LIB_$(cat %t.pid)_$(id -u)'
// RUN: sh -c '%t world > %t.pid; test $? -eq 1'
// RUN: sh -c 'test ! -e /dev/shm/__KMP_REGISTERED_LIB_$(cat %t.pid)_$(id -u)'
#include <omp_world.h>
#include <omp_blocked.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int sum = 0;
  #pragma omp parallel reduction(+: sum)
  sum += omp_get_thread_num() >= 0;
  char name[96];
  snprintf(name, sizeof name, "/dev/shm/__KMP_REGISTERED_LIB_%d_%d",
           (int)getpid(), (int)getuid());
  if (access(name, F_OK) != 0) {
    fprintf(stderr, "no record of libomp at %s\n", name);
    return 2;
  }
  printf("%d\n", (int)getpid());
  fflush(stdout);
  if (argc > 1 && !strcmp(argv[1], "tile")) {
    #pragma omp parallel for schedule(blocked)
    for (int i = 0; i < 10; i++)
      sum += i;
  } else {
    long *A[1];
    #pragma omp world_parallel for world(A)
    for (int i = 0; i < 1; i++) {
      A[0] = omp_world_malloc(4);
      A[0][4 + sum] = 1;
    }
  }
  return 0;
}
