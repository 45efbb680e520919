"""The C.04.2 initial ranking list (pure, no database)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from tournaments.domain.initial_ranking import TITLE_ORDER, initial_ranking


@dataclass(frozen=True)
class Entry:
    name: str
    rating: int = 0
    title: str = ""


def names(players: list[Entry]) -> list[str]:
    return [p.name for p in initial_ranking(players)]


def test_higher_rating_comes_first():
    assert names([Entry("B", 2355), Entry("A", 2612), Entry("C", 2402)]) == ["A", "C", "B"]


def test_unrated_players_come_after_every_rated_one():
    assert names([Entry("Unrated", 0, "GM"), Entry("Weak", 1001)]) == ["Weak", "Unrated"]


def test_equal_ratings_are_ordered_by_title_as_c04_2_lists_them():
    # C.04.2 B b): GM-IM-WGM-FM-WIM-CM-WFM-WCM-no title, written here in reverse.
    players = [Entry(f"P{t}", 2300, t) for t in ("", *reversed(TITLE_ORDER))]
    assert names(players) == ["PGM", "PIM", "PWGM", "PFM", "PWIM", "PCM", "PWFM", "PWCM", "P"]


def test_an_unknown_title_ranks_as_no_title():
    players = [Entry("Zed", 2000, "AGM"), Entry("Abe", 2000, "")]
    assert names(players) == ["Abe", "Zed"]


def test_equal_rating_and_title_are_ordered_alphabetically_ignoring_case_and_accents():
    players = [Entry("Ödön", 1900), Entry("bauer", 1900), Entry("Émile", 1900), Entry("Ada", 1900)]
    assert names(players) == ["Ada", "bauer", "Émile", "Ödön"]


def test_unrated_players_are_ordered_by_title_then_name():
    players = [Entry("Cy"), Entry("Al"), Entry("Bo", 0, "WFM")]
    assert names(players) == ["Bo", "Al", "Cy"]


def test_the_order_players_registered_in_does_not_matter():
    # Hand-ranked: 2612 GM, then 2402 IM before 2402 FM, then 2355 and the unrated.
    expected = ["Gm", "Im", "Fm", "Club", "Abel", "Zoe"]
    players = [
        Entry("Club", 2355),
        Entry("Zoe"),
        Entry("Fm", 2402, "FM"),
        Entry("Gm", 2612, "GM"),
        Entry("Abel"),
        Entry("Im", 2402, "IM"),
    ]
    for seed in range(5):
        random.Random(seed).shuffle(players)
        assert names(players) == expected


@pytest.mark.parametrize("title", ["gm", " GM "])
def test_titles_are_read_without_case_or_padding(title):
    assert names([Entry("Plain", 2000), Entry("Titled", 2000, title)]) == ["Titled", "Plain"]
