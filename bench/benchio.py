"""What the bench scripts share: bad input, and result files that survive a kill.

Records are appended one JSON line at a time and fsync'ed before the next unit of work starts,
so a kill loses at most the unit in progress. A last line cut by a kill (no newline, or not
JSON) is dropped when the file is read back to resume, and the file is rewritten without it,
so that unit is simply done again; a bad line anywhere else is damage, not a kill, and an error.
Whole files (summaries, suites) go to a temporary file, are fsync'ed and renamed over the old.
Bad input is one line on stderr naming what is wrong, and exit status 2, as in `tav`.
"""

from __future__ import annotations

import json
import os
import sys
from typing import NoReturn


def program() -> str:
    """The running script's name, for messages: "cathedral_horizon"."""
    return os.path.basename(sys.argv[0]).removesuffix(".py")


def fail(message: str) -> NoReturn:
    """One error line naming the script, exit status 2."""
    print(f"{program()}: error: {message}", file=sys.stderr)
    sys.exit(2)


def read_jsonl(path: str, repair: bool = False) -> list[dict]:
    """Every record of the JSONL file `path` (blank lines skipped).

    repair=False (an input): any bad line is an error. repair=True (this script's own output,
    read back to resume): a bad or unterminated last line is dropped and the file rewritten
    without it; a bad line before the last is still an error.
    """
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    # split("\n") leaves "" after a final newline, and the cut text after a torn one.
    complete, tail = lines[:-1], lines[-1]
    records, kept, bad_last = [], [], tail.strip() != ""
    for number, line in enumerate(complete, 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
            kept.append(line + "\n")
        except json.JSONDecodeError:
            if repair and number == len(complete) and not bad_last:
                bad_last = True
                continue
            fail(f"{path}:{number}: not a JSON line")
    if bad_last:
        if not repair:
            fail(f"{path}: the last line is cut short")
        print(f"{program()}: dropped the cut last line of {path} (a kill "
              "mid-write); its work is done again", file=sys.stderr)
        write_atomically(path, "".join(kept))
    return records


def append_jsonl(path: str, record: dict, **dump_options) -> None:
    """One line (json.dumps with dump_options), on disk before this returns."""
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(record, **dump_options) + "\n")
        f.flush()
        os.fsync(f.fileno())


def write_atomically(path: str, text: str) -> None:
    """`text` as the whole of `path`: a reader sees the old file or the new, never a part."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
