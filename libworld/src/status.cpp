/// \file
/// orbis_status_string(): the one table of status texts.
#include <orbis/world.h>

extern "C" __attribute__((visibility("default"))) const char *
orbis_status_string(orbis_status_t status) {
  switch (status) {
  case ORBIS_OK:
    return "success";
  case ORBIS_ERR_NOT_INITIALIZED:
    return "world not initialized";
  case ORBIS_ERR_INVALID:
    return "invalid argument";
  case ORBIS_ERR_NO_MEMORY:
    return "out of memory";
  case ORBIS_ERR_OUT_OF_BOUNDS:
    return "access outside the allocation";
  case ORBIS_ERR_DOUBLE_WRITE:
    return "second write to an initialized element";
  case ORBIS_ERR_UNKNOWN_ALLOCATION:
    return "unknown allocation";
  case ORBIS_ERR_BOOTSTRAP:
    return "cannot start the world (PMIx)";
  case ORBIS_ERR_TRANSPORT:
    return "transport error (UCX)";
  case ORBIS_ERR_PEER_FAILED:
    return "a process of the world failed";
  }
  return "unknown status";
}
