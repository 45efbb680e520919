"""Numbers as chess players write them (3½, +12.4), federation flags, dates and the
language switcher's choices."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from fractions import Fraction

from django import template
from django.conf import settings
from django.utils import formats

from live.flags import flag as flag_of

register = template.Library()


def _decimal(text: str) -> str:
    """A number written with a point, with the page language's decimal mark (12,4)."""
    return text.replace(".", str(formats.get_format("DECIMAL_SEPARATOR")))


@register.filter
def points(value: Fraction | int | None) -> str:
    """3½ for 7/2, ½ for 1/2; other fractions (3-1-0 scoring has none) to two places."""
    if value is None:
        return "–"
    value = Fraction(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole or ''}½"
    return _decimal(f"{float(value):.2f}")


# A game's result as a score sheet writes it: "1/2-1/2" is too wide for a phone.
_GAME_RESULTS = {"1/2-1/2": "½-½", "+/-": "+/−", "-/+": "−/+", "0-0": "−/−"}


@register.filter
def game_result(value: str | None) -> str:
    """A board's stored result as shown ("…" while it is played)."""
    if not value:
        return "…"
    return _GAME_RESULTS.get(value, value)


@register.filter
def signed(value: Fraction | None, places: int = 1) -> str:
    """+12.4 / −3.0 (a real minus sign; +12,4 in French); – when there is nothing."""
    if value is None:
        return "–"
    text = f"{float(value):+.{places}f}"
    return _decimal(text.replace("-", "−"))


@register.filter
def percent(value: Fraction | None) -> str:
    """A share of 0 to 1 as a whole percentage, half up (5/6 as 83); – when none."""
    if value is None:
        return "–"
    hundred = 100 * value
    return str((2 * hundred.numerator + hundred.denominator) // (2 * hundred.denominator))


@register.filter
def day(iso: str | None) -> str:
    """2026-03-14 in the page language's long date form: 14 Mar 2026, 14 mars 2026,
    14. März 2026, 14 de marzo de 2026 (config/formats for English); – when unknown."""
    if not iso:
        return "–"
    return formats.date_format(date.fromisoformat(iso), "DATE_FORMAT")


@register.filter
def tiebreak(value: float | int | None) -> str:
    """A tie-break value as the live table shows it: 12, 12.5, 1.25 (12,5 in French);
    – when none."""
    if value is None:
        return "–"
    return _decimal(f"{round(float(value), 2):g}")


@register.filter
def flag(federation: str | None) -> str:
    """The federation's flag emoji ("" for none): see ``live.flags``."""
    return flag_of(federation or "")


@register.simple_tag
def languages() -> list[tuple[str, str]]:
    """The switcher's choices, each language named in itself (never translated)."""
    return list(settings.LANGUAGES)


@register.filter
def of(mapping: dict, key: object) -> object:
    """``mapping[key]``, "" when absent: {{ prizes|of:row.player.start_rank }}."""
    return mapping.get(key, "")


@register.filter
def zip_with(first: Iterable[object], second: Iterable[object]) -> list[tuple[object, object]]:
    """Pairs of the two sequences: {% for a, b in before|zip_with:after %}."""
    return list(zip(first, second, strict=True))
