"""Team events from and to TRF26 team files (issue 22): the web side of
``tiebreaks.teams.trf``.

``import_team_trf`` turns a team file (``310`` rosters, or TRF16 ``013``) into a new
team event by running the team commands in the order an organiser would have:
create the event, register each team with its players (the ``001`` records' data;
teams and players numbered in the file's team order), then round by round the
requested team byes (``240``), the matches as paired (the ``320`` PAB), each team's
line-up, the board results and the forfeited matches (``330``).  As the individual
import (``trf_import``): one transaction, all or nothing, and every refusal a
``TrfError`` naming a line of the file.  The rounds after the last one with a match
(or a PAB) are not paired: their ``240`` byes are requested, first (a team may have
asked for a bye before withdrawing from an earlier round).

``export_team_trf`` writes a team event as ``team_trf_text`` does (TRF26 with the
team records), with the C.07 edition, the initial colour (``XXC``, as for
individuals), the teams' federations and captains and the
team withdrawals in comment lines the import reads back, and the byes requested for
the rounds not paired yet as their ``240`` records.

The primary score of the ``192`` code (``..._GP_MP``: game points first) is the
event's ``primary_score``, and the PAB's value of ``320`` (when other than a drawn
match's) its ``pab_match_points`` and ``pab_game_points``; the export writes both.

A ``352`` colour sequence other than alternating boards is the event's
``colour_sequence``.

What a team event cannot hold is refused, naming the record: a colour sequence
starting with Black (``352``), a team Swiss's ``192`` code other than the
C.04.6 colour types' (``FIDE_TEAM_TYPEA_MP_GP``, ``FIDE_TEAM_TYPEB_MP_GP``,
``FIDE_TEAM_MP_GP``, or ``_GP_MP``: the event's ``colour_type``), each possibly
ending ``_BAKU``, abnormal points (``299``), ``250`` virtual points other than the
Baku method's.  Baku acceleration (the event's setting) is written as the ``250``
records of its virtual points and as ``_BAKU`` ending the ``192`` code, and read
back from either.  A ``310`` strength factor is the team's ``strength``, kept as
written and written back (the event's pairing numbers still go by the rosters'
ratings).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from pairings.acceleration import BAKU, AccelerationError
from pairings.team_acceleration import (
    TeamAcceleration,
    read_records,
    records,
    requested,
    team_baku,
)
from pairings.team_acceleration import by_method as team_acceleration
from pairings.team_swiss import ColourType, rules_from_code, team_pairing_request
from tiebreaks.errors import TrfError
from tiebreaks.messages import msg, text_of
from tiebreaks.model import Color, System, Unplayed
from tiebreaks.teams.model import BoardResult, Score, TeamBye, TeamError, TeamRound, TeamScoring
from tiebreaks.teams.trf import TeamTrfFile, parse_team_trf, system_code, team_trf_text
from tiebreaks.trf import parse_trf
from tiebreaks.trf.details import tournament_details
from tournaments.domain.pairing_origin import XXC
from tournaments.domain.teams import BOARD_RESULTS, COLOUR_SEQUENCE, MATCH_FORFEITS

from . import commands, queries
from .append import append
from .events import fold
from .trf_import import (
    REQUESTED_BYES,
    RULES_COMMENT,
    ImportedTournament,
    at_place,
    player_data,
    reported_at,
)

TEAM_RECORDS = re.compile(r"^310 ", re.MULTILINE)
# TRF16's 013 records also list clubs of an individual event: a team event only
# when its system record says so.
LEGACY_TEAM_RECORDS = re.compile(r"^013 ", re.MULTILINE)
TEAM_SYSTEM = re.compile(r"^(092|192) .*team", re.MULTILINE | re.IGNORECASE)
# "### Crosstable teams withdrawn from round 4: 3 7": TRF has no record for it.
WITHDRAWN_COMMENT = re.compile(r"### Crosstable teams withdrawn from round (\d+):((?: +\d+)+) *\r?")
# "### Crosstable team 3 captain: Anna Braun" (and federation): 310 has no field for them.
TEAM_COMMENT = re.compile(r"### Crosstable team (\d+) (captain|federation): (.*?) *\r?")
_RESULT_TEXT = {result: text for text, result in BOARD_RESULTS.items()}
_FORFEIT_TEXT = {forfeit: text for text, forfeit in MATCH_FORFEITS.items()}
BYE_KINDS = {points: kind for kind, points in REQUESTED_BYES.items()}


def is_team_file(text: str) -> bool:
    """Whether a TRF is a team event's: 310 records, or TRF16 013 records in a file
    whose 092 or 192 system names a team event."""
    if TEAM_RECORDS.search(text):
        return True
    return bool(LEGACY_TEAM_RECORDS.search(text) and TEAM_SYSTEM.search(text))


def import_team_trf(
    text: str, *, author: User | None = None, rules: str | None = None
) -> ImportedTournament:
    """Create a team event from a team file; raises TrfError and stores nothing when
    refused.  ``rules``: the C.07 edition (None: the file's comment, else the default)."""
    try:
        file = parse_team_trf(text)
    except TeamError as exc:  # a team file that does not hold together
        raise TrfError(1, 1, text_of(exc)) from exc
    with transaction.atomic():
        return _TeamImporter(file, text, author).run(rules)


class _TeamImporter:
    def __init__(self, file: TeamTrfFile, text: str, author: User | None) -> None:
        self.file = file
        self.text = text
        self.tournament = file.tournament
        self.author = author
        self.lines = file.lines
        self.teams: dict[int, int] = {}  # the file's team number -> the event's
        self.ranks: dict[int, int] = {}  # the file's start rank -> the event's
        self.warnings = list(file.warnings)
        self.draft: commands.Draft

    def line(self, prefix: str) -> int:
        """The first line starting with ``prefix`` (1 when there is none)."""
        return next((n for n, text in enumerate(self.lines, 1) if text.startswith(prefix)), 1)

    def run(self, rules: str | None) -> ImportedTournament:
        t = self.tournament
        self._check_supported()
        scoring = t.scoring
        settings: dict[str, Any] = {
            "name": t.name or "Imported team event",
            "rounds": t.rounds,
            "system": t.system.value,
            "scoring": scoring.games.as_texts(),
            "kind": "team",
            "boards": t.boards,
            "match_points": {
                "win": str(scoring.win),
                "draw": str(scoring.draw),
                "loss": str(scoring.loss),
            },
        }
        default = TeamScoring(scoring.win, scoring.draw, scoring.loss, scoring.games)
        pab = scoring.bye(Unplayed.PAB, t.boards)
        if pab != default.bye(Unplayed.PAB, t.boards):  # 320 other than a drawn match
            settings["pab_match_points"], settings["pab_game_points"] = map(str, pab)
        if self.file.tiebreaks:
            settings["tiebreaks"] = list(self.file.tiebreaks)
        if t.colour_sequence != (COLOUR_SEQUENCE * t.boards)[: t.boards]:
            settings["colour_sequence"] = t.colour_sequence
        if t.primary is Score.GP:
            settings["primary_score"] = Score.GP.value
        if (colour_type := self._colour_type()) != "A":
            settings["colour_type"] = colour_type
        # 152 or XXC, else round 1's (the pairing reads round 1 first, as the engine).
        initial = team_pairing_request(self.file).initial_colour
        if t.system is System.SWISS and initial is not Color.WHITE:
            settings["initial_colour"] = XXC[initial]
        if self._baku():
            settings["acceleration"] = BAKU
        if details := tournament_details(parse_trf(self.text)):
            settings["details"] = details
        rules = rules or next(
            (x[len(RULES_COMMENT) :].strip() for x in self.lines if x.startswith(RULES_COMMENT)),
            None,
        )
        if rules is not None:
            settings["rules"] = rules
        setting_lines = {
            "tiebreaks": "202",
            "rounds": "142",
            "system": "192",
            "name": "012",
            "acceleration": "192",
            "primary_score": "192",
            "pab_match_points": "320",
            "pab_game_points": "320",
            "colour_sequence": "352",
        }
        with reported_at(lambda field: (self.line(setting_lines.get(field, "012")), 1)):
            created = commands.create_tournament(settings, author=self.author)
        self.draft = commands.Draft(fold([created]))
        for team in sorted(t.teams, key=lambda team: team.number):
            self._register(team.number)
        on_a_roster = {rank for team in t.teams for rank in team.roster}
        left_out = [p.start_rank for p in t.players if p.start_rank not in on_a_roster]
        if left_out:
            self.warnings.append(
                msg(
                    "players on no team's roster, left out: %(players)s",
                    players=", ".join(map(str, left_out)),
                )
            )
        withdrawals = self._withdrawals()
        played = t.played_rounds()
        paired = len(played)
        # Byes for the rounds to come first (240 records of rounds not paired): a team
        # may have asked for one before withdrawing from an earlier round.
        for rnd in t.schedule[paired:]:
            self._byes(rnd)
        for rnd in played:
            self._byes(rnd)
            self._withdraw(withdrawals.pop(rnd.number, []), rnd.number)
            self._round(rnd)
        for from_round, listed_teams in sorted(withdrawals.items()):
            self._withdraw(listed_teams, from_round)
        append(created.tournament_id, self.draft.start_seq, self.draft.events, author=self.author)
        return ImportedTournament(
            id=created.tournament_id,
            name=settings["name"],
            players=len(self.ranks),
            rounds_paired=paired,
            events=self.draft.state.last_seq,
            warnings=tuple(self.warnings),
        )

    def _check_supported(self) -> None:
        t = self.tournament
        if not t.colour_sequence.startswith("W"):
            raise TrfError(
                self.line("352"),
                5,
                msg(
                    "colour sequence %(colours)s: here the first-named team has White"
                    " on board 1 (the sequence starts with W)",
                    colours=repr(t.colour_sequence),
                ),
            )
        if any(x.startswith("299") for x in self.lines):
            raise TrfError(
                self.line("299"), 1, msg("299 abnormal points: a team event here cannot hold them")
            )
        if t.system_code and t.system is not System.SWISS:
            self.warnings.append(
                msg(
                    "192 %(code)s: a round robin is paired by the Berger tables",
                    code=t.system_code,
                )
            )

    def _colour_type(self) -> str:
        """A team Swiss's C.04.6 colour type from its 192 code, which may end with
        ``_BAKU`` (Baku acceleration, read by ``_baku``); a code that says more than
        these (``BAKU`` elsewhere, colours not decided by the secondary score, another
        system's code) is refused at its line."""
        t = self.tournament
        code = t.system_code.upper()
        if t.system is not System.SWISS or not code:
            return "A"
        line = self.line("192")
        if not code.startswith("FIDE_TEAM"):
            raise TrfError(
                line,
                5,
                msg("%(code)s is not a C.04.6 team Swiss code (FIDE_TEAM_...)", code=code),
            )
        if "BAKU" in code.removesuffix("_BAKU").split("_"):
            raise TrfError(
                line, 5, msg("%(code)s: _BAKU (Baku acceleration) ends the code", code=code)
            )
        rules = rules_from_code(code, t.primary)
        if not rules.secondary_for_colour:
            raise TrfError(
                line,
                5,
                msg(
                    "%(code)s: here the game points always decide the first team's colour"
                    " (C.04.6 4.2.2); write it with _MP_GP",
                    code=code,
                ),
            )
        return rules.colour_type.value if rules.colour_type is not ColourType.NONE else "none"

    def _baku(self) -> bool:
        """Whether the file asks for Baku acceleration (192 ``..._BAKU``, or 250
        records giving exactly the method's points); other 250 records are refused:
        the event's acceleration is a method, not a table."""
        t = self.tournament
        first = t.schedule[0] if t.schedule else None
        absent = [b.team for b in first.byes] if first is not None and not first.matches else []
        given = read_records(self.lines, t)
        if given is None:
            return requested(self.lines)
        try:
            baku = team_baku(t, absent)
        except AccelerationError as error:
            raise TrfError(self.line("250"), 1, text_of(error)) from None
        if given != baku:
            raise TrfError(
                self.line("250"), 1, msg("250 records other than the Baku method's points")
            )
        return True

    def _register(self, number: int) -> None:
        t = self.tournament
        team = next(x for x in t.teams if x.number == number)
        players = {p.start_rank: p for p in t.players}
        body = {
            "name": team.name,
            "short_name": team.short_name,
            "federation": team.federation,
            "captain": team.captain,
            "players": [player_data(players[rank]) for rank in team.roster],
        }
        if team.strength:
            body["strength"] = team.strength
        for text in self.lines:
            found = TEAM_COMMENT.fullmatch(text)
            if found is not None and int(found[1]) == number:
                body[found[2]] = found[3]
        with reported_at(at_place(self._team_line(number), 5)):
            self.draft.add(commands.register_team, body)
        state = self.draft.state
        self.teams[number] = max(state.teams)
        self.ranks.update(zip(team.roster, state.teams[self.teams[number]].roster, strict=True))

    def _team_line(self, number: int) -> int:
        for n, text in enumerate(self.lines, 1):
            if text[:3] in ("310", "013") and text[4:7].strip() == str(number):
                return n
        return 1

    def _byes(self, rnd: TeamRound) -> None:
        for bye in rnd.byes:
            if bye.kind in REQUESTED_BYES:
                body = {
                    "team": self.teams[bye.team],
                    "round": rnd.number,
                    "points": REQUESTED_BYES[bye.kind],
                }
                with reported_at(at_place(self._bye_line(rnd.number, bye.team), 1)):
                    self.draft.add(commands.request_team_bye, body)

    def _bye_line(self, number: int, team: int) -> int:
        """The 240 record of a team's bye in a round (the first 240 when none names it)."""
        for n, text in enumerate(self.lines, 1):
            same_round = text.startswith("240") and text[6:9] == f"{number:03d}"
            if same_round and str(team) in text[10:].split():
                return n
        return self.line("240")

    def _withdrawals(self) -> dict[int, list[int]]:
        found: dict[int, list[int]] = {}
        for text in self.lines:
            match = WITHDRAWN_COMMENT.fullmatch(text)
            if match is not None:
                teams = [int(n) for n in match[2].split()]
                found.setdefault(int(match[1]), []).extend(teams)
        return found

    def _withdraw(self, teams: list[int], from_round: int) -> None:
        for team in teams:
            if team not in self.teams:
                raise TrfError(
                    self.line("### Crosstable teams"), 1, msg("no team %(team)s", team=team)
                )
            body = {"team": self.teams[team], "from_round": from_round}
            with reported_at(at_place(self.line("### Crosstable teams"), 1)):
                self.draft.add(commands.withdraw_team, body)

    def _round(self, rnd: TeamRound) -> None:
        """The matches as paired, the line-ups, the board results, the forfeits."""
        number = rnd.number
        at = at_place(self.line("001"), 1)
        matches = [
            {"white": self.teams[m.white], "black": self.teams[m.black]} for m in rnd.matches
        ]
        pab = [self.teams[b.team] for b in rnd.byes if b.kind is Unplayed.PAB]
        with reported_at(at):
            self.draft.add(
                commands.pair_team_round, {"round": number, "matches": matches, "byes": pab}
            )
        for index, match in enumerate(rnd.matches, start=1):
            if match.forfeit is not None:
                body = {"round": number, "match": index, "result": _FORFEIT_TEXT[match.forfeit]}
                with reported_at(at_place(self.line("330"), 1)):
                    self.draft.add(commands.forfeit_match, body)
                continue
            for side in (match.white, match.black):
                seats: dict[int, int | None] = {}
                for game in match.boards:
                    mine = game.white if game.white_team == side else game.black
                    seats[game.board] = None if mine is None else self.ranks[mine]
                players = [seats.get(b) for b in range(1, max(seats, default=0) + 1)]
                if not any(players):
                    continue  # no line-up in yet: the match waits for it
                body = {"round": number, "team": self.teams[side], "players": players}
                with reported_at(at_place(self._team_line(side), 1)):
                    self.draft.add(commands.submit_lineup, body)
            for game in sorted(match.boards, key=lambda g: g.board):
                if game.white is None or game.black is None or game.result is BoardResult.PENDING:
                    continue  # an empty seat's forfeit is implied; "*" not finished
                body = {
                    "round": number,
                    "match": index,
                    "board": game.board,
                    "result": _RESULT_TEXT[game.result],
                }
                if not game.rated:  # a W/D/L game, as the individual import keeps it
                    body["rated"] = False
                with reported_at(at):
                    self.draft.add(commands.record_board_result, body)


def export_team_trf(tournament: queries.FoldedTournament) -> str:
    """A team event as a TRF26 team file (see the module's note)."""
    state = tournament.state
    team_results = state.to_team_tournament()
    # The byes requested for the rounds not paired yet, each in its round (the rounds
    # between hold nothing): the 240 records the import requests them from.
    following = max(state.team_rounds, default=0) + 1
    asked = {n: byes for n, byes in state.team_byes.items() if n >= following and byes}
    to_come = tuple(
        TeamRound(
            number,
            (),
            tuple(
                TeamBye(team, BYE_KINDS[points])
                for team, points in sorted(asked.get(number, {}).items())
            ),
        )
        for number in range(following, max(asked, default=0) + 1)
    )
    team_results = replace(team_results, schedule=(*team_results.schedule, *to_come))
    comments = f"{RULES_COMMENT}{tournament.rules}\n"
    if initial := state.settings.initial_colour:
        comments += f"XXC {initial}\n"
    withdrawn: dict[int, list[int]] = {}
    for team in sorted(state.teams.values(), key=lambda t: t.number):
        for name in ("federation", "captain"):
            if value := getattr(team, name):
                comments += f"### Crosstable team {team.number} {name}: {value}\n"
        if team.withdrawn_from is not None:
            withdrawn.setdefault(team.withdrawn_from, []).append(team.number)
    for from_round, teams in sorted(withdrawn.items()):
        listed = " ".join(map(str, teams))
        comments += f"### Crosstable teams withdrawn from round {from_round}: {listed}\n"
    if state.settings.acceleration == BAKU:
        # TRF26: a 192 code ending _BAKU names the method, the 250 records its points.
        team_results = replace(team_results, system_code=f"{system_code(team_results)}_BAKU")
    text = team_trf_text(team_results, state.settings.tiebreaks)
    if state.settings.acceleration:
        # Before round 1 is paired, GA counts the teams that will play it.
        absent = [
            n for n, team in state.teams.items() if team.withdrawn_in(1) or state.team_bye(1, n)
        ]
        virtual = team_acceleration(state.settings.acceleration, team_results, absent)
        text += "".join(f"{line}\n" for line in records(virtual or TeamAcceleration()))
    return comments + text
