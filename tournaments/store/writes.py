"""What other apps may change in tournaments: the counterpart of ``queries``.

The live app's organiser pages store events only through the names here, so
that each write another app makes is a command of this package's with its
checks, never an insert of its own (``preview_next_round`` is the dry run of
``pair_next_round``; ``TITLES`` and ``PLAYER_FIELDS`` are what the registration
forms offer).  The import contracts in pyproject.toml
hold ``live`` to ``queries`` and this module.
"""

from __future__ import annotations

from tournaments.domain.bodies import TITLES, PlayerChanges
from tournaments.domain.errors import Conflict
from tournaments.domain.shapes import field_names

from .commands import (
    Command,
    CommandError,
    cancel_bye,
    cancel_team_bye,
    change_settings,
    check_in_players,
    confirm_report,
    correct_board_result,
    create_tournament,
    edit_player,
    edit_roster,
    forfeit_match,
    pair_next_round,
    pair_next_team_round,
    pair_round_checked,
    preview_next_round,
    rank_players,
    rank_teams,
    record_board_result,
    register_player,
    register_team,
    reinstate_player,
    reinstate_team,
    reject_report,
    report_result,
    request_bye,
    request_team_bye,
    revoke_link,
    set_board_prizes,
    start_team_round,
    submit_captain_lineup,
    submit_lineup,
    unpair_round,
    withdraw_player,
    withdraw_team,
)
from .organisers import grant_organiser
from .private_links import issue as issue_links
from .refusals import translated, translated_errors
from .trf_import import ImportedTournament, import_trf

# A player's data as the registration and edit commands take it.
PLAYER_FIELDS = field_names(PlayerChanges)

__all__ = [
    "Command",
    "CommandError",
    "Conflict",
    "ImportedTournament",
    "PLAYER_FIELDS",
    "TITLES",
    "cancel_bye",
    "cancel_team_bye",
    "change_settings",
    "check_in_players",
    "correct_board_result",
    "create_tournament",
    "edit_player",
    "edit_roster",
    "forfeit_match",
    "grant_organiser",
    "import_trf",
    "pair_next_round",
    "pair_next_team_round",
    "pair_round_checked",
    "preview_next_round",
    "rank_players",
    "rank_teams",
    "record_board_result",
    "register_player",
    "register_team",
    "reinstate_player",
    "reinstate_team",
    "request_bye",
    "request_team_bye",
    "set_board_prizes",
    "submit_lineup",
    "unpair_round",
    "withdraw_player",
    "withdraw_team",
    "confirm_report",
    "issue_links",
    "reject_report",
    "report_result",
    "revoke_link",
    "start_team_round",
    "submit_captain_lineup",
    "translated",
    "translated_errors",
]
