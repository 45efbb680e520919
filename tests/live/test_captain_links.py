"""Team captains' private links (issue 21 with issue 22): the line-up of the next
round through the same link mechanism as the players' reports, and line-ups
hidden from spectators until their round starts."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse

from live.projection import build_team_standings
from tests.builders import build_team_event, organiser, private_link, record_board
from tournaments.domain.teams import match_score
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tid() -> int:
    """Four teams of two boards and a reserve (team 1: start ranks 1, 2, 3), round 1
    paired (match 1: Club 1 - Club 4), nobody lined up yet."""
    return build_team_event(teams=4, boards=2, reserves=1, lined_up=False)


def lineup(tid: int, team: int, players: list[int]) -> None:
    body = {"round": 1, "team": team, "players": players}
    commands.submit_lineup(tid, body, author=organiser())


def start(tid: int, number: int = 1) -> None:
    commands.start_team_round(tid, {"round": number}, author=organiser())


def test_the_captains_link_submits_the_line_up_of_the_round_due(tid):
    link = private_link(tid, 1, role="captain")
    response = Client().post(link, {"board": ["1", "3"]})
    assert response.status_code == 302
    assert load_tournament(tid).state.lineups[(1, 1)] == (1, 3)


def test_the_captains_line_up_keeps_roster_order(tid):
    response = Client().post(private_link(tid, 1, role="captain"), {"board": ["2", "1"]})
    assert response.status_code == 400
    assert "roster order" in response.content.decode()


def test_the_captains_line_up_follows_the_line_up_order_setting(tid):
    changes = {"lineup_order": "rating", "lineup_tolerance": 10}
    commands.change_settings(tid, {"changes": changes}, author=organiser())
    # player 1 (2390) is rated 20 above player 3 (2370): beyond the tolerance
    response = Client().post(private_link(tid, 1, role="captain"), {"board": ["3", "1"]})
    assert response.status_code == 400
    assert "player 3 (Player 1.3) may not sit ahead of player 1 (Player 1.1)" in (
        response.content.decode()
    )
    assert (1, 1) not in load_tournament(tid).state.lineups


def test_the_captains_link_shows_the_roster_for_each_board(tid):
    page = Client().get(private_link(tid, 1, role="captain")).content.decode()
    assert page.count('<select name="board">') == 2
    assert "Player 1.3" in page


def test_once_the_round_started_the_captains_line_up_is_for_the_next(tid):
    start(tid)
    link = private_link(tid, 1, role="captain")
    Client().post(link, {"board": ["1", "2"]})
    assert (2, 1) in load_tournament(tid).state.lineups


def test_a_round_with_a_board_result_has_started(tid):
    for team, first in ((1, 1), (4, 10)):
        lineup(tid, team, [first, first + 1])
    record_board(tid, 1, 1, "1-0")
    assert load_tournament(tid).state.team_round_started(1)


def test_a_round_is_started_once(tid):
    start(tid)
    with pytest.raises(commands.CommandError) as refused:
        start(tid)
    assert refused.value.field == "round"


def test_spectators_see_no_line_up_before_the_round_starts(tid):
    lineup(tid, 1, [1, 2])
    rounds = Client().get(reverse("tournaments:team-round-list", args=[tid])).json()
    assert rounds[0]["lineups"] == {}


def test_spectators_see_the_line_ups_once_the_round_started(tid):
    lineup(tid, 1, [1, 2])
    start(tid)
    rounds = Client().get(reverse("tournaments:team-round-list", args=[tid])).json()
    assert rounds[0]["lineups"] == {"1": [1, 2]}


def test_organisers_see_the_line_ups_before_the_round_starts(tid):
    lineup(tid, 1, [1, 2])
    client = Client()
    client.force_login(organiser())
    rounds = client.get(reverse("tournaments:team-round-list", args=[tid])).json()
    assert rounds[0]["lineups"] == {"1": [1, 2]}


def test_the_match_page_hides_the_line_ups_before_the_round_starts(tid):
    for team, first in ((1, 1), (4, 10)):
        lineup(tid, team, [first, first + 1])
    page = Client().get(reverse("live:team-match", args=[tid, 1, 1])).content.decode()
    assert "Player 1.1" not in page


def test_line_ups_are_not_in_the_public_feed(tid):
    lineup(tid, 1, [1, 2])
    start(tid)
    response = Client().get(reverse("feed-jsonl", args=[tid]))
    feed = b"".join(response.streaming_content)
    assert b"team.round_started" in feed
    assert b"lineup" not in feed


def organisers_page(tid: int, data: dict | None = None) -> str:
    client = Client()
    client.force_login(organiser())
    url = reverse("live:team-manage", args=[tid])
    response = client.post(url, data) if data else client.get(url)
    return response.content.decode()


def test_the_organiser_starts_a_round_on_the_team_page(tid):
    organisers_page(tid, {"action": "start", "round": "1"})
    assert load_tournament(tid).state.team_round_started(1)


def test_the_organiser_sees_the_boards_of_line_ups_before_the_round_starts(tid):
    for team, first in ((1, 1), (4, 10)):
        lineup(tid, team, [first, first + 1])
    assert "Player 1.1" in organisers_page(tid)


def test_the_team_page_lists_the_captains_links(tid):
    link = private_link(tid, 2, role="captain")
    assert f'<a href="{link}">' in organisers_page(tid)


def match_points_so_far(tid: int, team: int) -> Fraction:
    state = load_tournament(tid).state
    match = state.team_rounds[1].match(1)
    assert match is not None
    return match_score(state, 1, match)[team]


def test_an_empty_seat_counts_in_the_match_score_only_once_the_round_started(tid):
    lineup(tid, 1, [1, None])  # board 2 empty: Club 4 wins it by forfeit
    lineup(tid, 4, [10, 11])
    assert match_points_so_far(tid, 4) == 0
    start(tid)
    assert match_points_so_far(tid, 4) == 1


def test_a_match_of_empty_seats_counts_in_the_standings_only_once_the_round_started(tid):
    lineup(tid, 1, [1, None])  # every board forfeited, no result stored
    lineup(tid, 4, [None, 11])
    now = datetime.now(UTC)
    before = build_team_standings(load_tournament(tid), now).rows
    start(tid)
    after = build_team_standings(load_tournament(tid), now).rows
    assert [row[5] for row in before] == [0, 0, 0, 0]
    assert sorted(row[5] for row in after) == [0, 0, 1, 1]


def test_the_captains_page_names_the_team_round_and_opponent(tid):
    page = Client().get(private_link(tid, 1, role="captain")).content.decode()
    assert "Captain of Club 1" in page
    assert "Round 1: Club 1 against Club 4 (match 1)." in page


def test_the_captains_page_says_when_the_round_due_is_not_paired_yet(tid):
    start(tid)
    page = Client().get(private_link(tid, 1, role="captain")).content.decode()
    assert "Round 2: Club 1, opponent not paired yet." in page
