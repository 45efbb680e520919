"""The public pages of a team event (issue 22): a round's matches, a match, the
team crosstable."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_team_event, organiser, record_board
from tests.live.builders import moved_up
from tournaments.store import commands

pytestmark = pytest.mark.django_db


def page(name: str, *args: int) -> str:
    response = Client().get(reverse(f"live:{name}", args=args))
    assert response.status_code == 200
    return response.content.decode()


def test_a_round_shows_its_matches_with_players_and_the_score_so_far() -> None:
    tid = build_team_event(teams=4, boards=2)  # match 1: Club 1 - Club 4
    record_board(tid, 1, 1, "1-0")
    html = page("round", tid, 1)
    assert 'Club 1</a></span> <span class="match-score">1-0</span>' in html
    assert "Player 1.1" in html and "Player 4.1" in html


def test_the_match_page_shows_each_board_with_who_has_white() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=0)
    commands.start_team_round(tid, {"round": 1}, author=organiser())  # line-ups public
    html = page("team-match", tid, 1, 1)
    # Board 2: Club 4's second player (start rank 8) has White (colours alternate).
    board_two = html.split('data-board="2"')[1]
    assert board_two.index("Player 4.2") < board_two.index("Player 1.2")


def test_a_match_not_in_the_round_is_not_found() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:team-match", args=[tid, 1, 3]))
    assert response.status_code == 404


def test_the_team_crosstable_gives_opponent_colour_and_points() -> None:
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    record_board(tid, 1, 2, "0-1")  # board 2: Club 4 White loses: Club 1 wins 2-0
    html = page("crosstable", tid)
    row = html.split('data-team="1"')[1].split("</tr>")[0]
    assert "4w" in row and "2 / 2" in row


def test_the_live_page_follows_teams_by_pairing_number() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = page("spectator", tid)
    assert "data-follow" not in html
    response = Client().get(reverse("live:spectator", args=[tid]), {"follow": "3,1"})
    assert 'data-follow="3,1"' in response.content.decode()


def test_following_a_team_that_does_not_exist_is_refused() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:spectator", args=[tid]), {"follow": "7"})
    assert response.status_code == 400
    assert response.content.decode() == "follow: no team with pairing number 7"


def test_the_team_crosstable_links_each_team_to_the_live_page_following_it() -> None:
    tid = build_team_event(teams=4, boards=2)
    row = page("crosstable", tid).split('data-team="2"')[1].split("</tr>")[0]
    assert f'{reverse("live:spectator", args=[tid])}?follow=2"' in row


def test_the_starting_list_of_a_team_event_lists_the_teams_with_their_strength() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=0)
    html = page("starting-list", tid)
    # Club 2's first boards are start ranks 3 and 4: 2370 and 2360.
    row = html.split('data-team="2"')[1].split("</tr>")[0]
    assert "Club 2" in row and "2365" in row
    assert "Not in the order of strength" not in html  # registered strongest first


def test_the_team_starting_list_says_when_it_is_not_in_the_order_of_strength() -> None:
    tid = commands.create_tournament(
        {"name": "League", "rounds": 3, "kind": "team", "boards": 1}, author=organiser()
    ).tournament_id
    for name, rating in (("Weak", 1500), ("Strong", 2500)):
        players = [{"name": f"{name} player", "rating": rating}]
        commands.register_team(tid, {"name": name, "players": players}, author=organiser())
    assert "Not in the order of strength yet" in page("starting-list", tid)


def test_a_swiss_round_names_its_requested_byes_and_withdrawn_teams() -> None:
    author = organiser()
    tid = build_team_event(author=author, teams=6, boards=2, system="swiss", lined_up=False)
    for match in (1, 2, 3):
        commands.forfeit_match(tid, {"round": 1, "match": match, "result": "+/-"}, author=author)
    commands.request_team_bye(tid, {"team": 2, "round": 2, "points": "half"}, author=author)
    commands.withdraw_team(tid, {"team": 3, "from_round": 2}, author=author)
    commands.pair_next_team_round(tid, {}, author=author)
    html = page("round", tid, 2)
    assert "Half-point bye: Club 2" in html and "Withdrawn: Club 3" in html


def test_the_crosstable_links_each_team_to_its_card() -> None:
    tid = build_team_event(teams=4, boards=2)
    assert f'href="{reverse("live:team", args=[tid, 4])}">Club 4</a>' in page("crosstable", tid)


def test_the_match_page_links_both_teams_to_their_cards() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = page("team-match", tid, 1, 1)
    assert f'href="{reverse("live:team", args=[tid, 1])}">Club 1</a>' in html
    assert f'href="{reverse("live:team", args=[tid, 4])}">Club 4</a>' in html


def test_the_team_card_gives_each_rounds_opponent_and_score_own_first() -> None:
    tid = build_team_event(teams=4, boards=2)  # match 1: Club 1 - Club 4
    record_board(tid, 1, 1, "0-1")  # board 1: Club 1's player has White and loses
    html = page("team", tid, 4)
    match = html.split('data-round="1"')[1].split("</h4>")[0]
    assert "Club 1</a>" in match and ">1-0</a>" in match


def test_the_team_card_gives_each_board_from_the_teams_side() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=0)  # Club 4: players 7, 8
    record_board(tid, 1, 2, "1-0")  # board 2: Club 4's player 8 has White and wins
    board = page("team", tid, 4).split('data-board="2"')[1].split("</tr>")[0]
    assert '<td class="colour">W</td>' in board
    assert board.index("Player 4.2") < board.index('<td class="result">1</td>')


def test_the_team_card_marks_the_reserve_in_the_roster() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=1)  # Club 1: 1, 2, reserve 3
    row = page("team", tid, 1).split('data-start-rank="3"')[1].split("</tr>")[0]
    assert '<td class="board">R</td>' in row


def test_a_team_that_does_not_exist_has_no_card() -> None:
    tid = build_team_event(teams=4, boards=2)
    assert Client().get(reverse("live:team", args=[tid, 9])).status_code == 404


def test_the_player_card_of_a_team_event_gives_board_colour_opponent_and_result() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=0)  # board 2: 8 (White) - 2
    record_board(tid, 1, 2, "1/2-1/2")
    row = page("player", tid, 2).split('data-round="1"')[1].split("</tr>")[0]
    assert "Club 4" in row and '<td class="board">2</td>' in row
    assert '<td class="colour">B</td>' in row and "Player 4.2" in row
    assert '<td class="result">½</td>' in row


def test_the_player_card_says_when_the_player_is_not_in_the_line_up() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=1)  # 3: Club 1's reserve
    commands.start_team_round(tid, {"round": 1}, author=organiser())  # line-ups public
    row = page("player", tid, 3).split('data-round="1"')[1].split("</tr>")[0]
    assert "not in the line-up" in row


def test_board_prizes_rank_a_boards_players_by_performance() -> None:
    # Board 1: 1 (2390) beats 10 (2300): 3100; 7 (2330) beats 4 (2360): 3160;
    # 10: 2390 - 800 = 1590; 4: 2330 - 800 = 1530.
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    record_board(tid, 2, 1, "0-1")
    response = Client().get(reverse("live:board-prizes", args=[tid]), {"min_games": 1})
    board = response.content.decode().split('data-board="1"')[1].split("</section>")[0]
    ranks = re.findall(r'data-start-rank="(\d+)"', board)
    assert ranks == ["7", "1", "10", "4"]
    assert '<td class="performance">3160</td>' in board


def test_board_prizes_refuse_a_bad_minimum_naming_the_field() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:board-prizes", args=[tid]), {"min_games": "-1"})
    assert response.status_code == 400 and response.content.startswith(b"min_games:")


def board_prize_boards(tid: int, **query: str) -> list[str]:
    """The board (data-board) of each line of player 2 on the board prize page."""
    response = Client().get(reverse("live:board-prizes", args=[tid]), query)
    sections = response.content.decode().split('<section class="board-prize" data-board="')[1:]
    return [s.split('"')[0] for s in sections if 'data-start-rank="2"' in s]


def test_board_prizes_list_a_player_on_each_board_played_by_default() -> None:
    assert board_prize_boards(moved_up()) == ["1", "2"]


def test_board_prizes_on_one_board_list_a_player_once() -> None:
    assert board_prize_boards(moved_up(), assignment="most_played") == ["2"]


def test_board_prizes_on_one_board_say_so_under_the_options() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:board-prizes", args=[tid]), {"assignment": "most_played"})
    html = response.content.decode()
    assert '<option value="most_played" selected>' in html and "listed once" in html


def test_board_prizes_refuse_a_bad_assignment_naming_the_field() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:board-prizes", args=[tid]), {"assignment": "first"})
    assert response.status_code == 400 and response.content.startswith(b"assignment:")


def test_board_prizes_by_default_ask_two_thirds_of_the_rounds() -> None:
    tid = build_team_event(teams=4, boards=2)  # 3 rounds: 2 games
    assert 'name="min_games" min="0" max="999" value="2"' in page("board-prizes", tid)


def test_the_team_hall_has_no_find_your_board() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:spectator", args=[tid]), {"hall": "1", "show": "names"})
    assert 'data-hall-show="standings"' in response.content.decode()


def test_the_team_live_page_links_rows_to_team_cards() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = page("spectator", tid)
    assert f'data-team-url="{reverse("live:team", args=[tid, 0])}"' in html


def test_the_team_card_gives_each_players_points_and_games() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=1)  # board 1: 1 (White) - 10
    record_board(tid, 1, 1, "1-0")
    html = page("team", tid, 1)
    first = html.split('data-start-rank="1"')[1].split("</tr>")[0]
    reserve = html.split('data-start-rank="3"')[1].split("</tr>")[0]
    assert '<td class="points">1</td>' in first and '<td class="games">1</td>' in first
    assert '<td class="points">0</td>' in reserve and '<td class="games">0</td>' in reserve


def test_the_player_card_says_the_team_had_the_bye() -> None:
    # A Swiss of 5 teams: the lowest, team 5 (players 13-15), has the bye.
    tid = build_team_event(teams=5, boards=2, reserves=1, system="swiss")
    row = page("player", tid, 13).split('data-round="1"')[1].split("</tr>")[0]
    assert "team bye" in row


def test_the_team_card_marks_a_forfeited_match_without_boards() -> None:
    tid = build_team_event(teams=4, boards=2)  # match 1: Club 1 - Club 4
    commands.forfeit_match(tid, {"round": 1, "match": 1, "result": "+/-"}, author=organiser())
    match = page("team", tid, 4).split('data-round="1"')[1].split("</section>")[0]
    assert '<span class="mark">forfeit -</span>' in match and "data-board" not in match


def test_a_spectator_sees_no_organise_link() -> None:
    tid = build_team_event(teams=4, boards=2)
    assert reverse("live:team-manage", args=[tid]) not in page("crosstable", tid)


def test_the_organiser_sees_the_organise_link_in_the_header() -> None:
    tid = build_team_event(teams=4, boards=2)
    client = Client()
    client.force_login(organiser())
    html = client.get(reverse("live:crosstable", args=[tid])).content.decode()
    assert reverse("live:team-manage", args=[tid]) in html
