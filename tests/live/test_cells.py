"""A crosstable cell's parts, which both the crosstable API and the pages render."""

from __future__ import annotations

from live.cells import CellParts, cell_parts
from live.projection import _crosstable_cell
from live.spectator_content import cell
from tiebreaks.model import Color, Game, Outcome, Pending, Unplayed, UnplayedRound


def test_a_game_gives_opponent_colour_and_outcome() -> None:
    parts = cell_parts(Game(7, Outcome.DRAW, Color.BLACK))
    assert parts == CellParts(7, Color.BLACK, Outcome.DRAW)


def test_a_forfeit_keeps_its_scheduled_opponent() -> None:
    parts = cell_parts(UnplayedRound(Unplayed.FORFEIT_LOSS, 3, Color.WHITE))
    assert parts == CellParts(3, Color.WHITE, Unplayed.FORFEIT_LOSS)


def test_a_pending_game_is_in_play_without_outcome() -> None:
    assert cell_parts(Pending(5, Color.WHITE)) == CellParts(5, Color.WHITE, None, in_play=True)


def test_a_round_not_known_has_no_part() -> None:
    assert cell_parts(None) == CellParts(None, None, None)


def test_the_api_and_the_pages_write_a_half_point_bye_each_their_way() -> None:
    bye = UnplayedRound(Unplayed.HPB)
    assert _crosstable_cell(bye) == [None, None, "H"]
    assert cell(bye).result == "bye ½"


def test_the_api_and_the_pages_write_a_game_in_play_each_their_way() -> None:
    game = Pending(4, Color.BLACK)
    assert _crosstable_cell(game) == [4, "b", None]
    assert cell(game).result == "…"
