"""The snapshot body (a tournament's standings and current round) and its crosstable, as JSON.

Built from ``tournaments.store.queries.load_tournament`` (the folded event log) and
``tiebreaks.standings.compute_standings``; every number goes through
``to_json_number`` so exact fractions leave as JSON numbers, never as strings.
The crosstable is not part of the snapshot: it does not depend on the
standings, and at 9,999 players x 11 rounds it was most of the body the worker
stored and every web process loaded for each result.  ``crosstable_body`` builds
it when a spectator opens it (GET /api/tournaments/<id>/crosstable/).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from tiebreaks.codes import parse_code
from tiebreaks.model import Color, Outcome, Round, Unplayed
from tiebreaks.standings import StandingsRow, compute_standings, no_cyclic_gc, to_json_number
from tournaments.store.queries import FoldedTournament

from .cells import cell_parts

# A player's round in the crosstable, as arbiters write it (TRF letters for byes).
_COLOR_VALUES = {Color.WHITE: "w", Color.BLACK: "b", None: None}
_MARKS: dict[Outcome | Unplayed, str] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Unplayed.FORFEIT_WIN: "+",
    Unplayed.FORFEIT_LOSS: "-",
    Unplayed.PAB: "U",
    Unplayed.FPB: "F",
    Unplayed.HPB: "H",
    Unplayed.ZPB: "Z",
    Unplayed.ABSENT: "",
}


def body_json(folded: FoldedTournament, computed_at: datetime) -> str:
    """The snapshot body of ``folded`` at ``folded.version``, encoded (``encode_json``).

    The engine's input, its standings and the rows are a million small acyclic
    objects at 10k players: the cycle collector is paused until all but the text
    are freed again, since each collection walked them and the whole tournament
    (a tenth of the time), and even a collection just after the pause walked
    every object still alive.
    """
    with no_cyclic_gc():
        return encode_json(build_body(folded, computed_at))


def build_body(folded: FoldedTournament, computed_at: datetime) -> dict[str, Any]:
    """The JSON body of the snapshot of ``folded`` at ``folded.version``."""
    standings = compute_standings(folded.results, folded.tiebreaks or None, folded.rules)
    return {
        "tournament": {
            "id": folded.id,
            "name": folded.name,
            "rounds": folded.rounds,
            "system": folded.system,
        },
        "version": folded.version,
        "computed_at": computed_at.isoformat(),
        "rules": standings.rules,
        "tiebreaks": list(standings.tiebreaks),
        # Full names for the tooltips; compute_standings has already accepted every code.
        "tiebreak_names": {code: parse_code(code).name for code in standings.tiebreaks},
        "rows": [_row(row) for row in standings.rows],  # by rank, then start rank
        # e.g. unrated players with a rating-based tie-break (C.07 10): shown under the table.
        "warnings": list(standings.warnings),
        "rounds": _current_round(folded, folded.state.last_paired_round),
    }


def encode_json(value: dict[str, Any]) -> str:
    """Compact JSON, for everything live sends or stores: a snapshot body (as the
    standings API sends it), a crosstable, a websocket frame."""
    return msgspec.json.encode(value).decode()


def _row(row: StandingsRow) -> dict[str, Any]:
    player = row.player
    return {
        "rank": row.rank,
        "place": row.place,
        "start_rank": player.start_rank,
        "name": player.name,
        "title": player.title,
        "federation": player.federation,
        "rating": player.rating or None,
        "points": to_json_number(row.points),
        "modified_points": to_json_number(row.modified_points),
        "tiebreaks": {code: to_json_number(value) for code, value in row.tiebreaks.items()},
    }


def crosstable_body(folded: FoldedTournament) -> dict[str, Any]:
    """Every player's rounds so far, by start rank: ``{"version", "rounds", "rows":
    [[start_rank, [[opponent, color, result], ...]], ...]}``, one cell per paired
    round (opponent None for a bye or an absence, result None while in play)."""
    return {
        "tournament": folded.id,
        "version": folded.version,
        "rounds": folded.state.last_paired_round,
        # to_tiebreaks gives every player one entry per paired round.
        "rows": [
            [player.start_rank, [_crosstable_cell(rnd) for rnd in player.rounds]]
            for player in folded.results.players
        ],
    }


def _crosstable_cell(rnd: Round) -> list[Any]:
    parts = cell_parts(rnd)
    result = None if parts.outcome is None else _MARKS[parts.outcome]
    return [parts.opponent, _COLOR_VALUES[parts.color], result]


def _current_round(folded: FoldedTournament, current: int) -> dict[str, Any]:
    """The last paired round's boards; players are start ranks (names are in the rows)."""
    if current == 0:
        return {"current": 0, "closed": False, "boards": [], "byes": []}
    rnd = folded.state.rounds[current]
    return {
        "current": current,
        "closed": rnd.closed,
        "boards": [
            {"board": b.number, "white": b.white, "black": b.black, "result": b.result}
            for b in rnd.boards
        ],
        "byes": list(rnd.byes),
    }
