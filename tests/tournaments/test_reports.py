"""Results reported by the players and their private links (issue 21), through the
commands: a report is no result; the organiser confirms or rejects it, or two
matching reports confirm themselves when the tournament says so."""

from __future__ import annotations

import pytest
from django.core import signing

from tests.builders import build_tournament, organiser, private_link, record
from tournaments.domain.errors import CommandError
from tournaments.domain.reports import conflicting
from tournaments.models import Event
from tournaments.store import commands, private_links
from tournaments.store.queries import load_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tid() -> int:
    """Four players, round 1 paired: board 1 is 1 v 3, board 2 is 2 v 4."""
    return build_tournament(players=4, pairings=[[(1, 3), (2, 4)]])


def confirming(tid: int) -> int:
    commands.change_settings(
        tid, {"changes": {"confirm_matching_reports": True}}, author=organiser()
    )
    return tid


def report(tid: int, player_id: int, result: str) -> Event:
    return commands.report_result(tid, {"player_id": player_id, "result": result})


def test_a_report_is_stored_as_a_report_and_the_board_keeps_no_result(tid):
    event = report(tid, 1, "1-0")
    assert event.kind == "result.reported"
    expected = {"round": 1, "match": None, "board": 1, "player_id": 1, "result": "1-0"}
    assert event.payload == expected
    assert load_tournament(tid).state.rounds[1].board(1).result is None


def test_a_report_goes_to_the_players_board_in_the_last_paired_round(tid):
    for board in (1, 2):
        record(tid, board, "1-0")
    commands.record_pairing(tid, {"round": 2, "boards": [{"white": 4, "black": 1}]})
    assert report(tid, 1, "0-1").payload["round"] == 2
    assert report(tid, 1, "1-0").payload["board"] == 1


def test_a_player_without_a_board_in_the_current_round_cannot_report():
    tid = build_tournament(players=3, pairings=[[(1, 2)]])
    with pytest.raises(CommandError) as refused:
        report(tid, 3, "1-0")
    assert refused.value.field == "round"


def test_matching_reports_wait_for_the_organiser_without_the_setting(tid):
    report(tid, 1, "1-0")
    report(tid, 3, "1-0")
    assert load_tournament(tid).state.rounds[1].board(1).result is None


def test_matching_reports_confirm_themselves_with_the_setting_as_the_systems_result(tid):
    first = report(confirming(tid), 1, "1/2-1/2")
    # The command answers with its last event: the result after the second report.
    result = report(tid, 3, "1/2-1/2")
    second = Event.objects.get(tournament_id=tid, seq=result.seq - 1)
    assert (second.kind, result.kind, result.author) == ("result.reported", "result.recorded", None)
    assert result.payload["confirms"] == [first.seq, second.seq]
    assert load_tournament(tid).state.rounds[1].board(1).result == "1/2-1/2"


def test_conflicting_reports_are_flagged_and_record_nothing(tid):
    report(confirming(tid), 1, "1-0")
    report(tid, 3, "0-1")
    state = load_tournament(tid).state
    assert state.rounds[1].board(1).result is None
    assert conflicting(state.reports[(1, None, 1)])


def test_the_organiser_confirms_a_report_as_the_boards_result(tid):
    reported = report(tid, 2, "0-1")
    confirmed = commands.confirm_report(tid, {"round": 1, "board": 2}, author=organiser())
    assert confirmed.kind == "result.recorded"
    expected = {"round": 1, "board": 2, "result": "0-1", "confirms": [reported.seq]}
    assert confirmed.payload == expected


def test_confirming_conflicting_reports_needs_the_result(tid):
    report(tid, 1, "1-0")
    report(tid, 3, "0-1")
    with pytest.raises(CommandError) as refused:
        commands.confirm_report(tid, {"round": 1, "board": 1}, author=organiser())
    assert refused.value.field == "result"


def test_the_organiser_settles_conflicting_reports_with_the_result_given(tid):
    report(tid, 1, "1-0")
    report(tid, 3, "0-1")
    body = {"round": 1, "board": 1, "result": "0-1"}
    assert commands.confirm_report(tid, body, author=organiser()).payload["result"] == "0-1"


def test_rejected_reports_no_longer_count(tid):
    report(tid, 1, "1-0")
    body = {"round": 1, "board": 1, "reason": "the game is still on"}
    commands.reject_report(tid, body, author=organiser())
    assert (1, None, 1) not in load_tournament(tid).state.reports


def test_a_report_on_a_board_with_a_result_is_refused(tid):
    record(tid, 1, "1-0")
    with pytest.raises(CommandError) as refused:
        report(tid, 3, "1-0")
    assert refused.value.field == "result"


def test_cancelling_a_round_drops_its_reports(tid):
    report(tid, 1, "1-0")
    commands.unpair_round(tid, {"round": 1}, author=organiser())
    assert load_tournament(tid).state.reports == {}


def test_a_link_names_its_holder(tid):
    link = private_link(tid, 2)
    holder = private_links.resolve(link.split("/")[-2])
    assert (holder.tournament_id, holder.role, holder.holder) == (tid, "player", 2)


def test_a_revoked_link_no_longer_works(tid):
    token = private_link(tid, 2).split("/")[-2]
    commands.revoke_link(tid, {"role": "player", "holder": 2}, author=organiser())
    with pytest.raises(private_links.RevokedLink):
        private_links.resolve(token)


def test_a_new_link_replaces_the_old_one(tid):
    old = private_link(tid, 2).split("/")[-2]
    new = private_link(tid, 2).split("/")[-2]
    assert private_links.resolve(new).holder == 2
    with pytest.raises(private_links.RevokedLink):
        private_links.resolve(old)


def test_a_link_not_signed_by_the_server_is_unknown(tid):
    forged = signing.dumps([tid, "player", 2, "guess"], salt="another salt")
    with pytest.raises(private_links.UnknownLink):
        private_links.resolve(forged)


def test_a_link_for_nobody_is_refused(tid):
    with pytest.raises(CommandError) as refused:
        private_links.issue(tid, "player", [99], author=organiser())
    assert refused.value.field == "holders.0"


def test_captains_links_are_for_team_events_only(tid):
    with pytest.raises(CommandError) as refused:
        private_links.issue(tid, "captain", [1], author=organiser())
    assert refused.value.field == "role"
