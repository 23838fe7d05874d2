"""Shared plotting helpers: figures without pyplot, value-kind colours, board sheets."""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass

import matplotlib
import numpy as np
from matplotlib.cm import ScalarMappable
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.colors import Normalize, to_rgba
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D
from matplotlib.ticker import FuncFormatter, MaxNLocator, NullLocator

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
    a few artists, and the minor ones of a many-decade axis were a tenth of a report's time.
    The decades are labelled ``10³`` in plain text (``power_of_ten``)."""
    ax.set_yscale("log")
    ax.yaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_major_formatter(FuncFormatter(power_of_ten))


_SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_of_ten(value: float, _position=None) -> str:
    """A log axis' tick label: ``10³`` for 1000, with Unicode superscripts (any other value as
    ``%g``). It looks like matplotlib's default ``$10^{3}$``, without the mathtext parser, which
    took a few tenths of a second per report to set up and parse the labels."""
    if value > 0:
        exponent = round(math.log10(value))
        if math.isclose(value, 10.0 ** exponent, rel_tol=1e-9):
            return "10" + str(exponent).translate(_SUPERSCRIPTS)
    return f"{value:g}"


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
        # The box of the outline's points: the same as get_extents() for these glyphs (their
        # curves have on-curve points at their extremes), which solves every Bezier segment
        # for its extremes, a tenth of the board pictures' time.
        points = path.vertices[path.codes != Path.CLOSEPOLY]
        (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
        pad = 3.0  # points between an axes edge and a coordinate
        cap = 0.73 * size  # the height of a capital or digit above the baseline
        shift = {"center": (-(x0 + x1) / 2, -(y0 + y1) / 2),
                 "below": (-(x0 + x1) / 2, -pad - cap),
                 "left": (-x1 - pad, -cap / 2)}[anchor]
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


@dataclass
class Board:
    """One board of a sheet: ``cells`` maps (column, row) to (value, label); ``possible`` holds
    the cells where the thing plotted can exist at all (row 0 at the bottom)."""

    title: str
    cells: dict
    possible: set


def board_sheet(size: int, boards: list[Board], columns: int, panel: float, norm: Normalize,
                title_text: str, colorbar_label: str, title_size: float = 10) -> Figure:
    """A figure of ``size`` x ``size`` boards, ``panel`` inches square, ``columns`` to a row
    (row 1 of each at the bottom), with one colorbar at the right and ``title_text`` wrapped
    above as ``title`` wraps it.

    Each cell is coloured by its value (``VALUE_CMAP`` under ``norm``) and labelled; impossible
    cells are grey, possible cells without data white. All boards are drawn into ONE axes without
    ticks, each at its offset in cell units: an axes per board (up to 11 a figure, ~65 in a
    report) cost most of a report's time in creating, laying out and drawing axes and ticks,
    while a board needs none of that -- an image, its cell borders, a frame and a few labels.
    The trade-off: a board is not an axes of its own to draw on afterwards.
    """
    # Step 1. The layout in inches, as a grid of axes would have it.
    gap_x, gap_y = 0.45, 0.6  # the next board's row numbers; column letters + the next title
    left, right, bottom = 0.4, 1.2, 0.35  # right: the colorbar, its ticks and its label
    rows = math.ceil(len(boards) / columns)
    grid_width, grid_height = columns * panel + (columns - 1) * gap_x, rows * panel + (rows - 1) * gap_y
    width = left + grid_width + right
    lines = _title_lines(title_text, width, title_size)
    title_top = 0.08  # the figure title's top; under it each board's title (0.3 inch)
    top = title_top + len(lines) * title_size * 1.25 / 72 + 0.4
    height = bottom + grid_height + top
    fig = Figure(figsize=(width, height))
    fig.suptitle("\n".join(lines), fontsize=title_size, y=1 - title_top / height, va="top")
    # Step 2. One axes over the whole grid; data units are cells, equal in x and y.
    ax = fig.add_axes((left / width, bottom / height, grid_width / width, grid_height / height))
    ax.set_axis_off()
    cell = panel / size  # inches
    step_x, step_y = (panel + gap_x) / cell, (panel + gap_y) / cell  # board to board, in cells
    ax.set_xlim(-0.5, -0.5 + grid_width / cell)
    ax.set_ylim(-0.5, -0.5 + grid_height / cell)
    origins = [((index % columns) * step_x, (rows - 1 - index // columns) * step_y)
               for index in range(len(boards))]
    # Step 3. Each board's cells as one RGBA image at its offset.
    for (x, y), board in zip(origins, boards):
        ax.imshow(_board_colours(size, board, norm), origin="lower", interpolation="nearest",
                  aspect="auto", extent=(x - 0.5, x + size - 0.5, y - 0.5, y + size - 0.5))
    # Step 4. White cell borders and black frames, one line collection each.
    ax.add_collection(LineCollection(
        [segment for x, y in origins for segment in _cell_borders(x, y, size)],
        colors="white", linewidths=0.6, zorder=1.5, clip_on=False), autolim=False)
    ax.add_collection(LineCollection(
        [_frame(x, y, size) for x, y in origins], colors="black",
        linewidths=matplotlib.rcParams["axes.linewidth"], zorder=2.5, clip_on=False),
        autolim=False)
    # Step 5. Cell labels and coordinates as one path collection; titles as text.
    font_size = min(10.0, max(4.5, cell * 72 * 0.3))  # about a third of a cell, in points
    items = []
    for (x, y), board in zip(origins, boards):
        items += _board_labels(x, y, size, board, norm, font_size)
        ax.annotate(board.title, (x + (size - 1) / 2, y + size - 0.5), xytext=(0, 6),
                    textcoords="offset points", ha="center", va="baseline", fontsize=9)
    labels(ax, items)
    # Step 6. The colorbar, in its own axes right of the grid.
    colorbar = fig.add_axes(((width - right + 0.2) / width, (bottom + 0.1 * grid_height) / height,
                             0.15 / width, 0.8 * grid_height / height))
    fig.colorbar(ScalarMappable(norm=norm, cmap=VALUE_CMAP), cax=colorbar, label=colorbar_label)
    return fig


def _board_colours(size: int, board: Board, norm: Normalize) -> np.ndarray:
    """The board's cells as RGBA bytes, indexed [row, column]: grey where no placement exists, white
    where one does without a value, the value's colour where there is one."""
    colours = np.empty((size, size, 4))
    colours[:] = to_rgba(IMPOSSIBLE)
    if board.possible:
        columns, rows = zip(*board.possible)
        colours[list(rows), list(columns)] = to_rgba("white")
    valued = [(square, value) for square, (value, _) in board.cells.items()
              if value is not None and np.isfinite(value)]
    if valued:
        squares, values = zip(*valued)
        columns, rows = zip(*squares)
        colours[list(rows), list(columns)] = VALUE_CMAP(norm(np.array(values, dtype=float)))
    return (colours * 255).round().astype(np.uint8)  # bytes: the cheapest image to resample


def _cell_borders(x: float, y: float, size: int) -> list:
    """The lines between and around the cells of the board whose cell a1 is at (x, y)."""
    edges = np.arange(-0.5, size)
    low, high = -0.5, size - 0.5
    return ([((x + e, y + low), (x + e, y + high)) for e in edges]
            + [((x + low, y + e), (x + high, y + e)) for e in edges])


def _frame(x: float, y: float, size: int) -> list:
    """The outline of the board whose cell a1 is at (x, y), as a closed polyline."""
    low, high = -0.5, size - 0.5
    return [(x + low, y + low), (x + high, y + low), (x + high, y + high), (x + low, y + high),
            (x + low, y + low)]


def _board_labels(x: float, y: float, size: int, board: Board, norm: Normalize,
                  font_size: float) -> list:
    """``labels`` items of one board: its cell labels (white on dark cells) and coordinates
    (letters below, numbers left)."""
    dark = np.abs(norm(np.array([value for value, _ in board.cells.values()], dtype=float))
                  - 0.5) > 0.3
    return ([(x + column, y + row, text, "center", font_size, "white" if shade else "black")
             for ((column, row), (_, text)), shade in zip(board.cells.items(), dark)]
            + [(x + c, y - 0.5, chr(ord("a") + c), "below", 7, "black") for c in range(size)]
            + [(x - 0.5, y + r, str(r + 1), "left", 7, "black") for r in range(size)])


def hide_unused(axes, used: int) -> None:
    for ax in axes.flat[used:]:
        ax.set_visible(False)
