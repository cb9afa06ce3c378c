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

/// `n` elements of the type of what the result is assigned to, in world
/// memory owned by the calling process, all uninitialized.
void *omp_world_malloc(size_t n);
/// Releases world memory of the calling process.
void omp_world_free(void *p);

#ifdef __cplusplus
}
#endif

#endif // OMP_WORLD_H
