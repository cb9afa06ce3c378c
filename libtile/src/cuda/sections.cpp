/// \file
/// The run-time check that a `map` section holds what a GPU nest touches
/// (see orbis_cuda_check_section in tile_cuda.h).
#include "../export.h"
#include "checks.h"
#include <orbis/tile.h>
#include <orbis/tile_cuda.h>

#include <string>

namespace {

/// The value of the loop variable at its first and last iterations, in
/// increasing order (0 and 0 without a loop: constant subscripts).
void loopRange(const orbis_loop_t *Loop, long long First, long long &Min,
               long long &Max) {
  if (!Loop) {
    Min = Max = 0;
    return;
  }
  long long Last = First + (Loop->trip - 1) * Loop->step;
  Min = First < Last ? First : Last;
  Max = First < Last ? Last : First;
}

} // namespace

extern "C" ORBIS_TILE_API void orbis_cuda_check_section(
    const char *name, const void *pointer, size_t elem_size, long long lower,
    long long length, const char *clause, const orbis_loop_t *loop,
    long long first, long long low_offset, const char *low_where,
    const char *low_access, long long high_offset, const char *high_where,
    const char *high_access) {
  long long Min = 0, Max = 0;
  loopRange(loop, first, Min, Max);
  long long Low = Min + low_offset, High = Max + high_offset;
  // Inside a `target data` region the nest uses the region's copy, which
  // may hold more than the nest's own section.
  long long Begin = lower, End = lower + length;
  uintptr_t ExtentBegin = 0, ExtentEnd = 0;
  const char *Base = static_cast<const char *>(pointer);
  if (elem_size && length > 0 &&
      orbis::tile::presentExtent(Base + lower * (long long)elem_size,
                                 size_t(length) * elem_size, ExtentBegin,
                                 ExtentEnd)) {
    Begin = (long long)(ExtentBegin - uintptr_t(Base)) / (long long)elem_size;
    End = (long long)(ExtentEnd - uintptr_t(Base)) / (long long)elem_size;
  }
  bool Below = Low < Begin, Above = High >= End;
  if (!Below && !Above)
    return;
  std::string What = std::string("'") + (Below ? low_access : high_access) +
                     "' reaches element " + std::to_string(Below ? Low : High) +
                     " of '" + name + "', outside the section of the 'map' "
                     "clause at " + clause + " (elements " +
                     std::to_string(Begin) + " to " + std::to_string(End - 1) +
                     "): the GPU would use memory that was never copied";
  orbis_tile_fatal(Below ? low_where : high_where, What.c_str());
}
