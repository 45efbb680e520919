"""The event log's summaries: English text made of translatable templates."""

from __future__ import annotations

from tiebreaks.messages import Message
from tournaments.domain.events import BoardPrizesSet, PrizeListSet, SettingsChanged


def test_a_settings_change_names_each_setting_and_its_value() -> None:
    summary = SettingsChanged({"rounds": 9, "check_in": True, "acceleration": ""}).summary()
    assert summary == "settings: rounds 9, check-in on, acceleration cleared"


def test_a_settings_change_is_a_template_for_the_catalogues() -> None:
    summary = SettingsChanged({"rounds": 9}).summary()
    assert isinstance(summary, Message)
    assert summary.template == "settings: %(changes)s"


def test_a_prize_list_of_one_prize_says_prize_and_of_two_prizes() -> None:
    one = PrizeListSet({"sharing": "equal", "prizes": [{}]}).summary()
    two = PrizeListSet({"sharing": "hort", "prizes": [{}, {}]}).summary()
    assert (one, two) == (
        "prize list set: 1 prize, equal sharing",
        "prize list set: 2 prizes, Hort sharing",
    )


def test_board_prize_rules_read_as_before_and_are_made_of_templates() -> None:
    summary = BoardPrizesSet("performance", 5, rating_cap=400).summary()
    assert summary == "board prizes by performance, at least 5 games, on each board played, " + (
        "rating difference at most 400"
    )
    assert isinstance(summary, Message)
