"""The TRF handed to an external JaVaFo-compatible engine."""

from __future__ import annotations

from pairings.acceleration import baku
from pairings.external import request_trf
from pairings.trf_input import acceleration
from tests.pairings.builders import entrants
from tiebreaks.model import Color
from tiebreaks.trf import read_trf


def test_virtual_points_go_to_the_engine_as_xxa_lines_it_reads_back(tmp_path):
    tournament = entrants(10, 9)  # GA = 1-6: 1.0 in rounds 1-3, 0.5 in rounds 4-5
    path = tmp_path / "round.trf"
    path.write_text(request_trf(tournament, 1, (), Color.WHITE, baku(tournament)))
    assert "XXA    6  1.0  1.0  1.0  0.5  0.5\n" in path.read_text()
    assert acceleration(read_trf(str(path))) == baku(tournament)
