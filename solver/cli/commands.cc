// The subcommand table of `tav`. A new subcommand adds its factory here.
#include "cli/command.h"

namespace tav::cli {

Command DemoCommand();
Command PerftCommand();
Command MovesCommand();
Command ShowCommand();
Command SolveCommand();
Command EvalCommand();
Command ThinkCommand();
Command LearnCommand();
Command BenchCommand();
Command ExploreCommand();
Command MatchCommand();
Command SelfPlayCommand();
Command BookQueryCommand();
Command BookExportCommand();
Command BookMergeCommand();
Command RetroCommand();
Command ProbeCommand();
Command VerifyCommand();
Command ProveCommand();
Command CrosscheckCommand();

const std::vector<Command>& AllCommands() {
  // clang-format off
  static const std::vector<Command> commands = {
      DemoCommand(),
      PerftCommand(),
      MovesCommand(),
      ShowCommand(),
      SolveCommand(),
      EvalCommand(),
      ThinkCommand(),
      LearnCommand(),
      BenchCommand(),
      ExploreCommand(),
      MatchCommand(),
      SelfPlayCommand(),
      BookQueryCommand(),
      BookExportCommand(),
      BookMergeCommand(),
      RetroCommand(),
      ProbeCommand(),
      VerifyCommand(),
      ProveCommand(),
      CrosscheckCommand(),
  };
  // clang-format on
  return commands;
}

}  // namespace tav::cli
