"""The console's pairing page (preview, hand edits, publish with expected_seq),
cancelling a round, and the players page's actions and edit form."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_tournament, organiser, record
from tournaments.models import Event
from tournaments.store import commands, queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    signed_in = Client()
    signed_in.force_login(organiser())
    return signed_in


def rated(players: int = 5, pairings=()) -> int:
    return build_tournament(author=organiser(), players=players, rated=True, pairings=pairings)


def stored(tid: int) -> int:
    return Event.objects.filter(tournament_id=tid).count()


def state(tid: int):
    return queries.load_tournament(tid).state


PAIR = "live:pair"


def publish(client: Client, tid: int, page, **extra: str):
    form = {
        "round": page.context["round"],
        "expected_seq": page.context["version"],
        "action": "publish",
    }
    return client.post(reverse(PAIR, args=[tid]), {**form, **extra})


# --- pairing ------------------------------------------------------------------------


def test_the_preview_shows_names_ratings_points_and_colours(client):
    tid = rated()
    page = client.get(reverse(PAIR, args=[tid]))
    assert page.status_code == 200
    html = page.content.decode()
    # Round 1 of 5 rated players: 1-3, 4-2 (Dutch), 5 the bye; Player 1 is rated 2499.
    assert "Player 1" in html and "2499" in html
    assert page.context["preview"].byes[0].name == "Player 5"
    assert f'name="expected_seq" value="{stored(tid)}"' in html


def test_publishing_stores_the_round_and_opens_its_entry_page(client):
    tid = rated()
    response = publish(client, tid, client.get(reverse(PAIR, args=[tid])))
    assert response["Location"] == reverse("live:enter", args=[tid, 1])
    assert [(b.white, b.black) for b in state(tid).rounds[1].boards] == [(1, 3), (4, 2)]


def test_a_stale_preview_shows_the_new_pairing_and_what_arrived(client):
    # Two tabs: a withdrawal is stored between this preview and its publish.
    tid = rated()
    page = client.get(reverse(PAIR, args=[tid]))
    commands.withdraw_player(tid, {"start_rank": 5, "from_round": 1})
    before = stored(tid)
    response = publish(client, tid, page)
    assert response.status_code == 409
    html = response.content.decode()
    assert "something was stored since your preview (player 5 withdrawn from round 1)" in html
    assert not response.context["preview"].byes  # four players left: no bye
    assert response.context["version"] == before
    assert stored(tid) == before


def test_a_second_publish_says_the_round_is_already_paired(client):
    tid = rated()
    page = client.get(reverse(PAIR, args=[tid]))
    publish(client, tid, page)
    before = stored(tid)
    response = publish(client, tid, page)
    assert response.status_code == 400
    assert "Not published: round 1 is already paired" in response.content.decode()
    assert stored(tid) == before


def test_pairing_waits_for_every_result_and_names_the_boards(client):
    tid = rated(players=6, pairings=[[(1, 4), (2, 5), (3, 6)]])
    record(tid, 2, "1-0")
    html = client.get(reverse(PAIR, args=[tid])).content.decode()
    assert "round 1: boards 1 and 3 have no result" in html


def test_a_swap_is_checked_and_a_rematch_needs_confirming(client):
    tid = rated(players=4, pairings=[[(1, 3), (4, 2)]])
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    page = client.get(reverse(PAIR, args=[tid]))
    swapped = {"white_1": "3", "black_1": "1", "white_2": "2", "black_2": "4"}
    form = {"round": 2, "expected_seq": page.context["version"], **swapped}
    checked = client.post(reverse(PAIR, args=[tid]), {**form, "action": "check"})
    assert "3 and 1 already played each other in round 1 (C1)" in checked.content.decode()
    refused = client.post(reverse(PAIR, args=[tid]), {**form, "action": "publish"})
    assert refused.status_code == 400
    assert 2 not in state(tid).rounds
    done = client.post(
        reverse(PAIR, args=[tid]), {**form, "action": "publish", "confirm_repeats": "on"}
    )
    assert done.status_code == 302
    assert [(b.white, b.black) for b in state(tid).rounds[2].boards] == [(3, 1), (2, 4)]


def test_a_round_without_results_is_cancelled_from_its_entry_page(client):
    tid = rated(players=4, pairings=[[(1, 3), (2, 4)]])
    assert "Cancel round 1" in client.get(reverse("live:enter", args=[tid, 1])).content.decode()
    response = client.post(reverse("live:unpair", args=[tid, 1]))
    assert response["Location"] == reverse(PAIR, args=[tid])
    assert not state(tid).rounds


def test_a_round_with_a_result_is_not_cancelled(client):
    tid = rated(players=4, pairings=[[(1, 3), (2, 4)]])
    record(tid, 1, "1-0")
    assert "Cancel round 1" not in client.get(reverse("live:enter", args=[tid, 1])).content.decode()
    client.post(reverse("live:unpair", args=[tid, 1]))
    assert 1 in state(tid).rounds


# --- players ------------------------------------------------------------------------


def act(client: Client, tid: int, **form: str):
    return client.post(reverse("live:player-action", args=[tid]), form, follow=True)


def test_sorting_by_the_initial_ranking_from_the_players_page(client):
    author = organiser()
    tid = build_tournament(author=author, players=0)
    for name, rating in [("Low", 1500), ("High", 2500)]:
        commands.register_player(tid, {"name": name, "rating": rating}, author=author)
    page = act(client, tid, action="rank_fide").content.decode()
    assert "in the order of the initial ranking" in page
    assert [p.name for _, p in sorted(state(tid).players.items())] == ["High", "Low"]


def test_pairing_numbers_typed_on_the_page(client):
    tid = rated(players=3)
    act(client, tid, action="rank_order", number_1="3", number_2="1", number_3="2")
    assert [p.player_id for _, p in sorted(state(tid).players.items())] == [2, 3, 1]


def test_withdraw_and_reinstate_from_the_players_page(client):
    tid = rated(players=4)
    act(client, tid, action="withdraw", player_id="2", from_round="1")
    assert state(tid).players[2].withdrawn_from == 1
    page = act(client, tid, action="reinstate", player_id="2").content.decode()
    assert "Player 2 plays again from round 1." in page
    assert state(tid).players[2].withdrawn_from is None


def test_a_bye_and_its_cancellation_from_the_players_page(client):
    tid = rated(players=4)
    act(client, tid, action="bye", player_id="3", round="2", points="half")
    assert state(tid).requested_bye(2, 3) == "half"
    act(client, tid, action="cancel_bye", player_id="3", round="2")
    assert state(tid).requested_bye(2, 3) is None


def test_a_refused_action_is_an_error_message_and_stores_nothing(client):
    tid = rated(players=4)
    before = stored(tid)
    page = act(client, tid, action="reinstate", player_id="2").content.decode()
    assert 'class="message error"' in page and "Player 2 has not withdrawn" in page
    assert stored(tid) == before


def test_a_player_is_edited_on_their_page(client):
    tid = rated(players=2)
    url = reverse("live:edit-player", args=[tid, 2])
    form = {"name": "Player 2", "rating": "2100", "title": "FM", "federation": "ita"}
    response = client.post(url, form)
    assert response.status_code == 302
    player = state(tid).players[2]
    assert (player.rating, player.title, player.federation) == (2100, "FM", "ITA")


def test_an_edit_changing_nothing_says_so(client):
    tid = rated(players=2)
    url = reverse("live:edit-player", args=[tid, 2])
    response = client.post(url, {"name": "Player 2", "rating": "2498"})
    assert response.status_code == 400
    assert "nothing to change" in response.content.decode()


# --- who may ------------------------------------------------------------------------

PAGES = [
    ("get", PAIR, ()),
    ("post", "live:unpair", (1,)),
    ("post", "live:player-action", ()),
    ("get", "live:edit-player", (1,)),
]


@pytest.mark.parametrize(("method", "name", "args"), PAGES)
def test_anonymous_users_are_sent_to_sign_in(method, name, args):
    tid = rated(players=4, pairings=[[(1, 3), (2, 4)]])
    response = getattr(Client(), method)(reverse(name, args=[tid, *args]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("live:login"))


@pytest.mark.parametrize(("method", "name", "args"), PAGES)
def test_another_organiser_is_refused(method, name, args):
    tid = rated(players=4, pairings=[[(1, 3), (2, 4)]])
    other = Client()
    other.force_login(organiser("mallory"))
    before = stored(tid)
    assert getattr(other, method)(reverse(name, args=[tid, *args])).status_code == 403
    assert stored(tid) == before


@pytest.mark.parametrize(
    ("name", "args"), [(PAIR, ()), ("live:unpair", (1,)), ("live:player-action", ())]
)
def test_a_post_without_the_csrf_token_is_refused(name, args):
    tid = rated(players=4, pairings=[[(1, 3), (2, 4)]])
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organiser())
    before = stored(tid)
    assert strict.post(reverse(name, args=[tid, *args]), {"action": "rank_fide"}).status_code == 403
    assert stored(tid) == before


def test_no_legal_pairing_is_told_in_the_page_language(client):
    tid = rated(players=2, pairings=[[(1, 2)]])
    record(tid, 1, "1-0")
    page = client.get(reverse(PAIR, args=[tid]), headers={"accept-language": "de"})
    assert (
        "keine regelgerechte Paarung für Runde 2: keine Paarung erfüllt C1-C3 für jeden Spieler"
        in page.content.decode()
    )


def test_what_arrived_since_a_stale_preview_is_told_in_the_page_language(client):
    tid = rated()
    page = client.get(reverse(PAIR, args=[tid]))
    commands.withdraw_player(tid, {"start_rank": 5, "from_round": 1})
    form = {"round": 1, "expected_seq": page.context["version"], "action": "publish"}
    url = reverse(PAIR, args=[tid])
    response = client.post(url, form, headers={"accept-language": "it"})
    assert response.status_code == 409
    assert "(giocatore 5 ritirato dal turno 1)" in response.content.decode()
