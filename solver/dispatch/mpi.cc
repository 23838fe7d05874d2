// The MPI dispatcher over Open MPI (see mpi.h for the design).
#include "dispatch/mpi.h"

#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
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
// on the master: asks Run() to stop. A second SIGINT kills (the user insists);
// a second SIGTERM does not, because the runtime sends it twice (to the
// process and to its process group) and follows with SIGKILL after
// odls_base_sigkill_timeout (1 s) anyway.
volatile std::sig_atomic_t g_signalled = 0;
extern "C" void OnSignal(int sig) {
  if (g_signalled && sig == SIGINT) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
  if (!g_signalled) g_signalled = sig;
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
// idle rank leaves its core to the workers; nullopt when a signal came, or
// when `also` (if given) says there is something else to do.
std::optional<Message> Poll(int source, const std::function<bool()>& also = nullptr) {
  auto sleep = std::chrono::microseconds(20);
  for (;;) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag) return Receive(status);
    if (g_signalled || (also && also())) return std::nullopt;
    std::this_thread::sleep_for(sleep);
    sleep = std::min<std::chrono::microseconds>(2 * sleep, std::chrono::milliseconds(2));
  }
}

// Rank 0's own worker: one thread that solves the units the master hands
// it, so rank 0's cores work too (mpirun -np 2 is two solvers, not one). It
// calls no MPI (the library is initialised MPI_THREAD_FUNNELED): the master's
// thread takes its result at its next poll, as from any worker.
class LocalWorker {
 public:
  explicit LocalWorker(UnitSolver solve) : solve_(std::move(solve)), thread_([this] { Serve(); }) {}

  // Hands it unit `id` (it must be idle).
  void Give(std::uint64_t id, std::string payload) {
    std::lock_guard lock(mu_);
    task_ = Task{id, std::move(payload)};
    busy_ = true;
    cv_.notify_all();
  }
  bool busy() const { return busy_.load(); }
  bool has_result() const { return done_.load(); }
  // The finished unit's id and result (has_result() must be true).
  std::pair<std::uint64_t, absl::StatusOr<std::string>> Take() {
    std::lock_guard lock(mu_);
    done_ = false;
    busy_ = false;
    return {result_id_, std::move(result_)};
  }
  // Ends the thread once its unit (if any) is done.
  void Stop() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
      cv_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
  }

 private:
  struct Task {
    std::uint64_t id;
    std::string payload;
  };
  void Serve() {
    for (;;) {
      Task task;
      {
        std::unique_lock lock(mu_);
        cv_.wait(lock, [&] { return stop_ || task_.has_value(); });
        if (!task_) return;
        task = std::move(*task_);
        task_.reset();
      }
      absl::StatusOr<std::string> r = solve_(task.payload);
      std::lock_guard lock(mu_);
      result_id_ = task.id;
      result_ = std::move(r);
      done_ = true;
    }
  }

  UnitSolver solve_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::optional<Task> task_;
  bool stop_ = false;
  std::atomic<bool> busy_{false}, done_{false};
  std::uint64_t result_id_ = 0;
  absl::StatusOr<std::string> result_;
  std::thread thread_;  // last: starts once the members above exist
};

std::string SignalName(int sig) { return sig == SIGINT ? "SIGINT" : "SIGTERM"; }

// This rank's number as text, for the crash handler (which may not format).
char g_rank_text[16] = "?";

// A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) on any rank: one line,
// then exit status 2 at once. Open MPI's runtime then ends the job as for any
// process that exits without MPI_Finalize, the master stops cleanly (SIGTERM,
// above) and mpirun exits 2, where a death by the signal would make it exit
// 128 + signal. Only async-signal-safe calls here.
extern "C" void OnCrash(int sig) {
  const char* what = sig == SIGSEGV  ? "SIGSEGV"
                     : sig == SIGBUS ? "SIGBUS"
                     : sig == SIGFPE ? "SIGFPE"
                     : sig == SIGILL ? "SIGILL"
                                     : "SIGABRT";
  auto put = [](const char* t) { (void)!::write(2, t, std::strlen(t)); };
  put("tav: error: MPI rank ");
  put(g_rank_text);
  put(" crashed (");
  put(what);
  put("); the run stops, the results handed in so far are saved: run the same command with "
      "--resume to finish\n");
  ::_exit(2);
}

void CatchCrashes(int rank) {
  const std::string text = std::to_string(rank);
  std::memcpy(g_rank_text, text.c_str(), std::min<std::size_t>(text.size() + 1, 15));
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(sig, OnCrash);
}

// Rank 0 in the lists of workers: its own LocalWorker.
constexpr int kLocal = 0;

class MpiMasterImpl final : public Dispatcher {
 public:
  MpiMasterImpl(int size, UnitSolver local) : size_(size), local_(std::move(local)) {
    idle_.push_back(kLocal);
  }

  int workers() const override { return size_; }

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
        Unit unit = queue.top();
        queue.pop();
        busy_[worker] = unit.id;
        if (worker == kLocal) {
          local_.Give(unit.id, std::move(unit.payload));
          continue;
        }
        std::string bytes;
        PutU64(bytes, unit.id);
        bytes += unit.payload;
        Send(worker, kUnit, bytes);
      }
      if (busy_.empty() && (queue.empty() || !dispatching)) break;
      // Step 3. The next event: rank 0's own result, a worker ready, a
      // worker's result or error.
      std::optional<Event> reply = NextEvent();
      if (!reply) {
        stopped_ = true;
        return absl::UnavailableError(absl::StrCat(
            "the MPI run was stopped by ", SignalName(g_signalled),
            " (a process of the run died, or the run was interrupted); the results handed in "
            "so far are saved: run the same command with --resume to finish"));
      }
      idle_.push_back(reply->worker);
      if (reply->ready) continue;
      busy_.erase(reply->worker);
      if (!reply->result.ok()) {
        if (error.ok()) {
          error = absl::Status(
              reply->result.status().code(),
              absl::StrCat(reply->worker == kLocal ? std::string("rank 0's own worker")
                                                   : absl::StrCat("worker rank ", reply->worker),
                           ", unit ", reply->id, ": ", reply->result.status().message()));
        }
        dispatching = false;
        continue;
      }
      // Step 4. The job takes the result (and may make units ready).
      made.clear();
      absl::StatusOr<bool> go_on = on_result(reply->id, *reply->result, made);
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
  bool local_busy() const { return local_.busy(); }

  // STOP to every worker, once each has reported (a worker that has not said
  // READY yet is waited for), and rank 0's own worker ended.
  void StopWorkers() {
    if (stopped_) return;  // the run is being ended from outside: no one to wait for
    local_.Stop();
    std::vector<bool> stopped(size_, false);
    int left = size_ - 1;
    auto stop = [&](int w) {
      if (w != kLocal && !stopped[w]) {
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
  // What a worker said: READY, or unit `id`'s result (or error).
  struct Event {
    int worker = 0;
    bool ready = false;
    std::uint64_t id = 0;
    absl::StatusOr<std::string> result;
  };

  // Waits for the next event, of rank 0's own worker or of another rank;
  // nullopt when a signal came.
  std::optional<Event> NextEvent() {
    for (;;) {
      if (local_.has_result()) {
        auto [id, result] = local_.Take();
        return Event{kLocal, false, id, std::move(result)};
      }
      std::optional<Message> m = Poll(MPI_ANY_SOURCE, [this] { return local_.has_result(); });
      if (!m) {
        if (g_signalled) return std::nullopt;
        continue;  // rank 0's own result
      }
      if (m->tag == kReady) return Event{m->source, true, 0, std::string()};
      const std::uint64_t id = GetU64(m->bytes);
      if (m->tag == kError) {
        const auto code = static_cast<absl::StatusCode>(
            m->bytes.size() >= 12 ? static_cast<unsigned char>(m->bytes[8]) : 13);
        return Event{
            m->source, false, id,
            absl::Status(code, m->bytes.substr(std::min<std::size_t>(12, m->bytes.size())))};
      }
      return Event{m->source, false, id, m->bytes.substr(8)};
    }
  }

  int size_;
  LocalWorker local_;
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
    if (w.place.size >= 2) CatchCrashes(w.place.rank);
    if (w.place.size >= 2 && w.place.master()) {
      std::signal(SIGTERM, OnSignal);
      std::signal(SIGINT, OnSignal);
    }
  }
  if (w.place.size < 2) {
    return absl::FailedPreconditionError(
        "--mpi needs at least 2 processes (rank 0 dispatches, writes and solves, the others "
        "solve): run it as mpirun -np N tav ... with N >= 2, or run the command without --mpi");
  }
  return w.place;
}

Dispatcher& MpiMaster(UnitSolver local) {
  World& w = TheWorld();
  // Never deleted: its thread may still be solving when a signal ends the run.
  if (!w.master) w.master = new MpiMasterImpl(w.place.size, std::move(local));
  return *w.master;
}

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
  if (g_signalled) {
    // The runtime is ending the job; finalizing could wait on the dead, and
    // rank 0's own worker may be mid-unit: leave now, with the command's status.
    std::fflush(nullptr);
    if (w.master && w.master->local_busy()) std::_Exit(exit_status);
    return;
  }
  MPI_Finalize();
  w.joined = false;
}

}  // namespace tav::dispatch
