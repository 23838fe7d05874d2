"""Shared plotting helpers: figures without pyplot, value-kind colours, board heatmaps."""

from __future__ import annotations

import math
import textwrap

import matplotlib
import numpy as np
from matplotlib.colors import ListedColormap, Normalize
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

# Proven kinds in solid blues, estimates in oranges: the eye separates them at once.
VALUE_KIND_COLOURS = {"exact": "#1f4e99", "wld": "#5b8fd6", "bound": "#f0a030",
                      "heuristic": "#d9622b"}
OUTCOME_COLOURS = {"win": "#2e7d32", "draw": "#9e9e9e", "loss": "#c62828"}
IMPOSSIBLE = "#c8c8c8"  # board cells where no placement of that kind exists
VALUE_CMAP = matplotlib.colormaps["RdBu"].with_extremes(bad=(0, 0, 0, 0))


def figure(width: float, height: float, rows: int = 1, columns: int = 1, **subplots):
    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(rows, columns, squeeze=False, **subplots)
    return fig, axes


def title(fig, text: str, size: float = 10) -> None:
    """A figure title wrapped to the figure's width (long titles would be cut off)."""
    width = fig.get_figwidth()
    fig.suptitle(textwrap.fill(text, int(width * 72 / (0.56 * size))), fontsize=size)


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
        ax.set_yscale("log")


def grid(count: int, max_columns: int = 4) -> tuple[int, int]:
    columns = min(count, max_columns)
    return math.ceil(count / columns), columns


def value_norm(values) -> Normalize:
    """Symmetric about 0 so that white means a draw, blue the first player ahead, red behind."""
    finite = [abs(v) for v in values if v is not None and np.isfinite(v)]
    bound = max(finite + [1])
    return Normalize(vmin=-bound, vmax=bound)


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
    # Dark cells get white text. The labels lie inside the axes: leaving them out of the layout
    # spares measuring each one at every layout pass.
    dark = np.abs(norm(np.array([value for value, _ in cells.values()], dtype=float)) - 0.5) > 0.3
    for ((column, row), (_, label)), shade in zip(cells.items(), dark):
        ax.text(column, row, label, ha="center", va="center", fontsize=font_size,
                color="white" if shade else "black", in_layout=False)
    ax.set_xticks(range(size), [chr(ord("a") + c) for c in range(size)], fontsize=7)
    ax.set_yticks(range(size), [str(r + 1) for r in range(size)], fontsize=7)
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
