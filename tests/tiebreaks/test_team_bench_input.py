"""The team benches' synthetic events as TRF files: what team_recompute_bench imports."""

from __future__ import annotations

from typing import Any

from bench.team_bench import CODES, synthetic
from tiebreaks.teams.model import TeamTournament
from tiebreaks.teams.trf import parse_team_trf, team_trf_text


def rounds(t: TeamTournament) -> list[tuple[Any, ...]]:
    """Each round's matches and byes, in no order (the reader sorts the matches)."""
    return [(r.number, frozenset(r.matches), frozenset(r.byes)) for r in t.schedule]


def test_a_200_team_synthetic_olympiad_reads_back_from_its_trf_file() -> None:
    # 1,000 players: their start ranks must fit the TRF's 4-digit field.
    olympiad = synthetic(200, 4, 2, 2026)
    read = parse_team_trf(team_trf_text(olympiad, CODES)).tournament
    assert (read.teams, read.players, rounds(read)) == (
        olympiad.teams,
        olympiad.players,
        rounds(olympiad),
    )
