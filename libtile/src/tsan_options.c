/// \file
/// The thread sanitizer's run-time options for programs built with
/// `orbis-cc -fsanitize=thread`, which links this object (liborbis_tsan.a):
/// libomp is not instrumented, and Archer (libomp's sanitizer tool, loaded
/// automatically) needs the sanitizer to ignore what uninstrumented modules
/// do, or it reports libomp's own synchronization as races. The sanitizer
/// takes them from __tsan_default_options; Archer reads TSAN_OPTIONS itself
/// when libomp starts (at the first parallel region), so a constructor adds
/// the option there too. Options the user sets in TSAN_OPTIONS win.
#include <stdlib.h>
#include <string.h>

#define ORBIS_TSAN_OPTION "ignore_noninstrumented_modules=1"

const char *__tsan_default_options(void) { return ORBIS_TSAN_OPTION; }

__attribute__((constructor)) static void orbis_tsan_tell_archer(void) {
  const char *Set = getenv("TSAN_OPTIONS");
  if (!Set || !*Set) {
    setenv("TSAN_OPTIONS", ORBIS_TSAN_OPTION, 1);
    return;
  }
  if (strstr(Set, "ignore_noninstrumented_modules"))
    return;
  static char Both[4096];
  if (strlen(Set) + sizeof(ORBIS_TSAN_OPTION) + 1 > sizeof Both)
    return;
  strcpy(Both, ORBIS_TSAN_OPTION ":");
  strcat(Both, Set); // later options win: the user's stay in force
  setenv("TSAN_OPTIONS", Both, 1);
}
