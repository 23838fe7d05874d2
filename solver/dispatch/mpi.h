// The MPI dispatcher: rank 0 of an MPI run hands a batch's units
// (dispatcher.h) to the other ranks, which solve them and send back the
// results. Built on Open MPI (Debian's libopenmpi-dev) when CMake finds MPI
// (option TAV_MPI=AUTO|ON|OFF); without it the same functions exist and
// refuse (mpi_absent.cc), so the rest of the toolkit builds and runs as a
// single process.
//
// Roles. Every rank runs the same command line (mpirun). A command given
// --mpi calls JoinMpiWorld(): rank 0 is the master, the only process that
// reads and writes the output directory (it plans the batch, locks DIR, logs
// each result as it arrives, writes the final files); ranks 1..N-1 are
// workers that only solve units (ServeMpiUnits), each with its own OpenMP
// threads. The master solves units too, on one thread of its own (its
// LocalWorker, which calls no MPI: MPI_THREAD_FUNNELED), while its main
// thread dispatches and writes; that thread mostly sleeps (it polls for
// messages with a sleep of at most 2 ms, instead of Open MPI's busy wait).
// So N ranks are N solvers and a cluster job gives every rank the same slot;
// `mpirun -np 2` on two cores runs two units at once. Trade-off: rank 0's
// dispatch waits up to 2 ms longer while its own unit runs, nothing against
// units of seconds; and a retrograde master holds two RetroSolvers (the
// job's and its worker's), each within --memory-mb.

// Protocol (MPI_COMM_WORLD, one message per step, byte strings): a worker
// says READY, then the master sends it UNIT(id, payload); the worker answers
// RESULT(id, text) or ERROR(id, code, message) and is ready again; at the end
// of the command (LeaveMpiWorld) the master sends STOP to every worker. A
// master may run several batches in one command (the Lehmann preset's two
// explorations): workers serve until STOP.
//
// Failures. A worker's error for a unit (a bad unit, out of memory) ends the
// batch with that error, after the master has logged the results that came
// before it. A worker that dies (a crash, kill -9, a lost node) cannot be
// detected by the master under Open MPI 4 (no ULFM); its runtime ends the
// whole job instead, sending SIGTERM to the other ranks. The master catches
// it, stops at once (Dispatcher::Run returns Unavailable), the job marks its
// run interrupted and the command prints one line and exits 2: the results
// logged so far are on disk, and the same command with --resume, on any
// number of processes, solves only what is missing. So the policy is "stop
// cleanly, resume", not re-dispatch: it needs no fault-tolerant MPI, and a
// unit is never solved twice into one log.
//
// Testing hook: the environment variable TAV_TEST_MPI_WORKER_ABORT_AFTER=K
// makes rank 1 call abort() when it is handed its (K+1)-th unit (a worker
// crash at a known point, tests/mpi_cli_test.cc).
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "dispatch/dispatcher.h"

namespace tav::dispatch {

// True when this build has MPI.
bool MpiBuilt();

// This process's place in the MPI run (MPI_Init on the first call).
// FailedPrecondition, one line: a build without MPI; a run of one process
// (nothing to dispatch to: the command without --mpi does the same).
struct MpiPlace {
  int rank = 0;
  int size = 1;
  bool master() const { return rank == 0; }
};
absl::StatusOr<MpiPlace> JoinMpiWorld();

// The master's dispatcher over ranks 0..N-1 (after JoinMpiWorld, on rank
// 0): `local` solves rank 0's own units, on a thread of its own, so it must
// not share unguarded state with the job's thread. The first call's `local`
// stays for the command (a command may run several batches).
Dispatcher& MpiMaster(UnitSolver local);

// A worker's loop (after JoinMpiWorld, on a rank > 0): READY, then solve each
// UNIT with `solve` and answer, until STOP. Returns OK at STOP.
absl::Status ServeMpiUnits(const UnitSolver& solve);

// The end of the command, on every rank, with the command's exit status
// (tav's main calls it; nothing when JoinMpiWorld was never called): the
// master sends STOP to every worker, then MPI_Finalize. A master that failed
// while units are still in flight calls MPI_Abort with `exit_status` instead
// (mpirun exits with it), rather than wait for units that may take hours.
void LeaveMpiWorld(int exit_status);

}  // namespace tav::dispatch
