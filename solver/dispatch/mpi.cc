// The MPI dispatcher over Open MPI (see mpi.h for the design).
#include "dispatch/mpi.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <optional>
#include <queue>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

namespace tav::dispatch {
namespace {

enum Tag : int { kReady = 1, kUnit = 2, kResult = 3, kError = 4, kStop = 5 };

// SIGTERM (Open MPI's runtime ending the job after a process died) or SIGINT
// on the master: the first one asks Run() to stop, a second one kills.
volatile std::sig_atomic_t g_signalled = 0;
extern "C" void OnSignal(int sig) {
  if (g_signalled) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
  g_signalled = sig;
}

void PutU64(std::string& s, std::uint64_t v) {
  char b[8];
  std::memcpy(b, &v, 8);
  s.append(b, 8);
}
std::uint64_t GetU64(std::string_view s) {
  std::uint64_t v = 0;
  if (s.size() >= 8) std::memcpy(&v, s.data(), 8);
  return v;
}

void Send(int to, int tag, const std::string& bytes) {
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

struct Message {
  int source = -1, tag = 0;
  std::string bytes;
};

// Receives the message `status` announced (after MPI_Iprobe).
Message Receive(const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(static_cast<std::size_t>(count), '\0')};
  MPI_Recv(m.bytes.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return m;
}

// Waits for the next message from `source` (MPI_ANY_SOURCE for any): polls
// with a growing sleep (20 us to 2 ms) instead of Open MPI's busy wait, so an
// idle rank leaves its core to the workers; nullopt when a signal came.
std::optional<Message> Poll(int source) {
  auto sleep = std::chrono::microseconds(20);
  for (;;) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag) return Receive(status);
    if (g_signalled) return std::nullopt;
    std::this_thread::sleep_for(sleep);
    sleep = std::min<std::chrono::microseconds>(2 * sleep, std::chrono::milliseconds(2));
  }
}

std::string SignalName(int sig) { return sig == SIGINT ? "SIGINT" : "SIGTERM"; }

class MpiMasterImpl final : public Dispatcher {
 public:
  explicit MpiMasterImpl(int size) : size_(size) {}

  int workers() const override { return size_ - 1; }

  absl::Status Run(std::vector<Unit> ready, const ResultHandler& on_result) override {
    // Step 1. The ready units, heaviest first (ties: the lowest id).
    auto lighter = [](const Unit& x, const Unit& y) {
      return x.weight != y.weight ? x.weight < y.weight : x.id > y.id;
    };
    std::priority_queue<Unit, std::vector<Unit>, decltype(lighter)> queue(lighter,
                                                                          std::move(ready));
    absl::Status error;
    bool dispatching = true;  // new units still go out
    std::vector<Unit> made;
    for (;;) {
      // Step 2. Every idle worker gets the heaviest ready unit.
      while (dispatching && !queue.empty() && !idle_.empty()) {
        const int worker = idle_.front();
        idle_.pop_front();
        std::string bytes;
        PutU64(bytes, queue.top().id);
        bytes += queue.top().payload;
        busy_[worker] = queue.top().id;
        queue.pop();
        Send(worker, kUnit, bytes);
      }
      if (busy_.empty() && (queue.empty() || !dispatching)) break;
      // Step 3. The next message: a worker ready, a result, an error.
      std::optional<Message> m = Poll(MPI_ANY_SOURCE);
      if (!m) {
        stopped_ = true;
        return absl::UnavailableError(absl::StrCat(
            "the MPI run was stopped by ", SignalName(g_signalled),
            " (a process of the run died, or the run was interrupted); the results handed in "
            "so far are saved: run the same command with --resume to finish"));
      }
      if (m->tag == kReady) {
        idle_.push_back(m->source);
        continue;
      }
      const std::uint64_t id = GetU64(m->bytes);
      busy_.erase(m->source);
      idle_.push_back(m->source);
      if (m->tag == kError) {
        const int code = m->bytes.size() >= 12 ? static_cast<unsigned char>(m->bytes[8]) : 13;
        if (error.ok()) {
          error = absl::Status(
              static_cast<absl::StatusCode>(code),
              absl::StrCat("worker rank ", m->source, ", unit ", id, ": ",
                           m->bytes.substr(std::min<std::size_t>(12, m->bytes.size()))));
        }
        dispatching = false;
        continue;
      }
      // Step 4. The job takes the result (and may make units ready).
      made.clear();
      absl::StatusOr<bool> go_on = on_result(id, std::string_view(m->bytes).substr(8), made);
      if (!go_on.ok()) {
        // The job cannot take results any more (a failed write): nothing in
        // flight could be kept, so no waiting for it (LeaveMpiWorld aborts).
        return error.ok() ? go_on.status() : error;
      }
      if (!*go_on) dispatching = false;
      for (Unit& u : made) queue.push(std::move(u));
    }
    return error;
  }

  bool any_busy() const { return !busy_.empty(); }

  // STOP to every worker, once each has reported (a worker that has not said
  // READY yet is waited for).
  void StopWorkers() {
    if (stopped_) return;  // the run is being ended from outside: no one to wait for
    std::vector<bool> stopped(size_, false);
    int left = workers();
    auto stop = [&](int w) {
      if (!stopped[w]) {
        Send(w, kStop, "");
        stopped[w] = true;
        --left;
      }
    };
    for (int w : idle_) stop(w);
    idle_.clear();
    while (left > 0) {
      std::optional<Message> m = Poll(MPI_ANY_SOURCE);
      if (!m) return;
      stop(m->source);
    }
    busy_.clear();
  }

 private:
  int size_;
  std::deque<int> idle_;  // workers waiting for a unit, in the order they asked
  absl::flat_hash_map<int, std::uint64_t> busy_;  // worker -> its unit
  bool stopped_ = false;
};

struct World {
  bool joined = false;
  MpiPlace place;
  MpiMasterImpl* master = nullptr;
};
World& TheWorld() {
  static World world;
  return world;
}

}  // namespace

bool MpiBuilt() { return true; }

absl::StatusOr<MpiPlace> JoinMpiWorld() {
  World& w = TheWorld();
  if (!w.joined) {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
      return absl::FailedPreconditionError("--mpi: MPI_Init failed (is this run under mpirun?)");
    }
    w.joined = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &w.place.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &w.place.size);
    if (w.place.size >= 2 && w.place.master()) {
      w.master = new MpiMasterImpl(w.place.size);
      std::signal(SIGTERM, OnSignal);
      std::signal(SIGINT, OnSignal);
    }
  }
  if (w.place.size < 2) {
    return absl::FailedPreconditionError(
        "--mpi needs at least 2 processes (rank 0 dispatches and writes, the others solve): "
        "run it as mpirun -np N tav ... with N >= 2");
  }
  return w.place;
}

Dispatcher& MpiMaster() { return *TheWorld().master; }

absl::Status ServeMpiUnits(const UnitSolver& solve) {
  const char* abort_after = std::getenv("TAV_TEST_MPI_WORKER_ABORT_AFTER");
  const long crash_at = abort_after && TheWorld().place.rank == 1 ? std::atol(abort_after) : -1;
  long units = 0;
  Send(0, kReady, "");
  for (;;) {
    std::optional<Message> m = Poll(0);
    if (!m || m->tag == kStop) return absl::OkStatus();
    if (units++ == crash_at) std::abort();  // the test hook (mpi.h)
    const std::uint64_t id = GetU64(m->bytes);
    absl::StatusOr<std::string> result = solve(std::string_view(m->bytes).substr(8));
    std::string reply;
    PutU64(reply, id);
    if (result.ok()) {
      reply += *result;
      Send(0, kResult, reply);
    } else {
      reply.push_back(static_cast<char>(result.status().code()));
      reply.append(3, '\0');
      reply += std::string(result.status().message());
      Send(0, kError, reply);
    }
  }
}

void LeaveMpiWorld(int exit_status) {
  World& w = TheWorld();
  if (!w.joined) return;
  if (w.master && exit_status != 0 && w.master->any_busy() && !g_signalled) {
    // The job failed with units in flight: waiting for them could take as
    // long as a unit; end every rank now (mpirun exits with this status).
    MPI_Abort(MPI_COMM_WORLD, exit_status);
  }
  if (w.master) w.master->StopWorkers();
  if (g_signalled) return;  // the runtime is ending the job; finalizing could wait on the dead
  MPI_Finalize();
  w.joined = false;
}

}  // namespace tav::dispatch
