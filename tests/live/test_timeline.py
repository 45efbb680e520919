"""The live page's timeline through the log: each result and correction a step,
with the standings after it and the places it moved (``live.timeline``)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from live.timeline import step_view
from tests.builders import build_team_event, record_board
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


def three_steps() -> tuple[int, list[int]]:
    """Four players (BH, SB), round 1 paired 1 v 3 and 2 v 4: 1 beats 3, 4 beats 2,
    then board 2 corrected to 1-0.  Returns the id and the steps' seqs."""
    tid = make_tournament(players=4)
    seqs = [record(tid, 1, "1-0"), record(tid, 2, "0-1")]
    body = {"round": 1, "board": 2, "result": "1-0", "reason": "colours swapped"}
    seqs.append(commands.correct_result(tid, body, author=organiser()).seq)
    return tid, seqs


def moves(tid: int, **query: str) -> list[tuple[int, int, str, str]]:
    view = step_view(load_tournament(tid), query)
    assert view is not None
    return [(m.number, m.moved, m.place_before, m.place) for m in view.moves]


def page(tid: int, **query: str):
    return Client().get(reverse("live:timeline", args=[tid]), query)


def test_each_result_and_correction_is_a_step_in_log_order() -> None:
    tid, seqs = three_steps()
    view = step_view(load_tournament(tid), {})
    assert view is not None
    assert [(s.seq, s.round, s.board, s.result, s.corrected) for s in view.steps] == [
        (seqs[0], 1, 1, "1–0", False),
        (seqs[1], 1, 2, "0–1", False),
        (seqs[2], 1, 2, "1–0", True),
    ]
    white, black = view.steps[1].white, view.steps[1].black
    assert white is not None and black is not None
    assert (white.name, black.name) == ("Player 2", "Player 4")


def test_without_a_step_named_the_last_one_is_shown() -> None:
    tid, seqs = three_steps()
    view = step_view(load_tournament(tid), {})
    assert view is not None and view.step.seq == seqs[2] and view.next is None


def test_a_result_moves_the_winner_up_and_who_he_passed_down() -> None:
    tid, seqs = three_steps()
    # Before: 1 (1 point), 3 (0, BH 1), then 2 and 4 (0, BH 0) share 3-4.  After 4
    # beats 2: 1 and 4 on 1 point (BH 0, SB 0) share 1-2; 3 and 2 (BH 1) share 3-4.
    assert moves(tid, as_of=str(seqs[1])) == [(4, 2, "3-4", "1-2"), (3, -1, "2", "3-4")]


def test_a_correction_shows_the_places_it_moved() -> None:
    tid, seqs = three_steps()
    # Board 2 now 1-0: 2 takes 4's share of 1-2, 4 falls to 3-4 beside 3.
    assert moves(tid, as_of=str(seqs[2])) == [(2, 2, "3-4", "1-2"), (4, -2, "1-2", "3-4")]


def test_a_step_by_number_is_the_same_step_as_by_seq() -> None:
    tid, seqs = three_steps()
    assert moves(tid, step="2") == moves(tid, as_of=str(seqs[1]))


def test_the_standings_after_a_step_are_those_as_of_its_seq() -> None:
    tid, seqs = three_steps()
    view = step_view(load_tournament(tid), {"as_of": str(seqs[0])})
    assert view is not None
    api = Client().get(reverse("standings", args=[tid]), {"as_of": str(seqs[0]), "view": "objects"})
    assert [(line.number, line.place) for line in view.lines] == [
        (row["start_rank"], row["place"]) for row in api.json()["rows"]
    ]


def test_the_page_links_the_steps_around_it_and_reads_out_the_moves() -> None:
    tid, seqs = three_steps()
    html = page(tid, as_of=str(seqs[1])).content.decode()
    assert f'rel="prev" href="/tournaments/{tid}/timeline/?as_of={seqs[0]}"' in html
    assert f'rel="next" href="/tournaments/{tid}/timeline/?as_of={seqs[2]}"' in html
    assert re.search(r'<li data-start-rank="4" class="up">Player 4:\s+up 2 places', html)
    assert re.search(r'<li data-start-rank="3" class="down">Player 3:\s+down 1 place\s', html)


def test_a_correction_step_links_its_what_changed_page() -> None:
    tid, seqs = three_steps()
    html = page(tid, as_of=str(seqs[2])).content.decode()
    assert reverse("live:correction", args=[tid, seqs[2]]) in html


def test_the_fragment_is_the_step_alone() -> None:
    tid, _ = three_steps()
    html = page(tid, fragment="1").content.decode()
    assert html.lstrip().startswith('<div class="timeline-step"')
    assert "<html" not in html


def test_before_any_result_the_timeline_says_so() -> None:
    tid = make_tournament(players=4)
    assert "No result yet" in page(tid).content.decode()


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"as_of": "2"}, "as_of"),
        ({"as_of": "x"}, "as_of"),
        ({"step": "0"}, "step"),
        ({"step": "4"}, "step"),
        ({"step": "1", "as_of": "9"}, "as_of"),
    ],
)
def test_a_moment_that_is_no_step_is_refused_naming_it(query: dict, field: str) -> None:
    tid, _ = three_steps()
    response = page(tid, **query)
    assert response.status_code == 400
    assert response.content.decode().startswith(f"{field}:")


def test_the_live_page_has_a_timeline_tab_but_not_on_the_hall_screen() -> None:
    tid = make_tournament(players=4)
    url = reverse("live:spectator", args=[tid])
    assert 'data-tab="timeline"' in Client().get(url).content.decode()
    assert 'data-tab="timeline"' not in Client().get(url, {"hall": "1"}).content.decode()


def team_steps() -> tuple[int, list[int]]:
    """Four 2-board teams, round 1 (Berger) Club 1 v Club 4 and Club 2 v Club 3:
    in match 1 Player 1.1 beats Player 4.1 on board 1, board 2 (White: Player 4.2)
    is drawn, then corrected to 0-1.  Returns the id and the steps' seqs."""
    tid = build_team_event(teams=4, boards=2)
    seqs = [record_board(tid, 1, 1, "1-0"), record_board(tid, 1, 2, "1/2-1/2")]
    body = {"round": 1, "match": 1, "board": 2, "result": "0-1", "reason": "wrong board"}
    seqs.append(commands.correct_board_result(tid, body, author=organiser()).seq)
    return tid, seqs


def test_a_team_events_board_results_and_corrections_are_its_steps() -> None:
    tid, seqs = team_steps()
    view = step_view(load_tournament(tid), {})
    assert view is not None
    assert [(s.seq, s.round, s.match, s.board, s.result, s.corrected) for s in view.steps] == [
        (seqs[0], 1, 1, 1, "1–0", False),
        (seqs[1], 1, 1, 2, "½–½", False),
        (seqs[2], 1, 1, 2, "0–1", True),
    ]
    step = view.steps[1]
    assert (step.white.name, step.black.name) == ("Player 4.2", "Player 1.2")  # type: ignore[union-attr]
    assert step.teams == "Club 1 – Club 4"


def test_a_team_step_moves_the_teams_in_the_team_standings() -> None:
    tid, seqs = team_steps()
    view = step_view(load_tournament(tid), {"as_of": str(seqs[1])})
    assert view is not None
    # Match 1 ends 1½-½ with this board: before it no match was complete and the four
    # teams shared 1-4; now Club 1 (2 MP) leads, Club 4 (0 MP, ½ GP) is second, Clubs
    # 2 and 3 (0 GP) share 3-4.  Club 1 keeps rank 1: it moved no place.
    assert [(line.number, line.moved, line.place_before, line.place) for line in view.moves] == [
        (4, -1, "1-4", "2"),
        (2, -2, "1-4", "3-4"),
        (3, -2, "1-4", "3-4"),
    ]


def test_a_team_step_names_its_match_and_links_its_correction() -> None:
    tid, seqs = team_steps()
    html = page(tid, as_of=str(seqs[2])).content.decode()
    assert "correction, round 1 match 1 board 2" in html and "(Club 1 – Club 4)" in html
    assert reverse("live:correction", args=[tid, seqs[2]]) in html


def test_a_team_events_live_page_has_a_timeline_tab() -> None:
    tid = build_team_event()
    html = Client().get(reverse("live:spectator", args=[tid])).content.decode()
    assert 'data-tab="timeline"' in html


def test_a_forfeited_match_is_a_step_moving_the_teams() -> None:
    """Round 1's match 2 (Club 2 v Club 3) forfeited "-/+": Club 3 wins both boards
    (2 MP, 2 GP) and leads alone; the three others, no match complete, share 2-4."""
    tid = build_team_event(teams=4, boards=2)
    body = {"round": 1, "match": 2, "result": "-/+"}
    seq = commands.forfeit_match(tid, body, author=organiser()).seq
    view = step_view(load_tournament(tid), {"as_of": str(seq)})
    assert view is not None and view.step.forfeit and view.step.teams == "Club 2 – Club 3"
    assert {line.number: line.place for line in view.lines} == {
        3: "1",
        1: "2-4",
        2: "2-4",
        4: "2-4",
    }
    html = page(tid, as_of=str(seq)).content.decode()
    assert "round 1 match 2 forfeited (Club 2 – Club 3)" in html
