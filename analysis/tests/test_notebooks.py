"""The notebooks are committed without outputs (CTest executes them: tests/analysis.cmake)."""

from __future__ import annotations

import json

import pytest

from .conftest import ROOT


@pytest.mark.parametrize("name", ["lehmann", "performance", "prairie"])
def test_notebooks_are_committed_without_outputs(name):
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
