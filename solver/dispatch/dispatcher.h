// A batch of independent units, solved elsewhere: the interface between the
// jobs that cut their work into units (the explorer's frontier positions, a
// match's games, the retrograde solver's tiers) and whatever runs the units
// (mpi.h: the worker processes of an MPI run).
//
// Design. A unit is text (a JSON object its job defines: WorkUnit::ToJson,
// GameUnit::ToJson, a tier's index) and so is its result, so a dispatcher
// names no game and no job: it hands payloads to workers and results back to
// the job, one at a time, on the caller's thread. The job stays the only
// writer of its files (its handler appends each result to its log at once),
// so a run that stops at any moment loses only the units in flight, and a
// resume finds everything else. Units are handed out as workers ask for them
// (dynamic scheduling), the heaviest first (`weight`, ties by id), because a
// batch of uneven units finishes soonest when the long ones start first
// (LPT scheduling). A job whose units depend on each other (a tier needs its
// child tiers) hands in the units that a result makes ready from its handler.
// Trade-off: one unit per message and one result per reply keeps the protocol
// trivial and the master the only writer; a unit must be worth much more than
// a message round trip (tens of microseconds on one machine, see
// data/mpi/scaling.json), which the batches here are (a search, a game, a tier).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace tav::dispatch {

struct Unit {
  std::uint64_t id = 0;  // the job's name for it, handed back with its result
  std::string payload;   // what a worker needs to solve it (the job's JSON text)
  double weight = 0;     // expected work: heavier units are handed out first
};

// What the job does with one finished unit: `result` is the worker's text for
// unit `id`; units this result makes ready go into `ready`. Returns true to go
// on, false to start no new unit (an SPRT that decided: the units in flight
// are still handed in), or an error, which ends the batch with that error.
using ResultHandler = std::function<absl::StatusOr<bool>(std::uint64_t id, std::string_view result,
                                                         std::vector<Unit>& ready)>;

class Dispatcher {
 public:
  virtual ~Dispatcher() = default;
  // Solves every unit of `ready` and of what `on_result` adds, each once,
  // calling `on_result` (on this thread) with each result as it comes. Returns
  // OK when every unit is done (or the handler said stop and the units in
  // flight are in); the handler's first error, at once (units may still be
  // in flight: the caller ends the run, mpi.h LeaveMpiWorld); a worker's
  // error for a unit (its code and message, the unit named), after the units
  // in flight are handed in; or Unavailable when the run was stopped from
  // outside (a signal: a process of the run died, or the user interrupted it)
  // after the results handed in so far.
  virtual absl::Status Run(std::vector<Unit> ready, const ResultHandler& on_result) = 0;
  // How many units run at once (the workers), for progress lines.
  virtual int workers() const = 0;
};

// The worker's side: the result text of one unit's payload, or why not.
using UnitSolver = std::function<absl::StatusOr<std::string>(std::string_view payload)>;

}  // namespace tav::dispatch
