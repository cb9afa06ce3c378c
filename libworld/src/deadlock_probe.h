/// \file
/// The bookkeeping of deadlock detection, apart from the messages that
/// carry it: what a process answers to a probe (ProbeState, with
/// IdleMeter's measure of whether it computes), and the coordinator's
/// rounds of probes (ProbeRounds), which find a deadlock when every
/// process stays suspended, with no data message in flight and none sent
/// since, for StableProbes rounds in a row.
#ifndef ORBIS_WORLD_SRC_DEADLOCK_PROBE_H
#define ORBIS_WORLD_SRC_DEADLOCK_PROBE_H

#include <chrono>
#include <cstdint>
#include <sys/resource.h>
#include <vector>

namespace orbis::world {

/// The coordinator (rank 0) probes every process this often, and reports a
/// deadlock after this many rounds in a row found them all suspended with
/// no data message in flight and none sent since.
constexpr auto ProbeInterval = std::chrono::milliseconds(500);
constexpr unsigned StableProbes = 3;

/// A process's answer to a deadlock probe.
struct ProbeState {
  uint32_t From, Round;
  uint32_t Suspended; ///< a thread waits and the process used no CPU
  uint32_t Pad;
  uint64_t Sent, Received; ///< data messages, probes excluded
};

/// Whether the process computed since the last measure: a computing thread
/// uses CPU; waiting ones sleep (their spinning lasts milliseconds), so
/// less than 5% of a core means nobody computes.
class IdleMeter {
public:
  void start() { Last = std::chrono::steady_clock::now(); }
  bool idleSinceLast() {
    rusage Usage;
    getrusage(RUSAGE_SELF, &Usage);
    double Cpu = Usage.ru_utime.tv_sec + Usage.ru_utime.tv_usec * 1e-6 +
                 Usage.ru_stime.tv_sec + Usage.ru_stime.tv_usec * 1e-6;
    auto Now = std::chrono::steady_clock::now();
    double Elapsed = std::chrono::duration<double>(Now - Last).count();
    bool Idle = Elapsed > 0 && (Cpu - LastCpu) < 0.05 * Elapsed;
    LastCpu = Cpu;
    Last = Now;
    return Idle;
  }

private:
  double LastCpu = 0;
  std::chrono::steady_clock::time_point Last;
};

/// The coordinator's rounds of probes.
class ProbeRounds {
public:
  /// Starts round r + 1 with the coordinator's own state; its number.
  uint32_t start(const ProbeState &Own) {
    ++Round;
    Replies.assign(1, Own);
    Replies.back().Round = Round;
    return Round;
  }
  /// A process's answer; answers to earlier rounds are ignored.
  void answer(const ProbeState &P) {
    if (P.Round == Round)
      Replies.push_back(P);
  }
  /// Evaluates the current round once its answers had time to come: whether
  /// the world of Size processes is deadlocked (StableProbes rounds in a
  /// row with every process suspended, as many data messages received as
  /// sent, and none since the round before). A round missing an answer
  /// (a process slow to answer) is not judged.
  bool deadlocked(int Size) {
    if (Round == 0 || int(Replies.size()) != Size)
      return false;
    bool All = true;
    uint64_t Sent = 0, Received = 0;
    for (const ProbeState &P : Replies) {
      All = All && P.Suspended;
      Sent += P.Sent;
      Received += P.Received;
    }
    bool Quiet =
        Sent == Received && Sent == LastSent && Received == LastReceived;
    Stable = All && Quiet ? Stable + 1 : 0;
    LastSent = Sent;
    LastReceived = Received;
    return Stable >= StableProbes;
  }
  uint32_t round() const { return Round; }

private:
  std::vector<ProbeState> Replies;
  uint32_t Round = 0;
  unsigned Stable = 0;
  uint64_t LastSent = ~0ull, LastReceived = ~0ull;
};

} // namespace orbis::world

#endif
