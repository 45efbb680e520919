"""What a newcomer organiser of a team event met on the pages (the walk of
test_browser_team_walk.py): each a fix and its check."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from live.snapshots import ensure_snapshot
from tests.builders import build_team_event, organiser
from tournaments.models import Event
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = pytest.mark.django_db

FOUR = "Carlsen, Magnus, 2830\nCaruana, Fabiano, 2800, GM\nNakamura, Hikaru, 2790\nSo, Wesley, 2750"


def signed_in() -> Client:
    client = Client()
    client.force_login(organiser())
    return client


def manage(tid: int) -> str:
    return reverse("live:team-manage", args=[tid])


def empty_team_swiss() -> int:
    body = {"name": "Cup", "rounds": 5, "system": "swiss", "kind": "team", "boards": 4}
    return commands.create_tournament(body, author=organiser()).tournament_id


def register(client: Client, tid: int, **form: Any) -> Any:
    return client.post(manage(tid), {"action": "register", "name": "Rochade", **form})


def test_the_create_page_makes_a_team_event_and_goes_to_its_team_page() -> None:
    form = {"name": "City Cup", "system": "swiss", "rounds": "5", "rules": "fide-2026"}
    form |= {"kind": "team", "boards": "4", "match_points": "3-1-0", "scoring": "standard"}
    response = signed_in().post(reverse("live:create"), form)
    assert response.status_code == 302
    (event,) = Event.objects.filter(kind="tournament.created")
    assert response["Location"] == manage(event.tournament_id)
    settings = load_tournament(event.tournament_id).state.settings
    assert (settings.kind, settings.boards) == ("team", 4)
    assert dict(settings.match_points) == {"win": "3", "draw": "1", "loss": "0"}


def test_a_team_event_without_boards_is_refused_on_the_boards_field() -> None:
    form = {"name": "City Cup", "system": "swiss", "rounds": "5", "rules": "fide-2026"}
    form |= {"kind": "team", "scoring": "standard"}
    response = signed_in().post(reverse("live:create"), form)
    assert response.status_code == 400
    assert response.context["form"].errors["boards"]
    assert not Event.objects.exists()


def test_a_refused_team_keeps_what_was_typed() -> None:
    tid = empty_team_swiss()
    three = "\n".join(FOUR.splitlines()[:3])
    response = register(signed_in(), tid, captain="Anna Braun", players=three)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'value="Rochade"' in html and 'value="Anna Braun"' in html
    assert "Caruana, Fabiano, 2800, GM" in html


def test_a_refused_team_keeps_its_strength_factor() -> None:
    tid = empty_team_swiss()
    response = register(signed_in(), tid, strength="2345.5", players="Ann, 2000")
    assert response.status_code == 400
    form = response.content.decode().split('class="register"')[1].split("</form>")[0]
    assert 'name="strength" inputmode="decimal" maxlength="6" value="2345.5"' in form


def test_a_player_line_keeps_the_comma_of_surname_first_names() -> None:
    tid = empty_team_swiss()
    assert register(signed_in(), tid, players=FOUR).status_code == 303
    players = load_tournament(tid).state.players
    assert [(p.name, p.rating, p.title) for p in players.values()][:2] == [
        ("Carlsen, Magnus", 2830, ""),
        ("Caruana, Fabiano", 2800, "GM"),
    ]


def test_a_refused_player_line_is_named_by_its_line_number() -> None:
    tid = empty_team_swiss()
    lines = FOUR.replace("Nakamura, Hikaru, 2790", "Nakamura, Hikaru, 2790, XX")
    response = register(signed_in(), tid, players=lines)
    assert response.status_code == 400
    assert "players, line 3, title:" in response.content.decode()


def test_a_roster_player_links_to_the_edit_page_which_comes_back_to_the_team_page() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = signed_in()
    edit = reverse("live:edit-player", args=[tid, 1])
    assert f'href="{edit}"' in client.get(manage(tid)).content.decode()
    assert f'href="{manage(tid)}"' in client.get(edit).content.decode()
    response = client.post(edit, {"name": "Player One", "rating": "2390"})
    assert response.status_code == 302 and response["Location"] == manage(tid)
    assert load_tournament(tid).state.players[1].name == "Player One"


def test_the_team_with_the_pairing_allocated_bye_has_no_line_up_form() -> None:
    tid = build_team_event(teams=5, boards=2, system="swiss")
    (bye,) = load_tournament(tid).state.team_rounds[1].byes
    html = signed_in().get(manage(tid)).content.decode()
    assert f'form method="post" class="lineup" data-team="{bye}"' not in html
    assert f'<p class="lineup-absent" data-team="{bye}">' in html
    assert "pairing-allocated bye" in html


def test_home_links_a_visitor_to_sign_in() -> None:
    html = Client().get(reverse("live:index")).content.decode()
    assert f'href="{reverse("live:login")}"' in html


def test_a_misspelt_team_name_is_corrected_on_the_team_page_after_round_1() -> None:
    tid = build_team_event(teams=4, boards=2)
    form = {"action": "team", "team": "2", "name": "Club Two", "short_name": "C2"}
    form |= {"federation": "", "captain": "Captain 2"}
    assert signed_in().post(manage(tid), form).status_code == 303
    (event,) = Event.objects.filter(tournament_id=tid, kind="team.edited")
    assert event.payload == {"team": 2, "changes": {"name": "Club Two"}}
    assert load_tournament(tid).state.teams[2].name == "Club Two"


def test_a_team_name_taken_is_refused_naming_it_and_the_form_keeps_it() -> None:
    tid = build_team_event(teams=4, boards=2)
    form = {"action": "team", "team": "2", "name": "Club 3", "short_name": "C2"}
    response = signed_in().post(manage(tid), form)
    assert response.status_code == 400
    html = response.content.decode()
    assert "name: a team named &#x27;Club 3&#x27; is already registered" in html
    assert "changes.name" not in html
    assert 'name="name" required value="Club 3"' in html
    assert not Event.objects.filter(tournament_id=tid, kind="team.edited").exists()


def test_the_api_corrects_a_team_captain() -> None:
    tid = build_team_event(teams=4, boards=2)
    url = reverse("tournaments:team-detail", args=[tid, 1])
    response = signed_in().patch(url, {"captain": "Anna"}, content_type="application/json")
    assert response.status_code == 201
    assert load_tournament(tid).state.teams[1].captain == "Anna"
    again = signed_in().patch(url, {"captain": "Anna"}, content_type="application/json")
    assert again.status_code == 400 and "changes.captain" in again.json()


def test_a_drawn_board_reads_as_half_half_on_the_match_page() -> None:
    tid = build_team_event(teams=4, boards=2)
    body = {"round": 1, "match": 1, "board": 2, "result": "1/2-1/2"}
    commands.record_board_result(tid, body, author=organiser())
    html = Client().get(reverse("live:team-match", args=[tid, 1, 1])).content.decode()
    row = html.split('data-board="2"')[1].split("</tr>")[0]
    assert '<td class="result">½-½</td>' in row


def test_the_team_page_links_to_the_settings_and_the_event_log() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = signed_in().get(manage(tid)).content.decode()
    assert f'href="{reverse("live:settings", args=[tid])}"' in html
    assert f'href="{reverse("live:event-log", args=[tid])}"' in html


def test_the_settings_of_a_team_event_saved_go_back_to_its_team_page() -> None:
    tid = build_team_event(teams=4, boards=2, system="swiss")
    form = {"name": "Team League", "system": "swiss", "rounds": "5", "rules": "fide-2026"}
    form |= {"scoring": "standard", "tiebreaks": "EDE, EMGSB/C1, BH:MP/C1, MPvGP"}
    response = signed_in().post(reverse("live:settings", args=[tid]), {**form, "place": "Bonn"})
    assert response.status_code == 302 and response["Location"] == manage(tid)
    assert load_tournament(tid).state.settings.details == {"place": "Bonn"}


def test_each_line_up_field_shows_its_teams_roster_by_start_rank() -> None:
    tid = build_team_event(teams=4, boards=2, lined_up=False)  # team 2: 4, 5, 6
    html = signed_in().get(manage(tid)).content.decode()
    form = html.split('class="lineup" data-team="2"')[1].split("</form>")[0]
    assert 'placeholder="4, 5"' in form
    assert "4 Player 2.1 · 5 Player 2.2 · 6 Player 2.3" in form


def test_home_links_an_organiser_to_a_team_events_team_page() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = signed_in().get(reverse("live:index")).content.decode()
    assert f'class="organise" href="{manage(tid)}"' in html


def test_a_match_with_a_board_result_offers_no_match_forfeit() -> None:
    tid = build_team_event(teams=4, boards=2)
    commands.record_board_result(
        tid, {"round": 1, "match": 1, "board": 1, "result": "1-0"}, author=organiser()
    )
    html = signed_in().get(manage(tid)).content.decode()
    first = html.split('<section class="match" data-match="1">')[1].split("</section>")[0]
    second = html.split('<section class="match" data-match="2">')[1].split("</section>")[0]
    assert 'class="forfeit"' not in first and 'class="forfeit"' in second


def test_the_standings_of_a_team_event_search_by_team_name() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = Client().get(reverse("live:spectator", args=[tid])).content.decode()
    assert 'placeholder="team name"' in html


def test_a_refused_line_up_keeps_what_was_typed_and_names_the_board() -> None:
    tid = build_team_event(teams=4, boards=2, lined_up=False)
    form = {"action": "lineup", "round": "1", "team": "2", "players": "4, x"}
    response = signed_in().post(manage(tid), form)
    assert response.status_code == 400
    html = response.content.decode()
    assert "players, board 2: &#x27;x&#x27; is not a start rank" in html
    lineup = html.split('class="lineup" data-team="2"')[1].split("</form>")[0]
    assert 'value="4, x"' in lineup


def test_a_refused_roster_keeps_what_was_typed() -> None:
    tid = build_team_event(teams=4, boards=2)
    form = {"action": "roster", "round": "1", "team": "2", "roster": "#4\n#99"}
    response = signed_in().post(manage(tid), form)
    assert response.status_code == 400
    html = response.content.decode()
    assert "roster, line 2, start_rank: player 99 is not on the roster of team 2" in html
    assert "#4\n#99</textarea>" in html


def test_a_refused_roster_names_the_line_and_says_why_in_the_page_language() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = Client(headers={"accept-language": "de"})
    client.force_login(organiser())
    form = {"action": "roster", "round": "1", "team": "2", "roster": "#4\n#99"}
    html = client.post(manage(tid), form).content.decode()
    assert "roster, Zeile 2, start_rank: Spieler 99 steht nicht im Kader der Mannschaft 2" in html


def test_home_counts_a_team_events_entrants_as_teams() -> None:
    tid = build_team_event(teams=4, boards=2)
    ensure_snapshot(tid)
    html = Client().get(reverse("live:index")).content.decode()
    item = html[html.index(">Team League</a>") :]
    assert "4 teams" in item and "players" not in item.split("</li>")[0]


def test_a_team_event_before_round_1_counts_its_teams_in_registration() -> None:
    tid = empty_team_swiss()
    commands.register_team(
        tid,
        {"name": "Rochade", "players": [{"name": f"P{i}"} for i in range(4)]},
        author=organiser(),
    )
    ensure_snapshot(tid)
    html = Client().get(reverse("live:index")).content.decode()
    assert "Registration: 1 team, 5 rounds" in html
