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
