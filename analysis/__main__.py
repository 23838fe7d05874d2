"""Command line: ``python3 -m analysis report PATH… --out DIR`` and ``summary PATH…``.

From the repository root as ``/usr/bin/python3 -m analysis``; from anywhere as the wrapper
``tav-analysis`` at the repository root.

Exit status 0 on success, 2 for bad input (unknown kind or schema version, a path that does not
exist, a malformed record under ``--strict``, nothing to summarise), like ``tav``. Errors are one
line on stderr; skipped records are reported as ``warning: FILE:LINE: …`` lines.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # batch use: never a window, whatever MPLBACKEND says

from .load import display_path, load  # noqa: E402
from .report import write_report  # noqa: E402
from .schema import InputError  # noqa: E402
from .summary import text_summary  # noqa: E402


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Tables and plots from Tavoliere results (schemas: data/README.md).")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    report = commands.add_parser(
        "report", help="write Markdown/CSV/PNG reports",
        description="Reads run directories, result files or folders (searched recursively for "
                    "*.json and *.jsonl) and writes DIR/report.md with CSV tables and PNG plots.")
    report.add_argument("paths", nargs="+", metavar="PATH")
    report.add_argument("--out", required=True, metavar="DIR", help="output folder (created)")
    summary = commands.add_parser(
        "summary", help="print a few lines about a run",
        description="Prints positions, kinds of value, root value, nodes and time of the runs "
                    "under PATH.")
    summary.add_argument("paths", nargs="+", metavar="PATH")
    for command in (report, summary):
        command.add_argument("--strict", action="store_true",
                             help="fail (exit 2) on a malformed record instead of skipping it")
    return parser


def main(argv=None, prog: str = "python3 -m analysis") -> int:
    """Runs the command line on ``argv`` (default: sys.argv); returns the exit status."""
    args = _parser(prog).parse_args(argv)
    # A one-shot batch run: the cyclic garbage collector would traverse the whole heap (records,
    # DataFrames, figures) again and again to find almost nothing, a tenth of a report's time;
    # reference counting still frees what the report drops (peak memory unchanged on data/).
    collecting = gc.isenabled()
    gc.disable()
    try:
        ds = load(args.paths, strict=args.strict)
        if args.command == "summary":
            if ds.empty:
                raise InputError(f"no result records under {', '.join(args.paths)}")
            print("\n".join(text_summary(ds)))
        else:
            files = write_report(ds, Path(args.out), inputs=args.paths)
            print(f"wrote {display_path(files[0])} ({len(files) - 1} tables and plots)")
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        if collecting:  # as it was: main() may run inside a longer-lived program
            gc.enable()
    return 0


if __name__ == "__main__":
    sys.exit(main())
