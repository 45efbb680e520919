"""Importing a TRF as ordinary events, exporting a tournament as a TRF."""

from __future__ import annotations

import csv
import dataclasses
import io
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError as ManagementError
from django.urls import reverse
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.builders import organiser, record
from tests.tiebreaks.strategies import tournaments, trf_can_say_it
from tiebreaks.errors import TrfError
from tiebreaks.model import System, Unplayed, UnplayedRound
from tiebreaks.standings import compute_standings
from tiebreaks.trf import ByeRecord, decode, parse_trf, trf_from_tournament, write_trf
from tournaments.demo import load_demo
from tournaments.models import Event, Tournament
from tournaments.store import commands, queries
from tournaments.store.queries import may_write
from tournaments.store.trf_import import export_trf, import_trf, standings_csv, standings_of

DATA = Path(__file__).resolve().parent.parent / "data"
BROKEN = DATA / "broken_import"

pytestmark = pytest.mark.django_db


def _rows(standings):
    return [
        (row.rank, row.player.start_rank, row.points, tuple(row.tiebreaks.values()))
        for row in standings.rows
    ]


def _file_standings(text: str, tiebreaks):
    return compute_standings(parse_trf(text).tournament, tiebreaks=tiebreaks)


@pytest.mark.parametrize("name", ["held_swiss_5.trf", "held_round_robin.trf"])
def test_import_gives_the_standings_of_the_file_itself(name):
    text = (DATA / name).read_text()
    imported = import_trf(text)
    tournament = queries.load_tournament(imported.id)
    ours = standings_of(tournament)
    assert _rows(ours) == _rows(_file_standings(text, ours.tiebreaks))


def test_import_stores_registrations_pairings_byes_and_results_as_events():
    imported = import_trf((DATA / "held_swiss_5.trf").read_text())
    kinds = list(
        Event.objects.filter(tournament_id=imported.id).order_by("seq").values_list("kind", flat=1)
    )
    assert kinds[0] == "tournament.created"
    assert kinds.count("player.registered") == 16
    assert kinds.count("round.paired") == 5
    # Round 2: David's H; round 3: Jessica's H; round 4: Nick's and Paul's Z; round 5: Nick's Z.
    assert kinds.count("bye.requested") == 5
    state = queries.load_tournament(imported.id).state
    assert state.rounds[2].byes == (12,)  # Nick's pairing-allocated bye (U)
    assert state.requested_bye(2, 4) == "half"
    board = state.rounds[4].board_of(9)
    assert (board.white, board.black, board.result) == (11, 9, "+/-")


def test_import_assigns_the_author_as_organiser(django_user_model):
    user = django_user_model.objects.create_user("arbiter")
    imported = import_trf((DATA / "held_round_robin.trf").read_text(), author=user)
    assert may_write(user, imported.id)


def test_export_then_import_gives_the_same_standings():
    first = import_trf((DATA / "held_swiss_5.trf").read_text())
    exported = export_trf(first.id)
    second = import_trf(exported)
    before = standings_of(queries.load_tournament(first.id))
    after = standings_of(queries.load_tournament(second.id))
    assert _rows(after) == _rows(before)
    assert after.tiebreaks == before.tiebreaks


def test_export_keeps_the_rule_edition_for_the_next_import():
    first = import_trf((DATA / "held_swiss_5.trf").read_text(), rules="fide-2023")
    exported = export_trf(first.id)
    assert exported.splitlines()[0] == "### Crosstable rules: fide-2023"
    second = import_trf(exported)
    assert queries.load_tournament(second.id).rules == "fide-2023"
    before = standings_of(queries.load_tournament(first.id))
    assert _rows(standings_of(queries.load_tournament(second.id))) == _rows(before)


def test_export_writes_points_and_ranks_of_the_standings():
    imported = import_trf((DATA / "held_round_robin.trf").read_text())
    standings = standings_of(queries.load_tournament(imported.id))
    text = export_trf(imported.id)
    records = {int(line[4:8]): line for line in text.splitlines() if line[:3] == "001"}
    for row in standings.rows:
        record = records[row.player.start_rank]
        assert record[14:47].strip() == row.player.name
        assert Fraction(record[80:84].strip()) == row.points
        assert int(record[85:89]) == row.rank


def test_standings_csv_has_a_row_per_player_in_rank_order():
    imported = import_trf((DATA / "held_round_robin.trf").read_text())
    header, *rows = csv.reader(io.StringIO(standings_csv(imported.id)))
    assert header[:7] == ["rank", "place", "start_rank", "name", "rating", "federation", "points"]
    assert len(rows) == 6
    # The TEC round-robin exercise: Alyx, Bruno and Charline share the top score 3.5.
    assert {(row[3], row[6]) for row in rows[:3]} == {
        ("Alyx", "3.5"),
        ("Bruno", "3.5"),
        ("Charline", "3.5"),
    }


# (file, line, column) of the first problem; each variant differs from valid_base.trf by one defect.
BROKEN_VARIANTS = [
    ("empty_file.trf", 1, 1),
    ("no_players.trf", 8, 1),
    ("short_line.trf", 8, 109),
    ("bad_result_code.trf", 9, 109),
    ("sides_disagree.trf", 8, 99),
    ("colours_disagree.trf", 9, 107),
    ("unknown_opponent.trf", 12, 102),
    ("duplicate_start_rank.trf", 11, 5),
    ("bye_with_opponent.trf", 11, 112),
    ("bad_colour.trf", 9, 97),
    ("non_numeric_rating.trf", 10, 49),
    ("non_numeric_start_rank.trf", 12, 5),
    ("opponent_is_self.trf", 8, 102),
    # Accepted by the reader, refused by a command: reported at the record it came from.
    ("duplicate_fide_id.trf", 11, 58),
    ("unknown_title.trf", 10, 11),
    ("unknown_tiebreak.trf", 8, 5),
    ("unknown_rules_comment.trf", 1, 23),
]


def _counts() -> tuple[int, int]:
    return Tournament.objects.count(), Event.objects.count()


def test_the_base_of_the_broken_variants_imports():
    imported = import_trf((BROKEN / "valid_base.trf").read_text())
    assert (imported.players, imported.rounds_paired) == (5, 3)


@pytest.mark.parametrize(("name", "line", "column"), BROKEN_VARIANTS)
def test_broken_file_is_refused_with_its_line_and_nothing_stored(name, line, column):
    import_trf((DATA / "held_round_robin.trf").read_text())  # something already stored
    before = _counts()
    with pytest.raises(TrfError) as refused:
        import_trf((BROKEN / name).read_text())
    assert (refused.value.line, refused.value.column) == (line, column)
    assert str(refused.value).startswith(f"line {line}, column {column}: ")
    assert _counts() == before


def test_every_broken_file_in_the_directory_is_covered():
    listed = {name for name, _, _ in BROKEN_VARIANTS}
    on_disk = {p.name for p in BROKEN.glob("*.trf")} - {"valid_base.trf"}
    assert on_disk == listed


def test_management_command_imports_and_names_the_organiser(django_user_model, capsys):
    user = django_user_model.objects.create_user("organiser")
    call_command("import_trf", str(DATA / "held_swiss_5.trf"), "--organiser", "organiser")
    tournament = Tournament.objects.get()
    assert may_write(user, tournament.pk)
    assert f"tournament {tournament.pk}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([str(BROKEN / "bad_colour.trf")], "line 9, column 97: "),
        ([str(BROKEN / "missing.trf")], "cannot read"),
        ([str(DATA / "held_swiss_5.trf"), "--organiser", "nobody"], "--organiser: no user"),
    ],
)
def test_management_command_refuses_with_exit_code_2(args, message):
    with pytest.raises(ManagementError, match=message) as refused:
        call_command("import_trf", *args)
    assert refused.value.returncode == 2
    assert _counts() == (0, 0)


# --------------------------------------------------------------------------- the API


def _import_url() -> str:
    return reverse("tournaments:tournament-import")


def test_api_imports_a_multipart_file_and_makes_the_user_organiser(api, organiser):
    upload = SimpleUploadedFile("swiss.trf", (DATA / "held_swiss_5.trf").read_bytes())
    response = api.client.post(_import_url(), {"file": upload}, format="multipart")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["players"], body["rounds_paired"]) == (16, 5)
    assert may_write(organiser, body["id"])


def test_api_imports_a_text_plain_body_with_the_rules_in_the_query(api):
    response = api.client.post(
        _import_url() + "?rules=fide-2023",
        (DATA / "held_round_robin.trf").read_text(),
        content_type="text/plain",
    )
    assert response.status_code == 201, response.json()
    assert queries.load_tournament(response.json()["id"]).rules == "fide-2023"


def test_api_refuses_a_broken_file_with_its_line_and_stores_nothing(api):
    before = _counts()
    response = api.client.post(
        _import_url(), (BROKEN / "sides_disagree.trf").read_text(), content_type="text/plain"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["detail"].startswith("line 8, column 99: round 1: result '1' against 4")
    assert (body["line"], body["column"]) == (8, 99)
    assert _counts() == before


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"data": {}, "format": "multipart"}, "file"),
        ({"data": "x", "content_type": "text/plain", "path": "?rules=fide-1999"}, "rules"),
    ],
)
def test_api_names_a_missing_file_or_an_unknown_rule_edition(api, kwargs, field):
    url = _import_url() + kwargs.pop("path", "")
    response = api.client.post(url, **kwargs)
    assert response.status_code == 400
    assert field in response.json()


def test_api_import_needs_a_signed_in_user(make_api):
    response = make_api(None).client.post(_import_url(), "012 x", content_type="text/plain")
    assert response.status_code == 401
    assert _counts() == (0, 0)


def test_api_exports_trf_and_csv_to_anyone(make_api):
    imported = import_trf((DATA / "held_round_robin.trf").read_text())
    client = make_api(None).client
    trf = client.get(reverse("tournaments:tournament-export", args=[imported.id]))
    assert trf.status_code == 200
    assert trf["Content-Type"] == "text/plain; charset=utf-8"
    assert trf.content.decode() == export_trf(imported.id)
    csv_response = client.get(reverse("tournaments:standings-csv", args=[imported.id]))
    assert csv_response["Content-Type"] == "text/csv; charset=utf-8"
    assert csv_response.content.decode() == standings_csv(imported.id)
    assert client.get(reverse("tournaments:tournament-export", args=[999])).status_code == 404


# --------------------------------------------------------------------------- real-world notations

NOTATIONS = DATA / "notations"


@pytest.mark.parametrize("path", sorted(NOTATIONS.glob("*.trf")), ids=lambda p: p.name)
def test_every_notation_imports_with_the_standings_of_the_file(path):
    text = decode(path.read_bytes())
    imported = import_trf(text)
    stored = standings_of(queries.load_tournament(imported.id))
    from_file = parse_trf(text).tournament
    assert queries.load_tournament(imported.id).system == from_file.system.value
    assert _rows(stored) == _rows(_file_standings(text, stored.tiebreaks))


def test_unrated_games_are_stored_unrated_and_exported_as_w_d_l():
    imported = import_trf((NOTATIONS / "unrated_games_wdl.trf").read_text())
    results = Event.objects.filter(tournament_id=imported.id, kind="result.recorded")
    round_1 = [e.payload for e in results if e.payload["round"] == 1]
    assert [p.get("rated") for p in round_1] == [False, False]
    assert all("rated" not in e.payload for e in results if e.payload["round"] == 2)
    records = [line for line in export_trf(imported.id).splitlines() if line[:3] == "001"]
    assert [line[91:99] for line in records] == ["   2 w W", "   1 b L", "   4 w D", "   3 b D"]


def test_a_fide_id_that_is_not_a_number_is_stored_empty():
    imported = import_trf((NOTATIONS / "fide_id_non_numeric.trf").read_text())
    players = queries.load_tournament(imported.id).state.players
    assert [players[rank].fide_id for rank in (1, 2)] == ["", ""]


def test_a_round_being_played_imports_as_boards_without_a_result():
    imported = import_trf((NOTATIONS / "pending_round.trf").read_text())
    round_3 = queries.load_tournament(imported.id).state.rounds[3]
    assert [(b.white, b.black, b.result) for b in round_3.boards] == [(1, 4, None), (3, 2, None)]
    assert imported.rounds_paired == 3


def test_export_mid_round_keeps_the_pending_boards_and_imports_the_same():
    first = import_trf((NOTATIONS / "pending_round.trf").read_text())
    exported = export_trf(first.id)
    second = import_trf(exported)
    before, after = (queries.load_tournament(t.id) for t in (first, second))
    assert after.state.rounds[3].boards == before.state.rounds[3].boards
    assert _rows(standings_of(after)) == _rows(standings_of(before))
    assert export_trf(second.id) == exported


def test_declared_points_that_disagree_are_in_the_import_answer(api):
    response = api.client.post(
        reverse("tournaments:tournament-import"),
        (NOTATIONS / "declared_points_disagree.trf").read_text(),
        content_type="text/plain",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["warnings"] == [
        "player 2 (Bravo, Ben): the file declares 2.0 points, the results give 1.5; "
        "the results count"
    ]


def test_an_import_without_disagreement_answers_no_warnings(api):
    response = api.client.post(
        reverse("tournaments:tournament-import"),
        (DATA / "held_swiss_5.trf").read_text(),
        content_type="text/plain",
    )
    assert response.json()["warnings"] == []


def test_management_command_prints_the_warnings_on_stderr(capsys):
    path = NOTATIONS / "declared_points_disagree.trf"
    call_command("import_trf", str(path))
    err = capsys.readouterr().err
    assert err == (
        f"warning: {path}: player 2 (Bravo, Ben): the file declares 2.0 points, "
        "the results give 1.5; the results count\n"
    )


def test_the_unrated_rating_setting_survives_export_and_import():
    first = import_trf(
        "### Crosstable unrated rating: 1000\n"
        + (NOTATIONS / "unrated_player_rating_tiebreak.trf").read_text()
    )
    folded = queries.load_tournament(first.id)
    assert folded.results.unrated_rating == 1000
    # Player 1 met 2 (1900) and the unrated 4 (1000 here): ARO 1450.
    row = next(r for r in standings_of(folded).rows if r.player.start_rank == 1)
    assert row.tiebreaks["ARO"] == 1450
    second = import_trf(export_trf(first.id))
    assert queries.load_tournament(second.id).results.unrated_rating == 1000


def test_the_acceleration_setting_survives_export_and_import():
    first = import_trf(
        "### Crosstable acceleration: baku\n" + (DATA / "held_swiss_5.trf").read_text()
    )
    assert queries.load_tournament(first.id).state.settings.acceleration == "baku"
    second = import_trf(export_trf(first.id))
    assert queries.load_tournament(second.id).state.settings.acceleration == "baku"


def test_an_unknown_acceleration_in_the_file_is_refused_at_its_line():
    with pytest.raises(TrfError, match="line 1, column 30: acceleration"):
        import_trf("### Crosstable acceleration: fast\n" + (DATA / "held_swiss_5.trf").read_text())


def test_a_round_of_byes_only_is_imported_as_a_round_without_boards():
    imported = import_trf((NOTATIONS / "round_of_byes_only.trf").read_text())
    state = queries.load_tournament(imported.id).state
    assert state.rounds[2].boards == ()
    assert state.requested_byes[2] == {1: "full", 2: "half", 3: "half", 4: "full"}


def test_a_round_of_byes_only_gives_the_files_standings():
    text = (NOTATIONS / "round_of_byes_only.trf").read_text()
    stored = standings_of(queries.load_tournament(import_trf(text).id))
    from_file = parse_trf(text)
    expected = compute_standings(from_file.tournament, tiebreaks=from_file.tiebreaks or None)
    assert _rows(stored) == _rows(expected)


_TEXT = st.from_regex(r"[A-Za-z][A-Za-z0-9 .,+/]{0,30}[A-Za-z0-9]", fullmatch=True)
_DAYS = st.dates(date(2000, 1, 1), date(2099, 12, 31)).map(date.isoformat)
details_strategy = st.fixed_dictionaries(
    {},
    optional={
        "place": _TEXT,
        "federation": st.from_regex(r"[A-Z]{3}", fullmatch=True),
        "start_date": _DAYS,
        "end_date": _DAYS,
        "time_control": _TEXT,
        "chief_arbiter": _TEXT,
        "deputy_arbiters": st.lists(_TEXT, min_size=1, max_size=3),
        # As stored: unknown dates inside the list, never at its end.
        "round_dates": st.lists(st.none() | _DAYS, max_size=5).map(lambda d: [*d, "2026-01-01"]),
    },
)


@st.composite
def with_extras(draw, tournament):
    """``tournament`` with up to two rounds still to pair, byes requested for them
    (240 records), withdrawals (from the round a player's absences run to the end
    from, or from a round to come) and details."""
    extra = draw(st.integers(0, 2)) if tournament.system is System.SWISS else 0
    played = tournament.rounds
    ranks = [p.start_rank for p in tournament.players]
    byes = []
    for number in range(played + 1, played + extra + 1):
        for kind in (Unplayed.HPB, Unplayed.ZPB, Unplayed.FPB):
            chosen = draw(st.sets(st.sampled_from(ranks), max_size=2))
            chosen -= {rank for bye in byes if bye.round == number for rank in bye.start_ranks}
            if chosen:
                byes.append(ByeRecord(kind, number, tuple(sorted(chosen))))
    withdrawals = {}
    for player in tournament.players:
        absent_from = played + 1
        while absent_from > 1 and player.round(absent_from - 1) == UnplayedRound(Unplayed.ABSENT):
            absent_from -= 1
        if absent_from <= played + extra and draw(st.booleans()):
            withdrawals[player.start_rank] = draw(st.integers(absent_from, played + extra))
    return (
        dataclasses.replace(tournament, rounds=played + extra),
        draw(details_strategy),
        byes,
        withdrawals,
    )


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), tournament=tournaments(max_players=12, max_rounds=5))
def test_export_import_export_is_byte_identical_and_keeps_the_tournament(data, tournament):
    assume(trf_can_say_it(tournament))
    tournament, details, byes, withdrawals = data.draw(with_extras(tournament))
    trf = trf_from_tournament(tournament, details=details, byes=byes)
    stored = import_trf(write_trf(trf))
    for rank, from_round in withdrawals.items():
        commands.withdraw_player(stored.id, {"start_rank": rank, "from_round": from_round})
    exported = export_trf(stored.id)
    again = import_trf(exported)
    assert export_trf(again.id) == exported
    before, after = (queries.load_tournament(t.id) for t in (stored, again))
    assert _kept(after.state) == _kept(before.state)
    assert dict(after.state.settings.details) == details
    assert {r: p.withdrawn_from for r, p in after.state.players.items() if p.withdrawn_from} == (
        withdrawals
    )
    assert _rows(standings_of(after)) == _rows(standings_of(before))


def test_the_demo_mid_round_exports_and_imports_with_the_same_pairings_and_standings(organiser):
    # Round 4 of the demo is in progress: its boards without a result must survive.
    demo = queries.load_tournament(load_demo(organiser))
    again = queries.load_tournament(import_trf(export_trf(demo.id)).id)
    for number, rnd in demo.state.rounds.items():
        pairs = {(b.white, b.black, b.result) for b in rnd.boards}
        assert {(b.white, b.black, b.result) for b in again.state.rounds[number].boards} == pairs
    assert _rows(standings_of(again)) == _rows(standings_of(demo))


def test_a_tournament_setting_unrated_rating_out_of_range_is_refused(api):
    response = api.client.post(
        reverse("tournaments:tournament-list"),
        {"name": "Open", "rounds": 5, "unrated_rating": 0},
        format="json",
    )
    assert response.status_code == 400
    assert "unrated_rating" in response.json()


def test_the_tournament_api_shows_the_unrated_rating(api):
    imported = import_trf(
        "### Crosstable unrated rating: 1000\n" + (NOTATIONS / "unrated_games_wdl.trf").read_text()
    )
    detail = api.client.get(reverse("tournaments:tournament-detail", args=[imported.id])).json()
    assert detail["unrated_rating"] == 1000


def test_a_forfeit_win_without_opponent_is_imported_as_a_full_point_bye():
    imported = import_trf((NOTATIONS / "forfeit_win_no_opponent.trf").read_text())
    assert queries.load_tournament(imported.id).state.requested_bye(3, 1) == "full"


def test_a_forfeit_win_without_opponent_worth_other_points_than_a_bye_is_refused():
    text = (NOTATIONS / "forfeit_win_no_opponent.trf").read_text()
    text = text.replace("142 3\n", "142 3\nXXS FPB=0.5\n")
    with pytest.raises(TrfError) as refused:
        import_trf(text)
    assert "forfeit win without an opponent" in str(refused.value)


# --------------------------------------------------------------------------- what export keeps

DETAILS = {
    "start_date": "2026-03-13",
    "end_date": "2026-03-15",
    "place": "Bologna",
    "federation": "ITA",
    "time_control": "90 min + 30 s",
    "chief_arbiter": "IA Carla Conti",
    "deputy_arbiters": ["Dario Dini"],
    "round_dates": ["2026-03-13", "2026-03-14", None, "2026-03-15"],
}


def _kept(state):
    """What an export must give back: details, players with their pairing numbers and
    withdrawals, requested byes, and each round's boards."""
    return (
        dict(state.settings.details),
        {
            rank: (p.name, p.rating, p.title, p.sex, p.birth_date, p.withdrawn_from)
            for rank, p in state.players.items()
        },
        {number: dict(byes) for number, byes in state.requested_byes.items() if byes},
        {n: [(b.white, b.black, b.result) for b in r.boards] for n, r in state.rounds.items()},
        {n: r.byes for n, r in state.rounds.items()},
    )


def _five_players_two_rounds_paired(organiser) -> int:
    """Round 1: 1-2, 3-4, 5 a half-point bye; round 2: 4 withdrawn, 1-5, 2 absent, 3 the PAB.
    Then a zero-point bye for 2 in round 3 and 3 withdrawn from round 4 (not paired yet)."""
    body = {"name": "Kept Open", "rounds": 4, "details": DETAILS}
    tid = commands.create_tournament(body, author=organiser).tournament_id
    for rank, (name, rating, title) in enumerate(
        [("Ada", 2300, "FM"), ("Bo", 2200, ""), ("Cy", 2100, ""), ("Di", 0, ""), ("Ed", 1900, "")],
        start=1,
    ):
        player = {"start_rank": rank, "name": name, "rating": rating, "title": title}
        commands.register_player(tid, player, author=organiser)
    commands.request_bye(tid, {"start_rank": 5, "round": 1, "points": "half"})
    commands.record_pairing(
        tid, {"round": 1, "boards": [{"white": 1, "black": 2}, {"white": 3, "black": 4}]}
    )
    record(tid, 1, "1-0")
    record(tid, 2, "1/2-1/2")
    commands.withdraw_player(tid, {"start_rank": 4, "from_round": 2})
    commands.record_pairing(tid, {"round": 2, "boards": [{"white": 1, "black": 5}], "byes": [3]})
    record(tid, 1, "0-1", round_number=2)
    commands.request_bye(tid, {"start_rank": 2, "round": 3, "points": "zero"})
    commands.withdraw_player(tid, {"start_rank": 3, "from_round": 4})
    return tid


def test_export_then_import_keeps_details_withdrawals_byes_and_pairing_numbers(organiser):
    tid = _five_players_two_rounds_paired(organiser)
    again = import_trf(export_trf(tid))
    before, after = (queries.load_tournament(t).state for t in (tid, again.id))
    assert _kept(after) == _kept(before)
    # Hand-checked against the builder: both withdrawals and the bye to come survive.
    assert after.players[4].withdrawn_from == 2 and after.players[3].withdrawn_from == 4
    assert after.requested_bye(3, 2) == "zero"
    assert _rows(standings_of(queries.load_tournament(again.id))) == _rows(
        standings_of(queries.load_tournament(tid))
    )


def test_export_writes_absences_withdrawals_and_byes_to_come(organiser):
    text = export_trf(_five_players_two_rounds_paired(organiser))
    lines = text.splitlines()
    records = {int(line[4:8]): line for line in lines if line[:3] == "001"}
    # Round 2 (columns 102-109): Bo absent, Di withdrawn: "-" with no opponent, not blank.
    assert records[2][101:109] == "0000 - -"
    assert records[4][101:109] == "0000 - -"
    assert "### Crosstable withdrawn from round 2: 4" in lines
    assert "### Crosstable withdrawn from round 4: 3" in lines
    assert "240 Z 003    2" in lines
    assert {"022 Bologna", "032 ITA", "102 IA Carla Conti", "112 Dario Dini"} <= set(lines)


def test_a_withdrawal_the_pairings_contradict_is_refused_where_they_do():
    text = (DATA / "held_swiss_5.trf").read_text()
    # Bruno (2) played every round: he cannot have withdrawn from round 3.
    refused = "### Crosstable withdrawn from round 3: 2\n" + text
    with pytest.raises(TrfError) as raised:
        import_trf(refused)
    # Bruno's 001 record (line 11 of the file, 12 with the comment), round 3 (column 112).
    assert (raised.value.line, raised.value.column) == (12, 112)
    assert "player 2 withdrew before round 3" in str(raised.value)
    assert Tournament.objects.count() == 0


def test_a_withdrawal_from_beyond_the_last_round_is_refused_at_its_comment():
    text = "### Crosstable withdrawn from round 9: 2\n" + (DATA / "held_swiss_5.trf").read_text()
    with pytest.raises(TrfError) as raised:
        import_trf(text)
    # Line 1, the "2" after "### Crosstable withdrawn from round 9: " (39 characters).
    assert (raised.value.line, raised.value.column) == (1, 40)
    assert "from_round: round 9 is out of range" in str(raised.value)


def test_unknown_round_dates_at_the_end_are_not_stored(organiser):
    details = {"round_dates": ["2026-03-13", None, "2026-03-15", None, None]}
    body = {"name": "Dated", "rounds": 5, "details": details}
    tid = commands.create_tournament(body, author=organiser).tournament_id
    stored = queries.load_tournament(tid).state.settings.details
    assert stored["round_dates"] == ["2026-03-13", None, "2026-03-15"]


# ---- acceleration as XXA lines and 250 records (tests/data/baku_250.trf, baku_xxa.trf:
# 8 players, 4 rounds, round 1 paired; GA 1-4 with 1.0 in round 1 and 0.5 in round 2)

BAKU_RECORDS = ["250  0.0  1.0 001 001 0001 0004", "250  0.0  0.5 002 002 0001 0004"]


def test_250_records_of_the_baku_points_import_as_baku_acceleration():
    imported = import_trf((DATA / "baku_250.trf").read_text())
    assert queries.load_tournament(imported.id).state.settings.acceleration == "baku"


def test_xxa_lines_of_the_baku_points_import_as_baku_acceleration():
    imported = import_trf((DATA / "baku_xxa.trf").read_text())
    assert queries.load_tournament(imported.id).state.settings.acceleration == "baku"


def test_250_records_other_than_the_baku_points_are_refused_at_their_line():
    text = (DATA / "baku_250.trf").read_text().replace(" 0.5 002 002", " 1.0 002 002")
    with pytest.raises(TrfError, match="line 4, column 1: 250 records other than the Baku"):
        import_trf(text)


def test_a_bad_250_record_is_refused_naming_line_and_column():
    text = (DATA / "baku_250.trf").read_text().replace("0.5 002 002", "0.5 002 00x")
    with pytest.raises(TrfError, match="line 5, column 19: 250 expects the round"):
        import_trf(text)


def test_the_export_writes_the_baku_points_as_250_records():
    imported = import_trf((DATA / "baku_xxa.trf").read_text())
    lines = export_trf(imported.id).splitlines()
    assert [line for line in lines if line.startswith("250")] == BAKU_RECORDS


def test_the_export_of_an_accelerated_tournament_has_no_acceleration_comment():
    imported = import_trf((DATA / "baku_250.trf").read_text())
    assert "### Crosstable acceleration" not in export_trf(imported.id)


def test_250_records_keep_the_acceleration_through_export_and_import():
    first = import_trf((DATA / "baku_250.trf").read_text())
    second = import_trf(export_trf(first.id))
    assert queries.load_tournament(second.id).state.settings.acceleration == "baku"


def test_the_export_before_round_1_counts_ga_from_the_players_to_play_it():
    # 8 players, one of them (2) with a bye in round 1: GA of the other 7 is 4 players,
    # up to pairing number 5.
    author = organiser()
    body = {"name": "Open", "rounds": 4, "acceleration": "baku"}
    tid = commands.create_tournament(body, author=author).tournament_id
    for rank in range(1, 9):
        commands.register_player(tid, {"name": f"Player {rank}"}, author=author)
    commands.request_bye(tid, {"start_rank": 2, "round": 1, "points": "half"}, author=author)
    lines = export_trf(tid).splitlines()
    assert [line for line in lines if line.startswith("250")] == [
        "250  0.0  1.0 001 001 0001 0005",
        "250  0.0  0.5 002 002 0001 0005",
    ]


def test_250_records_written_before_round_1_import_as_baku_acceleration():
    # GA 1-5 (player 2 sat out round 1): a GA the import cannot count again.
    text = (DATA / "baku_250.trf").read_text()
    unpaired = "\n".join(line[:89] if line.startswith("001") else line for line in text.split("\n"))
    unpaired = unpaired.replace("0001 0004", "0001 0005")
    imported = import_trf(unpaired)
    assert queries.load_tournament(imported.id).state.settings.acceleration == "baku"


def test_192_fide_dutch_baku_imports_as_baku_acceleration():
    text = (DATA / "baku_250.trf").read_text().replace("FIDE_DUTCH_2026", "FIDE_DUTCH_BAKU")
    text = "\n".join(line for line in text.split("\n") if not line.startswith("250"))
    imported = import_trf(text)
    assert queries.load_tournament(imported.id).state.settings.acceleration == "baku"
