"""Shared plotting helpers: figures without pyplot, value-kind colours, board heatmaps."""

from __future__ import annotations

import math
import textwrap

import matplotlib
import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.colors import ListedColormap, Normalize
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D
from matplotlib.ticker import MaxNLocator, NullLocator

# Proven kinds in solid blues, estimates in oranges: the eye separates them at once.
VALUE_KIND_COLOURS = {"exact": "#1f4e99", "wld": "#5b8fd6", "bound": "#f0a030",
                      "heuristic": "#d9622b"}
OUTCOME_COLOURS = {"win": "#2e7d32", "draw": "#9e9e9e", "loss": "#c62828"}
IMPOSSIBLE = "#c8c8c8"  # board cells where no placement of that kind exists
VALUE_CMAP = matplotlib.colormaps["RdBu"].with_extremes(bad=(0, 0, 0, 0))


def figure(width: float, height: float, rows: int = 1, columns: int = 1, left: float = 0.9,
           **subplots):
    """A ``width`` x ``height`` inch figure with a ``rows`` x ``columns`` grid of axes.

    Laid out by fixed margins in inches, which fit the tick labels, axis labels and titles of
    these plots (``left``: room for the y tick and axis labels, more for long category names),
    instead of the constrained layout: that measured every tick label, minor ones of log axes
    included, in two passes per figure, most of the drawing time of a report's plots. ``title``
    makes room for the figure title.
    """
    right, bottom, top = 0.25, 0.6, 0.45  # top: an axes title
    gap_x, gap_y = 0.95, 1.0  # the next axes' y labels; x labels + the next axes' title
    fig = Figure(figsize=(width, height))
    axes = fig.subplots(rows, columns, squeeze=False, **subplots)
    axes_width = (width - left - right - (columns - 1) * gap_x) / columns
    axes_height = (height - bottom - top - (rows - 1) * gap_y) / rows
    fig.subplots_adjust(left=left / width, right=1 - right / width, bottom=bottom / height,
                        top=1 - top / height, wspace=gap_x / axes_width,
                        hspace=gap_y / axes_height)
    return fig, axes


def _title_lines(text: str, width: float, size: float) -> list[str]:
    """``text`` wrapped to a figure ``width`` inches wide at font ``size``."""
    return textwrap.wrap(text, int(width * 72 / (0.56 * size)))


def title(fig, text: str, size: float = 10) -> None:
    """A figure title wrapped to the figure's width (long titles would be cut off), with the
    axes of ``figure`` moved down under it."""
    lines = _title_lines(text, fig.get_figwidth(), size)
    height = fig.get_figheight()
    title_top = 0.08
    fig.suptitle("\n".join(lines), fontsize=size, y=1 - title_top / height, va="top")
    fig.subplots_adjust(top=1 - (title_top + len(lines) * size * 1.25 / 72 + 0.4) / height)


def board_grid(panel: float, rows: int, columns: int, title_text: str, title_size: float = 10):
    """A figure of ``rows`` x ``columns`` board panels, ``panel`` inches square, with a colorbar
    axes at the right: ``(fig, axes, colorbar_axes)``; ``title_text`` is the figure's title,
    wrapped as ``title`` wraps it.

    Laid out by fixed margins in inches instead of the constrained layout: board panels have
    known extents (tick labels of one or two characters, a one-line title each), and measuring
    every tick label of 50 boards at each layout pass was most of a report's drawing time.
    """
    gap_x, gap_y = 0.45, 0.6  # the next panel's y tick labels; x tick labels + the next title
    left, right, bottom = 0.4, 1.2, 0.35  # right: the colorbar, its ticks and its label
    width = left + columns * panel + (columns - 1) * gap_x + right
    lines = _title_lines(title_text, width, title_size)
    title_top = 0.08  # the figure title's top; under it each panel's title (0.3 inch)
    top = title_top + len(lines) * title_size * 1.25 / 72 + 0.4
    height = bottom + rows * panel + (rows - 1) * gap_y + top
    fig = Figure(figsize=(width, height))
    axes = fig.subplots(rows, columns, squeeze=False, gridspec_kw={
        "left": left / width, "right": 1 - right / width, "bottom": bottom / height,
        "top": 1 - top / height, "wspace": gap_x / panel, "hspace": gap_y / panel})
    grid_height = height - top - bottom
    colorbar = fig.add_axes(((width - right + 0.2) / width, (bottom + 0.1 * grid_height) / height,
                             0.15 / width, 0.8 * grid_height / height))
    fig.suptitle("\n".join(lines), fontsize=title_size, y=1 - title_top / height, va="top")
    return fig, axes, colorbar


def axes_title(ax, text: str, **kwargs) -> None:
    """An axes title in its default place, just above the axes (y = 1).

    Giving y turns off matplotlib's automatic title placement, which measures every y tick label
    at each layout pass and draw to dodge tick labels on top of the axes (none here): a tenth of
    a report's drawing time, for the same picture.
    """
    ax.set_title(text, y=1.0, **kwargs)


def integer_x(ax) -> None:
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def log_y(ax, values) -> None:
    """Log scale when the data span a decade or more; linear otherwise (a log axis without a
    single power of ten in range has no readable labels)."""
    finite = [v for v in values if v and np.isfinite(v) and v > 0]
    if finite and max(finite) / min(finite) >= 10:
        log_scale_y(ax)


def log_scale_y(ax) -> None:
    """A log y axis with its decades marked, without the minor ticks (2..9 x 10^k): each tick is
    a few artists, and the minor ones of a many-decade axis were a tenth of a report's time."""
    ax.set_yscale("log")
    ax.yaxis.set_minor_locator(NullLocator())


def grid(count: int, max_columns: int = 4) -> tuple[int, int]:
    columns = min(count, max_columns)
    return math.ceil(count / columns), columns


def value_norm(values) -> Normalize:
    """Symmetric about 0 so that white means a draw, blue the first player ahead, red behind."""
    finite = [abs(v) for v in values if v is not None and np.isfinite(v)]
    bound = max(finite + [1])
    return Normalize(vmin=-bound, vmax=bound)


_FONT = FontProperties()  # the default font, as Text uses
_LABEL_PATHS: dict = {}


def _label_path(text: str, size: float, anchor: str) -> Path:
    """The outline of ``text`` at ``size`` points, in points around the origin: centred on it
    (``anchor`` "center"), hanging below it ("below") or ending left of it ("left")."""
    key = (text, size, anchor)
    if key not in _LABEL_PATHS:
        path = TextPath((0, 0), text, size=size, prop=_FONT)
        box = path.get_extents()
        pad = 3.0  # points between an axes edge and a coordinate
        cap = 0.73 * size  # the height of a capital or digit above the baseline
        shift = {"center": (-(box.x0 + box.x1) / 2, -(box.y0 + box.y1) / 2),
                 "below": (-(box.x0 + box.x1) / 2, -pad - cap),
                 "left": (-box.x1 - pad, -cap / 2)}[anchor]
        _LABEL_PATHS[key] = Path(path.vertices + np.array(shift), path.codes)
    return _LABEL_PATHS[key]


def labels(ax, items) -> None:
    """Draws short text labels at data points of ``ax``, as one collection of glyph outlines.

    ``items``: ``(x, y, text, anchor, size, colour)`` with ``anchor`` as in ``_label_path``.
    One Text artist per label (thousands on a report's boards) cost most of its drawing time:
    each is laid out and drawn on its own, where a path collection is a single draw call.
    """
    if not items:
        return
    paths = [_label_path(text, size, anchor) for _, _, text, anchor, size, _ in items]
    points = Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans  # path units: points
    collection = PathCollection(paths, offsets=[(x, y) for x, y, *_ in items],
                                offset_transform=ax.transData, transform=points,
                                facecolors=[colour for *_, colour in items], edgecolors="none",
                                linewidths=0, zorder=3, clip_on=False)
    ax.add_collection(collection, autolim=False)


def board_heatmap(ax, size: int, cells: dict, possible: set, norm: Normalize, title: str,
                  font_size: float | None = None):
    """Draws one size x size board (row 1 at the bottom).

    ``cells`` maps (column, row) to (value, label); ``possible`` holds the cells where the thing
    plotted can exist at all. Impossible cells are grey, possible cells without data white.
    """
    background = np.ones((size, size))
    for column, row in possible:
        background[row, column] = 0
    ax.imshow(background, origin="lower", cmap=ListedColormap(["white", IMPOSSIBLE]),
              vmin=0, vmax=1, extent=(-0.5, size - 0.5, -0.5, size - 0.5))
    values = np.full((size, size), np.nan)
    for (column, row), (value, _) in cells.items():
        values[row, column] = value
    image = ax.imshow(np.ma.masked_invalid(values), origin="lower", cmap=VALUE_CMAP, norm=norm,
                      extent=(-0.5, size - 0.5, -0.5, size - 0.5))
    if font_size is None:  # about a third of a cell, in points
        bbox = ax.get_position()
        cell_inches = min(bbox.width * ax.figure.get_figwidth(),
                          bbox.height * ax.figure.get_figheight()) / size
        font_size = min(10.0, max(4.5, cell_inches * 72 * 0.3))
    # Dark cells get white text.
    dark = np.abs(norm(np.array([value for value, _ in cells.values()], dtype=float)) - 0.5) > 0.3
    labels(ax, [(column, row, label, "center", font_size, "white" if shade else "black")
                for ((column, row), (_, label)), shade in zip(cells.items(), dark)])
    # The coordinates, as tick labels would be (without the tick marks).
    ax.set_xticks([])
    ax.set_yticks([])
    labels(ax, [(c, -0.5, chr(ord("a") + c), "below", 7, "black") for c in range(size)]
           + [(-0.5, r, str(r + 1), "left", 7, "black") for r in range(size)])
    # The white cell borders as two line collections: minor-tick grid lines would cost a tick
    # object (two lines, two labels) per line, most of a big figure's drawing time.
    edges = np.arange(-0.5, size)
    ax.vlines(edges, -0.5, size - 0.5, colors="white", linewidths=0.6, zorder=1.5)
    ax.hlines(edges, -0.5, size - 0.5, colors="white", linewidths=0.6, zorder=1.5)
    axes_title(ax, title, fontsize=9)
    return image


def hide_unused(axes, used: int) -> None:
    for ax in axes.flat[used:]:
        ax.set_visible(False)
