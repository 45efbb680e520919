"""Prizes: who wins what, from the standings and the organiser's prize list.

A prize list (:class:`PrizeList`, read from the ``PRIZES.json`` shape by
:func:`parse_prize_list`) is a set of prizes, each a place in a *list*: the general
list (no category) or one category (a rating band, an age group, ...).  A player's
place in a list counts only the players the list admits.  :func:`award` gives them
out:

- **Sharing** among players tied on points, as data (:data:`SHARING_WEIGHTS`): the
  cash prizes of the places a tied group occupies are pooled; a weight of the pool is
  split equally over the players tied on points, the rest over the players tied on
  everything (same rank: the tie-breaks could not separate them).  ``equal`` is
  1 / 0, ``tiebreak`` 0 / 1 (each player the prize of their own place), the Hort
  system ``hort_share`` / the rest (50 % by default).  A non-cash prize cannot be
  split: it goes to the player at its place in tie-break order (among players tied on
  everything, the lower start rank).
- **One prize per player** (when set): a player offered money in several lists keeps
  the most valuable offer (a tie of values goes to the general list, or to the prize
  listed first, :class:`Precedence`) and leaves the other lists, where everyone below
  moves up.  Conflicts are settled best-placed player first, and each settlement is
  final.
- **A prize nobody qualifies for** lapses (reported in ``Awards.unawarded``) or, when
  ``unclaimed`` is ``open``, goes undivided to the best-placed player without a prize.
- **Cents**: every share is exact (fractions of a cent included) and then rounded down
  to the cent; the cents this leaves of a pool go one each to the players with the
  largest rounded-off fractions (equal fractions: tie-break order), so a pool is paid
  out exactly (100 shared by 3: 33.34, 33.33, 33.33).  ``rounding: down`` keeps those
  cents with the organiser instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from fractions import Fraction
from math import floor
from typing import Any

from tiebreaks.errors import TieBreakError
from tiebreaks.messages import msg
from tiebreaks.model import Player
from tiebreaks.standings import Standings, to_json_number

CENT = Decimal("0.01")


class PrizeError(TieBreakError):
    """A prize list that cannot be read: ``path`` names the field (``prizes[1].place``)
    and ``reason`` says what is wrong with it; the message is "path: reason"."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(msg("%(field)s: %(message)s", field=path, message=reason))


class Sharing(StrEnum):
    TIEBREAK = "tiebreak"
    EQUAL = "equal"
    HORT = "hort"


class Precedence(StrEnum):
    """Which prize a player keeps when two are worth the same."""

    GENERAL_FIRST = "general_first"
    ORDER = "order"  # the one listed first in the prize list


class Unclaimed(StrEnum):
    """The fate of a prize nobody qualifies for."""

    LAPSE = "lapse"
    OPEN = "open"  # undivided to the best-placed player without a prize


class Rounding(StrEnum):
    DISTRIBUTE = "distribute"  # a pool's leftover cents to the largest fractions
    DOWN = "down"  # the leftover cents stay with the organiser


# --- players ------------------------------------------------------------------------

# TRF16 writes titles as letters (g = GM, wm = WIM); TRF26 and people write GM, WIM.
_TRF_TITLES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM"}


def normal_title(title: str) -> str:
    text = title.strip().upper()
    if text.startswith("W") and text[1:] in _TRF_TITLES:
        return "W" + _TRF_TITLES[text[1:]]
    return _TRF_TITLES.get(text, text)


@dataclass(frozen=True)
class PlayerFacts:
    """What categories ask about a player.  ``rating`` None is unrated; ``birth_year``
    None is unknown (the player is then in no age category)."""

    start_rank: int
    rating: int | None = None
    birth_year: int | None = None
    sex: str = ""
    federation: str = ""
    title: str = ""
    club: str = ""

    @classmethod
    def from_player(cls, player: Player, club: str = "") -> PlayerFacts:
        """From the tournament's record: the tournament's rating (0 is unrated), the
        birth year from a birth date starting YYYY (TRF: YYYY/MM/DD or YYYY)."""
        year = re.match(r"\s*(\d{4})", player.birth_date)
        return cls(
            start_rank=player.start_rank,
            rating=player.rating or None,
            birth_year=int(year[1]) if year else None,
            sex=player.sex.strip().lower(),
            federation=player.federation.strip().upper(),
            title=normal_title(player.title),
            club=club.strip(),
        )


def facts_for(
    players: Iterable[Player], given: Mapping[int, PlayerFacts] | None
) -> dict[int, PlayerFacts]:
    """Per start rank what categories ask: ``given`` (a player it says nothing about
    meets no condition), or when None the tournament's record of each player."""
    if given is None:
        return {p.start_rank: PlayerFacts.from_player(p) for p in players}
    return {p.start_rank: given.get(p.start_rank) or PlayerFacts(p.start_rank) for p in players}


# --- the prize list -----------------------------------------------------------------

# Each category condition, by its field name: does a player meet it?
_CONDITIONS: dict[str, Callable[[Any, PlayerFacts], bool]] = {
    "rating_min": lambda bound, p: p.rating is not None and p.rating >= bound,
    "rating_max": lambda bound, p: p.rating is not None and p.rating <= bound,
    "born_after": lambda year, p: p.birth_year is not None and p.birth_year > year,
    "born_before": lambda year, p: p.birth_year is not None and p.birth_year < year,
    "sex": lambda sex, p: p.sex == sex,
    "unrated": lambda unrated, p: (p.rating is None) is unrated,
    "federations": lambda codes, p: p.federation in codes,
    "titles": lambda titles, p: p.title in titles,
    "clubs": lambda clubs, p: p.club in clubs,
}


@dataclass(frozen=True)
class Category:
    """Who a list admits: every condition given must hold (None: no condition).

    Rating bands are inclusive and admit rated players only; ``born_after``/
    ``born_before`` are strict (``born_after: 2009`` is born 2010 or later: an
    under-17 group in 2026); ``unrated`` true admits only unrated players, false only
    rated ones."""

    rating_min: int | None = None
    rating_max: int | None = None
    born_after: int | None = None
    born_before: int | None = None
    sex: str | None = None
    unrated: bool | None = None
    federations: frozenset[str] | None = None
    titles: frozenset[str] | None = None
    clubs: frozenset[str] | None = None

    def admits(self, player: PlayerFacts) -> bool:
        return all(
            test(bound, player)
            for name, test in _CONDITIONS.items()
            if (bound := getattr(self, name)) is not None
        )


@dataclass(frozen=True)
class Prize:
    """One prize: a place in the general list (``category`` None) or a category's
    list.  ``amount`` None is a non-cash prize; ``value`` is what the prize is worth
    when a player must choose (the amount, or what the organiser says a non-cash
    prize is worth, else 0).  ``order`` is its position in the prize list."""

    name: str
    place: int
    amount: Decimal | None = None
    category: Category | None = None
    value: Decimal = Decimal(0)
    order: int = 0
    unclaimed: Unclaimed = Unclaimed.LAPSE


@dataclass(frozen=True)
class PrizeList:
    prizes: tuple[Prize, ...]
    sharing: Sharing = Sharing.TIEBREAK
    hort_share: Decimal = Decimal("0.5")
    one_prize_per_player: bool = True
    precedence: Precedence = Precedence.GENERAL_FIRST
    rounding: Rounding = Rounding.DISTRIBUTE

    def lists(self) -> dict[Category | None, tuple[Prize, ...]]:
        """The prizes per list (None: the general list), each list by place, the
        lists in the order their first prize is listed."""
        out: dict[Category | None, list[Prize]] = {}
        for prize in self.prizes:
            out.setdefault(prize.category, []).append(prize)
        return {c: tuple(sorted(ps, key=lambda p: p.place)) for c, ps in out.items()}

    def weights(self) -> tuple[Fraction, Fraction]:
        """(share split equally over the players tied on points, share split over the
        players tied on everything)."""
        equal = SHARING_WEIGHTS[self.sharing]
        if equal is None:
            equal = Fraction(self.hort_share)
        return equal, 1 - equal


# The weight of a pool split equally over the players tied on points; the rest goes by
# tie-break order.  None: the prize list's hort_share.
SHARING_WEIGHTS: dict[Sharing, Fraction | None] = {
    Sharing.EQUAL: Fraction(1),
    Sharing.TIEBREAK: Fraction(0),
    Sharing.HORT: None,
}

# --- reading PRIZES.json ------------------------------------------------------------

_TOP_FIELDS = {
    "sharing",
    "hort_share",
    "one_prize_per_player",
    "precedence",
    "rounding",
    "unclaimed",
    "prizes",
}
_PRIZE_FIELDS = {"name", "amount", "value", "place", "category", "unclaimed"}
_SETS = {"federations", "titles", "clubs"}
_YEARS = {"born_after", "born_before"}
_RATINGS = {"rating_min", "rating_max"}


def parse_prize_list(data: object) -> PrizeList:
    """A :class:`PrizeList` from the decoded ``PRIZES.json`` (see docs/prizes.md).

    Raises PrizeError naming the first field that is wrong, e.g.
    ``prizes[1].category.rating_max: expected a whole number, not 'abc'``."""
    top = _object(data, msg("the prize list"), _TOP_FIELDS)
    unclaimed = _choice(top, "unclaimed", Unclaimed, Unclaimed.LAPSE, "")
    raw_prizes = top.get("prizes")
    if not isinstance(raw_prizes, list) or not raw_prizes:
        raise PrizeError("prizes", msg("expected a non-empty list of prizes"))
    prizes = tuple(_prize(item, f"prizes[{i}]", i, unclaimed) for i, item in enumerate(raw_prizes))
    seen: dict[tuple[Category | None, int], str] = {}
    for i, prize in enumerate(prizes):
        key = (prize.category, prize.place)
        if key in seen:
            raise PrizeError(
                f"prizes[{i}].place",
                msg(
                    "place %(place)s of this list is already prize %(prize)s",
                    place=prize.place,
                    prize=repr(seen[key]),
                ),
            )
        seen[key] = prize.name
    hort_share = _decimal(top.get("hort_share", "0.5"), "hort_share")
    if not 0 <= hort_share <= 1:
        raise PrizeError(
            "hort_share", msg("expected a share from 0 to 1, not %(share)s", share=hort_share)
        )
    one = top.get("one_prize_per_player", True)
    if not isinstance(one, bool):
        raise PrizeError(
            "one_prize_per_player", msg("expected true or false, not %(given)s", given=repr(one))
        )
    return PrizeList(
        prizes=prizes,
        sharing=_choice(top, "sharing", Sharing, Sharing.TIEBREAK, ""),
        hort_share=hort_share,
        one_prize_per_player=one,
        precedence=_choice(top, "precedence", Precedence, Precedence.GENERAL_FIRST, ""),
        rounding=_choice(top, "rounding", Rounding, Rounding.DISTRIBUTE, ""),
    )


def prize_list_json(definition: PrizeList) -> dict[str, Any]:
    """The prize list in the ``PRIZES.json`` shape, every option spelled out, amounts as
    decimal strings: ``parse_prize_list`` reads it back to an equal PrizeList."""
    return {
        "sharing": definition.sharing.value,
        "hort_share": str(definition.hort_share),
        "one_prize_per_player": definition.one_prize_per_player,
        "precedence": definition.precedence.value,
        "rounding": definition.rounding.value,
        "prizes": [_prize_json(prize) for prize in definition.prizes],
    }


def _prize_json(prize: Prize) -> dict[str, Any]:
    out: dict[str, Any] = {"name": prize.name, "place": prize.place}
    if prize.amount is not None:
        out["amount"] = str(prize.amount)
    elif prize.value:
        out["value"] = str(prize.value)
    if prize.category is not None:
        out["category"] = {
            f.name: sorted(value) if isinstance(value, frozenset) else value
            for f in fields(Category)
            if (value := getattr(prize.category, f.name)) is not None
        }
    out["unclaimed"] = prize.unclaimed.value
    return out


def _object(data: object, path: str, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise PrizeError(path, msg("expected an object, not %(given)s", given=type(data).__name__))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise PrizeError(
            _join(path, unknown[0]),
            msg("unknown field (known: %(known)s)", known=", ".join(sorted(allowed))),
        )
    return data


def _join(path: str, name: str) -> str:
    return name if path == "the prize list" else f"{path}.{name}"


def _choice(data: dict[str, Any], name: str, kind: type[StrEnum], default: Any, path: str) -> Any:
    value = data.get(name, default)
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(repr(k.value) for k in kind)
        raise PrizeError(
            f"{path}{name}",
            msg("expected one of %(known)s, not %(given)s", known=known, given=repr(value)),
        ) from None


def _decimal(value: object, path: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise PrizeError(
            path, msg('expected a number such as "100.50", not %(given)s', given=repr(value))
        )
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        raise PrizeError(
            path, msg('expected a number such as "100.50", not %(given)s', given=repr(value))
        ) from None
    if not number.is_finite():
        raise PrizeError(path, msg("expected a finite number, not %(given)s", given=repr(value)))
    return number


def _money(value: object, path: str) -> Decimal:
    amount = _decimal(value, path)
    if amount <= 0:
        raise PrizeError(path, msg("an amount must be above 0, not %(given)s", given=amount))
    if amount != amount.quantize(CENT):
        raise PrizeError(path, msg("amounts are in whole cents, not %(given)s", given=amount))
    return amount.quantize(CENT)


def _whole(value: object, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PrizeError(path, msg("expected a whole number, not %(given)s", given=repr(value)))
    if not low <= value <= high:
        raise PrizeError(
            path,
            msg("expected %(low)s to %(high)s, not %(given)s", low=low, high=high, given=value),
        )
    return value


def _prize(data: object, path: str, order: int, unclaimed: Unclaimed) -> Prize:
    item = _object(data, path, _PRIZE_FIELDS)
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise PrizeError(f"{path}.name", msg("expected the prize's name"))
    if "place" not in item:
        raise PrizeError(f"{path}.place", msg("missing (the place in its list, 1 for the best)"))
    place = _whole(item["place"], f"{path}.place", 1, 9999)
    amount = _money(item["amount"], f"{path}.amount") if "amount" in item else None
    if "value" in item:
        value = _money(item["value"], f"{path}.value")
    else:
        value = amount if amount is not None else Decimal(0)
    category = _category(item["category"], f"{path}.category") if "category" in item else None
    return Prize(
        name=name.strip(),
        place=place,
        amount=amount,
        category=category,
        value=value,
        order=order,
        unclaimed=_choice(item, "unclaimed", Unclaimed, unclaimed, f"{path}."),
    )


def _category(data: object, path: str) -> Category | None:
    item = _object(data, path, {f.name for f in fields(Category)})
    values: dict[str, Any] = {}  # Category's fields, each of its own type
    for name, raw in item.items():
        where = f"{path}.{name}"
        if name in _RATINGS:
            values[name] = _whole(raw, where, 0, 4000)
        elif name in _YEARS:
            values[name] = _whole(raw, where, 1850, 2200)
        elif name == "sex":
            if raw not in ("m", "w"):
                raise PrizeError(
                    where,
                    msg('expected "m" or "w" (as TRF writes it), not %(given)s', given=repr(raw)),
                )
            values[name] = raw
        elif name == "unrated":
            if not isinstance(raw, bool):
                raise PrizeError(
                    where, msg("expected true or false, not %(given)s", given=repr(raw))
                )
            values[name] = raw
        else:
            values[name] = _texts(raw, where, name)
    low, high = values.get("rating_min"), values.get("rating_max")
    if low is not None and high is not None and low > high:
        raise PrizeError(
            f"{path}.rating_max",
            msg("%(high)s is below rating_min %(low)s", high=high, low=low),
        )
    return Category(**values) if values else None


def _texts(raw: object, path: str, name: str) -> frozenset[str]:
    if not isinstance(raw, list) or not raw or not all(isinstance(t, str) for t in raw):
        raise PrizeError(
            path, msg("expected a non-empty list of texts, not %(given)s", given=repr(raw))
        )
    normal: Callable[[str], str] = {
        "federations": lambda t: t.strip().upper(),
        "titles": normal_title,
        "clubs": str.strip,
    }[name]
    return frozenset(normal(t) for t in raw)


# --- awarding -----------------------------------------------------------------------


@dataclass(frozen=True)
class AwardedPrize:
    """What one player receives from one list.  ``name`` is the prize of the player's
    own place in the list (or the pooled prizes' names joined by " + " when that place
    has none); ``amount`` None is a non-cash prize; ``pooled`` the prizes whose money
    was shared; ``shared_with`` the other players sharing it (start ranks)."""

    name: str
    amount: Decimal | None
    prizes: tuple[Prize, ...]
    pooled: tuple[str, ...] = ()
    shared_with: tuple[int, ...] = ()

    @property
    def value(self) -> Decimal:
        """What the award is worth when the player must choose."""
        cash = self.amount or Decimal(0)
        return cash + sum((p.value for p in self.prizes if p.amount is None), Decimal(0))


@dataclass(frozen=True)
class Winner:
    start_rank: int
    place: str
    points: Fraction
    prizes: tuple[AwardedPrize, ...]


@dataclass(frozen=True)
class Awards:
    winners: tuple[Winner, ...]  # in standings order
    # Lapsed: nobody eligible, or everybody eligible took a better prize.
    unawarded: tuple[Prize, ...] = ()

    def of(self, start_rank: int) -> tuple[AwardedPrize, ...]:
        return next((w.prizes for w in self.winners if w.start_rank == start_rank), ())


@dataclass
class _Field:
    """The standings as the prize lists see them."""

    order: list[int]  # start ranks, best first (tie-break order, then start rank)
    points: dict[int, Fraction]
    rank: dict[int, int]
    place: dict[int, str]
    admitted: dict[Category | None, list[int]] = field(default_factory=dict)


def award(
    standings: Standings,
    players: Mapping[int, PlayerFacts] | None,
    definition: PrizeList,
) -> Awards:
    """Give out ``definition``'s prizes by ``standings`` (see the module docstring).

    ``players`` gives what categories ask about each start rank; None reads it from
    the standings' players (:meth:`PlayerFacts.from_player`, no club)."""
    rows = sorted(standings.rows, key=lambda r: (r.rank, r.player.start_rank))
    facts = facts_for([r.player for r in rows], players)
    board = _Field(
        order=[r.player.start_rank for r in rows],
        points={r.player.start_rank: r.points for r in rows},
        rank={r.player.start_rank: r.rank for r in rows},
        place={r.player.start_rank: r.place for r in rows},
    )
    lists = definition.lists()
    for category in lists:
        board.admitted[category] = [
            s for s in board.order if category is None or category.admits(facts[s])
        ]
    excluded: dict[Category | None, set[int]] = {c: set() for c in lists}
    while True:
        offers = {c: _give_list(board, ps, excluded[c], definition) for c, ps in lists.items()}
        per_player: dict[int, dict[Category | _Open | None, AwardedPrize]] = {}
        for category, given in offers.items():
            for start_rank, awarded in given.items():
                per_player.setdefault(start_rank, {})[category] = awarded
        if not definition.one_prize_per_player:
            break
        conflicted = next((s for s in board.order if len(per_player.get(s, ())) > 1), None)
        if conflicted is None:
            break
        mine = {c: given[conflicted] for c, given in offers.items() if conflicted in given}
        kept = max(mine, key=lambda c: _preference(mine[c], c, definition.precedence))
        for category in mine:
            if category != kept:
                excluded[category].add(conflicted)
    claimed = {p for given in per_player.values() for a in given.values() for p in a.prizes}
    unawarded = []
    for prize in definition.prizes:
        if prize in claimed:
            continue
        if prize.unclaimed is Unclaimed.LAPSE:
            unawarded.append(prize)
            continue
        taker = next((s for s in board.order if s not in per_player), None)
        if taker is None:
            unawarded.append(prize)
            continue
        per_player.setdefault(taker, {})[_Open(prize.order)] = AwardedPrize(
            prize.name, prize.amount, (prize,)
        )
    winners = tuple(
        Winner(s, board.place[s], board.points[s], tuple(per_player[s].values()))
        for s in board.order
        if s in per_player
    )
    return Awards(winners=winners, unawarded=tuple(unawarded))


@dataclass(frozen=True)
class _Open:
    """The key of an unclaimed prize given to a player in the open (one per prize)."""

    order: int


def _preference(
    awarded: AwardedPrize, category: Category | None, precedence: Precedence
) -> tuple[Decimal, int]:
    """Higher is preferred: the value, then the general list or the prize listed first."""
    if precedence is Precedence.GENERAL_FIRST:
        return awarded.value, int(category is None)
    return awarded.value, -min(p.order for p in awarded.prizes)


def _give_list(
    board: _Field, prizes: Sequence[Prize], excluded: set[int], definition: PrizeList
) -> dict[int, AwardedPrize]:
    """One list's prizes among the players it admits and has not lost to another list:
    per player what they receive (pools split by the sharing weights)."""
    at_place = {p.place: p for p in prizes}
    last_place = max(at_place)
    ranked = [s for s in board.admitted[prizes[0].category] if s not in excluded]
    ranked = ranked[: last_place + _tail(board, ranked, last_place)]
    equal_weight, tiebreak_weight = definition.weights()
    out: dict[int, AwardedPrize] = {}
    first = 1
    for group in _groups(ranked, board.points):
        if first > last_place:
            break
        position = dict(zip(group, range(first, first + len(group)), strict=True))
        first += len(group)
        tied = _groups(group, board.rank)
        parts = [(group, equal_weight)] if equal_weight else []
        parts += [(sub, tiebreak_weight) for sub in tied] if tiebreak_weight else []
        shares = dict.fromkeys(group, Fraction(0))
        for sub, weight in parts:
            pool = sum(_cents(at_place.get(position[s])) for s in sub)
            for s in sub:
                shares[s] += weight * pool / len(sub)
        paid = _round(shares, sum(_cents(at_place.get(position[s])) for s in group), definition)
        # Who a player shares with: the points group when part of the pool is split
        # equally, else the players tied on everything.
        mates = {s: group for s in group} if equal_weight else {s: sub for sub in tied for s in sub}
        for s in group:
            own = at_place.get(position[s])
            items = [own] if own is not None and own.amount is None else []
            cash = [
                prize
                for o in mates[s]
                if (prize := at_place.get(position[o])) is not None and prize.amount is not None
            ]
            if not paid[s] and not items:
                continue
            shared_with = tuple(o for o in mates[s] if o != s and paid[o])
            pooled = tuple(p.name for p in cash) if shared_with else ()
            name = own.name if own is not None else " + ".join(p.name for p in cash)
            amount = Decimal(paid[s]) * CENT if cash else None
            out[s] = AwardedPrize(name, amount, (*items, *cash), pooled, shared_with)
    return out


def _tail(board: _Field, ranked: list[int], last_place: int) -> int:
    """How many players past the last prize place still share a prize: those tied on
    points with the player at the last place."""
    if len(ranked) <= last_place:
        return 0
    points = board.points[ranked[last_place - 1]]
    extra = 0
    while last_place + extra < len(ranked) and board.points[ranked[last_place + extra]] == points:
        extra += 1
    return extra


def _groups(ranked: Sequence[int], key: Mapping[int, object]) -> list[list[int]]:
    """Consecutive players with the same ``key`` (points, or rank)."""
    out: list[list[int]] = []
    for s in ranked:
        if out and key[out[-1][0]] == key[s]:
            out[-1].append(s)
        else:
            out.append([s])
    return out


def _cents(prize: Prize | None) -> int:
    return int(prize.amount * 100) if prize is not None and prize.amount is not None else 0


def _round(shares: dict[int, Fraction], pool: int, definition: PrizeList) -> dict[int, int]:
    """Exact shares (in cents) as whole cents: each rounded down, then (DISTRIBUTE) the
    pool's leftover cents one each to the largest fractions, ties in the given order."""
    paid = {s: floor(v) for s, v in shares.items()}
    if definition.rounding is Rounding.DISTRIBUTE:
        leftover = pool - sum(paid.values())
        order = sorted(shares, key=lambda s: -(shares[s] - paid[s]))  # stable: tie-break order
        for s in order[:leftover]:
            paid[s] += 1
    return paid


def awards_json(awards: Awards) -> list[dict[str, object]]:
    """One object per prize winner, amounts as decimal strings (None: non-cash)."""
    return [
        {
            "start_rank": winner.start_rank,
            "place": winner.place,
            "points": to_json_number(winner.points),
            "prizes": [
                {
                    "name": prize.name,
                    "amount": None if prize.amount is None else str(prize.amount),
                    "shared_with": list(prize.shared_with),
                }
                for prize in winner.prizes
            ],
        }
        for winner in awards.winners
    ]
