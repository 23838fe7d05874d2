# Writes ${OUT} with the current git commit; run at every build so result files
# never carry a stale commit. configure_file only touches the file if it changed.
execute_process(
  COMMAND git rev-parse --short=12 HEAD
  WORKING_DIRECTORY ${SRC}
  OUTPUT_VARIABLE TAV_GIT_COMMIT
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(
  COMMAND git status --porcelain --untracked-files=no
  WORKING_DIRECTORY ${SRC}
  OUTPUT_VARIABLE TAV_GIT_DIRTY
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT TAV_GIT_COMMIT)
  set(TAV_GIT_COMMIT "unknown")
elseif(TAV_GIT_DIRTY)
  set(TAV_GIT_COMMIT "${TAV_GIT_COMMIT}-dirty")
endif()
configure_file(${TEMPLATE} ${OUT} @ONLY)
