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
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

PNG_DPI = 110


def save_png(figure: Figure, target) -> None:
    """Renders ``figure`` at PNG_DPI into ``target`` (a path or a binary file object).

    The Agg canvas draws the figure once. ``Figure.savefig`` would draw it twice for a figure
    with a layout engine (a layout pass with drawing disabled, then the real one), running the
    constrained layout twice: a third of a report's time, for the same pixels. An opaque figure
    (all of the report's) is written as RGB, a quarter less to filter and compress than RGBA.
    """
    canvas = FigureCanvasAgg(figure)
    dpi = figure.dpi
    figure.set_dpi(PNG_DPI)
    try:
        canvas.draw()
        pixels = np.asarray(canvas.buffer_rgba())
    finally:
        figure.set_dpi(dpi)
    if (pixels[..., 3] == 255).all():
        pixels = pixels[..., :3]
    data = png_bytes(pixels, PNG_DPI)
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)


def png_bytes(pixels: np.ndarray, dpi: float) -> bytes:
    """A PNG file of ``pixels`` (height x width x 3 or 4 bytes, RGB or RGBA, top row first).

    Every row is filtered by "Up" (its difference from the row above, one numpy subtraction for
    the whole image; plots are mostly vertical runs of one colour) and the stream compressed at
    zlib level 1. Pillow's encoder tries all five PNG filters on every row and keeps the best:
    twice the time (a tenth of a report's) for files about 1% smaller.
    """
    height, width, channels = pixels.shape
    rows = pixels.reshape(height, width * channels)
    filtered = np.empty((height, width * channels + 1), dtype=np.uint8)
    filtered[:, 0] = 2  # filter type "Up"; the row above the first is zeros
    filtered[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:])  # bytes wrap modulo 256, as PNG wants

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    colour_type = {3: 2, 4: 6}[channels]  # truecolour, truecolour with alpha
    per_metre = round(dpi / 0.0254)
    software = f"Matplotlib version{matplotlib.__version__}, https://matplotlib.org/"
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))
            + chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
            + chunk(b"tEXt", b"Software\0" + software.encode("latin-1"))
            + chunk(b"IDAT", zlib.compress(filtered.tobytes(), 1))
            + chunk(b"IEND", b""))


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
