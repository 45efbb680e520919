"""python -m pairings FILE -p / -c: the JaVaFo interface."""

from __future__ import annotations

from pathlib import Path

from pairings.cli import main
from pairings.trf_input import initial_colour
from tiebreaks.model import Color
from tiebreaks.trf import read_trf

DATA = Path(__file__).resolve().parent.parent / "data"
HEADER = "012 Club Open\nXXR 5\nXXC white1\n"


def player(number: int, *cells: str) -> str:
    line = f"001 {number:4d}      Player {number:<26d} {2600 - 10 * number:4d}"
    line = line.ljust(80) + " 0.0 " + f"{number:4d}"
    return line + "".join(f"  {cell}" for cell in cells)


def write(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "t.trf"
    path.write_text(HEADER + "\n".join(lines) + "\n")
    return str(path)


def test_pairs_the_next_round_in_javafo_format(tmp_path, capsys):
    path = write(tmp_path, [player(n) for n in range(1, 6)])
    assert main([path, "-p"]) == 0
    assert capsys.readouterr().out == "3\n1 3\n4 2\n5 0\n"


def test_a_file_with_old_mac_line_ends_is_paired_as_written(tmp_path, capsys):
    path = tmp_path / "cr.trf"
    path.write_text((HEADER + "\n".join(player(n) for n in range(1, 6)) + "\n").replace("\n", "\r"))
    assert main([str(path), "-p"]) == 0
    assert capsys.readouterr().out == "3\n1 3\n4 2\n5 0\n"


def test_writes_the_output_file(tmp_path):
    path = write(tmp_path, [player(n) for n in range(1, 5)])
    out = tmp_path / "out.txt"
    assert main([path, "-p", str(out)]) == 0
    assert out.read_text() == "2\n1 3\n4 2\n"


def test_players_marked_in_the_round_to_pair_are_left_out(tmp_path, capsys):
    # Round 1 played: 1-3 1-0, 4-2 0-1; in round 2 player 1 asked for a half-point bye.
    lines = [
        player(1, "   3 w 1", "0000 - H"),
        player(2, "   4 b 1"),
        player(3, "   1 b 0"),
        player(4, "   2 w 0"),
    ]
    assert main([write(tmp_path, lines), "-p"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[0] == "2"
    assert "1" not in " ".join(out[1:]).split()


def test_a_digit_bye_without_opponent_in_the_round_to_pair_leaves_the_player_out(tmp_path, capsys):
    # Ruling 11: "0000 - 0" is a zero-point bye, "0000 - 1" a full-point bye; neither
    # player is paired in round 2, leaving 3-4 (3 had Black, 4 White) as the only board.
    lines = [
        player(1, "   3 w 1", "0000 - 0"),
        player(2, "   4 b 1", "0000 - 1"),
        player(3, "   1 b 0"),
        player(4, "   2 w 0"),
    ]
    assert main([write(tmp_path, lines), "-p"]) == 0
    assert capsys.readouterr().out == "1\n3 4\n"


def _with_points(number: int, points: str, *cells: str) -> str:
    line = player(number, *cells)
    return line[:80] + points.rjust(4) + line[84:]


def test_a_forfeit_has_no_colour_and_an_absent_player_keeps_his_pairing_number(tmp_path, capsys):
    # XXC black1.  Round 1: 1-3 =, 2 won by forfeit against 6 (scheduled Black), 4-7 =,
    # 5 a zero-point bye.  Round 2: 1 is absent (0000 - H).  Scores: 2: 1; 3 4 7: .5;
    # 5 6: 0, so 5 meets 6.  5 played no game, and 6's forfeit has no colour (C.04.3
    # 1.6: colours of games played): no preference on either side, so 5.2.5 gives the
    # higher-ranked 5 the initial colour (Black) for his odd pairing number 5.  Player
    # 1, absent, keeps his number: counting only the players paired in round 2 would
    # make 5 the 4th (even) and give him White.  bbpPairings pairs 6-5.
    lines = [
        "012 Club Open",
        "XXR 5",
        "XXC black1",
        _with_points(1, "0.5", "   3 b =", "0000 - H"),
        _with_points(2, "1.0", "   6 w +"),
        _with_points(3, "0.5", "   1 w ="),
        _with_points(4, "0.5", "   7 b ="),
        _with_points(5, "0.0", "0000 - Z"),
        _with_points(6, "0.0", "   2 b -"),
        _with_points(7, "0.5", "   4 w ="),
    ]
    path = tmp_path / "t.trf"
    path.write_text("\n".join(lines) + "\n")
    assert main([str(path), "-p"]) == 0
    assert "6 5" in capsys.readouterr().out.split("\n")


def test_the_initial_colour_is_read_from_round_1_s_paired_players(tmp_path):
    # No XXC.  Round 1: 1 absent (0000 - Z), 2 won by forfeit with White against 4,
    # 5-3 with 5 White.  Round 1 paired 2 3 4 5, numbered 1-4 in that round: its top
    # player 2 (number 1, odd) was given White, so the initial colour is White; a
    # forfeit keeps the colour it was scheduled with.  (Reading games only, 3 with
    # Black and start rank 3 would have said Black.)
    lines = [
        _with_points(1, "0.0", "0000 - Z"),
        _with_points(2, "1.0", "   4 w +"),
        _with_points(3, "0.0", "   5 b 0"),
        _with_points(4, "0.0", "   2 b -"),
        _with_points(5, "1.0", "   3 w 1"),
    ]
    path = tmp_path / "t.trf"
    path.write_text("XXR 5\n" + "\n".join(lines) + "\n")
    assert initial_colour(read_trf(path)) is Color.WHITE


def test_exit_1_when_everybody_has_met(tmp_path, capsys):
    # A round robin of four played as three Swiss rounds: round 4 has no legal pairing.
    lines = [
        player(1, "   2 w 1", "   3 b 1", "   4 w 1"),
        player(2, "   1 b 0", "   4 w 1", "   3 b 1"),
        player(3, "   4 w 1", "   1 w 0", "   2 w 0"),
        player(4, "   3 b 0", "   2 b 0", "   1 b 0"),
    ]
    assert main([write(tmp_path, lines), "-p"]) == 1
    assert "no legal pairing for round 4" in capsys.readouterr().err


def test_exit_2_for_a_bad_file_naming_line_and_column(tmp_path, capsys):
    lines = [player(1, "   2 x 1"), player(2, "   1 b 0")]
    assert main([write(tmp_path, lines), "-p"]) == 2
    assert "line 4, column 97" in capsys.readouterr().err


def test_exit_2_for_a_bad_initial_colour(tmp_path, capsys):
    path = tmp_path / "t.trf"
    path.write_text("XXC green\n" + player(1) + "\n" + player(2) + "\n")
    assert main([str(path), "-p"]) == 2
    assert "line 1, column 5: XXC expects white1 or black1" in capsys.readouterr().err


def test_check_reports_the_rounds_the_engine_pairs_differently(tmp_path, capsys):
    # Round 1 should be 1-3 and 4-2; the file has 1-2 and 3-4.
    lines = [
        player(1, "   2 w 1"),
        player(2, "   1 b 0"),
        player(3, "   4 w 1"),
        player(4, "   3 b 0"),
    ]
    assert main([write(tmp_path, lines), "-c"]) == 1
    # S1 = 1 2, S2 = 3 4, nobody has a colour: no criterion C1-C21 tells the two
    # apart; the file has 3 (an S2 player) as the higher player of a pair, one
    # exchange (4.3), where the engine has none.
    assert capsys.readouterr().out == (
        "round 1: differs: 1-2, 3-4 (the engine: 1-3, 4-2); "
        "first criterion: 4 (order of candidates: exchanges)\n"
    )


def test_check_names_the_colour_rule_when_only_colours_differ(tmp_path, capsys):
    # Round 1 with XXC white1: 1-3 and 4-2; without any colour history 5.2.5 gives
    # the higher-ranked player of each board the initial colour for an odd pairing
    # number (1), the other for an even one (2).  The file gives 3 White against 1.
    lines = [
        player(1, "   3 b 0"),
        player(2, "   4 b 1"),
        player(3, "   1 w 1"),
        player(4, "   2 w 0"),
    ]
    assert main(["-c", write(tmp_path, lines)]) == 1
    assert capsys.readouterr().out.endswith(
        "first criterion: 5.2.5 (colour allocation), board 3-1\n"
    )


def test_check_names_a_rematch(tmp_path, capsys):
    # Round 2 pairs 1-3 again (C1: no two players meet twice).
    lines = [
        player(1, "   3 w 1", "   3 b 1"),
        player(2, "   4 b 1", "   4 w 1"),
        player(3, "   1 b 0", "   1 w 0"),
        player(4, "   2 w 0", "   2 b 0"),
    ]
    assert main(["-c", write(tmp_path, lines)]) == 1
    assert "round 2: " in (out := capsys.readouterr().out)
    assert out.endswith("first criterion: C1: 1 and 3 have met\n")


def test_verify_gives_every_round_a_verdict(tmp_path, capsys):
    lines = [
        player(1, "   3 w 1", "   2 b 1"),
        player(2, "   4 b 1", "   1 w 0"),
        player(3, "   1 b 0", "   4 b 1"),
        player(4, "   2 w 0", "   3 w 0"),
    ]
    # Round 2: 1 and 2 (1 point) meet; 1 had White and 2 Black, so 2 gets White
    # (5.2.1).  3 had Black and 4 White, so 3 gets White, but the file gives it to 4.
    assert main(["verify", write(tmp_path, lines)]) == 1
    assert capsys.readouterr().out == (
        "round 1: as the engine pairs\nround 2: differs: 4-3 (the engine: 3-4)\n"
    )


def test_verify_refuses_a_round_robin(tmp_path, capsys):
    path = tmp_path / "rr.trf"
    path.write_text(
        "092 Individual: Round robin\n"
        + player(1, "   2 w 1")
        + "\n"
        + player(2, "   1 b 0")
        + "\n"
    )
    assert main(["verify", str(path)]) == 2
    assert "round robin is not paired by the Dutch system" in capsys.readouterr().err


def test_verify_without_a_file_is_exit_2(capsys):
    try:
        main(["verify"])
    except SystemExit as stop:
        assert stop.code == 2
    assert "a TRF file is needed" in capsys.readouterr().err


def test_check_is_silent_when_every_round_agrees(tmp_path, capsys):
    lines = [
        player(1, "   3 w 1"),
        player(2, "   4 b 1"),
        player(3, "   1 b 0"),
        player(4, "   2 w 0"),
    ]
    assert main([write(tmp_path, lines), "-c"]) == 0
    assert capsys.readouterr().out == ""


def test_the_bye_follows_the_order_of_exchanges(capsys):
    """Round 3 of tests/data/dutch_exchange_bye.trf.  The last bracket (0.5 points)
    is 8, 9, 10, 12, 13 with the bye to give (14 and 15 already had one, C2); 8, 10
    and 12 are due White, 9 and 13 Black, and 8-13, 9-10 already met.  Only a bye to
    8 or to 12 lets every preference be granted (C12); both need one exchange
    between S1 = {8, 9} and S2 = {10, 12, 13}: giving 12 the bye moves 9 down and 10
    up (S1 = {8, 10}), giving it to 8 moves 8 down, a larger difference (D): so 8-9,
    10-13 and the bye to 12, as bbpPairings pairs it."""
    assert main([str(DATA / "dutch_exchange_bye.trf"), "-p"]) == 0
    assert capsys.readouterr().out == "8\n3 1\n2 11\n4 7\n15 5\n6 14\n8 9\n10 13\n12 0\n"


def test_baku_option_pairs_ga_among_itself_in_round_one(tmp_path, capsys):
    # 8 players, 5 rounds: GA = 1-4 with one virtual point (C.04.5.1): 1-3, 4-2 | 5-7, 8-6.
    path = write(tmp_path, [player(n) for n in range(1, 9)])
    assert main([path, "-p", "--baku"]) == 0
    assert capsys.readouterr().out == "4\n1 3\n4 2\n5 7\n8 6\n"


def test_192_fide_dutch_baku_asks_for_baku_acceleration(tmp_path, capsys):
    path = write(tmp_path, ["192 FIDE_DUTCH_BAKU", *(player(n) for n in range(1, 9))])
    assert main([path, "-p"]) == 0
    assert capsys.readouterr().out == "4\n1 3\n4 2\n5 7\n8 6\n"


def test_xxa_lines_give_virtual_points_per_round(tmp_path, capsys):
    # Players 7 and 8 get one virtual point in round 1 (none in round 2): bracket 1
    # is 7-8 (7 odd: white), bracket 0 is 1-6: 1-4, 5-2, 3-6.
    xxa = ["XXA    7  1.0     ", "XXA    8  1.0"]
    path = write(tmp_path, [*xxa, *(player(n) for n in range(1, 9))])
    assert main([path, "-p"]) == 0
    assert capsys.readouterr().out == "4\n7 8\n1 4\n5 2\n3 6\n"


def test_exit_2_for_unreadable_xxa_points(tmp_path, capsys):
    path = write(tmp_path, ["XXA    1  one", player(1), player(2)])
    assert main([path, "-p"]) == 2
    assert "line 4, column 10: XXA expects points like 1.0" in capsys.readouterr().err


def test_exit_2_for_xxa_of_a_player_not_in_the_file(tmp_path, capsys):
    path = write(tmp_path, ["XXA    9  1.0", player(1), player(2)])
    assert main([path, "-p"]) == 2
    assert "line 4, column 5: XXA names player 9" in capsys.readouterr().err


def test_exit_2_for_xxa_lines_with_baku(tmp_path, capsys):
    path = write(tmp_path, ["XXA    1  1.0", player(1), player(2)])
    assert main([path, "-p", "--baku"]) == 2
    assert "XXA lines and Baku acceleration both" in capsys.readouterr().err


def test_check_pairs_again_with_the_acceleration_asked_for(tmp_path, capsys):
    # Round 1 as Baku pairs 8 players (1-3, 4-2, 5-7, 8-6): it agrees with --baku only.
    lines = [
        player(1, "   3 w 1"),
        player(2, "   4 b 1"),
        player(3, "   1 b 0"),
        player(4, "   2 w 0"),
        player(5, "   7 w 1"),
        player(6, "   8 b 1"),
        player(7, "   5 b 0"),
        player(8, "   6 w 0"),
    ]
    path = write(tmp_path, lines)
    assert main([path, "-c", "--baku"]) == 0
    assert main([path, "-c"]) == 1


# ---- TRF26 250 records for individuals (tests/data/baku_250.trf and baku_xxa.trf: one
# Baku-accelerated tournament, 8 players and 4 rounds, round 1 paired; GA = 1-4 with
# 1 virtual point in round 1 and 0.5 in round 2, as 250 records and as XXA lines).


def test_250_records_pair_as_the_equivalent_xxa_lines(capsys):
    assert main([str(DATA / "baku_xxa.trf"), "-p"]) == 0
    with_xxa = capsys.readouterr().out
    assert main([str(DATA / "baku_250.trf"), "-p"]) == 0
    assert capsys.readouterr().out == with_xxa


def test_250_records_give_virtual_points_per_round(tmp_path, capsys):
    # As the XXA test above: 7 and 8 one virtual point in round 1 make bracket 1.
    path = write(tmp_path, ["250  0.0  1.0 001 001 0007 0008", *(player(n) for n in range(1, 9))])
    assert main([path, "-p"]) == 0
    assert capsys.readouterr().out == "4\n7 8\n1 4\n5 2\n3 6\n"


def test_250_records_and_xxa_lines_that_agree_are_read(tmp_path, capsys):
    lines = ["250  0.0  1.0 001 001 0007 0008", "XXA    7  1.0", "XXA    8  1.0"]
    path = write(tmp_path, [*lines, *(player(n) for n in range(1, 9))])
    assert main([path, "-p"]) == 0
    assert capsys.readouterr().out == "4\n7 8\n1 4\n5 2\n3 6\n"


def test_exit_2_for_250_records_and_xxa_lines_that_disagree(tmp_path, capsys):
    lines = ["250  0.0  1.0 001 001 0007 0008", "XXA    7  1.0", "XXA    8  0.5"]
    path = write(tmp_path, [*lines, *(player(n) for n in range(1, 9))])
    assert main([path, "-p"]) == 2
    err = capsys.readouterr().err
    assert "line 6, column 10: XXA and 250 disagree: player 8 round 1" in err


def test_exit_2_for_a_250_record_a_player_has_no_xxa_line_for(tmp_path, capsys):
    lines = ["250  0.0  1.0 001 001 0006 0008", "XXA    7  1.0", "XXA    8  1.0"]
    path = write(tmp_path, [*lines, *(player(n) for n in range(1, 9))])
    assert main([path, "-p"]) == 2
    assert "line 4, column 10: XXA and 250 disagree: player 6" in capsys.readouterr().err


def test_exit_2_for_unreadable_250_points(tmp_path, capsys):
    path = write(tmp_path, ["250  0.0  one 001 001 0001 0001", player(1), player(2)])
    assert main([path, "-p"]) == 2
    assert "line 4, column 10: 250 expects game points like 1.0" in capsys.readouterr().err


def test_exit_2_for_250_match_points_of_a_player(tmp_path, capsys):
    path = write(tmp_path, ["250  1.0  1.0 001 001 0001 0001", player(1), player(2)])
    assert main([path, "-p"]) == 2
    assert "line 4, column 5: 250 match points are for teams" in capsys.readouterr().err


def test_exit_2_for_a_250_record_of_a_player_not_in_the_file(tmp_path, capsys):
    path = write(tmp_path, ["250  0.0  1.0 001 001 0001 0003", player(1), player(2)])
    assert main([path, "-p"]) == 2
    assert "line 4, column 23: 250 names player 3, who is not in the file" in (
        capsys.readouterr().err
    )


def test_exit_2_for_a_250_record_without_its_last_round(tmp_path, capsys):
    path = write(tmp_path, ["250  0.0  1.0 001     0001 0002", player(1), player(2)])
    assert main([path, "-p"]) == 2
    assert "line 4, column 19: 250 expects the round in columns 19-21" in capsys.readouterr().err


def test_exit_2_for_250_records_with_baku(tmp_path, capsys):
    path = write(tmp_path, ["250  0.0  1.0 001 001 0001 0002", player(1), player(2)])
    assert main([path, "-p", "--baku"]) == 2
    assert "line 4, column 1: 250 records and --baku both" in capsys.readouterr().err


def test_250_records_make_a_192_baku_be_disregarded(tmp_path, capsys):
    # Without acceleration (the 250 record gives nobody points): 1-5, 6-2, 3-7, 8-4.
    lines = ["192 FIDE_DUTCH_BAKU", "250  0.0  0.0 001 001 0001 0001"]
    path = write(tmp_path, [*lines, *(player(n) for n in range(1, 9))])
    assert main([path, "-p"]) == 0
    assert capsys.readouterr().out == "4\n1 5\n6 2\n3 7\n8 4\n"


def test_check_re_pairs_with_the_250_records(capsys):
    # Round 1 (1-3, 4-2, 5-7, 8-6) is what the 250 records' GA pairs, not a plain Dutch.
    assert main([str(DATA / "baku_250.trf"), "-c"]) == 0
