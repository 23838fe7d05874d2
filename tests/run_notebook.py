"""Executes one notebook headless, as CI does, and fails if any cell fails.

    /usr/bin/python3 tests/run_notebook.py notebooks/lehmann.ipynb

The executed copy goes to a temporary folder (the committed notebook keeps no outputs). The
kernel is this interpreter -- Debian's /usr/bin/python3 with its pandas and matplotlib -- through
a kernelspec named ``python3`` in a temporary JUPYTER_PATH, which comes before any user or
site kernelspec of that name. User site-packages, PYTHONPATH and the user's Jupyter/IPython
configuration are kept out, so the run depends on the Debian packages only. A cell may run for
half an hour (a guard against a hung kernel, not a speed test: CI machines are slow and loaded).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: run_notebook.py NOTEBOOK", file=sys.stderr)
        return 2
    notebook = Path(sys.argv[1]).resolve()
    if not notebook.is_file():
        print(f"error: {notebook}: no such notebook", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="tav-notebook-") as temp:
        temp = Path(temp)
        kernel = temp / "jupyter" / "kernels" / "python3"
        kernel.mkdir(parents=True)
        (kernel / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (Debian)", "language": "python"}))
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env.update(JUPYTER_PATH=str(temp / "jupyter"), JUPYTER_CONFIG_DIR=str(temp / "config"),
                   JUPYTER_RUNTIME_DIR=str(temp / "runtime"), IPYTHONDIR=str(temp / "ipython"),
                   MPLCONFIGDIR=str(temp / "matplotlib"), PYTHONNOUSERSITE="1",
                   PYTHONDONTWRITEBYTECODE="1", PYDEVD_DISABLE_FILE_VALIDATION="1")
        out = temp / "out"
        command = [sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
                   "--ExecutePreprocessor.kernel_name=python3",
                   "--ExecutePreprocessor.timeout=1800", "--output-dir", str(out), str(notebook)]
        start = time.monotonic()
        result = subprocess.run(command, env=env, capture_output=True, text=True)
        seconds = time.monotonic() - start
        if result.returncode != 0:
            sys.stderr.write(result.stdout + result.stderr)
            print(f"error: {notebook.name} failed to execute", file=sys.stderr)
            return 1
        executed = json.loads((out / notebook.name).read_text())
        cells = [c for c in executed["cells"] if c["cell_type"] == "code"]
        errors = [o for c in cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
        if errors or any(c.get("execution_count") is None for c in cells):
            print(f"error: {notebook.name}: a cell failed or did not run", file=sys.stderr)
            return 1
        for cell in cells:  # the text a cell printed, so the CTest log shows what the data said
            for output in cell.get("outputs", []):
                if output.get("output_type") == "stream":
                    sys.stdout.write("".join(output.get("text", "")))
        print(f"{notebook.name}: {len(cells)} code cells executed in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
