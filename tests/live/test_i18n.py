"""Translations: every text of the spectator and organiser pages marked for
translation, every marked text in every catalogue, the language from the browser or
the switcher."""

from __future__ import annotations

import ast
import datetime
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import trans_real

from live.templatetags.crosstable_format import points, signed, tiebreak
from live.tiebreak_names import NAMES, TEAM_NAMES, team_tiebreak_name, tiebreak_name
from tests.builders import (
    build_team_event,
    build_tournament,
    private_link,
    record_board,
)
from tiebreaks.definitions import CATALOGUE
from tiebreaks.teams.definitions import TEAM_CATALOGUE
from tournaments.store import commands
from tournaments.store.queries import current_board, load_tournament

from .builders import (
    FRENCH_MONTHS,
    make_tournament,
    organiser,
    round_two_with_a_withdrawal_and_a_bye,
)

ROOT = Path(__file__).resolve().parents[2]
LIVE = ROOT / "live"
TEMPLATES = LIVE / "templates"
TEMPLATE_NAMES = sorted(str(path.relative_to(TEMPLATES)) for path in TEMPLATES.rglob("*.html"))
SCRIPTS = (
    "spectator.js",
    "spectator-extras.js",
    "hall.js",
    "stakes.js",
    "entry.js",
    "prizes_edit.js",
)
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]
NOT_WORDS = {"Crosstable", "PRIZES.json", "C.07"}  # the product, a file, the Handbook's article


def catalogue(language: str, domain: str) -> dict[str, object]:
    """msgid (the singular for plurals) -> msgstr, of one language's .po file."""
    path = LIVE / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as po:
        messages = read_po(po)
    return {
        (m.id[0] if isinstance(m.id, tuple | list) else m.id): m.string
        for m in messages
        if m.id and not m.fuzzy
    }


# --------------------------------------------------------------------------- marked


def unmarked(source: str) -> list[str]:
    """The texts of a template a reader would see that are not in a translate tag."""
    source = re.sub(r"{%\s*blocktranslate.*?endblocktranslate\s*%}", "", source, flags=re.S)
    source = re.sub(r"{%\s*translate\s.*?%}", "", source)
    # The body's class names are no text.
    source = re.sub(r"{%\s*block body_class\s*%}.*?{%\s*endblock\s*%}", "", source)
    source = re.sub(r"{%.*?%}|{{.*?}}|{#.*?#}", "", source, flags=re.S)
    source = re.sub(r"<(script|style)\b.*?</\1>", "", source, flags=re.S)
    found = re.findall(r'\b(?:title|aria-label|placeholder|alt)="([^"]*[A-Za-z][^"]*)"', source)
    text = re.sub(r"<[^>]*>|&\w+;", " ", source)
    found += [
        word for word in re.findall(r"[^\s<>]*[A-Za-z][^\s<>]*", text) if word not in NOT_WORDS
    ]
    return found


def test_the_unmarked_text_finder_finds_a_bare_word_and_a_bare_title() -> None:
    html = '<th title="Rating">{% translate "Rtg" %}</th><p>Loading</p>{{ name }} {% if x %}'
    assert unmarked(html) == ["Rating", "Loading"]


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_every_text_of_a_template_is_marked_for_translation(name: str) -> None:
    assert unmarked((TEMPLATES / name).read_text()) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_entry_of_a_catalogue_is_translated(language: str, domain: str) -> None:
    assert [msgid for msgid, text in catalogue(language, domain).items() if not text] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_the_scripts_translate_is_in_the_script_catalogue(language: str) -> None:
    marked = {
        text
        for script in SCRIPTS
        for text in re.findall(r'\b_\("([^"]+)"\)', (LIVE / "static/live" / script).read_text())
    }
    assert len(marked) > 30  # the finder finds them
    assert marked - set(catalogue(language, "djangojs")) == set()


STYLESHEETS = sorted((LIVE / "static/live").glob("*.css"))


def words_in_stylesheet(css: str) -> list[str]:
    """The quoted texts with letters in a stylesheet's ``content`` values (shown, or
    read out as alternative text): no catalogue reaches them."""
    values = re.findall(r"(?<![-\w])content:\s*([^;}]*)", css)
    return [
        text
        for value in values
        for text in re.findall(r'"([^"]*)"', value)
        if re.search(r"[^\W\d_]", text)
    ]


def test_the_stylesheet_word_finder_finds_alternative_text() -> None:
    css = (
        'a::before { content: "▲ " / "moved up "; justify-content: center; }'
        ' b::after { content: "●"; }'
    )
    assert words_in_stylesheet(css) == ["moved up "]


@pytest.mark.parametrize("sheet", STYLESHEETS, ids=lambda path: path.name)
def test_no_stylesheet_writes_words(sheet: Path) -> None:
    assert words_in_stylesheet(sheet.read_text()) == []


# --------------------------------------------------------------------------- refusals

# The refusals are made by tiebreaks.messages.msg (xgettext --keyword=msg), in the
# engines and in the domain.
REFUSAL_SOURCES = [
    path
    for folder in (
        "tiebreaks",
        "pairings",
        "tournaments/domain",
        "tournaments/store",
        "tournaments/api",
    )
    for path in sorted((ROOT / folder).rglob("*.py"))
]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def refusal_templates() -> set[str]:
    return {
        message
        for path in REFUSAL_SOURCES
        for _, message, _, _ in extract_from_file("python", path, keywords={"msg": None})
        if isinstance(message, str)  # msg takes one text, never a plural
    }


def test_the_refusal_finder_finds_the_templates_of_the_domain() -> None:
    templates = refusal_templates()
    assert len(templates) > 150
    assert "%(name)s withdrew before round %(round)s" in templates
    # Implicit concatenation of a long template is read as one text.
    assert (
        "%(who)s is paired in round %(round)s: record a forfeit there,"
        " or withdraw from a later round"
    ) in templates


def test_the_refusal_finder_finds_the_templates_of_the_engines() -> None:
    templates = refusal_templates()
    assert "line %(line)s, column %(column)s: %(reason)s" in templates  # tiebreaks
    assert "no pairing satisfies C1-C3 for every player" in templates  # pairings


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_of_the_domain_is_in_the_catalogue(language: str) -> None:
    assert refusal_templates() - set(catalogue(language, "django")) == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_translation_takes_the_parameters_of_its_template(language: str) -> None:
    """A translation that lost or renamed a parameter would fail at the edge
    (``gettext(template) % params``); ``python-format`` lets msgfmt --check-format
    check them too."""
    path = LIVE / "locale" / language / "LC_MESSAGES" / "django.po"
    with path.open("rb") as po:
        entries = {m.id: m for m in read_po(po) if isinstance(m.id, str)}
    wrong = []
    for template in refusal_templates() & set(entries):  # the missing: the test above
        entry = entries[template]
        named = set(PLACEHOLDER.findall(template))
        if named and "python-format" not in entry.flags:
            wrong.append(f"{template}: not flagged python-format")
        if set(PLACEHOLDER.findall(str(entry.string))) != named:
            wrong.append(f"{template}: {entry.string}")
    assert wrong == []


def _bare_texts(source: str) -> list[int]:
    """The lines where a refusal's message is a bare string or an f-string (not made
    by msg, so never translated)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id == "CommandError" and len(node.args) > 1:
            texts = [node.args[1]]
        elif node.func.id == "Invalid" and node.args:
            given = node.args[0]
            texts = (
                [
                    item
                    for value in given.values
                    if isinstance(value, ast.List)
                    for item in value.elts
                ]
                if isinstance(given, ast.Dict)
                else [given]
            )
        else:
            continue
        found += [
            text.lineno
            for text in texts
            if isinstance(text, ast.JoinedStr)
            or (isinstance(text, ast.Constant) and isinstance(text.value, str))
        ]
    return found


def test_the_bare_text_finder_finds_a_string_and_an_f_string() -> None:
    source = 'CommandError("round", "closed")\nInvalid({"x": [f"{n} is"]})\nInvalid(msg("ok"))'
    assert _bare_texts(source) == [1, 2]


@pytest.mark.parametrize("path", REFUSAL_SOURCES, ids=lambda path: path.name)
def test_every_refusal_of_the_domain_is_made_by_msg(path: Path) -> None:
    assert _bare_texts(path.read_text()) == []


@pytest.mark.django_db
def test_a_refusal_on_an_organiser_page_is_in_the_page_language() -> None:
    author = organiser()
    tid = build_tournament(author=author, players=2, rounds=5)
    commands.change_settings(tid, {"changes": {"max_half_byes": 0}}, author=author)
    client = Client(headers={"accept-language": "fr"})
    client.force_login(author)
    form = {"action": "bye", "player_id": "1", "round": "2", "points": "half"}
    page = client.post(reverse("live:player-action", args=[tid]), form, follow=True)
    html = page.content.decode()
    assert "Player 1 a 0 exempts à ½ point : le tournoi en autorise 0 (max_half_byes)" in html
    assert "half-point byes" not in html


@pytest.mark.django_db
def test_a_bad_cell_of_a_registration_preview_is_told_in_the_page_language() -> None:
    author = organiser()
    tid = build_tournament(author=author, players=2, rounds=5)
    client = Client(headers={"accept-language": "it"})
    client.force_login(author)
    form = {"action": "preview", "rows": "Ann\t\tabc"}
    page = client.post(reverse("live:register", args=[tid]), form)
    assert page.status_code == 400
    assert (
        "riga 1, colonna 3 (rating): 'abc' non è un Elo (un numero intero, vuoto se non"
        " classificato)"
    ) in unescape(page.content.decode())


@pytest.mark.django_db
def test_a_refusal_follows_the_language_the_switcher_chose() -> None:
    author = organiser()
    tid = build_tournament(author=author, players=4, rounds=5)
    client = Client(headers={"accept-language": "fr"})
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    client.force_login(author)
    action = reverse("live:player-action", args=[tid])
    form = {"action": "withdraw", "player_id": "1", "from_round": "2"}
    client.post(action, form)
    html = client.post(action, form, follow=True).content.decode()
    assert "Spieler 1 hat sich schon ab Runde 2 zurückgezogen" in html


@pytest.mark.django_db
def test_a_refusal_on_a_team_players_link_is_in_the_page_language() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=1)
    commands.start_team_round(tid, {"round": 1}, author=organiser())
    client = Client(headers={"accept-language": "de"})
    reserve = client.post(private_link(tid, 3), {"result": "1-0"})  # not in the line-up
    assert reserve.status_code == 400
    assert (
        "player_id: Player 1.3 steht nicht in der Aufstellung der Mannschaft 1 für Runde 1"
    ) in unescape(reserve.content.decode())


@pytest.mark.django_db
def test_a_refusal_naming_a_board_of_a_match_says_the_board_in_the_page_language() -> None:
    """The board is a message inside the refusal's message: both are translated."""
    author = organiser()
    tid = build_team_event(author=author, teams=4, boards=2, reserves=1)
    commands.start_team_round(tid, {"round": 1}, author=author)
    commands.report_result(tid, {"player_id": 11, "result": "1/2-1/2"})
    seen = load_tournament(tid).state.reports[(1, 1, 2)][11].seq
    commands.report_result(tid, {"player_id": 11, "result": "1-0"})
    client = Client(headers={"accept-language": "fr"})
    client.force_login(author)
    form = {"match": "1", "board": "2", "reports": [str(seen)], "action": "confirm"}
    page = client.post(reverse("live:reports", args=[tid, 1]), form, follow=True)
    assert (
        "les déclarations de l’échiquier 2 du match 1 à la ronde 1 ont changé depuis le"
        " chargement de votre page"
    ) in unescape(page.content.decode())


# --------------------------------------------------------------------------- rendered


@pytest.fixture
def missing() -> Iterator[set[str]]:
    """Every message looked up while rendering that the active language's compiled
    catalogue lacks (Django would fall back to the English text)."""
    found: set[str] = set()
    gettext, ngettext = trans_real.DjangoTranslation.gettext, trans_real.DjangoTranslation.ngettext

    def checked_gettext(self: trans_real.DjangoTranslation, message: str) -> str:
        if self.language() != "en" and message not in self._catalog:  # type: ignore[attr-defined]
            found.add(message)
        return gettext(self, message)

    def checked_ngettext(
        self: trans_real.DjangoTranslation, singular: str, plural: str, n: int
    ) -> str:
        if self.language() != "en" and (singular, 0) not in self._catalog:  # type: ignore[attr-defined]
            found.add(singular)
        return ngettext(self, singular, plural, n)

    trans_real.DjangoTranslation.gettext = checked_gettext  # type: ignore[method-assign,assignment]
    trans_real.DjangoTranslation.ngettext = checked_ngettext  # type: ignore[method-assign,assignment]
    try:
        yield found
    finally:
        trans_real.DjangoTranslation.gettext = gettext  # type: ignore[method-assign]
        trans_real.DjangoTranslation.ngettext = ngettext  # type: ignore[method-assign]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_spectator_page_renders_with_no_message_missing(
    language: str, missing: set[str]
) -> None:
    tid = round_two_with_a_withdrawal_and_a_bye()
    client = Client(headers={"accept-language": language})
    pages = [
        reverse("live:index"),
        reverse("live:spectator", args=[tid]) + "?follow=2",
        reverse("live:spectator", args=[tid]) + "?hall=1",
        reverse("live:round", args=[tid, 2]),
        reverse("live:crosstable", args=[tid]),
        reverse("live:starting-list", args=[tid]),
        reverse("live:prizes", args=[tid]),
        reverse("live:stakes", args=[tid]),
        reverse("live:timeline", args=[tid]),
        reverse("live:timeline", args=[tid]) + "?step=1",
        reverse("live:player", args=[tid, 5]),
        reverse("live:player", args=[tid, 6]),
        reverse("live:roster", args=[tid]),
        "/no/such/page/",
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code in (200, 404), url
        assert response.headers.get("content-language") == language, url
    assert missing == set()


def organiser_pages(client: Client) -> list[tuple[str, dict[str, str] | None]]:
    """Every organiser page, signed in, with the messages its actions leave: (url,
    form to post or None)."""
    tid = round_two_with_a_withdrawal_and_a_bye()
    fresh = make_tournament(players=4, rounds=3, name="Fresh Open")
    teams = build_team_event(author=organiser())
    client.force_login(organiser())
    return [
        (reverse("live:create"), None),
        (reverse("live:create"), {"name": "", "system": "swiss", "rounds": "0"}),
        (reverse("live:settings", args=[tid]), None),
        (reverse("live:import"), None),
        (reverse("live:register", args=[tid]), None),
        (reverse("live:register", args=[tid]), {"action": "preview", "rows": "Ann\t\tabc"}),
        (reverse("live:player-action", args=[tid]), {"action": "reinstate", "player_id": "6"}),
        (reverse("live:register", args=[tid]), None),  # the action's success message
        (reverse("live:edit-player", args=[tid, 1]), None),
        (reverse("live:pair", args=[tid]), None),
        (reverse("live:pair", args=[fresh]), None),
        (
            reverse("live:pair", args=[fresh]),
            {
                "action": "check",
                "round": "2",
                "expected_seq": "0",
                "white_1": "1",
                "black_1": "3",
                "white_2": "2",
                "black_2": "4",
            },
        ),
        (reverse("live:enter", args=[tid, 2]), None),
        (reverse("live:slips", args=[tid, 2]), None),
        (reverse("live:event-log", args=[tid]), None),
        (reverse("live:prizes-edit", args=[tid]), None),
        (reverse("live:team-manage", args=[teams]), None),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_organiser_page_renders_with_no_message_missing(
    language: str, missing: set[str]
) -> None:
    client = Client(headers={"accept-language": language})
    for url, form in organiser_pages(client):
        response = client.post(url, form) if form is not None else client.get(url)
        assert response.status_code in (200, 302, 400), url
    anonymous = Client(headers={"accept-language": language})
    login = reverse("live:login")
    anonymous.get(login)
    anonymous.post(login, {"username": "nobody", "password": "wrong"})
    assert missing == set()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_console_texts_of_issue_18_render_with_no_message_missing(
    language: str, missing: set[str]
) -> None:
    """Check-in (its page and messages), the pairing settings, the late entry's
    byes and the event log's player filter."""
    author = organiser()
    tid = build_tournament(author=author, players=4, rounds=3)
    commands.change_settings(tid, {"changes": {"check_in": True}}, author=author)
    client = Client(headers={"accept-language": language})
    client.force_login(author)
    check_in = reverse("live:check-in", args=[tid])
    drawn = {"round": "1", "action": "all", "expected_seq": client.get(check_in).context["version"]}
    client.post(check_in, drawn)  # a success
    client.post(check_in, drawn)  # a refusal: the page's version is stale
    client.post(check_in, {"round": "1", "action": "all"})  # a form without its version
    client.post(check_in, {"round": "1", "player_id": "1", "action": "out"})
    assert client.get(check_in).status_code == 200
    client.post(reverse("live:create"), {"name": "X", "rounds": "3", "no_half_byes_in": "x"})
    assert client.get(reverse("live:settings", args=[tid])).status_code == 200
    assert client.get(reverse("live:event-log", args=[tid])).status_code == 200
    commands.pair_next_round(tid, author=author)
    assert client.get(reverse("live:register", args=[tid])).status_code == 200
    assert client.get(check_in).status_code == 200
    assert missing == set()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reports_links_and_team_byes_render_with_no_message_missing(
    language: str, missing: set[str]
) -> None:
    """The players' reports on the entry page, the slips' links, a team's
    withdrawal, bye and captain's link on team management, the match slips, and
    their messages."""
    tid = round_two_with_a_withdrawal_and_a_bye()
    commands.report_result(tid, {"player_id": 4, "result": "1-0"})
    commands.report_result(tid, {"player_id": 1, "result": "0-1"})
    teams = build_team_event(author=organiser(), boards=2, system="swiss")
    commands.start_team_round(teams, {"round": 1}, author=organiser())
    state = load_tournament(teams).state
    for player_id, result in ((1, "1-0"), (current_board(state, 1).opponent, "0-1"), (2, "1-0")):
        commands.report_result(teams, {"player_id": player_id, "result": result})
    client = Client(headers={"accept-language": language})
    client.force_login(organiser())
    links = reverse("live:links", args=[tid])
    manage = reverse("live:team-manage", args=[teams])
    team_reports = reverse("live:reports", args=[teams, 1])
    # The team page before the conflict on board 1 is settled.
    assert client.get(manage).status_code == 200
    actions = [
        (links, {"role": "player", "action": "issue", "round": "2"}),
        (reverse("live:reports", args=[tid, 2]), {"board": "99", "action": "reject"}),
        (team_reports, {"match": "1", "board": "1", "action": "confirm"}),
        (team_reports, {"match": "1", "board": "1", "action": "confirm", "result": "1-0"}),
        (team_reports, {"match": "1", "board": "2", "action": "reject", "reason": "on"}),
        (reverse("live:links", args=[teams]), {"role": "player", "action": "issue"}),
        (manage, {"action": "withdraw", "team": "4", "from_round": "2", "round": "1"}),
        (manage, {"action": "bye", "team": "1", "bye_round": "2", "points": "half", "round": "1"}),
        (
            reverse("live:links", args=[teams]),
            {"role": "captain", "holder": "1", "action": "issue"},
        ),
    ]
    for url, form in actions:
        assert client.post(url, form).status_code in (302, 303), url
    for url in (
        reverse("live:slips", args=[tid, 2]),
        reverse("live:enter", args=[tid, 2]),
        manage,
        reverse("live:slips", args=[teams, 1]),
    ):
        assert client.get(url).status_code == 200, url
    assert missing == set()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_team_event_page_renders_with_no_message_missing(
    language: str, missing: set[str]
) -> None:
    tid = build_team_event(teams=5, boards=2, reserves=1, system="swiss")  # team 5: the bye
    record_board(tid, 1, 1, "1-0")
    client = Client(headers={"accept-language": language})
    pages = [
        reverse("live:spectator", args=[tid]) + "?hall=1",
        reverse("live:round", args=[tid, 1]),
        reverse("live:team-match", args=[tid, 1, 1]),
        reverse("live:crosstable", args=[tid]),
        *(reverse("live:team", args=[tid, team]) for team in (1, 5)),
        *(reverse("live:player", args=[tid, rank]) for rank in (1, 3, 13)),
        reverse("live:board-prizes", args=[tid]),
    ]
    for url in pages:
        assert client.get(url).status_code == 200, url
    assert missing == set()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_private_link_pages_render_with_no_message_missing(
    language: str, missing: set[str]
) -> None:
    tid = round_two_with_a_withdrawal_and_a_bye()
    commands.report_result(tid, {"player_id": 4, "result": "1-0"})
    commands.report_result(tid, {"player_id": 1, "result": "0-1"})
    team = build_team_event(teams=2, boards=2, lined_up=False)
    started = build_team_event(teams=2, boards=2)
    commands.start_team_round(started, {"round": 1}, author=organiser())
    client = Client(headers={"accept-language": language})
    pages = [
        private_link(tid, 4),  # reported, and the opponent reported otherwise
        private_link(team, 1, role="captain"),
        private_link(started, 1),  # a team event's board of a match
        reverse("live:link", args=["not-a-link"]),
        reverse("live:round", args=[tid, 2]),  # board 1 reported
    ]
    # Each message of a page's POST answer, too.
    client.post(pages[0], {"result": "1/2-1/2"})
    client.post(pages[1], {"board": ["1", "2"]})
    for url in pages:
        assert client.get(url).headers.get("content-language") == language, url
    assert missing == set()


@pytest.mark.django_db
def test_a_missing_entry_is_caught(missing: set[str]) -> None:
    client = Client(headers={"accept-language": "fr"})
    client.get(reverse("live:index"))
    assert missing == set()
    with translation.override("fr"):
        translation.gettext("A text no catalogue has")
    assert missing == {"A text no catalogue has"}


# --------------------------------------------------------------------------- choosing


@pytest.mark.django_db
def test_the_browser_language_picks_the_page_language() -> None:
    tid = make_tournament(players=4, rounds=3)
    html = (
        Client(headers={"accept-language": "de-DE,de;q=0.9,en;q=0.5"})
        .get(reverse("live:round", args=[tid, 1]))
        .content.decode()
    )
    assert '<html lang="de">' in html
    assert "Runde 1" in html and "Weiß" in html
    assert "Player 1" in html  # names are never translated


@pytest.mark.django_db
def test_the_switcher_remembers_the_choice_over_the_browser_language() -> None:
    tid = make_tournament(players=4, rounds=3)
    client = Client(headers={"accept-language": "fr"})
    page = reverse("live:crosstable", args=[tid])
    response = client.post(reverse("set_language"), {"language": "it", "next": page})
    assert response.status_code == 302 and response.headers["location"] == page
    html = client.get(page).content.decode()
    assert '<html lang="it">' in html and "Tabellone" in html


# --------------------------------------------------------------------------- tie-breaks


def test_every_tiebreak_of_the_engine_has_a_name_in_the_catalogue() -> None:
    assert set(NAMES) == set(CATALOGUE)


def test_every_team_tiebreak_of_the_engine_has_a_name_in_the_catalogue() -> None:
    assert set(TEAM_CATALOGUE) - set(TEAM_NAMES) <= set(NAMES)


def test_a_team_tiebreak_name_is_read_in_the_page_language() -> None:
    with translation.override("de"):
        assert team_tiebreak_name("BC") == "Brettwertung"


def test_a_tiebreak_name_is_read_in_the_page_language_with_its_modifiers() -> None:
    with translation.override("fr"):
        assert tiebreak_name("BH/C1") == "Buchholz tronqué 1"
    with translation.override("de"):
        assert tiebreak_name("SB") == "Sonneborn-Berger"
        assert tiebreak_name("ARO") == "Elo-Schnitt der Gegner"
    with translation.override("en"):
        assert tiebreak_name("BH/C1") == "Buchholz Cut-1"  # the engine's own name


# --------------------------------------------------------------------------- numbers


def test_decimals_take_the_page_language_mark_and_halves_stay_a_half() -> None:
    with translation.override("fr"):
        assert tiebreak(12.5) == "12,5"
        assert signed(Fraction(-31, 10)) == "−3,1"
        assert points(Fraction(7, 2)) == "3½"
    with translation.override("en"):
        assert tiebreak(12.5) == "12.5"


@pytest.mark.django_db
def test_the_tournament_dates_take_the_page_language() -> None:
    details = {"start_date": "2026-05-01", "end_date": "2026-05-03"}
    tid = commands.create_tournament(
        {"name": "Lyon Open", "rounds": 3, "details": details}, author=organiser()
    ).tournament_id
    html = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("live:spectator", args=[tid]))
    assert "1 mai 2026 – 3 mai 2026" in html.content.decode()


@pytest.mark.django_db
def test_the_index_tells_same_named_tournaments_apart_by_a_date_in_the_page_language() -> None:
    make_tournament(players=4, name="Club Cup")
    make_tournament(players=4, name="Club Cup")
    today = timezone.now().date()
    html = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("live:index")).content.decode()
    assert f"{today.day} {FRENCH_MONTHS[today.month - 1]} {today.year}" in html


def test_italian_writes_the_month_of_a_date_in_lower_case() -> None:
    when = datetime.datetime(2026, 5, 1, 9, 3)
    with translation.override("it"):
        assert formats.date_format(when.date()) == "1 maggio 2026"
        assert formats.date_format(when, "DATETIME_FORMAT") == "1 maggio 2026, 09:03"


def test_a_team_tiebreak_on_game_points_is_named_with_its_score() -> None:
    with translation.override("fr"):
        name = tiebreak_name("BH:GP/C1", team=True)
    assert name == "Buchholz tronqué 1 sur les points de partie"


@pytest.mark.django_db
def test_the_live_page_of_a_team_event_names_its_tiebreaks_in_the_page_language() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = Client(headers={"accept-language": "de"}).get(reverse("live:spectator", args=[tid]))
    script = re.search(r'id="tiebreak-names"[^>]*>(.*?)</script>', html.content.decode(), re.S)
    assert script is not None
    names = json.loads(script[1])
    assert names["EDE"] == "Erweiterter direkter Vergleich"
    assert names["GP"] == "Brettpunkte"
