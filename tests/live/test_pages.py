"""The index and spectator pages (their live behaviour: test_browser)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from .builders import make_tournament, organiser

pytestmark = pytest.mark.django_db


def test_index_links_every_tournament_to_its_live_page() -> None:
    first, second = make_tournament(name="Spring Open"), make_tournament(name="Club Cup")
    html = Client().get(reverse("live:index")).content.decode()
    for tid, name in ((first, "Spring Open"), (second, "Club Cup")):
        assert name in html
        assert f'href="{reverse("live:spectator", args=[tid])}"' in html


def test_spectator_page_names_its_socket_and_api() -> None:
    tid = make_tournament(name="Spring Open")
    html = Client().get(reverse("live:spectator", args=[tid])).content.decode()
    assert "Spring Open" in html
    assert f'data-ws="/ws/tournaments/{tid}/standings/"' in html
    assert f'data-api="{reverse("standings", args=[tid])}"' in html
    assert 'class="hall"' not in html


def test_hall_mode_uses_the_large_layout() -> None:
    tid = make_tournament()
    html = Client().get(reverse("live:spectator", args=[tid]), {"hall": "1"}).content.decode()
    assert '<body class="hall hall-standings">' in html


def test_unknown_tournament_page_is_404() -> None:
    assert Client().get(reverse("live:spectator", args=[987654])).status_code == 404


def test_organisers_get_a_link_to_the_current_rounds_result_entry() -> None:
    tid = make_tournament()
    client = Client()
    client.force_login(organiser())
    html = client.get(reverse("live:spectator", args=[tid])).content.decode()
    assert f'href="{reverse("live:enter", args=[tid, 1])}"' in html


def test_spectators_get_no_result_entry_link() -> None:
    tid = make_tournament()
    html = Client().get(reverse("live:spectator", args=[tid])).content.decode()
    assert "Enter results" not in html


def test_the_followed_players_reach_the_page_for_its_socket() -> None:
    tid = make_tournament(players=6)
    response = Client().get(reverse("live:spectator", args=[tid]), {"follow": ["5,2", "5"]})
    assert 'data-follow="5,2"' in response.content.decode()


def test_a_page_following_nobody_asks_the_socket_for_nobody() -> None:
    tid = make_tournament(players=6)
    assert "data-follow" not in Client().get(reverse("live:spectator", args=[tid])).content.decode()


@pytest.mark.parametrize(
    ("value", "detail"),
    [("7", "follow: no player with start rank 7"), ("two", "follow: 'two' is not a start rank")],
)
def test_a_bad_follow_is_a_400_naming_it(value: str, detail: str) -> None:
    tid = make_tournament(players=6)
    response = Client().get(reverse("live:spectator", args=[tid]), {"follow": value})
    assert response.status_code == 400
    assert response.content.decode().startswith(detail)


def test_a_player_card_links_to_the_live_page_following_the_player() -> None:
    tid = make_tournament(players=6)
    html = Client().get(reverse("live:player", args=[tid, 4])).content.decode()
    assert f'href="{reverse("live:spectator", args=[tid])}?follow=4"' in html
