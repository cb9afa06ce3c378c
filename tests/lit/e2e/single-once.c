// `#pragma omp single` in a pre- or post-block of a blocked loop runs once for
// the whole loop (call-once), by one thread, and every thread reaching it
// waits until it has completed; `nowait` skips the wait. A loop executed
// several times runs it once per execution; a loop with no iteration never.
// Inner-loop singles of a tiled nest run once per execution of the nest.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=1,1 %t | FileCheck %s
//
// CHECK:      flat: pre 1 post 1 tiles 7 ready-seen 7
// CHECK-NEXT: repeated 5 times: pre 5 post 5
// CHECK-NEXT: empty loop: 0
// CHECK-NEXT: nest: outer pre 1 outer post 1 inner pre 1 inner post 1 inner tiles 28 inner ready-seen 28
// CHECK-NEXT: in a parallel region: pre 3 post 3 seen 21
// CHECK-NEXT: nowait: 1
// CHECK-NEXT: auto sizes: 1
#include <omp_blocked.h>
#include <stdio.h>
#include <unistd.h>

static void pause_a_little(void) { usleep(20000); }

int main(void) {
  // A flat loop: i = 0..19, tile 3, 7 tiles.
  int pre = 0, post = 0, tiles = 0, seen = 0;
  volatile int ready = 0;
  #pragma omp parallel for schedule(blocked, 3)
  for (int i = 0; i < 20; i++) {
    #pragma omp single
    {
      pause_a_little(); // the others must wait for it
      pre++;
      ready = 42;
    }
    #pragma omp atomic
    seen += ready == 42;
    #pragma omp atomic
    tiles++;
    #pragma omp block
    {
    }
    #pragma omp single
    post++;
  }
  printf("flat: pre %d post %d tiles %d ready-seen %d\n", pre, post, tiles, seen);

  // The same loop executed several times.
  pre = post = 0;
  for (int rep = 0; rep < 5; rep++) {
    #pragma omp parallel for schedule(blocked, 2)
    for (int i = rep; i < 17; i++) {
      #pragma omp single
      pre++;
      #pragma omp block
      {
      }
      #pragma omp single
      post++;
    }
  }
  printf("repeated 5 times: pre %d post %d\n", pre, post);

  // No iteration: no tile, no single.
  int never = 0, zero = 0;
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 10; i < zero; i++) {
    #pragma omp single
    never++;
    #pragma omp block
    {
    }
  }
  printf("empty loop: %d\n", never);

  // A nest: x = 0..9 tile 3 (4 tiles), y = 0..13 tile 2 (7 tiles).
  int opre = 0, opost = 0, ipre = 0, ipost = 0, itiles = 0, iseen = 0;
  volatile int iready = 0;
  #pragma omp parallel for schedule(blocked, 3)
  for (int x = 0; x < 10; x++) {
    #pragma omp single
    opre++;
    #pragma omp for schedule(blocked, 2)
    for (int y = 0; y < 14; y++) {
      #pragma omp single
      {
        pause_a_little();
        ipre++;
        iready = 1;
      }
      #pragma omp atomic
      iseen += iready;
      #pragma omp atomic
      itiles++;
      #pragma omp block
      {
      }
      #pragma omp single
      ipost++;
    }
    #pragma omp single
    opost++;
  }
  printf("nest: outer pre %d outer post %d inner pre %d inner post %d inner "
         "tiles %d inner ready-seen %d\n",
         opre, opost, ipre, ipost, itiles, iseen);

  // A blocked `for` inside an explicit parallel region, run 3 times by the
  // team: once per execution.
  pre = post = seen = 0;
  volatile int stamp = 0;
  #pragma omp parallel
  {
    for (int rep = 1; rep <= 3; rep++) {
      #pragma omp for schedule(blocked, 3)
      for (int i = 0; i < 20; i++) {
        #pragma omp single
        {
          pause_a_little();
          pre++;
          stamp = rep;
        }
        #pragma omp atomic
        seen += stamp == rep;
        #pragma omp block
        {
        }
        #pragma omp single
        post++;
      }
    }
  }
  printf("in a parallel region: pre %d post %d seen %d\n", pre, post, seen);

  // nowait: still exactly once.
  int nw = 0;
  #pragma omp parallel for schedule(blocked, 1)
  for (int i = 0; i < 9; i++) {
    #pragma omp single nowait
    nw++;
    #pragma omp block
    {
    }
  }
  printf("nowait: %d\n", nw);

  // Automatic tile sizes (or OMP_BLOCK_SIZE): still once.
  int au = 0;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < 100; i++) {
    #pragma omp single
    au++;
    #pragma omp block
    {
    }
  }
  printf("auto sizes: %d\n", au);
  return 0;
}
