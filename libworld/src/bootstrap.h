/// \file
/// Bootstrap through PMIx: rank, size and job namespace from the launcher
/// (mpirun, prterun, srun --mpi=pmix), and an all-to-all exchange of opaque
/// blobs (the UCX worker addresses) through Put/Commit/Fence/Get. Without a
/// launcher PMIx_Init fails and the process is a world of one.
#ifndef ORBIS_WORLD_SRC_BOOTSTRAP_H
#define ORBIS_WORLD_SRC_BOOTSTRAP_H

#include <orbis/world.h>

#include <pmix.h>

#include <string>
#include <vector>

namespace orbis::world {

class Bootstrap {
public:
  orbis_status_t init();
  void finalize();

  bool underLauncher() const { return UnderLauncher; }
  int rank() const { return Rank; }
  int size() const { return Size; }
  /// Processes of the world on this host (1 alone).
  int localSize() const { return LocalSize; }
  const std::string &jobNamespace() const { return Namespace; }

  /// Seconds a fence may wait for the other processes (0: no limit): PMIx
  /// waits forever for a process that ended without reaching it.
  void setTimeout(int Seconds) { Timeout = Seconds; }

  /// Publishes `Blob` and returns every process's blob, indexed by rank.
  orbis_status_t allGather(const std::vector<char> &Blob,
                           std::vector<std::vector<char>> &All);
  /// A barrier of the whole job, which every process reaches with the same
  /// `Kind` ("world barrier 3", "world finalize"): PMIx's fences carry no
  /// name, so a barrier of one process would match another's finalize and
  /// both go on (the first with iterations skipped, then a hang). The kinds
  /// travel with the fence; processes that reached different ones all stop
  /// with ORBIS_ERR_INVALID naming both (`Where`: the caller's place, for
  /// the message).
  orbis_status_t fence(const std::string &Kind, const std::string &Where);

private:
  bool UnderLauncher = false;
  int Rank = 0;
  int Size = 1;
  int LocalSize = 1;
  std::string Namespace = "singleton";
  unsigned long Fences = 0; ///< fences so far: each has its own key
  int Timeout = 0;
  /// PMIx_Fence with data collected, bounded by Timeout; a timeout is
  /// ORBIS_ERR_PEER_FAILED naming `Kind`.
  orbis_status_t collectiveFence(const char *Kind);
  pmix_status_t LastFence = PMIX_SUCCESS;
};

} // namespace orbis::world

#endif
