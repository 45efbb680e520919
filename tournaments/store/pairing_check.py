"""The pairing check of a tournament (``GET .../pairing-check/``, the round pages):
each Swiss round re-derived from the event log as it stood before the round was
paired (``domain.pairing_origin.check_round``); a round robin's rounds against the
Berger tables.

A Swiss round's verdict depends only on the events up to its ``round.paired``
event, which never change: it is computed once and cached under that event's seq
(a round paired again gets a new seq), so a page view of a 2,000-player event
reads the cache instead of running the engine.  The cache is filled by the
Celery task ``live.tasks.compute_pairing_verdicts``, queued by the standings task
when ``verdicts_missing`` and by the endpoint when it finds one missing
(``verdicts_wanted``): neither a request nor the standings wait for the engine.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache

from tiebreaks.model import System
from tournaments.domain.events import EventKind, RoundPaired, payload_lookup
from tournaments.domain.pairing_origin import RoundVerdict, check_berger, check_round
from tournaments.domain.state import OpenFold
from tournaments.models import Event

from .commands import default_colour
from .events import domain_event
from .signals import verdicts_wanted
from .state_cache import current_state

_KEEP_SECONDS = 30 * 24 * 3600


@dataclass(frozen=True)
class PendingVerdict:
    """A paired round whose verdict is not cached yet: the verdicts' task computes it."""

    round: int
    seq: int  # of the round.paired event to check


def _key(tournament_id: int, seq: int, stamp: datetime) -> str:
    # The event's time too: a database restored or recreated (tests) reuses ids.
    # "v1": the shape of RoundVerdict pickled; another shape needs another prefix.
    return f"pairing-check:v1:{tournament_id}:{seq}:{stamp.timestamp()}"


def pairing_check(
    tournament_id: int, rounds: Collection[int] | None = None, *, compute: bool = True
) -> list[RoundVerdict]:
    """Each paired round's verdict (only ``rounds`` when given), by round number;
    without ``compute``, only the verdicts already cached."""
    verdicts, missing, keys = _cached(tournament_id, rounds)
    if missing and compute:
        computed = _derive(tournament_id, set(missing.values()))
        cache.set_many({keys[v.round]: v for v in computed}, _KEEP_SECONDS)
        verdicts.update({v.round: v for v in computed})
    return [verdicts[n] for n in sorted(verdicts)]


def served_check(tournament_id: int) -> list[RoundVerdict | PendingVerdict]:
    """What ``GET .../pairing-check/`` answers: each paired round's cached verdict,
    or a ``PendingVerdict``.  The engine never runs here (13 s of CPU a round at
    2,000 players, and any reader may ask): a missing verdict sends
    ``verdicts_wanted``, whose receiver queues the verdicts' task once."""
    verdicts, missing, _ = _cached(tournament_id, None)
    if missing:
        verdicts_wanted.send(sender=PendingVerdict, tournament_id=tournament_id)
    served: dict[int, RoundVerdict | PendingVerdict] = dict(verdicts)
    served.update({n: PendingVerdict(n, seq) for n, seq in missing.items()})
    return [served[n] for n in sorted(served)]


def _cached(
    tournament_id: int, rounds: Collection[int] | None
) -> tuple[dict[int, RoundVerdict], dict[int, int], dict[int, str]]:
    """The paired rounds' cached verdicts, the rounds without one (their round.paired
    seq) and every round's cache key; a round robin's verdicts are all there."""
    paired = _paired(tournament_id)
    state = current_state(tournament_id)  # TournamentNotFound for no such tournament
    if rounds is not None:
        paired = {n: event for n, event in paired.items() if n in rounds}
    if state.settings.system is not System.SWISS:
        seqs = {n: seq for n, (seq, _) in paired.items()}
        return {v.round: v for v in check_berger(state, seqs) if v.round in paired}, {}, {}
    keys = {n: _key(tournament_id, *event) for n, event in paired.items()}
    found = cache.get_many(list(keys.values()))
    verdicts = {n: found[key] for n, key in keys.items() if key in found}
    missing = {n: paired[n][0] for n in paired if n not in verdicts}
    return verdicts, missing, keys


def verdicts_missing(tournament_id: int) -> bool:
    """Whether a paired round of the tournament has no cached verdict yet: what
    ``pairing_check`` would run the engine for."""
    if current_state(tournament_id).settings.system is not System.SWISS:
        return False  # the Berger tables are read, not cached
    keys = [_key(tournament_id, *event) for event in _paired(tournament_id).values()]
    return len(cache.get_many(keys)) < len(keys)


def _paired(tournament_id: int) -> dict[int, tuple[int, datetime]]:
    """Each paired round's standing round.paired event: its seq and time."""
    paired: dict[int, tuple[int, datetime]] = {}
    for seq, stamp, number in (
        Event.objects.filter(tournament_id=tournament_id, kind=EventKind.ROUND_PAIRED)
        .order_by("seq")
        .values_list("seq", "created_at", payload_lookup("round"))
    ):
        paired[number] = (seq, stamp)
    return paired


def _derive(tournament_id: int, wanted: Collection[int]) -> list[RoundVerdict]:
    """The verdicts of the round.paired events stored at the ``wanted`` seqs, each
    checked against the state folded from the events before it."""
    default = default_colour()
    last = max(wanted)
    folder = OpenFold()
    verdicts = []
    events = Event.objects.filter(tournament_id=tournament_id, seq__lte=last).order_by("seq")
    for stored in events.iterator(chunk_size=500):
        event = domain_event(stored)
        if stored.seq in wanted:
            assert isinstance(event, RoundPaired)
            verdicts.append(check_round(folder.state(), stored.seq, event, default))
        folder.apply(stored.seq, event)
    return verdicts
