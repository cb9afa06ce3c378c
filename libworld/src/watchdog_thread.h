/// \file
/// The thread of rank 0's deadlock watchdog: runs a round every interval,
/// with the world's lock held (a round may release it to send), until
/// stopped. Owns the thread, its stop flag and its wake-up; what a round
/// does (probe, evaluate, report) stays with the world
/// (world_watchdog.cpp).
#ifndef ORBIS_WORLD_WATCHDOG_THREAD_H
#define ORBIS_WORLD_WATCHDOG_THREAD_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace orbis::world {

class WatchdogThread {
public:
  /// Starts the thread: Round(L) every Interval, L a held lock of Lock.
  template <class F>
  void start(std::mutex &Lock, std::chrono::milliseconds Interval, F Round) {
    Stop.store(false);
    Thread = std::thread([this, &Lock, Interval, Round] {
      std::unique_lock<std::mutex> L(Lock);
      while (!Stop.load()) {
        Wake.wait_for(L, Interval);
        if (Stop.load())
          break;
        Round(L);
      }
    });
  }
  /// Stops and joins the thread (a no-op when it never started).
  void stop() {
    if (!Thread.joinable())
      return;
    Stop.store(true);
    Wake.notify_all();
    Thread.join();
  }
  bool running() const { return Thread.joinable(); }

private:
  std::thread Thread;
  std::atomic<bool> Stop{false};
  std::condition_variable_any Wake;
};

} // namespace orbis::world

#endif
