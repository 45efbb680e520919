"""The organiser's page of a team event (issue 22): each form runs its command,
a refusal is shown and stores nothing, strangers are turned away."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_team_event, organiser
from tournaments.models import Event
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = pytest.mark.django_db


def signed_in(username: str = "organiser") -> Client:
    client = Client()
    client.force_login(organiser(username))
    return client


def post(client: Client, tid: int, **form: Any) -> Any:
    return client.post(reverse("live:team-manage", args=[tid]), form)


def stored(tid: int) -> int:
    return Event.objects.filter(tournament_id=tid).count()


def test_the_page_lists_teams_line_ups_and_matches() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = signed_in().get(reverse("live:team-manage", args=[tid]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "#1 Player 1.1" in html and "Match 2: Club 2" in html


def test_anonymous_visitors_are_sent_to_sign_in_and_strangers_refused() -> None:
    tid = build_team_event(teams=4, boards=2)
    assert Client().get(reverse("live:team-manage", args=[tid])).status_code == 302
    before = stored(tid)
    assert post(signed_in("stranger"), tid, action="pair").status_code == 403
    assert stored(tid) == before


def test_a_board_result_then_its_correction() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = signed_in()
    form = {"action": "board", "round": "1", "match": "1", "board": "1"}
    assert post(client, tid, **form, result="1-0", current="").status_code == 303
    refused = post(client, tid, **form, result="0-1", current="1-0", reason="")
    assert refused.status_code == 400 and "reason" in refused.content.decode()
    assert post(client, tid, **form, result="0-1", current="1-0", reason="sheet").status_code == 303
    match = load_tournament(tid).state.team_rounds[1].match(1)
    assert match is not None and match.results[1][0] == "0-1"


def test_a_line_up_out_of_roster_order_is_shown_and_not_stored() -> None:
    tid = build_team_event(teams=4, boards=2, lined_up=False)
    before = stored(tid)
    response = post(signed_in(), tid, action="lineup", round="1", team="1", players="2, 1")
    assert response.status_code == 400
    assert "roster order" in response.content.decode()
    assert stored(tid) == before


def test_a_team_registers_from_the_form_and_a_match_is_forfeited() -> None:
    tid = build_team_event(teams=3, boards=2, lined_up=False)  # round 1: 1-3 (2 rests)
    client = signed_in()
    response = post(client, tid, action="forfeit", round="1", match="1", result="-/+")
    assert response.status_code == 303
    match = load_tournament(tid).state.team_rounds[1].match(1)
    assert match is not None and match.forfeit == "-/+"
    # Registration closes once round 1 is paired: the page says so, naming the field.
    players = "Ann, 2100\nBob, 2000, FM, GER"
    response = post(client, tid, action="register", name="Late", players=players)
    assert response.status_code == 400 and "name: round 1 is paired" in response.content.decode()


def test_a_team_registers_from_the_form_with_its_players() -> None:
    body = {"name": "League", "rounds": 3, "kind": "team", "boards": 2}
    tid = commands.create_tournament(body, author=organiser()).tournament_id
    players = "Ann, 2100\nBob, 2000, FM, GER\nCid"
    form = {"action": "register", "name": "Rooks", "captain": "Ann", "players": players}
    assert post(signed_in(), tid, **form).status_code == 303
    state = load_tournament(tid).state
    assert state.teams[1].roster == (1, 2, 3)
    assert (state.players[2].title, state.players[2].federation) == ("FM", "GER")


def test_a_team_withdraws_and_another_takes_a_bye_from_the_page() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    client = signed_in()
    assert post(client, tid, action="withdraw", team="4", from_round="2").status_code == 303
    form = {"action": "bye", "team": "1", "bye_round": "2", "points": "half"}
    assert post(client, tid, **form).status_code == 303
    state = load_tournament(tid).state
    assert (state.teams[4].withdrawn_from, state.team_bye(2, 1)) == (2, "half")
    html = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert "withdrawn from round 2" in html and "half-point bye in round 2" in html


def test_a_withdrawn_team_is_reinstated_from_the_page() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    client = signed_in()
    post(client, tid, action="withdraw", team="4", from_round="2")
    html = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert 'value="reinstate"' in html
    assert post(client, tid, action="reinstate", team="4").status_code == 303
    assert load_tournament(tid).state.teams[4].withdrawn_from is None


def test_the_board_prize_rules_are_set_from_the_page_and_shown_on_the_public_one() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = signed_in()
    form = {"action": "board_prizes", "order": "percentage", "min_games": "1"}
    assert post(client, tid, **form).status_code == 303
    public = Client().get(reverse("live:board-prizes", args=[tid])).content.decode()
    assert '<option value="percentage" selected>' in public
    assert 'name="min_games" min="0" max="999" value="1"' in public


def test_a_blank_board_prize_minimum_goes_back_to_the_default() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = signed_in()
    post(client, tid, action="board_prizes", order="performance", min_games="1")
    post(client, tid, action="board_prizes", order="performance", min_games="")
    assert load_tournament(tid).state.board_prizes.min_games is None


def test_the_board_assignment_is_set_from_the_page_and_shown_on_the_public_one() -> None:
    tid = build_team_event(teams=4, boards=2)
    form = {"action": "board_prizes", "order": "performance", "assignment": "most_played"}
    assert post(signed_in(), tid, **form).status_code == 303
    public = Client().get(reverse("live:board-prizes", args=[tid])).content.decode()
    assert '<option value="most_played" selected>' in public


def test_a_bad_board_assignment_is_shown_naming_the_field_and_not_stored() -> None:
    tid = build_team_event(teams=4, boards=2)
    before = stored(tid)
    form = {"action": "board_prizes", "order": "performance", "assignment": "first_board"}
    response = post(signed_in(), tid, **form)
    alert = response.content.decode().split('role="alert">')[1].split("</p>")[0]
    assert response.status_code == 400 and alert.startswith("assignment:")
    assert stored(tid) == before


def test_the_regulations_board_prize_options_are_set_from_the_page() -> None:
    tid = build_team_event(teams=4, boards=2)
    form = {
        "action": "board_prizes",
        "order": "performance",
        "rating_cap": "400",
        "unrated_rating": "1000",
        "tiebreaks": "mutual, games",
    }
    assert post(signed_in(), tid, **form).status_code == 303
    settings = load_tournament(tid).state.board_prizes
    assert (settings.rating_cap, settings.unrated_rating, settings.tiebreaks) == (
        400,
        1000,
        ("mutual", "games"),
    )


def test_a_bad_board_prize_tiebreak_is_shown_naming_the_field_and_not_stored() -> None:
    tid = build_team_event(teams=4, boards=2)
    before = stored(tid)
    form = {"action": "board_prizes", "order": "performance", "tiebreaks": "buchholz"}
    response = post(signed_in(), tid, **form)
    html = response.content.decode()
    alert = html.split('<p class="message error" role="alert">')[1].split("</p>")[0]
    assert response.status_code == 400 and alert.startswith("tiebreaks")
    assert stored(tid) == before


def test_a_bye_for_a_paired_round_is_shown_and_not_stored() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    before = stored(tid)
    response = post(signed_in(), tid, action="bye", team="1", bye_round="1", points="zero")
    assert response.status_code == 400 and "already paired" in response.content.decode()
    assert stored(tid) == before


def unpaired_teams() -> int:
    """Three 2-board teams registered weakest first, round 1 not paired."""
    tid = commands.create_tournament(
        {"name": "League", "rounds": 3, "kind": "team", "boards": 2}, author=organiser()
    ).tournament_id
    for t, rating in enumerate((1900, 2000, 2100), start=1):
        players = [{"name": f"P{t}.{i}", "rating": rating} for i in range(2)]
        commands.register_team(tid, {"name": f"Club {t}", "players": players}, author=organiser())
    return tid


def test_the_teams_are_sorted_by_rating_before_round_one() -> None:
    tid = unpaired_teams()
    client = signed_in()
    page = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert "Not in the order of strength yet" in page
    assert post(client, tid, action="rank", method="rating").status_code == 303
    teams = load_tournament(tid).state.teams
    assert [teams[n].name for n in (1, 2, 3)] == ["Club 3", "Club 2", "Club 1"]


def test_pairing_numbers_as_typed_on_the_page() -> None:
    tid = unpaired_teams()
    form = {"action": "rank", "method": "order", "number_1": "2", "number_2": "1", "number_3": "3"}
    assert post(signed_in(), tid, **form).status_code == 303
    teams = load_tournament(tid).state.teams
    assert [teams[n].name for n in (1, 2, 3)] == ["Club 2", "Club 1", "Club 3"]


def test_a_requested_bye_is_cancelled_from_the_page() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    client = signed_in()
    post(client, tid, action="bye", team="3", bye_round="2", points="zero")
    assert post(client, tid, action="cancel_bye", team="3", bye_round="2").status_code == 303
    assert load_tournament(tid).state.team_bye(2, 3) is None


def test_the_line_up_order_is_set_from_the_page_and_shown_there() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = signed_in()
    form = {"action": "lineup_order", "lineup_order": "rating", "lineup_tolerance": "40"}
    assert post(client, tid, **form).status_code == 303
    settings = load_tournament(tid).state.settings
    assert (settings.lineup_order, settings.lineup_tolerance) == ("rating", 40)
    html = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert '<option value="rating" selected>' in html and 'value="40"' in html


def test_back_to_the_roster_order_the_page_drops_the_tolerance() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = signed_in()
    post(client, tid, action="lineup_order", lineup_order="rating", lineup_tolerance="40")
    post(client, tid, action="lineup_order", lineup_order="roster", lineup_tolerance="40")
    settings = load_tournament(tid).state.settings
    assert (settings.lineup_order, settings.lineup_tolerance) == ("roster", None)


def test_a_board_result_marked_not_rated_is_stored_unrated_and_shown_so() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = signed_in()
    form = {"action": "board", "round": "1", "match": "1", "board": "2", "current": ""}
    assert post(client, tid, **form, result="1/2-1/2", unrated="on").status_code == 303
    match = load_tournament(tid).state.team_rounds[1].match(1)
    assert match is not None and match.unrated == {2}
    page = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert 'name="unrated" checked' in page


def test_a_forfeit_marked_not_rated_is_shown_refused_and_not_stored() -> None:
    tid = build_team_event(teams=4, boards=2)
    before = stored(tid)
    form = {"action": "board", "round": "1", "match": "1", "board": "1", "current": ""}
    refused = post(signed_in(), tid, **form, result="+/-", unrated="on")
    assert refused.status_code == 400 and "rated: " in refused.content.decode()
    assert stored(tid) == before


def test_the_colour_type_is_set_from_the_page_of_a_team_swiss() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    client = signed_in()
    assert post(client, tid, action="colour_type", colour_type="B").status_code == 303
    assert load_tournament(tid).state.settings.colour_type == "B"
    page = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert '<option value="B" selected>' in page


def test_a_round_robin_page_offers_no_colour_type() -> None:
    tid = build_team_event(teams=4, boards=2)
    page = signed_in().get(reverse("live:team-manage", args=[tid])).content.decode()
    assert 'name="colour_type"' not in page


def _unpaired_swiss() -> int:
    """A team Swiss of 8 teams, 2 boards, 5 rounds, round 1 not paired."""
    author = organiser()
    body = {"name": "Swiss", "rounds": 5, "system": "swiss", "kind": "team", "boards": 2}
    tid = commands.create_tournament(body, author=author).tournament_id
    for t in range(1, 9):
        players = [{"name": f"Player {t}.{i}", "rating": 2400 - 10 * (2 * t + i)} for i in (1, 2)]
        commands.register_team(tid, {"name": f"Club {t}", "players": players}, author=author)
    return tid


def test_baku_acceleration_is_set_from_the_page_and_pairs_round_one() -> None:
    tid = _unpaired_swiss()
    client = signed_in()
    assert post(client, tid, action="acceleration", acceleration="baku").status_code == 303
    assert load_tournament(tid).state.settings.acceleration == "baku"
    html = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert '<option value="baku" selected>' in html
    # GA = 1-4 with 2 virtual MP: 1-3, 4-2 above 5-7, 8-6.
    assert post(client, tid, action="pair").status_code == 303
    matches = load_tournament(tid).state.team_rounds[1].matches
    assert [(m.white, m.black) for m in matches] == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_a_refused_acceleration_is_shown_and_stores_nothing() -> None:
    tid = _unpaired_swiss()
    client = signed_in()
    before = stored(tid)
    response = post(client, tid, action="acceleration", acceleration="fast")
    assert response.status_code == 400 and "acceleration" in response.content.decode()
    assert stored(tid) == before


def test_game_points_first_are_set_from_the_page_before_round_one() -> None:
    tid = _unpaired_swiss()
    client = signed_in()
    assert post(client, tid, action="primary_score", primary_score="GP").status_code == 303
    assert load_tournament(tid).state.settings.primary_score == "GP"
    html = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    assert '<option value="GP" selected>' in html


def test_the_page_shows_the_primary_score_without_a_form_once_round_one_is_paired() -> None:
    tid = build_team_event(teams=4, boards=2)
    page = signed_in().get(reverse("live:team-manage", args=[tid])).content.decode()
    assert '<p class="primary-score">Match points' in page
    assert 'name="primary_score"' not in page


def test_a_team_registers_from_the_form_with_its_strength_factor() -> None:
    body = {"name": "League", "rounds": 3, "kind": "team", "boards": 2}
    tid = commands.create_tournament(body, author=organiser()).tournament_id
    form = {"action": "register", "name": "Rooks", "players": "Ann\nBob", "strength": "2150.5"}
    assert post(signed_in(), tid, **form).status_code == 303
    assert load_tournament(tid).state.teams[1].strength == "2150.5"


def test_the_pab_value_is_set_from_the_page() -> None:
    tid = _unpaired_swiss()
    form = {"action": "pab_value", "pab_match_points": "2", "pab_game_points": "1.5"}
    assert post(signed_in(), tid, **form).status_code == 303
    settings = load_tournament(tid).state.settings
    assert (settings.pab_match_points, settings.pab_game_points) == ("2", "3/2")


def test_the_colour_sequence_is_set_from_the_page_before_round_one() -> None:
    tid = _unpaired_swiss()
    form = {"action": "colour_sequence", "colour_sequence": "wwbb"}
    assert post(signed_in(), tid, **form).status_code == 303
    assert load_tournament(tid).state.settings.colour_sequence == "WWBB"


def test_a_refused_colour_sequence_is_shown_and_stores_nothing() -> None:
    tid = _unpaired_swiss()
    before = stored(tid)
    response = post(signed_in(), tid, action="colour_sequence", colour_sequence="BW")
    assert response.status_code == 400 and "colour_sequence" in response.content.decode()
    assert stored(tid) == before


def test_the_public_page_states_the_organisers_rating_cap() -> None:
    tid = build_team_event(teams=4, boards=2)
    form = {"action": "board_prizes", "order": "performance", "rating_cap": "400"}
    post(signed_in(), tid, **form)
    public = Client().get(reverse("live:board-prizes", args=[tid])).content.decode()
    assert "counts at most 400 points above or below the player" in public


def _pair_button(client: Client, tid: int) -> str:
    html = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    start = html.index('name="pair-next"')
    return html[start : html.index("</form>", start)]


def test_a_team_swiss_next_round_is_not_offered_before_the_results_are_in() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    button = _pair_button(signed_in(), tid)
    assert "disabled" in button and "round 1 still has boards without a result" in button.lower()


def test_a_team_swiss_next_round_is_offered_once_every_match_has_its_result() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    client = signed_in()
    for match in ("1", "2"):
        post(client, tid, action="forfeit", round="1", match=match, result="+/-")
    assert "disabled" not in _pair_button(client, tid)
