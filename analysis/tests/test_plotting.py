"""Plot helpers: board sheets show each cell's value, log labels, PNGs keep their pixels."""

from __future__ import annotations

import io

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import Normalize, to_rgba
from matplotlib.figure import Figure
from PIL import Image

from analysis import plotting
from analysis.section import PNG_DPI, save_png


def _png_bytes(figure) -> bytes:
    buffer = io.BytesIO()
    save_png(figure, buffer)
    return buffer.getvalue()


def test_board_sheet_colours_each_cell_by_its_value_grey_where_impossible_white_where_unknown():
    size = 3
    boards = [plotting.Board("first", {(0, 0): (2.0, "2"), (2, 1): (-1.0, "~-1")},
                             {(c, r) for c in range(size) for r in range(size)} - {(1, 2)}),
              plotting.Board("second", {(1, 1): (0.0, "0")}, {(1, 1), (0, 2)}),
              plotting.Board("third", {}, set())]
    norm = Normalize(-2, 2)
    fig = plotting.board_sheet(size, boards, 2, 3.1, norm, "a sheet", "value")
    pixels = np.asarray(Image.open(io.BytesIO(_png_bytes(fig))).convert("RGBA"))
    sheet = fig.axes[0]
    images = sheet.get_images()
    assert len(images) == len(boards)
    fig.set_dpi(PNG_DPI)  # the transform save_png drew with
    for board, drawn in zip(boards, images):
        x0, _, y0, _ = drawn.get_extent()  # cell a1 spans (x0, y0) .. (x0 + 1, y0 + 1)
        for column in range(size):
            for row in range(size):
                if (column, row) in board.cells:
                    expected = plotting.VALUE_CMAP(norm(board.cells[(column, row)][0]))
                elif (column, row) in board.possible:
                    expected = to_rgba("white")
                else:
                    expected = to_rgba(plotting.IMPOSSIBLE)
                # A point near the cell's corner: off its label and its white borders.
                x, y = sheet.transData.transform((x0 + column + 0.2, y0 + row + 0.2))
                seen = pixels[int(pixels.shape[0] - y), int(x)] / 255
                assert np.allclose(seen, expected, atol=2 / 255), (board.title, column, row)


def test_log_axis_labels_are_powers_of_ten_in_superscript():
    assert plotting.power_of_ten(1000.0) == "10³"
    assert plotting.power_of_ten(1.0) == "10⁰"
    assert plotting.power_of_ten(0.01) == "10⁻²"
    assert plotting.power_of_ten(1e12) == "10¹²"
    assert plotting.power_of_ten(2.5) == "2.5"  # not a decade: as it is


def test_an_opaque_figure_is_written_as_rgb_with_the_canvas_pixels():
    fig = Figure(figsize=(2, 1.5))
    fig.subplots().plot([0, 1, 2], [2, 0, 1], color="tab:red")
    written = Image.open(io.BytesIO(_png_bytes(fig)))
    assert written.mode == "RGB"
    fig.set_dpi(PNG_DPI)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    assert np.array_equal(np.asarray(written), np.asarray(canvas.buffer_rgba())[..., :3])
    assert np.allclose(written.info["dpi"], (PNG_DPI, PNG_DPI), atol=0.01)


def test_a_transparent_figure_keeps_its_alpha():
    fig = Figure(figsize=(2, 1.5), facecolor="none")
    fig.subplots().plot([0, 1], [0, 1])
    written = Image.open(io.BytesIO(_png_bytes(fig)))
    assert written.mode == "RGBA"
    assert np.asarray(written)[..., 3].min() == 0  # the figure's background stays see-through
    fig.set_dpi(PNG_DPI)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    assert np.array_equal(np.asarray(written), np.asarray(canvas.buffer_rgba()))
