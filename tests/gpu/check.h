/// \file
/// What every GPU test program shares: comparing the offloaded result with
/// the sequential one bit for bit and printing `OK name ...` or
/// `MISMATCH name ...` (exit 1) with the first difference.
#ifndef ORBIS_TESTS_GPU_CHECK_H
#define ORBIS_TESTS_GPU_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_bytes(const char *name, const void *got, const void *want,
                       size_t bytes, size_t elem) {
  if (memcmp(got, want, bytes) == 0) {
    printf("OK %s\n", name);
    return 0;
  }
  for (size_t i = 0; i < bytes; i += elem)
    if (memcmp((const char *)got + i, (const char *)want + i, elem) != 0) {
      printf("MISMATCH %s: first difference at element %zu\n", name,
             i / elem);
      break;
    }
  return 1;
}

#endif
