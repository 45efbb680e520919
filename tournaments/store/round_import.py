"""The next Swiss round handed over as a TRF: the tournament so far plus the new round.

Pairing programs export the whole tournament with the new round's cells holding
an opponent and a colour but no result yet (the TRF reader reads them as pending
games).  The new round's cells are cut off and read here, since they become a
pairing command rather than history; the rest of the file is read by ``parse_trf``
and must agree with what is stored: the same players, and the same pairings in
every round already paired.
The new round is then paired through the rounds API's command (with the Swiss
pairing rules), after the byes the file requests for it.  All or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from django.contrib.auth.models import User

from tiebreaks.errors import TrfError
from tiebreaks.model import Color, Round, Unplayed
from tiebreaks.trf import parse_trf
from tournaments.domain.errors import msg
from tournaments.domain.events import DomainEvent
from tournaments.domain.state import TournamentState
from tournaments.models import Event

from . import commands
from .append import decide_and_append
from .trf_import import FIRST_ROUND_COLUMN, ROUND_WIDTH, pairing_field_at, reported_at

_BYE_CODES = {"U": "pab", "H": "half", "F": "full", "Z": "zero"}


@dataclass(frozen=True)
class _NewCell:
    line: int
    opponent: int  # 0: none
    colour: str  # "w", "b" or ""
    code: str  # "" (not played yet) or a bye code


def pair_from_trf(
    tournament_id: int,
    text: str,
    *,
    author: User | None = None,
    confirm_repeats: bool = False,
) -> Event:
    """Pair the tournament's next round from ``text``; TrfError (nothing stored) if refused.

    The file is read against the tournament as it is when stored, and the
    requested byes and the pairing are stored together or not at all.
    """
    stored = decide_and_append(
        tournament_id,
        partial(_decide_round, text=text, confirm_repeats=confirm_repeats),
        author=author,
    )
    return stored[-1]


def _decide_round(state: TournamentState, *, text: str, confirm_repeats: bool) -> list[DomainEvent]:
    """The requested byes the file gives the new round, then its pairing."""
    draft = commands.Draft(state)
    number = state.last_paired_round + 1
    column = FIRST_ROUND_COLUMN + (number - 1) * ROUND_WIDTH
    lines = text.split("\n")
    cells: dict[int, _NewCell] = {}
    for index, line in enumerate(lines):
        if line[:3] == "001":
            lines[index] = line[: column - 1].rstrip()
            cells[index + 1] = _new_cell(index + 1, line, number, column)
    trf = parse_trf("\n".join(lines))
    line_of = {p.start_rank: i + 1 for i, p in trf.headers.players.items()}
    _check_players(state, line_of)
    for player in trf.tournament.players:
        _check_history(state, player.start_rank, player.rounds, line_of[player.start_rank])
    new = {p.start_rank: cells[line_of[p.start_rank]] for p in trf.tournament.players}
    boards, byes, requested = _new_round(new, number, column)
    for rank, points in requested.items():
        if state.requested_bye(number, rank) is None:
            with reported_at(partial(_line_of, line_of, rank, column)):
                draft.add(
                    commands.request_bye, {"start_rank": rank, "round": number, "points": points}
                )
    with reported_at(partial(pairing_field_at, boards, byes, line_of, column)):
        draft.add(
            commands.pair_round_checked(confirm_repeats=confirm_repeats),
            {
                "round": number,
                "boards": [{"white": w, "black": b} for w, b in boards],
                "byes": byes,
            },
        )
    return draft.events


def _line_of(line_of: dict[int, int], rank: int, column: int, field: str) -> tuple[int, int]:
    """Where a player's new round cell is: a refusal of its bye is reported there."""
    return line_of[rank], column


def _new_cell(line_number: int, line: str, number: int, column: int) -> _NewCell:
    cell = line[column - 1 : column - 1 + ROUND_WIDTH - 2].ljust(ROUND_WIDTH - 2)
    beyond = line[column - 1 + ROUND_WIDTH - 2 :]
    if beyond.strip():
        at = column + ROUND_WIDTH - 2 + len(beyond) - len(beyond.lstrip())
        raise TrfError(
            line_number,
            at,
            msg("only round %(round)s can be paired: nothing may follow it", round=number),
        )
    opponent_text, colour, code = cell[:4].strip(), cell[5].strip().lower(), cell[7].strip()
    if opponent_text and not opponent_text.isdigit():
        raise TrfError(
            line_number,
            column,
            msg("opponent %(opponent)s is not a start rank", opponent=repr(opponent_text)),
        )
    if colour not in ("w", "b", "-", ""):
        raise TrfError(
            line_number, column + 5, msg("colour %(colour)s is not w, b or -", colour=repr(colour))
        )
    code = code.upper()
    if code and code not in _BYE_CODES:
        raise TrfError(
            line_number,
            column + 7,
            msg(
                "round %(round)s is being paired: its result %(code)s cannot be known yet"
                " (leave it blank, or U, H, F, Z for a bye)",
                round=number,
                code=repr(code),
            ),
        )
    opponent = int(opponent_text or 0)
    if code and opponent:
        raise TrfError(
            line_number, column, msg("a bye (%(code)s) cannot have an opponent", code=code)
        )
    return _NewCell(line_number, opponent, colour.strip("-"), code)


def _check_players(state: TournamentState, line_of: dict[int, int]) -> None:
    for rank, line in sorted(line_of.items()):
        if rank not in state.players:
            raise TrfError(
                line, 5, msg("player %(rank)s is not registered in this tournament", rank=rank)
            )
    missing = sorted(set(state.players) - set(line_of))
    if missing:
        raise TrfError(
            1, 1, msg("registered player %(rank)s is missing from the file", rank=missing[0])
        )


def _check_history(state: TournamentState, rank: int, rounds: tuple[Round, ...], line: int) -> None:
    """Every round already paired must be paired in the file as it is stored."""
    for number in sorted(state.rounds):
        entry = rounds[number - 1] if number - 1 < len(rounds) else None
        stored = _stored_pairing(state, number, rank)
        found = _file_pairing(entry)
        if found != stored:
            raise TrfError(
                line,
                FIRST_ROUND_COLUMN + (number - 1) * ROUND_WIDTH,
                msg(
                    "round %(round)s: the file has player %(rank)s %(found)s,"
                    " the tournament has %(stored)s",
                    round=number,
                    rank=rank,
                    found=_describe(found),
                    stored=_describe(stored),
                ),
            )


def _stored_pairing(state: TournamentState, number: int, rank: int) -> tuple[int, str] | str:
    rnd = state.rounds[number]
    board = rnd.board_of(rank)
    if board is not None:
        return (board.black, "w") if board.white == rank else (board.white, "b")
    return "pab" if rank in rnd.byes else "unpaired"


def _file_pairing(entry: Round) -> tuple[int, str] | str:
    opponent = getattr(entry, "opponent", None)
    if opponent is not None:
        return (opponent, "b" if getattr(entry, "color", None) is Color.BLACK else "w")
    return "pab" if getattr(entry, "kind", None) is Unplayed.PAB else "unpaired"


def _describe(pairing: tuple[int, str] | str) -> str:
    if isinstance(pairing, tuple):
        if pairing[1] == "w":
            return msg("against %(opponent)s with White", opponent=pairing[0])
        return msg("against %(opponent)s with Black", opponent=pairing[0])
    if pairing == "pab":
        return msg("with the pairing-allocated bye")
    return msg("not paired")


def _new_round(
    cells: dict[int, _NewCell], number: int, column: int
) -> tuple[list[tuple[int, int]], list[int], dict[int, str]]:
    """(boards by lower start rank, pairing-allocated byes, requested byes) of the new round."""
    boards: list[tuple[int, int]] = []
    byes: list[int] = []
    requested: dict[int, str] = {}
    for rank, cell in sorted(cells.items()):
        if cell.code:
            kind = _BYE_CODES[cell.code]
            if kind == "pab":
                byes.append(rank)
            else:
                requested[rank] = kind
            continue
        if not cell.opponent:
            continue
        other = cells.get(cell.opponent)
        if other is None:
            raise TrfError(
                cell.line,
                column,
                msg(
                    "round %(round)s: opponent %(opponent)s does not exist",
                    round=number,
                    opponent=cell.opponent,
                ),
            )
        if other.opponent != rank or {cell.colour, other.colour} != {"w", "b"}:
            raise TrfError(
                cell.line,
                column,
                msg(
                    "round %(round)s: player %(opponent)s (line %(line)s) does not have"
                    " %(rank)s as opponent with the other colour",
                    round=number,
                    opponent=cell.opponent,
                    line=other.line,
                    rank=rank,
                ),
            )
        if rank < cell.opponent:
            boards.append((rank, cell.opponent) if cell.colour == "w" else (cell.opponent, rank))
    return boards, byes, requested
