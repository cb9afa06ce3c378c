/// \file
/// World memory in the extensions' syntax (EXTENSIONS.md 3.3), for programs
/// compiled by orbis-cc: inside `#pragma omp world_parallel for`, calls of
/// these are lowered to libworld (<orbis/world_access.h>), with the element
/// type taken from what the result is assigned to. The out-of-line
/// definitions serve calls the compiler did not lower (outside a world
/// loop): they stop the program with a message.
#ifndef OMP_WORLD_H
#define OMP_WORLD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(__cplusplus) || defined(ORBIS_WORLD_BUILDING)
/// `n` elements of the type of what the result is assigned to, in world
/// memory owned by the calling process, all uninitialized.
void *omp_world_malloc(size_t n);
#endif
/// Releases world memory of the calling process.
void omp_world_free(void *p);
/// omp_world_malloc under another name (what C++'s omp_world_malloc calls).
void *omp_world_malloc_untyped(size_t n);

#ifdef __cplusplus
}
#endif

#if defined(__cplusplus) && !defined(ORBIS_WORLD_BUILDING)
/// In C++ a `void *` does not convert to the world variable's pointer type:
/// omp_world_malloc's result converts to any object pointer, so that
/// `Vs[t] = omp_world_malloc(N);` is valid C++ before orbis-c++ lowers it.
/// Never used at run time: outside a world loop the call stops the program.
struct omp_world_allocation {
  void *p;
  template <class T> operator T *() const { return static_cast<T *>(p); }
};
inline omp_world_allocation omp_world_malloc(size_t n) {
  return omp_world_allocation{omp_world_malloc_untyped(n)};
}
#endif

#endif // OMP_WORLD_H
