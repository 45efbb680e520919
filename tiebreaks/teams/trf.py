"""TRF team records: a TRF26 team file (or a TRF16 file with ``013`` records) read into
a :class:`~tiebreaks.teams.model.TeamTournament`, and written back.

Read: the ``001`` records by the individual reader (:mod:`tiebreaks.trf`), then the
team section: ``310`` (or TRF16 ``013``) rosters, ``320`` the PAB's match and game
points and the team that had it in each round, ``240`` full-, half- and zero-point
team byes, ``330`` forfeited matches, ``300`` line-ups out of roster order (``0000``
an empty board), ``352`` the colour sequence (its length is the number of boards),
``362`` team scoring (TW TD TL), ``192`` the team system code (the first of MP / GP
in it is the primary score), ``142`` the rounds.  A team's line-up in a round is its
players with a game or a forfeit that round, in roster order, unless a ``300`` record
gives it; board b of one team meets board b of the other.  The system is round robin
when ``092``/``192`` say so, else as the individual reader recognises it from the
schedule, on the teams' pairings.

Written: a file as read and not changed since is written back as read, byte for
byte; a changed or new tournament is written afresh (TRF26: headers, ``001`` records
from the board games, then the team records).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from os import PathLike

from tiebreaks.errors import TrfError
from tiebreaks.formatting import format_points
from tiebreaks.messages import msg
from tiebreaks.model import Color, Game, Outcome, Pending, Player, System, Unplayed, UnplayedRound
from tiebreaks.teams.context import as_individual
from tiebreaks.teams.model import (
    BoardGame,
    BoardResult,
    Match,
    MatchForfeit,
    Score,
    Team,
    TeamBye,
    TeamError,
    TeamRound,
    TeamScoring,
    TeamTournament,
    individual_tournament,
)
from tiebreaks.trf import TRF26, TrfFile, decode, parse_trf, round_robin_from_pairings
from tiebreaks.trf.tables import NUMBER, ROUND_ROBIN
from tiebreaks.trf.writer import trf_from_tournament

TEAM_SCORING = re.compile(r"(T[WDL])\s*([+-]?\d+(?:\.\d*)?)", re.IGNORECASE)
_BYE_LETTERS = {Unplayed.FPB: "F", Unplayed.HPB: "H", Unplayed.ZPB: "Z"}


@dataclass(frozen=True)
class TeamTrfFile:
    """A team tournament with its tie-break list (202/212) and what writing the file
    back unchanged needs: the lines and the tournament as read."""

    tournament: TeamTournament
    tiebreaks: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    as_read: TeamTournament | None = field(default=None, compare=False)
    warnings: tuple[str, ...] = ()


def read_team_trf(path: str | PathLike[str]) -> TeamTrfFile:
    with open(path, "rb") as stream:
        return parse_team_trf(decode(stream.read()))


def parse_team_trf(text: str) -> TeamTrfFile:
    """Read a team file; TrfError names the line and column of the first problem, and
    a file without team records is refused."""
    trf = parse_trf(text)
    tournament = _TeamReader(trf).read()
    return TeamTrfFile(tournament, trf.tiebreaks, trf.headers.lines, tournament, trf.warnings)


def _number(line: int, column: int, text: str, what: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise TrfError(
            line, column, msg("%(what)s %(text)s is not a whole number", what=what, text=repr(text))
        )
    return int(text)


def _points(line: int, column: int, text: str, what: str) -> Fraction:
    text = text.strip()
    if not NUMBER.match(text):
        raise TrfError(
            line,
            column,
            msg("%(what)s %(text)s is not a number of points", what=what, text=repr(text)),
        )
    return Fraction(text)


class _TeamReader:
    def __init__(self, trf: TrfFile) -> None:
        self.trf = trf
        self.teams: list[Team] = []
        self.team_lines: dict[int, int] = {}
        self.pab: dict[int, int] = {}  # round -> team
        self.pab_points: tuple[Fraction, Fraction] | None = None
        self.forfeits: dict[int, list[Match]] = {}
        # (round, team) -> (line, players by board, scheduled opponent) of a 300 record
        self.lineups: dict[tuple[int, int], tuple[int, list[int | None], int]] = {}
        self.colours = ""
        self.match_points: dict[str, Fraction] = {}
        self.system_text = {"092": "", "192": ""}
        self.legacy_count = 0

    def read(self) -> TeamTournament:
        handlers = {
            "310": self._team,
            "013": self._legacy_team,
            "320": self._pab,
            "330": self._forfeit,
            "300": self._lineup,
            "352": self._colours,
            "362": self._scoring,
            "092": self._system,
            "192": self._system,
        }
        for index, raw in enumerate(self.trf.headers.lines):
            line = raw.rstrip("\r")
            handler = handlers.get(line[:3])
            if handler is not None:
                handler(index + 1, line)
        if not self.teams:
            raise TeamError(msg("not a team file: it has no 310 (or TRF16 013) team records"))
        return self._tournament()

    # ---- records

    def _add(self, number: int, line: int, team: Team) -> None:
        if team.number in self.team_lines:
            raise TrfError(
                line,
                5,
                msg(
                    "team %(team)s is defined again (line %(line)s)",
                    team=team.number,
                    line=self.team_lines[number],
                ),
            )
        self.team_lines[team.number] = line
        self.teams.append(team)

    def _members(self, number: int, line: str, start: int) -> tuple[int, ...]:
        members = []
        for at in range(start, len(line), 5):
            text = line[at : at + 4].strip()
            if text:
                members.append(_number(number, at + 1, text, msg("team member")))
        return tuple(members)

    def _team(self, number: int, line: str) -> None:
        team_number = _number(number, 5, line[4:7], msg("team pairing number"))
        self._add(
            team_number,
            number,
            Team(
                team_number,
                line[8:40].strip(),
                self._members(number, line, 73),
                short_name=line[41:46].strip(),
                strength=line[47:53].strip(),
            ),
        )

    def _legacy_team(self, number: int, line: str) -> None:
        self.legacy_count += 1
        self._add(
            self.legacy_count,
            number,
            Team(self.legacy_count, line[4:36].strip(), self._members(number, line, 36)),
        )

    def _pab(self, number: int, line: str) -> None:
        self.pab_points = (
            _points(number, 5, line[4:8], msg("PAB match points")),
            _points(number, 10, line[9:13], msg("PAB game points")),
        )
        for index, at in enumerate(range(14, len(line), 4), 1):
            text = line[at : at + 3].strip()
            team = _number(number, at + 1, text, msg("PAB team")) if text else 0
            if team:
                self.pab[index] = team

    def _forfeit(self, number: int, line: str) -> None:
        kind = line[4:6]
        if kind not in ("+-", "-+", "--"):
            raise TrfError(
                number, 5, msg("forfeit type %(kind)s is not +-, -+ or --", kind=repr(kind))
            )
        rnd = _number(number, 8, line[7:10], msg("round"))
        white = _number(number, 12, line[11:14], msg("white team"))
        black = _number(number, 16, line[15:18], msg("black team"))
        self.forfeits.setdefault(rnd, []).append(Match(white, black, forfeit=MatchForfeit(kind)))

    def _lineup(self, number: int, line: str) -> None:
        rnd = _number(number, 5, line[4:7], msg("round"))
        team = _number(number, 9, line[8:11], msg("team"))
        opponent = _number(number, 13, line[12:15], msg("opponent"))
        players: list[int | None] = []
        for at in range(16, len(line), 5):
            text = line[at : at + 4].strip()
            if text:
                players.append(_number(number, at + 1, text, msg("player")) or None)
        self.lineups[rnd, team] = (number, players, opponent)

    def _colours(self, number: int, line: str) -> None:
        self.colours = line[4:].strip().upper()
        if not self.colours or set(self.colours) - {"W", "B"}:
            raise TrfError(
                number,
                5,
                msg(
                    "colour sequence %(colours)s must be W and B letters",
                    colours=repr(self.colours),
                ),
            )

    def _scoring(self, number: int, line: str) -> None:
        for found in TEAM_SCORING.finditer(line, 4):
            self.match_points[found.group(1).upper()] = Fraction(found.group(2))

    def _system(self, number: int, line: str) -> None:
        self.system_text[line[:3]] = line[4:].strip()

    # ---- the tournament

    def _primary(self) -> Score:
        found = re.findall(r"(?<![A-Z])(MP|GP)(?![A-Z])", self.system_text["192"].upper())
        return Score(found[0]) if found else Score.MP

    def _boards(self, lineups: dict[tuple[int, int], list[int | None]]) -> int:
        if self.colours:
            return len(self.colours)
        return max((len(lineup) for lineup in lineups.values()), default=1) or 1

    def _tournament(self) -> TeamTournament:
        trf = self.trf
        individual = trf.tournament
        players = {p.start_rank: p for p in individual.players}
        team_of: dict[int, int] = {}
        for team in self.teams:
            for rank in team.roster:
                if rank not in players:
                    line = self.team_lines[team.number]
                    raise TrfError(
                        line,
                        1,
                        msg(
                            "team %(team)s lists player %(rank)s, who does not exist",
                            team=team.number,
                            rank=rank,
                        ),
                    )
                team_of[rank] = team.number
        rounds = individual.rounds
        lineups = self._lineups(players, rounds)
        boards = self._boards(lineups)
        games = individual.scoring
        scoring = TeamScoring(
            win=self.match_points.get("TW", Fraction(2)),
            draw=self.match_points.get("TD", Fraction(1)),
            loss=self.match_points.get("TL", Fraction(0)),
            games=games,
            pab_match_points=self.pab_points[0] if self.pab_points else None,
            pab_game_points=self.pab_points[1] if self.pab_points else None,
        )
        schedule = []
        for rnd in range(1, rounds + 1):
            matches = self._matches(rnd, lineups, players, team_of, boards)
            byes = [TeamBye(team, Unplayed.PAB) for r, team in self.pab.items() if r == rnd]
            for record in trf.headers.byes:
                if record.round == rnd:
                    byes.extend(TeamBye(team, record.kind) for team in record.start_ranks)
            # TRF keeps no table order: matches by their lower team number.
            matches.sort(key=lambda m: min(m.teams()))
            schedule.append(TeamRound(rnd, tuple(matches), tuple(byes)))
        while schedule and not schedule[-1].matches and not schedule[-1].byes:
            schedule.pop()
        default = replace(scoring, pab_match_points=None, pab_game_points=None)
        if self.pab_points == default.bye(Unplayed.PAB, boards):
            scoring = default  # the default values written out: as one built in code
        tournament = TeamTournament(
            teams=tuple(self.teams),
            boards=boards,
            rounds=max(rounds, len(schedule)),
            schedule=tuple(schedule),
            players=tuple(replace(players[rank], rounds=()) for rank in sorted(players)),
            scoring=scoring,
            system=System.SWISS,
            primary=self._primary(),
            colour_sequence=self.colours or "WB",
            name=individual.name,
            system_code=self.system_text["192"],
        )
        return _with_system(tournament, self.system_text)

    def _lineups(
        self, players: dict[int, Player], rounds: int
    ) -> dict[tuple[int, int], list[int | None]]:
        """Each team's players by board in each round: the 300 record, else the roster
        players with a game or forfeit that round, in roster order."""
        out: dict[tuple[int, int], list[int | None]] = {}
        for team in self.teams:
            for rnd in range(1, rounds + 1):
                given = self.lineups.get((rnd, team.number))
                if given is not None:
                    out[rnd, team.number] = given[1]
                    continue
                lineup: list[int | None] = [
                    rank for rank in team.roster if _plays(players[rank].round(rnd))
                ]
                if lineup:
                    out[rnd, team.number] = lineup
        return out

    def _matches(
        self,
        rnd: int,
        lineups: dict[tuple[int, int], list[int | None]],
        players: dict[int, Player],
        team_of: dict[int, int],
        boards: int,
    ) -> list[Match]:
        matches = list(self.forfeits.get(rnd, []))
        done = {team for m in matches for team in m.teams()}
        for team in self.teams:
            if team.number in done or (rnd, team.number) not in lineups:
                continue
            entries = [
                players[rank].round(rnd) for rank in lineups[rnd, team.number] if rank is not None
            ]
            opponents = {
                team_of[entry.opponent]
                for entry in entries
                if entry is not None and entry.opponent and entry.opponent in team_of
            }
            if not opponents and (rnd, team.number) in self.lineups:
                # Every board had one side empty: only the 300 record links the teams.
                opponents = {self.lineups[rnd, team.number][2]}
            if len(opponents) != 1:
                line = self.team_lines[team.number]
                raise TrfError(
                    line,
                    1,
                    msg(
                        "round %(round)s: the players of team %(team)s meet teams %(teams)s",
                        round=rnd,
                        team=team.number,
                        teams=sorted(opponents),
                    )
                    if opponents
                    else msg(
                        "round %(round)s: the players of team %(team)s meet no team",
                        round=rnd,
                        team=team.number,
                    ),
                )
            other = opponents.pop()
            matches.append(self._match(rnd, team.number, other, lineups, players, boards))
            done |= {team.number, other}
        return matches

    def _match(
        self,
        rnd: int,
        first: int,
        second: int,
        lineups: dict[tuple[int, int], list[int | None]],
        players: dict[int, Player],
        boards: int,
    ) -> Match:
        colours = self.colours or "WB"
        mine = lineups.get((rnd, first), [])
        theirs = lineups.get((rnd, second), [])
        seats = []
        white: int | None = None  # the team with White on board 1
        for board in range(1, max(len(mine), len(theirs)) + 1):
            p = mine[board - 1] if board <= len(mine) else None
            q = theirs[board - 1] if board <= len(theirs) else None
            entry = players[p].round(rnd) if p is not None else None
            other = players[q].round(rnd) if q is not None else None
            if p is not None and q is not None and getattr(entry, "opponent", None) != q:
                raise TrfError(
                    self.team_lines[first],
                    1,
                    msg(
                        "round %(round)s, board %(board)s: player %(player)s of team %(team)s"
                        " does not meet player %(other)s of team %(opponent)s (a 300 record"
                        " gives a line-up out of roster order)",
                        round=rnd,
                        board=board,
                        player=p,
                        team=first,
                        other=q,
                        opponent=second,
                    ),
                )
            colour = _colour_of(entry) or _other(_colour_of(other))
            if white is None and colour is not None:
                first_white_here = colour is Color.WHITE
                board_one_same = colours[(board - 1) % len(colours)] == "W"
                white = first if first_white_here == board_one_same else second
            seats.append((board, p, q, entry, other, colour))
        white = white or first
        games = []
        for board, p, q, entry, other, colour in seats:
            if colour is None:  # no colour written: as the 352 sequence gives it
                same = colours[(board - 1) % len(colours)] == "W"
                colour = Color.WHITE if (white == first) == same else Color.BLACK
            if colour is Color.WHITE:
                games.append(_board_game(board, first, p, q, entry, other))
            else:
                games.append(_board_game(board, second, q, p, other, entry))
        return Match(white, second if white == first else first, tuple(games))


def _plays(entry: object) -> bool:
    if isinstance(entry, (Game, Pending)):
        return True
    return isinstance(entry, UnplayedRound) and entry.kind.is_forfeit


def _colour_of(entry: object) -> Color | None:
    return getattr(entry, "color", None)


def _other(colour: Color | None) -> Color | None:
    return {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}.get(colour)  # type: ignore[arg-type]


def _board_game(
    board: int, white_team: int, white: int | None, black: int | None, entry: object, other: object
) -> BoardGame:
    """The board from the cells of White (``entry``) and Black (``other``)."""
    if isinstance(entry, Pending) or isinstance(other, Pending):
        return BoardGame(board, white_team, white, black, BoardResult.PENDING)
    if isinstance(entry, Game):
        result = {
            Outcome.WIN: BoardResult.WHITE_WINS,
            Outcome.DRAW: BoardResult.DRAW,
            Outcome.LOSS: BoardResult.BLACK_WINS,
        }[entry.outcome]
        return BoardGame(board, white_team, white, black, result, entry.rated)
    white_won = isinstance(entry, UnplayedRound) and entry.kind is Unplayed.FORFEIT_WIN
    black_won = isinstance(other, UnplayedRound) and other.kind is Unplayed.FORFEIT_WIN
    result = (
        BoardResult.WHITE_FORFEIT_WIN
        if white_won
        else BoardResult.BLACK_FORFEIT_WIN
        if black_won
        else BoardResult.DOUBLE_FORFEIT
    )
    return BoardGame(board, white_team, white, black, result)


def _with_system(tournament: TeamTournament, texts: dict[str, str]) -> TeamTournament:
    text = texts["192"] + " " + texts["092"]
    if ROUND_ROBIN.search(text):
        system = System.DOUBLE_ROUND_ROBIN if "double" in text.lower() else System.ROUND_ROBIN
    elif re.search(r"swiss|team", text, re.IGNORECASE):
        system = System.SWISS
    else:
        system = round_robin_from_pairings(as_individual(tournament, tournament.results()).players)
    read = replace(tournament, system=system)
    if read.system_code == system_code(replace(read, system_code="")):
        read = replace(read, system_code="")  # the code the writer derives: nothing to keep
    return read


# ---- writing


def write_team_trf(file: TeamTrfFile) -> str:
    """The file's text: as read when the tournament has not changed, else afresh."""
    if file.lines and file.as_read is not None and file.tournament == file.as_read:
        return "\n".join(file.lines)
    return team_trf_text(file.tournament, file.tiebreaks)


_SYSTEM_TEXT = {
    System.SWISS: "Team: Swiss-System",
    System.ROUND_ROBIN: "Team: Round robin",
    System.DOUBLE_ROUND_ROBIN: "Team: Double round robin",
}


def system_code(tournament: TeamTournament) -> str:
    """The 192 code: as given, else the C.04.6 type A code for a Swiss and the Berger
    name for a round robin, each with the primary and secondary score."""
    if tournament.system_code:
        return tournament.system_code
    scores = f"{tournament.primary}_{tournament.primary.other}"
    if tournament.system is System.SWISS:
        return f"FIDE_TEAM_TYPEA_{scores}"
    double = "DOUBLE" if tournament.system is System.DOUBLE_ROUND_ROBIN else ""
    return f"BERGER_{double}ROUNDROBIN_{scores}"


def _cell(value: Fraction, width: int) -> str:
    text = format_points(value)
    if len(text) > width:
        raise ValueError(f"{text} does not fit a {width}-column TRF field")
    return text.rjust(width)


def team_trf_text(tournament: TeamTournament, tiebreaks: Sequence[str] = ()) -> str:
    """A TRF26 team file for ``tournament``: headers (012, 092, 142, 162, 202, 192, 352,
    362), the players' 001 records from the board games, then 310 teams (with MP, GP
    and rank by the primary then the secondary score), 320, 240, 330 and 300."""
    # The 3-column team number of the 310, 320, 240 and 330 records (the players'
    # 4-column start ranks are checked by trf_from_tournament).
    if too_long := [t.number for t in tournament.teams if not 0 < t.number <= 999]:
        raise ValueError(f"team number {too_long[0]} does not fit the TRF's 3-column field")
    base = trf_from_tournament(individual_tournament(tournament), tiebreaks, version=TRF26)
    lines = [
        f"092 {_SYSTEM_TEXT[tournament.system]}" if line.startswith("092 ") else line
        for line in base.headers.lines
    ]
    while lines and lines[-1] == "":
        lines.pop()
    first_player = next((i for i, line in enumerate(lines) if line.startswith("001")), len(lines))
    scoring = tournament.scoring
    headers = [
        f"192 {system_code(tournament)}",
        f"352 {tournament.colour_sequence}",
        # As 162: the symbol at 5-6, the points right-aligned at 7-10, every 9 columns.
        "362 "
        + "   ".join(
            f"{symbol}{format_points(points):>4}"
            for symbol, points in (("TW", scoring.win), ("TD", scoring.draw), ("TL", scoring.loss))
        ),
    ]
    lines[first_player:first_player] = headers
    lines.extend(_team_records(tournament))
    lines.append("")
    return "\n".join(lines)


def _team_records(tournament: TeamTournament) -> list[str]:
    results = tournament.results()
    totals = {
        team: (
            sum((r.match_points for r in rows), Fraction(0)),
            sum((r.game_points for r in rows), Fraction(0)),
        )
        for team, rows in results.items()
    }
    primary_first = tournament.primary is Score.MP

    def order(team: int) -> tuple[Fraction, Fraction]:
        mp, gp = totals[team]
        return (mp, gp) if primary_first else (gp, mp)

    ranks: dict[tuple[Fraction, Fraction], int] = {}
    for position, number in enumerate(sorted(totals, key=order, reverse=True), 1):
        ranks.setdefault(order(number), position)
    out = []
    for team in tournament.teams:
        mp, gp = totals[team.number]
        members = " ".join(f"{rank:>4}" for rank in team.roster)
        out.append(
            f"310 {team.number:>3} {team.name:<32.32} {team.short_name:<5.5} "
            f"{team.strength:>6.6} {_cell(mp, 6)} {_cell(gp, 6)} "
            f"{ranks[order(team.number)]:>3}  {members}".rstrip()
        )
    pab = {
        rnd.number: b.team
        for rnd in tournament.schedule
        for b in rnd.byes
        if b.kind is Unplayed.PAB
    }
    if pab or scoring_has_pab(tournament):
        mp, gp = tournament.scoring.bye(Unplayed.PAB, tournament.boards)
        teams = " ".join(f"{pab.get(r, 0):03d}" for r in range(1, len(tournament.schedule) + 1))
        out.append(f"320 {_cell(mp, 4)} {_cell(gp, 4)} {teams}".rstrip())
    for rnd in tournament.schedule:
        for kind, letter in _BYE_LETTERS.items():
            listed = [b.team for b in rnd.byes if b.kind is kind]
            if listed:
                out.append(f"240 {letter} {rnd.number:03d} " + " ".join(f"{t:>4}" for t in listed))
    for rnd in tournament.schedule:
        for match in rnd.matches:
            if match.forfeit is not None:
                teams = f"{match.white:03d} {match.black:03d}"
                out.append(f"330 {match.forfeit.value} {rnd.number:03d} {teams}")
    out.extend(_out_of_order(tournament))
    return out


def scoring_has_pab(tournament: TeamTournament) -> bool:
    scoring = tournament.scoring
    return scoring.pab_match_points is not None or scoring.pab_game_points is not None


def _out_of_order(tournament: TeamTournament) -> list[str]:
    """300 records for the line-ups the reader would not find from the roster order,
    and for matches where no board had both players (nothing else links the teams)."""
    out = []
    for rnd in tournament.schedule:
        for match in rnd.matches:
            if match.forfeit is not None:
                continue
            linked = any(g.white is not None and g.black is not None for g in match.boards)
            for team in match.teams():
                roster = tournament.team(team).roster
                lineup: list[int | None] = [None] * tournament.boards
                for game in match.boards:
                    lineup[game.board - 1] = game.white if game.white_team == team else game.black
                while lineup and lineup[-1] is None:
                    lineup.pop()
                present = [p for p in lineup if p is not None]
                if not linked or lineup != sorted(present, key=roster.index):
                    players = " ".join(f"{p or 0:04d}" for p in lineup)
                    out.append(
                        f"300 {rnd.number:03d} {team:03d} {match.opponent(team):03d} "
                        f"{players}".rstrip()
                    )
    return out
