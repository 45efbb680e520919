"""createorganiser and demo."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tiebreaks.model import Color, Unplayed, UnplayedRound
from tournaments.demo import NAME, load_demo
from tournaments.models import Event
from tournaments.store.pairing_check import pairing_check
from tournaments.store.queries import load_tournament

from .builders import Api, make_tournament


def createorganiser(*args: str) -> str:
    out = io.StringIO()
    call_command("createorganiser", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue().strip()


def test_createorganiser_prints_a_working_token(organiser):
    tid = make_tournament(organiser)
    token = createorganiser("carol", "--tournament", str(tid))
    response = Api(token).post("player-list", tid, body={"name": "Via Carol"})
    assert response.status_code == 201
    assert response.json()["author"] == "carol"


def test_createorganiser_reuses_the_user_and_token(db):
    assert createorganiser("carol") == createorganiser("carol")


def test_createorganiser_without_the_tournament_cannot_write(organiser):
    tid = make_tournament(organiser)
    token = createorganiser("dave")
    assert Api(token).post("player-list", tid, body={"name": "X"}).status_code == 403


def test_createorganiser_of_an_unknown_tournament_exits_2(db):
    with pytest.raises(CommandError, match="no tournament 424242") as caught:
        createorganiser("erin", "--tournament", "424242")
    assert caught.value.returncode == 2


def test_the_demo_tournament_loads_once(organiser):
    tid = load_demo(organiser)
    events = Event.objects.filter(tournament_id=tid).count()
    assert load_demo(organiser) == tid
    assert Event.objects.filter(tournament_id=tid).count() == events

    folded = load_tournament(tid)
    assert (folded.name, len(folded.state.players), folded.state.last_paired_round) == (NAME, 12, 4)
    # Yuki Tanaka (11) forfeited round 1 with Black against 5, then took a half-point bye.
    assert folded.results.player(11).rounds[:2] == (
        UnplayedRound(Unplayed.FORFEIT_LOSS, 5, Color.BLACK),
        UnplayedRound(Unplayed.HPB),
    )
    assert folded.results.player(10).rounds[1] == UnplayedRound(Unplayed.PAB)
    assert Event.objects.filter(tournament_id=tid, kind="result.corrected").count() == 1
    assert folded.state.rounds[4].complete is False


def test_every_round_of_the_demo_is_paired_as_the_engine_pairs(organiser):
    tid = load_demo(organiser)
    verdicts = {v.round: (v.identical, v.verdict) for v in pairing_check(tid)}
    assert verdicts == {n: (True, "as the engine pairs") for n in (1, 2, 3, 4)}


def test_the_demo_command_sets_up_without_serving(db):
    out = io.StringIO()
    call_command("demo", "--no-serve", stdout=out)
    text = out.getvalue()
    assert NAME in text
    assert "/api/docs/" in text
    token = text.split("Organiser API token (demo): ")[1].split()[0]
    tid = Event.objects.get(kind="tournament.created", payload__name=NAME).tournament_id
    assert Api(token).post("player-list", tid, body={"name": "Walk-in"}).status_code == 201
