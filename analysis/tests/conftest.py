"""Shared fixtures: the fixture trees and a loaded copy of the good one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import analysis

FIXTURES = Path(__file__).parent / "fixtures"
GOOD = FIXTURES / "good"
BAD = FIXTURES / "bad"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def good():
    warnings = []
    ds = analysis.load([GOOD], warn=warnings.append)
    assert warnings == []
    return ds


def run_cli(*args, cwd=ROOT):
    """Runs ``python3 -m analysis`` with this interpreter; returns the CompletedProcess.

    No timeout of its own: on a loaded machine a report may take minutes, and a hang is caught
    by CTest's limit on the whole test (tests/analysis.cmake).
    """
    return subprocess.run([sys.executable, "-m", "analysis", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True)
