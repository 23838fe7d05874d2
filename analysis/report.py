"""The batch report: every section for a set of inputs, written as Markdown, CSV and PNG.

``write_report(ds, out)`` writes ``out/report.md`` (the sections in order: run summary, Lehmann's
question at a glance, Lehmann, self-play from the Cathedral placements, search performance,
retrograde, matches), one CSV per table and one PNG per plot, all named
``<section>_<what>``. Sections without data say so in the report instead of disappearing, so the
same command works before and after results land.
"""

from __future__ import annotations

from pathlib import Path

from . import answer, lehmann, match, performance, proofs, retro, selfplay, summary
from .load import Dataset
from .section import Section

SECTIONS = (summary, answer, lehmann, selfplay, performance, retro, proofs, match)


def build_sections(ds: Dataset) -> list[Section]:
    return [module.build(ds) for module in SECTIONS]


def write_report(ds: Dataset, out: Path, inputs=()) -> list[Path]:
    """Writes the report into ``out``; returns the files written (report.md first)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    counts = ", ".join(f"{n} {kind}" for kind, n in ds.counts().items() if n) or "no records"
    lines = ["# Tavoliere analysis report", "",
             f"Inputs: {', '.join(f'`{p}`' for p in inputs) or '(none)'}; "
             f"{len(ds.files)} result file(s), {counts}.", ""]
    if ds.warnings:
        lines += ["**Input warnings** (records skipped):", ""]
        lines += [f"- `{w}`" for w in ds.warnings] + [""]
    written: list[Path] = []
    for section in build_sections(ds):
        text, files = section.write(out)
        lines += [text, ""]
        written += files
    report = out / "report.md"
    report.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    return [report] + written
