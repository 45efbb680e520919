"""Pairings anyone can re-derive: the origin each round.paired event records, and
GET /api/tournaments/ID/pairing-check/ (docs/arbiter/pairing-tools.md)."""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path
from unittest import mock

from django.urls import reverse

from tournaments.domain import pairing_origin
from tournaments.domain.events import RoundPaired, decode
from tournaments.models import Event
from tournaments.store import commands, pairing_check
from tournaments.store.events import summarise

from .builders import make_tournament

# Four unrated players: the Dutch engine pairs round 1 as 1-3 and 4-2 (S1 = 1, 2
# against S2 = 3, 4; 5.2.5 gives the odd pairing number 1 white, so 4 has white
# against 2), as test_round_pairing_api checks by hand too.
ENGINE_ROUND_ONE = [(1, 3), (4, 2)]


def _origin(tid: int, number: int) -> dict:
    event = Event.objects.get(tournament_id=tid, kind="round.paired", payload__round=number)
    return event.payload["origin"]


def _results(tid: int, author, number: int, results: tuple[str, ...]) -> None:
    for board, result in enumerate(results, start=1):
        commands.record_result(
            tid, {"round": number, "board": board, "result": result}, author=author
        )


def _round_robin_of_four(organiser) -> int:
    tid = commands.create_tournament(
        {"name": "RR", "rounds": 3, "system": "round robin"}, author=organiser
    ).tournament_id
    for n in range(1, 5):
        commands.register_player(tid, {"name": f"P{n}"}, author=organiser)
    return tid


def _check(api, tid: int) -> list[dict]:
    """The rounds of the pairing check once the verdicts' task has run (its body)."""
    pairing_check.pairing_check(tid)
    response = api.client.get(reverse("tournaments:pairing-check", args=[tid]))
    assert response.status_code == 200, response.json()
    return response.json()["rounds"]


def test_an_engine_pairing_records_the_engine_and_its_settings(api, organiser):
    tid = make_tournament(organiser, players=4)
    assert api.post("round-pair", tid, body={}).status_code == 201
    origin = _origin(tid, 1)
    assert origin["engine"] == "dutch"
    assert origin["version"].startswith("crosstable ")
    assert (origin["initial_colour"], origin["acceleration"]) == ("white1", "")
    assert origin["input_digest"].startswith("sha256:") and len(origin["input_digest"]) == 71
    assert origin["by_hand"] is False


def test_the_same_input_has_the_same_digest(api, organiser):
    first, second = make_tournament(organiser, players=4), make_tournament(organiser, players=4)
    for tid in (first, second):
        api.post("round-pair", tid, body={})
    assert _origin(first, 1)["input_digest"] == _origin(second, 1)["input_digest"]


def test_a_different_input_has_another_digest(api, organiser):
    four, five = make_tournament(organiser, players=4), make_tournament(organiser, players=5)
    for tid in (four, five):
        api.post("round-pair", tid, body={})
    assert _origin(four, 1)["input_digest"] != _origin(five, 1)["input_digest"]


def test_a_stored_round_without_an_origin_reads_as_none():
    event = decode("round.paired", 1, RoundPaired.EXAMPLES[1])
    assert isinstance(event, RoundPaired) and event.origin is None


def test_boards_given_by_hand_are_stored_without_running_the_engine(api, organiser):
    tid = make_tournament(organiser, players=4)
    body = {"round": 1, "boards": [{"white": 1, "black": 2}, {"white": 3, "black": 4}]}
    with mock.patch.object(pairing_origin, "check_pairing", side_effect=AssertionError):
        assert api.post("round-list", tid, body=body).status_code == 201
    origin = _origin(tid, 1)
    assert origin["by_hand"] is True
    assert origin["input_digest"].startswith("sha256:")


def test_the_engines_own_boards_given_by_hand_are_as_the_engine_pairs(api, organiser):
    tid = make_tournament(organiser, players=4)
    boards = [{"white": w, "black": b} for w, b in ENGINE_ROUND_ONE]
    assert api.post("round-list", tid, body={"round": 1, "boards": boards}).status_code == 201
    (check,) = _check(api, tid)
    assert (check["verdict"], check["by_hand"]) == ("as the engine pairs", True)


def test_rounds_paired_by_the_engine_are_as_the_engine_pairs(api, organiser):
    tid = make_tournament(organiser, players=4)
    api.post("round-pair", tid, body={})
    _results(tid, organiser, 1, ("1-0", "1-0"))
    api.post("round-pair", tid, body={})
    rounds = _check(api, tid)
    assert [(r["round"], r["verdict"], r["input_digest"]) for r in rounds] == [
        (1, "as the engine pairs", "matches"),
        (2, "as the engine pairs", "matches"),
    ]


def test_a_round_edited_by_hand_says_so_with_the_findings(api, organiser):
    tid = make_tournament(organiser, players=4)
    body = {"round": 1, "boards": [{"white": 1, "black": 2}, {"white": 3, "black": 4}]}
    api.post("round-list", tid, body=body)
    (check,) = _check(api, tid)
    assert check["verdict"].startswith("edited by hand: differs: 1-2, 3-4 (the engine: 1-3, 4-2)")
    assert check["by_hand"] is True


def test_a_round_without_an_origin_that_differs_lists_the_boards(api, organiser):
    # record_pairing (a TRF import's rounds) records no origin.
    tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    (check,) = _check(api, tid)
    assert check["verdict"].startswith("differs: 1-2, 3-4 (the engine: 1-3, 4-2)")
    assert check["input_digest"] == "not recorded"


def test_a_later_correction_does_not_change_an_earlier_verdict(api, organiser):
    # Round 2 is checked against the log before it, not against today's results.
    tid = make_tournament(organiser, players=4)
    api.post("round-pair", tid, body={})
    _results(tid, organiser, 1, ("1-0", "1-0"))
    api.post("round-pair", tid, body={})
    body = {"round": 1, "board": 1, "result": "0-1", "reason": "slip misread"}
    commands.correct_result(tid, body, author=organiser)
    assert _check(api, tid)[1]["verdict"] == "as the engine pairs"


def test_a_round_robin_is_checked_against_the_berger_tables(api, organiser):
    tid = _round_robin_of_four(organiser)
    assert api.post("schedule-create", tid, body={}).status_code == 201
    assert {r["verdict"] for r in _check(api, tid)} == {"as the Berger tables schedule"}


def test_a_verdict_is_computed_once_per_paired_event(api, organiser):
    tid = make_tournament(organiser, players=4)
    api.post("round-pair", tid, body={})
    _check(api, tid)
    with mock.patch.object(pairing_check, "check_round", side_effect=AssertionError):
        assert _check(api, tid)[0]["verdict"] == "as the engine pairs"


def test_the_round_page_shows_the_verdict(api, organiser):
    tid = make_tournament(organiser, players=4)
    api.post("round-pair", tid, body={})
    _check(api, tid)  # as the verdicts task does after a pairing
    page = api.client.get(reverse("live:round", args=[tid, 1]))
    assert "Pairing re-derived from the event log: identical." in page.content.decode()


def test_the_round_page_never_runs_the_engine(api, organiser):
    tid = make_tournament(organiser, players=4)
    api.post("round-pair", tid, body={})
    with mock.patch.object(pairing_check, "check_round", side_effect=AssertionError):
        page = api.client.get(reverse("live:round", args=[tid, 1]))
    assert "Pairing check under way." in page.content.decode()


def test_an_unknown_tournament_is_404(api):
    assert api.client.get(reverse("tournaments:pairing-check", args=[999999])).status_code == 404


def test_an_external_engine_is_recorded_with_its_programs_digest(api, organiser, settings):
    settings.PAIRING_ENGINE = f"{sys.executable} -m pairings"
    tid = make_tournament(organiser, players=4)
    assert api.post("round-pair", tid, body={}).status_code == 201
    origin = _origin(tid, 1)
    assert origin["engine"] == f"external: {sys.executable} -m pairings"
    program = Path(shutil.which(sys.executable) or sys.executable).read_bytes()
    assert origin["version"] == "sha256:" + hashlib.sha256(program).hexdigest()


def test_a_round_robin_paired_otherwise_differs_from_the_tables(api, organiser):
    # Berger table for 4 players, round 1: 1-4, 2-3 (C.05 Annex 1).
    tid = _round_robin_of_four(organiser)
    body = {"round": 1, "boards": [{"white": 1, "black": 2}, {"white": 3, "black": 4}]}
    assert api.post("round-list", tid, body=body).status_code == 201
    (check,) = _check(api, tid)
    assert check["verdict"] == "differs: 1-2, 3-4 (the tables: 1-4, 2-3)"


def test_an_origin_reads_back_as_stored():
    payload = {
        **RoundPaired.EXAMPLES[1],
        "origin": {
            "engine": "dutch",
            "version": "crosstable 0.1.0",
            "initial_colour": "black1",
            "acceleration": "baku",
            "input_digest": "sha256:" + "0" * 64,
            "by_hand": True,
            "findings": ["differs: 1-2 (the engine: 2-1)"],
        },
    }
    assert decode("round.paired", 1, payload).to_payload() == payload


def test_the_event_log_line_says_how_the_round_was_made(api, organiser):
    tid = make_tournament(organiser, players=4)
    body = {"round": 1, "boards": [{"white": 1, "black": 2}, {"white": 3, "black": 4}]}
    api.post("round-list", tid, body=body)
    event = Event.objects.get(tournament_id=tid, kind="round.paired")
    assert summarise(event) == "round 1: 2 boards, byes none (dutch, given by hand)"


def test_the_openapi_schema_documents_a_pending_round(api):
    schema = api.client.get(reverse("schema"), {"format": "json"}).json()
    verdict = schema["components"]["schemas"]["RoundVerdict"]
    assert schema["components"]["schemas"]["VerdictStatusEnum"]["enum"] == ["checked", "pending"]
    assert "status" in verdict["required"] and verdict["properties"]["verdict"]["nullable"]
