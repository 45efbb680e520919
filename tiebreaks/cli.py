"""Command line: standings, explanations, prizes and the last-round stakes of a TRF file.

    python -m tiebreaks standings FILE.trf [--rules R] [--tiebreaks BH/C1,BH,SB]
                                           [--rounds N] [--unrated-rating N] [--json]
    python -m tiebreaks explain FILE.trf --player N [--rules R] [--tiebreaks ...]
                                           [--rounds N] [--unrated-rating N]
    python -m tiebreaks prizes FILE.trf --prizes PRIZES.json [--clubs CLUBS.json]
                                           [--rules R] [--tiebreaks ...]
                                           [--rounds N] [--unrated-rating N] [--json]
    python -m tiebreaks stakes FILE.trf --prizes PRIZES.json [--clubs CLUBS.json] [--json]
    python -m tiebreaks team-standings FILE.trf [--rules R] [--tiebreaks EDE,EMGSB/C1]
                                           [--rounds N] [--json]
    python -m tiebreaks explain FILE.trf --team N [--rules R] [--tiebreaks ...] [--rounds N]

A team file is a TRF26 file with 310 team records (or TRF16 013): see
:mod:`tiebreaks.teams.trf`.

Any bad input (a missing file, a TRF error, an unknown tie-break code or rule
edition, a round or player that does not exist, a prize list field or club entry
that is wrong) ends with exit code 2 and one line on stderr saying what is wrong.
Warnings (declared points that disagree with the results, unrated players with a
rating-based tie-break, prizes nobody qualifies for) go to stderr as lines
starting with "warning: "; the output is unchanged by them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import NoReturn

from tiebreaks.errors import TieBreakError, TrfError
from tiebreaks.formatting import format_points
from tiebreaks.model import TournamentResults
from tiebreaks.prizes import (
    Awards,
    PlayerFacts,
    PrizeError,
    PrizeList,
    award,
    awards_json,
    parse_prize_list,
)
from tiebreaks.rules import EDITIONS
from tiebreaks.stakes import Reach, Stakes, stakes, stakes_json
from tiebreaks.standings import (
    DEFAULT_RULES,
    RULES,
    Standings,
    compute_standings,
    explain,
    format_value,
    to_json_number,
)
from tiebreaks.teams.model import TeamError
from tiebreaks.teams.standings import (
    TeamStandings,
    explain_team,
    format_team_value,
    team_standings,
)
from tiebreaks.teams.trf import TeamTrfFile, read_team_trf
from tiebreaks.trf import TrfFile, read_trf

BAD_INPUT = 2


class _BadInput(Exception):
    """Raised for anything the user got wrong; main() prints it as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse would print the usage too: the contract is one line on stderr.
        raise _BadInput(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m tiebreaks",
        description="FIDE tie-break standings (C.07) for a TRF16/TRF26 file.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    common = _Parser(add_help=False)
    common.add_argument("file", help="the TRF file")
    common.add_argument(
        "--rules",
        choices=RULES,
        default=DEFAULT_RULES,
        help="the edition of FIDE C.07 to apply: "
        + "; ".join(f"{r.name} = {r.title}" for r in EDITIONS.values())
        + f" (default {DEFAULT_RULES})",
    )
    common.add_argument(
        "--tiebreaks",
        metavar="CODES",
        help="comma-separated tie-break codes, e.g. BH/C1,BH,SB (default: the file's 202 "
        "or 212 record, else the default list for the system)",
    )
    common.add_argument(
        "--rounds", type=int, metavar="N", help="standings after round N (default: all rounds)"
    )
    common.add_argument(
        "--unrated-rating",
        type=int,
        metavar="N",
        help="the rating unrated players count with in rating-based tie-breaks (C.07 10); "
        "default: unrated opponents are left out",
    )
    standings = commands.add_parser("standings", parents=[common], help="print the standings table")
    standings.add_argument("--json", action="store_true", help="print JSON instead of a table")
    explain_parser = commands.add_parser(
        "explain", parents=[common], help="explain one player's tie-breaks round by round"
    )
    who = explain_parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--player", type=int, metavar="N", help="the player's start rank")
    who.add_argument(
        "--team", type=int, metavar="N", help="the team's pairing number (a team file)"
    )
    teams = commands.add_parser(
        "team-standings",
        parents=[common],
        help="print the team standings of a team file (C.07 Art. 11-13)",
    )
    teams.add_argument("--json", action="store_true", help="print JSON instead of a table")
    prizes_parser = commands.add_parser(
        "prizes", parents=[common], help="give out a prize list (docs/prizes.md) by the standings"
    )
    stakes_parser = commands.add_parser(
        "stakes",
        help="before the last round's results: what each player's result can still bring",
    )
    stakes_parser.add_argument("file", help="the TRF file, the last round paired without results")
    for prize_parser in (prizes_parser, stakes_parser):
        prize_parser.add_argument(
            "--prizes", required=True, metavar="PRIZES.json", help="the prize list"
        )
        prize_parser.add_argument(
            "--clubs",
            metavar="CLUBS.json",
            help='each player\'s club for club categories (TRF has none): {"3": "Club name"}',
        )
    prizes_parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    stakes_parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.command == "team-standings" or getattr(args, "team", None) is not None:
            return _teams(args)
        trf = _read(args.file)
        if args.command == "stakes":
            _warn(args.file, trf.warnings)
            found = stakes(
                trf.tournament, _prize_list(args.prizes), _facts(args.clubs, trf.tournament)
            )
            return _emit(
                json.dumps(stakes_json(found), indent=2) if args.json else stakes_text(found)
            )
        tiebreaks = _tiebreaks(args.tiebreaks, trf)
        after_round = _after_round(args.rounds, trf)
        tournament = _with_unrated_rating(trf.tournament, args.unrated_rating)
        _warn(args.file, trf.warnings)
        if args.command == "explain":
            explanation = explain(tournament, args.player, tiebreaks, args.rules, after_round)
            return _emit("\n".join(explanation.lines()))
        definition = _prize_list(args.prizes) if args.command == "prizes" else None
        facts = _facts(args.clubs, tournament) if args.command == "prizes" else None
        standings = compute_standings(tournament, tiebreaks, args.rules, after_round)
    except (_BadInput, TieBreakError) as error:
        return _fail(str(error))
    _warn(args.file, standings.warnings)
    if definition is not None:
        awards = award(standings, facts, definition)
        _warn(
            args.prizes,
            [
                f"prize {p.name!r} not awarded: no eligible player without a better prize"
                for p in awards.unawarded
            ],
        )
        text = (
            json.dumps(awards_json(awards), indent=2)
            if args.json
            else awards_table(standings, awards)
        )
        return _emit(text)
    return _emit(json.dumps(standings_json(standings), indent=2) if args.json else table(standings))


def _teams(args: argparse.Namespace) -> int:
    """team-standings, and explain --team: the team file's standings or one team's."""
    if args.unrated_rating is not None:
        raise _BadInput("--unrated-rating has no meaning for team standings")
    file = _read_teams(args.file)
    tiebreaks = _tiebreaks(args.tiebreaks, file)
    if args.rounds is not None and not 1 <= args.rounds <= file.tournament.rounds:
        raise _BadInput(
            f"--rounds {args.rounds} is out of range: the tournament has rounds "
            f"1-{file.tournament.rounds}"
        )
    _warn(args.file, file.warnings)
    if args.command == "explain":
        lines = explain_team(file.tournament, args.team, tiebreaks, args.rules, args.rounds)
        return _emit("\n".join(lines))
    standings = team_standings(file.tournament, tiebreaks, args.rules, args.rounds)
    if args.json:
        return _emit(json.dumps(team_standings_json(standings), indent=2))
    return _emit(team_table(standings))


def _read_teams(path: str) -> TeamTrfFile:
    try:
        return read_team_trf(path)
    except (TrfError, TeamError) as error:
        raise _BadInput(f"{path}: {error}") from error
    except OSError as error:
        raise _BadInput(f"cannot read {path}: {error.strerror or error}") from error


def _warn(path: str, warnings: Sequence[str]) -> None:
    for warning in warnings:
        print(f"warning: {path}: {warning}", file=sys.stderr)


def _with_unrated_rating(tournament: TournamentResults, rating: int | None) -> TournamentResults:
    if rating is None:
        return tournament
    if not 1 <= rating <= 4000:
        raise _BadInput(f"--unrated-rating {rating} is out of range: give a rating from 1 to 4000")
    return replace(tournament, unrated_rating=rating)


def _emit(text: str) -> int:
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, and keep Python from
        # complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def _fail(message: str) -> int:
    print(f"error: {' '.join(message.split())}", file=sys.stderr)
    return BAD_INPUT


def _read(path: str) -> TrfFile:
    try:
        return read_trf(path)
    except TrfError as error:
        raise _BadInput(f"{path}: {error}") from error
    except OSError as error:
        raise _BadInput(f"cannot read {path}: {error.strerror or error}") from error


def _json_file(path: str) -> object:
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except OSError as error:
        raise _BadInput(f"cannot read {path}: {error.strerror or error}") from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise _BadInput(f"{path}: not JSON: {error}") from error


def _prize_list(path: str) -> PrizeList:
    data = _json_file(path)
    try:
        return parse_prize_list(data)
    except PrizeError as error:
        raise _BadInput(f"{path}: {error}") from error


def _facts(path: str | None, tournament: TournamentResults) -> dict[int, PlayerFacts] | None:
    """What categories ask about each player: the TRF's record, with the clubs of
    ``--clubs`` (start rank -> club name); None without the option (the TRF alone)."""
    if path is None:
        return None
    clubs = _json_file(path)
    if not isinstance(clubs, dict):
        raise _BadInput(f"{path}: expected an object of start rank -> club name")
    by_rank: dict[int, str] = {}
    for key, club in clubs.items():
        if not (key.isascii() and key.isdigit()) or int(key) not in tournament:
            raise _BadInput(f"{path}: {key!r}: no player has this start rank")
        if not isinstance(club, str):
            raise _BadInput(f"{path}: {key!r}: expected a club name, not {club!r}")
        by_rank[int(key)] = club
    return {
        p.start_rank: PlayerFacts.from_player(p, club=by_rank.get(p.start_rank, ""))
        for p in tournament.players
    }


def _tiebreaks(option: str | None, trf: TrfFile | TeamTrfFile) -> tuple[str, ...] | None:
    """The codes as given on the command line, else the file's, else None (the default)."""
    if option is None:
        return trf.tiebreaks or None
    codes = tuple(code.strip() for code in option.split(",") if code.strip())
    if not codes:
        raise _BadInput("--tiebreaks needs at least one code, e.g. BH/C1,BH,SB")
    return codes


def _after_round(rounds: int | None, trf: TrfFile) -> int | None:
    if rounds is None:
        return None
    scheduled = trf.tournament.rounds
    if not 1 <= rounds <= scheduled:
        raise _BadInput(
            f"--rounds {rounds} is out of range: the tournament has rounds 1-{scheduled}"
        )
    return rounds


def standings_json(standings: Standings) -> list[dict[str, object]]:
    return [
        {
            "rank": row.rank,
            "start_rank": row.player.start_rank,
            "name": row.player.name,
            "rating": row.player.rating or None,
            "points": to_json_number(row.points),
            "modified_points": to_json_number(row.modified_points),
            "tiebreaks": {code: to_json_number(value) for code, value in row.tiebreaks.items()},
        }
        for row in standings.rows
    ]


def awards_table(standings: Standings, awards: Awards) -> str:
    """The winners in standings order, one line per prize."""
    names = {row.player.start_rank: row.player.name for row in standings.rows}
    body = [
        [
            winner.place,
            str(winner.start_rank),
            names[winner.start_rank],
            format_points(winner.points),
            prize.name,
            "" if prize.amount is None else str(prize.amount),
            ", ".join(map(str, prize.shared_with)),
        ]
        for winner in awards.winners
        for prize in winner.prizes
    ]
    return aligned(["Rank", "SNo", "Name", "Pts", "Prize", "Amount", "Shared with"], body, {2, 4})


def stakes_text(found: Stakes) -> str:
    """Per player and result: the places and the prizes within reach."""
    lines = []
    for player in found.players:
        against = f" vs {player.opponent}" if player.opponent is not None else ""
        lines.append(f"{player.start_rank}{against}, {format_points(player.points)} points")
        for seen in player.outcomes:
            result = seen.outcome.value if seen.outcome else "as it stands"
            certain = [p.prize.name for p in seen.prizes if p.reach is Reach.CERTAIN]
            possible = [
                f"{p.prize.name} (needs {p.needs.describe()})"
                for p in seen.prizes
                if p.reach is Reach.POSSIBLE and p.needs is not None
            ]
            level = ", tie-breaks may decide" if seen.tiebreaks_decide else ""
            places = str(seen.best) if seen.best == seen.worst else f"{seen.best} to {seen.worst}"
            lines.append(
                f"  {result}: {format_points(seen.points)}, place {places}"
                f"{level}; certain: {', '.join(certain) or '-'}; "
                f"possible: {', '.join(possible) or '-'}"
            )
    return "\n".join(lines)


def team_standings_json(standings: TeamStandings) -> list[dict[str, object]]:
    return [
        {
            "team": row.team.number,
            "name": row.team.name,
            "rank": row.rank,
            "match_points": to_json_number(row.match_points),
            "game_points": to_json_number(row.game_points),
            "tiebreaks": {code: to_json_number(value) for code, value in row.tiebreaks.items()},
        }
        for row in standings.rows
    ]


def team_table(standings: TeamStandings) -> str:
    """The team standings as an aligned text table, one column per tie-break."""
    header = ["Rank", "No", "Team", "MP", "GP", *standings.tiebreaks]
    body = [
        [
            row.place,
            str(row.team.number),
            row.team.name,
            format_points(row.match_points),
            format_points(row.game_points),
            *(format_team_value(code, row.tiebreaks[code]) for code in standings.tiebreaks),
        ]
        for row in standings.rows
    ]
    return aligned(header, body, {2})  # the team's name left


def table(standings: Standings) -> str:
    """The standings as an aligned text table, one column per tie-break."""
    header = ["Rank", "SNo", "Name", "Rtg", "Pts", *standings.tiebreaks]
    body = [
        [
            row.place,
            str(row.player.start_rank),
            row.player.name,
            str(row.player.rating or ""),
            format_points(row.points),
            *(format_value(code, row.tiebreaks[code]) for code in standings.tiebreaks),
        ]
        for row in standings.rows
    ]
    return aligned(header, body, {2})  # the name left; everything else is a number


def aligned(header: list[str], body: list[list[str]], left: set[int]) -> str:
    """An aligned text table: the columns in ``left`` left-aligned, the others right."""
    widths = [max(len(cells[i]) for cells in (header, *body)) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join(line(cells) for cells in (header, *body))
