"""Tavoliere analysis: tables and plots from the results ``tav`` writes.

Batch use, from the repository root (Debian's python3 with python3-pandas and python3-matplotlib)::

    /usr/bin/python3 -m analysis report data --out out/report   # Markdown + CSV + PNG
    /usr/bin/python3 -m analysis summary out/run                # a few lines about one run

In a notebook::

    import analysis
    ds = analysis.load(["data"])
    analysis.lehmann.build(ds).show()

Modules: ``schema`` (kinds and versions read, input errors), ``load`` (files -> DataFrames),
``section`` (Markdown/CSV/PNG writing and notebook display), ``summary``, ``answer``,
``lehmann``, ``selfplay``, ``performance``, ``retro``, ``match`` (one report section each),
``report`` (all of them), ``cathedral``
(board geometry for the Lehmann pictures), ``plotting`` (shared figure helpers).
The input contract is data/README.md.
"""

from . import (answer, cathedral, lehmann, match, performance, proofs, report, retro, selfplay,
               summary)
from .load import Dataset, load
from .schema import InputError

__all__ = ["Dataset", "InputError", "answer", "cathedral", "load", "lehmann", "match", "performance", "report", "retro",
           "selfplay", "summary"]
