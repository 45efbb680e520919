"""python -m pairings -g CONFIG -o OUT -s SEED: a random tournament paired by the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairings.cli import main
from pairings.generator import Config, ConfigError, generate, generated_trf, read_config
from pairings.verify import verify_rounds
from tiebreaks.model import Game, Unplayed, UnplayedRound
from tiebreaks.trf import parse_trf

SMALL = Config(players=12, rounds=5)


def _entries(tournament):
    return [(p.start_rank, n, p.round(n)) for p in tournament.players for n in range(1, 6)]


def test_the_same_seed_gives_the_same_file_and_another_seed_another() -> None:
    assert generated_trf(SMALL, 7) == generated_trf(SMALL, 7)
    assert generated_trf(SMALL, 7) != generated_trf(SMALL, 8)


def test_the_file_is_trf26_with_its_initial_colour_and_re_derives() -> None:
    text = generated_trf(SMALL, 3)
    assert "\n142 5\n" in text
    assert "\nXXC white1\n" in text or "\nXXC black1\n" in text
    checks = verify_rounds(parse_trf(text).tournament, initial_colour=generate(SMALL, 3)[1])
    assert [c.identical for c in checks] == [True] * 5


def test_trf16_on_request() -> None:
    text = generated_trf(SMALL, 3, trf16=True)
    assert "\nXXR 5\n" in text and "\n142 " not in text


def test_forfeit_rate_one_forfeits_every_game() -> None:
    tournament, _ = generate(Config(players=12, rounds=5, forfeit_rate=1), 1)
    kinds = {type(e) for _, _, e in _entries(tournament)}
    assert Game not in kinds
    assert all(e.kind.is_forfeit for _, _, e in _entries(tournament))


def test_draw_percentage_100_draws_every_game_played() -> None:
    tournament, _ = generate(Config(players=12, rounds=5, draw_percentage=100), 1)
    assert {e.outcome.value for _, _, e in _entries(tournament)} == {"draw"}


def test_half_point_bye_rate_one_gives_everybody_one_bye_before_the_last_round() -> None:
    tournament, _ = generate(Config(players=12, rounds=5, half_point_bye_rate=1), 2)
    for player in tournament.players:
        byes = [n for n in range(1, 6) if player.round(n) == UnplayedRound(Unplayed.HPB)]
        assert len(byes) == 1 and byes[0] < 5, player.start_rank


def test_retired_rate_one_withdraws_everybody_for_good() -> None:
    tournament, _ = generate(Config(players=12, rounds=5, retired_rate=1), 2)
    zpb = UnplayedRound(Unplayed.ZPB)
    for player in tournament.players:
        gone = [n for n in range(1, 6) if player.round(n) == zpb]
        assert gone and gone == list(range(gone[0], 6)) and gone[0] > 1, player.start_rank


def test_the_configuration_is_read_as_the_endorsed_engines_write_it() -> None:
    text = "# a comment\nPlayersNumber=30\nRoundsNumber=9\nDrawPercentage=40\n\nForfeitRate=12.5\n"
    assert read_config(text) == Config(30, 9, draw_percentage=40, forfeit_rate=12.5)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("PlayersNumber=10\n", "RoundsNumber is missing"),
        ("PlayersNumber=10\nRoundsNumber=5\nColour=white\n", "line 3: unknown key 'Colour'"),
        ("PlayersNumber=ten\nRoundsNumber=5\n", "line 1: PlayersNumber must be a number"),
        ("PlayersNumber=10\nRoundsNumber=5\nDrawPercentage=101\n", "from 0 to 100"),
        ("PlayersNumber=10\nRoundsNumber=5\nForfeitRate=0.5\n", "ForfeitRate must be at least 1"),
        ("PlayersNumber 10\n", "line 1: expected Key=Value"),
    ],
)
def test_a_bad_configuration_names_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(ConfigError, match=reason):
        read_config(text)


def test_the_command_writes_the_file(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=9\nRoundsNumber=4\nForfeitRate=5\n")
    out = tmp_path / "out.trf"
    assert main(["-g", str(config), "-o", str(out), "-s", "11"]) == 0
    assert out.read_text() == generated_trf(Config(9, 4, forfeit_rate=5), 11)


def test_the_command_refuses_a_bad_configuration_with_exit_2(tmp_path: Path, capsys) -> None:
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=9\n")
    assert main(["-g", str(config), "-o", str(tmp_path / "o.trf"), "-s", "1"]) == 2
    assert "RoundsNumber is missing" in capsys.readouterr().err


def test_the_command_needs_an_output_and_a_seed(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["-g", str(tmp_path / "config.txt"), "-s", "1"])
    assert stop.value.code == 2
    assert "-g CONFIG needs -o OUT.trf and -s SEED" in capsys.readouterr().err
