"""Polylines from Python: trace_polyline equals `arcwave polyline` (the score, every point and
its candidate) on a bundled image, for several angle limits and both scores; no polyline when
the angle limit cannot be met; the drawing is written."""

import re

import numpy as np
import pytest

import arcwave
from conftest import INSTANCES

IMAGE = INSTANCES / "maps" / "hills-48x32.pgm"


def cli_polyline(cli, *args):
    out = cli("polyline", IMAGE, *args).stdout
    score = re.search(r"^score\s+(\S+) \(integer (\d+)", out, re.M)
    points = re.findall(r"^point \d+\s+(\S+) (\S+)", out, re.M)
    return out, score, [(float(x), float(y)) for x, y in points]


@pytest.mark.parametrize("angle", [20, 45, 180])
@pytest.mark.parametrize("score", ["edge", "sin"])
def test_polyline_equals_cli(cli, angle, score):
    out, s, points = cli_polyline(cli, "--from", "2,16", "--to", "45,16", "--nodes", "5",
                                  "--points", "9", "--max-angle", str(angle), "--score", score,
                                  "--backend", "cpu")
    r = arcwave.trace_polyline(IMAGE, (2, 16), (45, 16), nodes=5, points=9,
                               max_angle_deg=angle, score=score, backend="cpu")
    if s is None:
        assert not r.found and "no polyline" in out
        return
    assert r.found
    assert r.integer_score == int(s.group(2))
    assert r.vertices.shape == (7, 2)
    np.testing.assert_allclose(r.vertices, points, atol=1e-3)
    assert r.backend.startswith("cpu")


def test_polyline_from_pixels_and_drawing(tmp_path):
    pixels = np.zeros((30, 40), dtype=np.uint16)
    pixels[:, 20:] = 200  # one vertical edge
    image = arcwave.grey_image(pixels)
    assert (image.width, image.height) == (40, 30)
    r = arcwave.trace_polyline(image, (20, 2), (20, 27), nodes=4, points=7, backend="cpu")
    assert r.found and len(r.candidates) == 4
    png = tmp_path / "edge.png"
    arcwave.draw_polyline_png(image, r.vertices, png)
    assert png.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(arcwave.InputError):
        arcwave.trace_polyline(image, (20, 2), (20, 27), nodes=0, points=7)
