"""The TRF reader and writer, checked against the TEC exercise files (Held, C.07-2023).

Expected facts come from the reference crosstables (FIDE-C07-and-TRF.md §8) and the
TRF16/TRF26 layout (§7), never from running the code under test.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from tiebreaks.errors import TrfError
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Player,
    Scoring,
    System,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.standings import compute_standings
from tiebreaks.trf import (
    TRF16,
    TRF26,
    AbnormalPoints,
    ByeRecord,
    parse_trf,
    read_trf,
    trf_from_tournament,
    write_trf,
)

DATA = Path(__file__).resolve().parents[1] / "data"
HELD = sorted(DATA.glob("held_*.trf"))
SWISS_5 = DATA / "held_swiss_5.trf"
ROUND_ROBIN = DATA / "held_round_robin.trf"


def swiss_5_text() -> str:
    return SWISS_5.read_text()


def line_of(text: str, start_rank: int) -> int:
    """The 1-based line number of a player's 001 record."""
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("001") and int(line[4:8]) == start_rank:
            return number
    raise AssertionError(f"no player {start_rank}")


def overwrite(text: str, start_rank: int, column: int, chars: str) -> str:
    """The text with ``chars`` written over a player's record from ``column`` (1-based)."""
    lines = text.split("\n")
    i = line_of(text, start_rank) - 1
    line = lines[i].ljust(column - 1 + len(chars))
    lines[i] = line[: column - 1] + chars + line[column - 1 + len(chars) :]
    return "\n".join(lines)


def record(code: str, body: str) -> str:
    return f"{code} {body}"


def with_header(text: str, *records: str) -> str:
    """Records added after the first line (the 012 name)."""
    first, rest = text.split("\n", 1)
    return "\n".join((first, *records, rest))


def column(rnd: int) -> int:
    """Column of round ``rnd``'s opponent field (TRF16: 92 + 10 (r - 1))."""
    return 92 + 10 * (rnd - 1)


# --------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("path", HELD, ids=lambda p: p.name)
def test_every_reference_file_writes_back_identically(path: Path) -> None:
    text = path.read_text()
    assert write_trf(read_trf(path)) == text


def test_comments_unknown_records_and_crlf_write_back_identically() -> None:
    text = with_header(swiss_5_text(), "### a comment", "999 some record we do not know  ")
    crlf = text.replace("\n", "\r\n")
    assert write_trf(parse_trf(crlf)) == crlf


def test_old_mac_line_ends_read_as_lines() -> None:
    lf = parse_trf(swiss_5_text())
    cr = parse_trf(swiss_5_text().replace("\n", "\r"))
    assert cr.tournament == lf.tournament


def test_reference_files_are_there() -> None:
    assert [p.name for p in HELD] == [
        "held_round_robin.trf",
        "held_swiss_5.trf",
        "held_swiss_9.trf",
    ]


# --------------------------------------------------------------------------- reading


def test_nick_gets_a_pab_a_forfeit_win_then_zero_point_byes_after_withdrawing() -> None:
    nick = read_trf(SWISS_5).tournament.player(12)
    assert nick.name == "Nick"
    assert nick.rating == 1650
    assert nick.rounds == (
        Game(4, Outcome.LOSS, Color.WHITE),
        UnplayedRound(Unplayed.PAB),
        UnplayedRound(Unplayed.FORFEIT_WIN, 14, Color.WHITE),
        UnplayedRound(Unplayed.ZPB),
        UnplayedRound(Unplayed.ZPB),
    )


def test_jessica_has_a_half_point_bye_a_forfeit_loss_and_a_pab() -> None:
    jessica = read_trf(SWISS_5).tournament.player(9)
    assert jessica.rounds[2:] == (
        UnplayedRound(Unplayed.HPB),
        UnplayedRound(Unplayed.FORFEIT_LOSS, 11, Color.BLACK),
        UnplayedRound(Unplayed.PAB),
    )


def test_player_fields_come_from_their_columns() -> None:
    alyx = read_trf(SWISS_5).tournament.player(1)
    assert (alyx.sex, alyx.name, alyx.rating, alyx.federation, alyx.fide_id, alyx.birth_date) == (
        "m",
        "Alyx",
        2200,
        "FID",
        "1001",
        "2000/01/01",
    )


def test_headers_give_name_rounds_and_system() -> None:
    swiss = read_trf(SWISS_5)
    assert swiss.tournament.name == "TEC Tie-break exercise (Held, C.07-2023) - Swiss individual"
    assert swiss.tournament.rounds == 5
    assert swiss.tournament.system is System.SWISS
    assert swiss.version == TRF26  # it has a 142 record
    assert read_trf(DATA / "held_swiss_9.trf").tournament.rounds == 9
    assert read_trf(ROUND_ROBIN).tournament.system is System.ROUND_ROBIN


def test_points_from_the_default_scoring_match_the_points_column() -> None:
    text = swiss_5_text()
    tournament = parse_trf(text).tournament
    column_points = {
        int(line[4:8]): Fraction(line[80:84].strip())
        for line in text.split("\n")
        if line.startswith("001")
    }
    assert {
        p.start_rank: sum(map(tournament.scoring.points, p.rounds)) for p in tournament.players
    } == column_points


def test_round_robin_forfeit_is_kept_with_its_opponent() -> None:
    tournament = read_trf(ROUND_ROBIN).tournament
    assert tournament.player(5).round(4) == UnplayedRound(Unplayed.FORFEIT_LOSS, 6, Color.WHITE)
    assert tournament.player(6).round(4) == UnplayedRound(Unplayed.FORFEIT_WIN, 5, Color.BLACK)


def test_rounds_without_142_are_the_most_round_columns() -> None:
    text = swiss_5_text().replace("142 5\n", "").replace("XXR 5\n", "")
    trf = parse_trf(text)
    assert trf.tournament.rounds == 5
    assert trf.version == TRF16


def test_letter_codes_are_case_insensitive() -> None:
    text = overwrite(swiss_5_text(), 4, column(2) + 7, "h")
    assert read_trf(SWISS_5).tournament == parse_trf(text).tournament


def test_w_d_l_are_played_but_unrated_games() -> None:
    text = overwrite(swiss_5_text(), 1, column(1), "   9 w W")
    text = overwrite(text, 9, column(1), "   1 b L")
    tournament = parse_trf(text).tournament
    assert tournament.player(1).round(1) == Game(9, Outcome.WIN, Color.WHITE, rated=False)
    assert tournament.player(9).round(1) == Game(1, Outcome.LOSS, Color.BLACK, rated=False)


def test_double_forfeit_is_a_forfeit_loss_on_both_sides() -> None:
    text = overwrite(swiss_5_text(), 1, column(1) + 7, "-")
    text = overwrite(text, 9, column(1) + 7, "-")
    tournament = parse_trf(text).tournament
    assert tournament.player(1).round(1) == UnplayedRound(Unplayed.FORFEIT_LOSS, 9, Color.WHITE)
    assert tournament.player(9).round(1) == UnplayedRound(Unplayed.FORFEIT_LOSS, 1, Color.BLACK)


def test_blank_cell_in_a_played_round_is_an_absence() -> None:
    text = overwrite(swiss_5_text(), 12, column(4), " " * 18)  # rounds 4 and 5
    nick = parse_trf(text).tournament.player(12)
    assert nick.rounds[3:] == (UnplayedRound(Unplayed.ABSENT), UnplayedRound(Unplayed.ABSENT))


def test_rounds_nobody_has_played_yet_are_left_unknown() -> None:
    lines = [
        line[: column(4) - 1].rstrip() if line.startswith("001") else line
        for line in swiss_5_text().split("\n")
    ]
    tournament = parse_trf("\n".join(lines)).tournament
    assert tournament.rounds == 5  # still the 142 record
    players = tournament.players
    assert all(p.round(3) is not None for p in players)  # round 3 is the last played
    assert all(p.round(4) is None and p.round(5) is None for p in players)


def test_202_gives_the_tiebreaks_as_written() -> None:
    text = with_header(swiss_5_text(), "202 BH/C1, BH,sb")
    assert parse_trf(text).tiebreaks == ("BH/C1", "BH", "sb")


def test_212_gives_the_tiebreaks_without_pts() -> None:
    text = with_header(swiss_5_text(), "212 PTS,BH/C1,BH")
    assert parse_trf(text).tiebreaks == ("BH/C1", "BH")


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2026", "FIDE_DUTCH_BAKU", "FIDE_DUBOV", "FIDE_LIM"])
def test_a_192_swiss_code_makes_a_complete_round_robin_a_swiss(code: str) -> None:
    text = ROUND_ROBIN.read_text().replace("092 Individual: Round robin\n", "")
    assert parse_trf(with_header(text, f"192 {code}")).tournament.system is System.SWISS


@pytest.mark.parametrize(
    ("records", "system"),
    [
        (("192 BERGER_ROUNDROBIN",), System.ROUND_ROBIN),
        (("092 Individual: Double round robin",), System.DOUBLE_ROUND_ROBIN),
        (("092 Individual: Round robin", "192 FIDE_DUTCH_2026"), System.SWISS),
    ],
)
def test_system_comes_from_192_else_092(records: tuple[str, ...], system: System) -> None:
    text = swiss_5_text().replace("092 Individual: Swiss-System\n", "")
    assert parse_trf(with_header(text, *records)).tournament.system is system


# --------------------------------------------------------------------------- scoring


def test_162_sets_win_draw_loss_absence_and_pab() -> None:
    text = with_header(swiss_5_text(), "162  W 3.0     D 1.0     L 0.0     A 0.0")
    assert parse_trf(text).tournament.scoring == Scoring.three_one_zero()


def test_162_p_gives_the_pab_its_own_value() -> None:
    text = with_header(swiss_5_text(), "162  W 3.0     D 1.0     P 1.0")
    scoring = parse_trf(text).tournament.scoring
    assert (scoring.win, scoring.forfeit_win, scoring.fpb, scoring.pab) == (3, 3, 3, 1)


def test_xxs_shortcuts_and_codes() -> None:
    text = with_header(swiss_5_text(), "XXS W=3 D=1 PAB=2 FL=-1")
    assert parse_trf(text).tournament.scoring == Scoring(
        **{
            name: Fraction(n)
            for name, n in {
                "win": 3,
                "forfeit_win": 3,
                "fpb": 3,
                "draw": 1,
                "hpb": 1,
                "pab": 2,
                "forfeit_loss": -1,
            }.items()
        }
    )


def test_points_column_is_written_from_a_three_one_zero_scoring() -> None:
    # TEC crosstable under 3-1-0: Bruno +,+,=,+,= = 11; David +,HPB,+,=,= = 9;
    # Nick loss, PAB, forfeit win, ZPB, ZPB = 6.
    tournament = dataclasses.replace(read_trf(SWISS_5).tournament, scoring=Scoring.three_one_zero())
    text = write_trf(trf_from_tournament(tournament))
    points = {int(line[4:8]): line[80:84] for line in text.split("\n") if line.startswith("001")}
    assert (points[2], points[4], points[12]) == ("11.0", " 9.0", " 6.0")


# --------------------------------------------------------------------------- 240 / 299


def test_240_byes_are_read_and_change_no_points() -> None:
    plain = read_trf(SWISS_5)
    trf = parse_trf(with_header(swiss_5_text(), "240 H 005  003  0009"))
    assert trf.headers.byes == (ByeRecord(Unplayed.HPB, 5, (3, 9)),)
    assert trf.tournament == plain.tournament


def test_299_abnormal_points_are_kept_and_change_no_points() -> None:
    # Type W at 5, no match points (8-11), 0.0 points at 14-17, round 3 at 20-22, player 2.
    text = with_header(swiss_5_text(), "299 W" + " " * 8 + " 0.0  003 0002")
    trf = parse_trf(text)
    assert trf.headers.abnormal_points == (AbnormalPoints("W", None, Fraction(0), 3, (2,)),)
    assert trf.tournament == read_trf(SWISS_5).tournament
    assert write_trf(trf) == text


ACCELERATION = ("250  0.0  1.0 001 002 0001 0008", "250  0.0  0.5 003 003 0001 0008")


def test_250_virtual_points_change_no_points() -> None:
    # Virtual points (C.04.5) are for pairing only: the standings never see them.
    trf = parse_trf(with_header(swiss_5_text(), *ACCELERATION))
    assert trf.tournament == read_trf(SWISS_5).tournament


def test_250_virtual_points_are_written_back_as_read() -> None:
    text = with_header(swiss_5_text(), *ACCELERATION)
    assert write_trf(parse_trf(text)) == text


def test_xxa_virtual_points_change_no_points() -> None:
    trf = parse_trf(with_header(swiss_5_text(), "XXA    1  1.0  1.0  0.5"))
    assert trf.tournament == read_trf(SWISS_5).tournament


# --------------------------------------------------------------------------- writing


@pytest.mark.parametrize("version", [TRF16, TRF26])
@pytest.mark.parametrize("scoring", [Scoring(), Scoring.three_one_zero(), Scoring(hpb=Fraction(0))])
def test_a_tournament_built_in_code_reads_back_equal(version: str, scoring: Scoring) -> None:
    tournament = dataclasses.replace(read_trf(SWISS_5).tournament, scoring=scoring)
    trf = trf_from_tournament(tournament, ("BH/C1", "SB"), version=version)
    back = parse_trf(write_trf(trf))
    assert back.tournament == tournament
    assert back.version == version


def test_tiebreaks_are_written_in_trf26_only() -> None:
    tournament = read_trf(SWISS_5).tournament
    assert parse_trf(write_trf(trf_from_tournament(tournament, ("BH/C1", "SB")))).tiebreaks == (
        "BH/C1",
        "SB",
    )
    trf16 = trf_from_tournament(tournament, ("BH/C1", "SB"), version=TRF16)
    assert parse_trf(write_trf(trf16)).tiebreaks == ()


def test_player_record_layout_matches_the_reference_example() -> None:
    # FIDE-C07-and-TRF.md §7.4, David's line.  Without standings the rank column is by
    # points alone: only Bruno (4.0) has more than David's 3.5, so David is 2nd.
    text = write_trf(trf_from_tournament(read_trf(SWISS_5).tournament))
    david = text.split("\n")[line_of(text, 4) - 1]
    assert david == (
        "001    4 m    David                             2050 FID        1004 2000/01/01  3.5"
        "    2    12 b 1  0000 - H    13 w 1     3 w =     1 b ="
    )


def test_standings_fill_points_and_rank_and_leave_the_rest_verbatim() -> None:
    text = swiss_5_text()
    trf = parse_trf(text)
    standings = compute_standings(trf.tournament, ("BH",), "fide-2023")
    written = write_trf(trf, standings=standings)
    rank_of = {row.player.start_rank: row.rank for row in standings.rows}
    for old, new in zip(text.split("\n"), written.split("\n"), strict=True):
        if not old.startswith("001"):
            assert new == old
            continue
        assert new[:80] == old[:80] and new[89:] == old[89:]
        assert new[80:84] == old[80:84]  # the points column was already right
        assert int(new[85:89]) == rank_of[int(old[4:8])]


def test_changed_added_and_removed_players_are_written() -> None:
    trf = read_trf(ROUND_ROBIN)
    players = [p for p in trf.tournament.players if p.start_rank != 6]
    players[0] = dataclasses.replace(players[0], name="Alyx Renamed")
    players.append(Player(7, "Newcomer"))
    changed = dataclasses.replace(
        trf, tournament=dataclasses.replace(trf.tournament, players=tuple(players))
    )
    lines = write_trf(changed).split("\n")
    player_lines = [line for line in lines if line.startswith("001")]
    assert [int(line[4:8]) for line in player_lines] == [1, 2, 3, 4, 5, 7]
    assert player_lines[0][14:47].rstrip() == "Alyx Renamed"
    assert player_lines[1] in ROUND_ROBIN.read_text().split("\n")


# --------------------------------------------------------------------------- bad input


def _errors() -> list[tuple[str, str, int, int, str]]:
    """(id, text, line, column, words in the reason); each text has exactly one fault."""
    text = swiss_5_text()
    alyx, bruno, david = line_of(text, 1), line_of(text, 2), line_of(text, 4)
    lines = text.split("\n")
    short = list(lines)
    short[alyx - 1] = short[alyx - 1][: column(1) + 6]  # ends before round 1's result
    return [
        ("short line", "\n".join(short), alyx, 99, "no result against 9, but line"),
        ("misaligned round", overwrite(text, 1, 96, "x"), alyx, 96, "misaligned"),
        ("misaligned name", overwrite(text, 1, 48, "x"), alyx, 48, "misaligned"),
        ("unknown result code", overwrite(text, 1, 99, "X"), alyx, 99, "unknown result code"),
        ("sides disagree", overwrite(text, 1, 99, "0"), alyx, 99, "disagrees"),
        ("same colour", overwrite(text, 1, 97, "b"), alyx, 97, "not opposite"),
        ("opponent missing", overwrite(text, 1, 92, "  99"), alyx, 92, "does not exist"),
        ("not reciprocal", overwrite(text, 1, 92, "   3"), alyx, 92, "does not have 1"),
        ("bye with opponent", overwrite(text, 4, column(2), "  13"), david, 102, "bye"),
        (
            "game without opponent",
            overwrite(overwrite(text, 1, 92, "0000"), 1, 99, "W"),
            alyx,
            92,
            "needs an opponent",
        ),
        ("non-numeric start rank", overwrite(text, 1, 5, "  1a"), alyx, 5, "start rank"),
        ("duplicate start rank", overwrite(text, 2, 5, "   1"), bruno, 5, "duplicate"),
        ("bad colour", overwrite(text, 1, 97, "x"), alyx, 97, "colour"),
        ("non-numeric rating", overwrite(text, 1, 49, "22x0"), alyx, 49, "rating"),
        ("bad 142", text.replace("142 5", "142 five"), 8, 5, "number of rounds"),
        ("142 against XXR", text.replace("XXR 5", "XXR 6"), 9, 5, "contradicts"),
        ("bad 162", with_header(text, "162  W 3.0  Q"), 2, 13, "result symbol"),
        ("bad XXS code", with_header(text, "XXS W=3 QQ=1"), 2, 9, "unknown XXS"),
        ("XXS by colour", with_header(text, "XXS WW=1 BW=0.5"), 2, 10, "White and Black"),
        ("240 unknown player", with_header(text, "240 H 003  0099"), 2, 12, "does not exist"),
        ("240 bad type", with_header(text, "240 U 003  0009"), 2, 5, "bye type"),
    ]


@pytest.mark.parametrize(
    ("text", "line", "column", "reason"),
    [case[1:] for case in _errors()],
    ids=[case[0] for case in _errors()],
)
def test_bad_input_raises_one_error_naming_line_and_column(
    text: str, line: int, column: int, reason: str
) -> None:
    with pytest.raises(TrfError) as caught:
        parse_trf(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert reason in str(caught.value)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")


@pytest.mark.parametrize(("version", "cell"), [(TRF26, "0000 - -"), (TRF16, "0000 -")])
def test_an_absence_is_written_as_dash_in_trf26_and_blank_in_trf16(version, cell) -> None:
    # Round 2: both absent, neither paired nor given a bye (C.07 16.1.1).
    players = (
        Player(1, "A", rounds=(Game(2, Outcome.WIN, Color.WHITE), UnplayedRound(Unplayed.ABSENT))),
        Player(2, "B", rounds=(Game(1, Outcome.LOSS, Color.BLACK), UnplayedRound(Unplayed.ABSENT))),
    )
    text = write_trf(trf_from_tournament(TournamentResults(players, 2), version=version))
    first = text.split("\n")[line_of(text, 1) - 1]
    assert first[101:].rstrip() == cell
    assert parse_trf(text).tournament.players == players


def test_a_start_rank_beyond_four_columns_is_refused_not_written_shifted() -> None:
    tournament = read_trf(SWISS_5).tournament
    last = max(tournament.players, key=lambda p: p.start_rank)
    renumbered = dataclasses.replace(last, start_rank=10000)
    players = tuple(renumbered if p is last else p for p in tournament.players)
    with pytest.raises(ValueError, match="start rank 10000 does not fit"):
        trf_from_tournament(dataclasses.replace(tournament, players=players))
