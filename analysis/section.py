"""A report section: notes, tables and plots, written to disk or shown in a notebook.

Every report (``summary``, ``lehmann``, ``performance``, ``retro``) builds one :class:`Section`
from a :class:`~analysis.load.Dataset`. The batch command writes it as Markdown + CSV + PNG
(:meth:`Section.write`); a notebook shows the very same section with :meth:`Section.show`, so the
two can never disagree.

Figures are plain ``matplotlib.figure.Figure`` objects (no pyplot, no global state): they render
with the Agg canvas whatever backend the caller has configured.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image
from PIL.PngImagePlugin import PngInfo

PNG_DPI = 110


def save_png(figure: Figure, target) -> None:
    """Renders ``figure`` at PNG_DPI into ``target`` (a path or a binary file object).

    The Agg canvas draws the figure once. ``Figure.savefig`` would draw it twice for a figure
    with a layout engine (a layout pass with drawing disabled, then the real one), running the
    constrained layout twice: a third of a report's time, for the same pixels. An opaque figure
    (all of the report's) is written as RGB: a quarter less to filter and compress than RGBA.
    """
    canvas = FigureCanvasAgg(figure)
    dpi = figure.dpi
    figure.set_dpi(PNG_DPI)
    try:
        canvas.draw()
        pixels = np.asarray(canvas.buffer_rgba())
        if (pixels[..., 3] == 255).all():
            pixels = pixels[..., :3]
        # zlib level 1: a fraction of the encoding time of the default 6, files ~20% larger.
        info = PngInfo()
        info.add_text("Software", f"Matplotlib version{matplotlib.__version__}, "
                                  "https://matplotlib.org/")  # as Figure.savefig writes it
        Image.fromarray(pixels).save(target, format="png", compress_level=1,
                                     dpi=(PNG_DPI, PNG_DPI), pnginfo=info)
    finally:
        figure.set_dpi(dpi)


@dataclass
class Table:
    name: str  # file stem of the CSV
    caption: str
    frame: pd.DataFrame
    max_rows: int | None = None  # rows shown in Markdown and notebooks (the CSV has all)


@dataclass
class Plot:
    name: str  # file stem of the PNG
    caption: str
    figure: Figure


@dataclass
class Note:
    text: str  # Markdown


@dataclass
class Section:
    key: str  # file name prefix
    title: str
    blocks: list = field(default_factory=list)
    _stems: set = field(default_factory=set, repr=False)

    def stem(self, *parts: str) -> str:
        """A file-name-safe name for one group's files, unique within the section."""
        base = "_".join(re.sub(r"[^A-Za-z0-9]+", "-", p).strip("-") for p in parts if p) or "all"
        stem, number = base, 2
        while stem in self._stems:
            stem, number = f"{base}_{number}", number + 1
        self._stems.add(stem)
        return stem

    def note(self, text: str) -> None:
        self.blocks.append(Note(text))

    def table(self, name: str, caption: str, frame: pd.DataFrame, max_rows: int | None = None):
        self.blocks.append(Table(f"{self.key}_{name}", caption, frame, max_rows))

    def plot(self, name: str, caption: str, figure: Figure) -> None:
        self.blocks.append(Plot(f"{self.key}_{name}", caption, figure))

    @property
    def tables(self) -> dict[str, pd.DataFrame]:
        return {b.name: b.frame for b in self.blocks if isinstance(b, Table)}

    @property
    def plots(self) -> dict[str, Figure]:
        return {b.name: b.figure for b in self.blocks if isinstance(b, Plot)}

    def write(self, out: Path) -> tuple[str, list[Path]]:
        """Writes the CSVs and PNGs into ``out``; returns the section's Markdown and the files."""
        out.mkdir(parents=True, exist_ok=True)
        lines = [f"## {self.title}", ""]
        written: list[Path] = []
        for block in self.blocks:
            if isinstance(block, Note):
                lines += [block.text, ""]
            elif isinstance(block, Table):
                path = out / f"{block.name}.csv"
                block.frame.to_csv(path, index=False)
                written.append(path)
                lines += [f"**{block.caption}** ([{path.name}]({path.name}))", "",
                          markdown_table(block.frame, block.max_rows), ""]
            elif isinstance(block, Plot):
                path = out / f"{block.name}.png"
                save_png(block.figure, path)
                written.append(path)
                lines += [f"![{block.caption}]({path.name})", "", f"*{block.caption}*", ""]
        return "\n".join(lines), written

    def show(self) -> None:
        """Displays the section in a notebook (IPython), in the same order as the report."""
        from IPython.display import Image, Markdown, display

        display(Markdown(f"## {self.title}"))
        for block in self.blocks:
            if isinstance(block, Note):
                display(Markdown(block.text))
            elif isinstance(block, Table):
                display(Markdown(f"**{block.caption}**"))
                frame = block.frame
                if block.max_rows is not None and len(frame) > block.max_rows:
                    display(Markdown(f"(first {block.max_rows} of {len(frame)} rows)"))
                    frame = frame.head(block.max_rows)
                if len(frame):
                    display(frame)
            elif isinstance(block, Plot):
                buffer = io.BytesIO()
                save_png(block.figure, buffer)
                display(Image(data=buffer.getvalue(), format="png"))
                display(Markdown(f"*{block.caption}*"))


# --- Markdown tables ---------------------------------------------------------------------------

def format_cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if value.is_integer() and abs(value) < 1e15:
            return f"{int(value):,}"
        magnitude = abs(value)
        if magnitude >= 100:
            return f"{value:,.0f}"
        if magnitude >= 1:
            return f"{value:.2f}"
        return f"{value:.3g}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    try:
        if pd.isna(value):
            return ""
    except (TypeError, ValueError):
        pass
    if hasattr(value, "item"):  # numpy scalars
        return format_cell(value.item())
    return str(value)


def _escape(text: str) -> str:
    return re.sub(r"([|])", r"\\\1", text).replace("\n", " ")


def markdown_table(frame: pd.DataFrame, max_rows: int | None = None) -> str:
    """A GitHub-flavoured Markdown table (pandas' to_markdown needs tabulate, not in Debian's set)."""
    if max_rows == 0:
        return f"({len(frame)} rows: see the CSV)"
    shown = frame if max_rows is None else frame.head(max_rows)
    header = [_escape(str(c)) for c in frame.columns]
    numeric = [pd.api.types.is_numeric_dtype(frame[c]) and not pd.api.types.is_bool_dtype(frame[c])
               for c in frame.columns]
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    for row in shown.itertuples(index=False):
        lines.append("| " + " | ".join(_escape(format_cell(v)) for v in row) + " |")
    if len(shown) < len(frame):
        lines.append(f"\n({len(frame) - len(shown)} more rows in the CSV)")
    return "\n".join(lines)
