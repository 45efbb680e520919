"""The public pages besides the live table: rounds, crosstable, player cards,
roster marks, tournament details, QR, API docs offline, request logging."""

from __future__ import annotations

import logging
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse

from live.spectator_content import expected_score, k_factor, player_card
from tournaments.store import commands
from tournaments.store.queries import PlayerState, load_tournament

from .builders import make_tournament, organiser, record, round_two_with_a_withdrawal_and_a_bye
from .open_builders import DETAILS

pytestmark = pytest.mark.django_db


def get(name: str, *args: object, **query: str) -> str:
    response = Client().get(reverse(name, args=args), query)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def two_player_game(white_rating: int, black_rating: int, result: str) -> int:
    """A one-round tournament: board 1 is player 1 (white) v player 2, with ``result``."""
    author = organiser()
    tid = commands.create_tournament({"name": "Rated", "rounds": 5}, author=author).tournament_id
    for name, rating in (("White Player", white_rating), ("Black Player", black_rating)):
        commands.register_player(tid, {"name": name, "rating": rating}, author=author)
    commands.record_pairing(tid, {"round": 1, "boards": [{"white": 1, "black": 2}]}, author=author)
    record(tid, 1, result)
    return tid


# --------------------------------------------------------------------------- stage


def test_header_says_the_round_in_progress() -> None:
    tid = make_tournament(players=4, rounds=5)
    assert "Round 1 of 5, in progress" in get("live:spectator", tid)


def test_header_says_a_round_is_finished_once_every_board_has_a_result() -> None:
    tid = make_tournament(players=4, rounds=5)
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    assert "Round 1 of 5, finished" in get("live:spectator", tid)


def test_header_says_final_standings_after_the_last_round() -> None:
    tid = make_tournament(players=4, rounds=1)
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    html = get("live:spectator", tid)
    assert "Final standings" in html
    assert "Round 1 of 1" not in html


# --------------------------------------------------------------------------- rounds


def test_a_past_round_shows_its_results_and_the_points_before_it() -> None:
    tid = make_tournament(players=4, rounds=3)  # round 1: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    record(tid, 2, "1/2-1/2")
    commands.record_pairing(
        tid,
        {"round": 2, "boards": [{"white": 4, "black": 1}, {"white": 3, "black": 2}]},
        author=organiser(),
    )
    html = get("live:round", tid, 1)
    assert "1–0" in html and "½–½" in html
    round2 = get("live:round", tid, 2)
    # Player 1 won round 1: 1 point before round 2; player 4 drew: ½.
    assert '<td class="pts black-pts">1</td>' in round2
    assert '<td class="pts white-pts">½</td>' in round2


def test_a_round_page_shows_ratings_and_says_results_in_words() -> None:
    tid = make_tournament(players=4, rounds=3)  # round 1: 1 v 3, 2 v 4; rated 2500 - n
    record(tid, 1, "1-0")
    html = get("live:round", tid, 1)
    assert '<td class="rating white-rating">2499</td>' in html  # player 1
    assert '<td class="rating black-rating">2497</td>' in html  # player 3
    assert '<span class="sr-only">White won</span>' in html
    assert '<span class="sr-only">game in progress</span>' in html  # board 2


@pytest.mark.parametrize(
    ("result", "words"),
    [
        ("0-1", "Black won"),
        ("1/2-1/2", "draw"),
        ("+/-", "White won by forfeit"),
        ("-/+", "Black won by forfeit"),
        ("0-0", "both lost by forfeit"),
    ],
)
def test_a_round_page_says_each_result_in_words(result: str, words: str) -> None:
    tid = make_tournament(players=4, rounds=3)
    record(tid, 1, result)
    assert f'<span class="sr-only">{words}</span>' in get("live:round", tid, 1)


def test_the_wd_mark_shows_only_from_the_round_of_the_withdrawal() -> None:
    author = organiser()
    tid = make_tournament(players=6, rounds=3)
    for board in (1, 2, 3):
        record(tid, board, "1-0")
    commands.withdraw_player(tid, {"start_rank": 6, "from_round": 2}, author=author)
    commands.record_pairing(
        tid,
        {"round": 2, "boards": [{"white": 4, "black": 1}, {"white": 2, "black": 3}]},
        author=author,
    )
    assert "wd</span>" not in get("live:round", tid, 1)  # player 6 played round 1
    assert 'title="withdrawn from round 2">wd</span>' in get("live:round", tid, 2)


def test_an_unpaired_round_is_404() -> None:
    tid = make_tournament(players=4, rounds=3)
    assert Client().get(reverse("live:round", args=[tid, 2])).status_code == 404


def test_the_round_page_marks_withdrawn_players_and_requested_byes() -> None:
    tid = round_two_with_a_withdrawal_and_a_bye()
    html = get("live:round", tid, 2)
    assert "half-point bye (requested)" in html
    assert "withdrawn" in html


# --------------------------------------------------------------------------- player cards


def test_a_player_card_lists_each_round_with_colour_result_and_running_score() -> None:
    tid = make_tournament(players=4, rounds=3)  # round 1: 1 v 3
    record(tid, 1, "1-0")
    html = get("live:player", tid, 3)
    assert "Player 1" in html  # the opponent, linked
    assert f'href="{reverse("live:player", args=[tid, 1])}"' in html
    assert '<td class="colour"><span class="long">Black</span>' in html
    assert '<td class="result">0</td>' in html


def test_the_rating_change_counts_a_difference_over_400_as_400() -> None:
    # 2450 beats 1900: D = 550, counted as 400, so the expected score is 0.92, not
    # 0.97; K = 10 from 2400 on (B.02 8.3.3): +0.8.  The loser, K = 20 assumed: -1.6.
    tid = two_player_game(2450, 1900, "1-0")
    folded = load_tournament(tid)
    winner = player_card(folded, 1, None)
    loser = player_card(folded, 2, None)
    assert winner is not None and loser is not None
    assert winner.rounds[0].expected == Fraction(92, 100)
    assert winner.rating_change == Fraction(8, 10)
    assert loser.rating_change == Fraction(-16, 10)


def test_performance_is_the_opponents_rating_plus_dp() -> None:
    tid = two_player_game(2450, 1900, "1/2-1/2")
    card = player_card(load_tournament(tid), 1, None)
    assert card is not None
    assert card.performance == 1900  # a 50% score: dp = 0


def test_k_factor_is_10_from_2400_and_an_assumption_below_it() -> None:
    assert k_factor(PlayerState(1, "A", rating=2400))[0] == 10
    k, note = k_factor(PlayerState(1, "B", rating=2100))
    assert k == 20 and "assumed" in note
    assert k_factor(PlayerState(1, "C", rating=0))[0] is None


def test_the_expected_score_follows_table_8_1_b() -> None:
    assert expected_score(2000, 2000) == Fraction(50, 100)
    assert expected_score(2100, 2000) == Fraction(64, 100)
    assert expected_score(2000, 2100) == Fraction(36, 100)


def test_an_unknown_player_card_is_404() -> None:
    tid = make_tournament(players=4)
    assert Client().get(reverse("live:player", args=[tid, 99])).status_code == 404


# --------------------------------------------------------------------------- crosstable, roster


def test_the_crosstable_fragment_has_a_row_per_player_in_ranking_order() -> None:
    tid = make_tournament(players=4)
    record(tid, 1, "0-1")  # player 3 beats player 1
    html = get("live:crosstable", tid, fragment="1")
    assert "<html" not in html
    assert html.index('data-start-rank="3"') < html.index('data-start-rank="1"')


def test_the_crosstable_has_a_column_per_tiebreak_with_its_name_as_the_help() -> None:
    tid = make_tournament(players=4)  # BH, SB; round 1: 1 v 3, 2 v 4
    record(tid, 1, "0-1")
    record(tid, 2, "1-0")
    html = get("live:crosstable", tid, fragment="1")
    assert 'aria-describedby="crosstable-tb-1">BH</button>' in html
    assert '<span role="tooltip" class="tb-tip" id="crosstable-tb-1">Buchholz</span>' in html
    assert 'aria-describedby="crosstable-tb-2">SB</button>' in html
    assert (
        '<span role="tooltip" class="tb-tip" id="crosstable-tb-2">Sonneborn-Berger</span>' in html
    )
    # Player 1 lost to player 3, who has 1 point: BH 1, SB 0 (no point against 3).
    row = html[html.index('data-start-rank="1"') :]
    row = row[: row.index("</tr>")]
    assert row.endswith('<td class="tb">1</td><td class="tb">0</td>\n      ')


def test_the_starting_list_has_every_player_by_start_rank_with_flag_and_rating() -> None:
    author = organiser()
    tid = commands.create_tournament({"name": "Open", "rounds": 5}, author=author).tournament_id
    for name, fed in (("Weber, Anna", "GER"), ("Rossi, Luca", "ITA")):
        commands.register_player(
            tid, {"name": name, "rating": 2000, "federation": fed}, author=author
        )
    html = get("live:starting-list", tid)  # before round 1
    assert html.index("Weber, Anna") < html.index("Rossi, Luca")
    # 🇩🇪: regional indicators D and E.
    assert '<span class="flag" aria-hidden="true">\U0001f1e9\U0001f1ea</span> GER' in html
    assert '<td class="rating">2000</td>' in html


def test_the_roster_names_withdrawals_and_requested_byes() -> None:
    tid = make_tournament(players=6, rounds=3)
    commands.withdraw_player(tid, {"start_rank": 6, "from_round": 2}, author=organiser())
    commands.request_bye(tid, {"start_rank": 5, "round": 2, "points": "zero"}, author=organiser())
    data = Client().get(reverse("live:roster", args=[tid])).json()
    assert data["withdrawn"] == {"6": 2}
    assert data["requested_byes"] == {"2": {"5": "zero"}}
    assert data["stage"] == "Round 1 of 3, in progress"


def test_the_roster_answers_304_while_nothing_new_happened() -> None:
    tid = make_tournament(players=4)
    client = Client()
    first = client.get(reverse("live:roster", args=[tid]))
    again = client.get(reverse("live:roster", args=[tid]), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    record(tid, 1, "1-0")
    assert (
        client.get(reverse("live:roster", args=[tid]), HTTP_IF_NONE_MATCH=first["ETag"]).status_code
        == 200
    )


# --------------------------------------------------------------------------- details, index


def test_tournament_details_show_on_the_index_and_the_live_page() -> None:
    tid = commands.create_tournament(
        {"name": "Lyon Open", "rounds": 3, "details": DETAILS}, author=organiser()
    ).tournament_id
    for html in (get("live:index"), get("live:spectator", tid)):
        assert "1 May 2026 – 3 May 2026" in html
        assert "Lyon" in html and "90 min + 30 s" in html and "IA Paul Martin" in html
    assert "R3 2 May 2026" in get("live:spectator", tid)
    assert "R2 " not in get("live:spectator", tid)  # no date for round 2


def test_a_bad_date_in_the_details_is_a_400_naming_it() -> None:
    client = Client()
    client.force_login(organiser())
    response = client.post(
        reverse("tournaments:tournament-list"),
        {"name": "X", "rounds": 3, "details": {"start_date": "1 May"}},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "details.start_date" in response.json()


def test_the_index_tells_same_named_tournaments_apart() -> None:
    first = make_tournament(players=4, name="Club Cup")
    second = make_tournament(players=4, name="Club Cup")
    html = get("live:index")
    assert f"No. {first}," in html and f"No. {second}," in html


def test_a_lone_name_on_the_index_carries_no_number() -> None:
    tid = make_tournament(players=4, name="Spring Open")
    assert f"No. {tid}," not in get("live:index")


# --------------------------------------------------------------------------- QR, docs, logs


def test_the_live_page_has_a_qr_code_and_the_address_it_encodes() -> None:
    tid = make_tournament(players=4)
    html = get("live:spectator", tid)
    qr = html[html.index('class="qr"') :]
    assert qr.index("<svg") < qr.index("</div>")
    assert f"http://testserver{reverse('live:spectator', args=[tid])}" in html


def test_the_hall_options_reach_the_page() -> None:
    tid = make_tournament(players=4)
    html = get("live:spectator", tid, hall="1", dwell="12", show="names")
    assert 'data-dwell="12.0"' in html and 'data-hall-show="names"' in html
    assert 'class="hall hall-names"' in html


def test_an_out_of_range_dwell_falls_back_to_the_default() -> None:
    tid = make_tournament(players=4)
    for dwell in ("0", "nan", "abc", "100000"):
        assert 'data-dwell="10.0"' in get("live:spectator", tid, hall="1", dwell=dwell)


def test_the_api_docs_load_nothing_from_the_internet() -> None:
    html = get("api-docs")
    assert "drf_spectacular_sidecar" in html
    assert "https://" not in html


def test_a_404_is_logged_by_the_server_only(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        assert Client().get("/no-such-page/").status_code == 404
    assert [r for r in caplog.records if r.name == "django.request"] == []


def test_a_trf_import_brings_its_header_details_to_the_pages() -> None:
    from tournaments.store.trf_import import import_trf

    text = "\n".join(
        [
            "012 Imported Open",
            "022 Bologna",
            "042 2026/03/13",
            "102 IA Carla Conti",
            "001    1      Alpha, Anna                       2100 ITA    12345678 "
            "1990/01/01  0.0    1",
            "XXR 5",
            "",
        ]
    )
    tid = import_trf(text, author=organiser()).id
    html = get("live:spectator", tid)
    assert "Bologna" in html and "13 Mar 2026" in html and "IA Carla Conti" in html


def test_favicon_ico_leads_to_the_icon() -> None:
    from django.contrib.staticfiles import finders

    response = Client().get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("/live/favicon.svg")
    assert finders.find("live/favicon.svg")
