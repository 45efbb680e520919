"""What changed between two snapshot bodies, for pushing big tables incrementally."""

from __future__ import annotations

from typing import Any

# Parts of the body that, when they change, call for a full snapshot.
_STRUCTURE = ("tournament", "rules", "tiebreaks")
# A single result moves the ranks of everyone between the player's old and new
# places: in a big Swiss, most rows.  Ranks therefore travel as one compact
# ranking instead of as changed fields of (nearly) every row.
_RANK_FIELDS = ("rank", "place")


def standings_diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """A ``standings.diff`` frame turning body ``old`` into ``new``.

    ``rows`` carry their start rank and the other top-level fields whose values
    changed; ``ranking`` (only when a rank or place moved) lists every player
    as ``[rank, place, [start ranks]]`` groups in standings order; changed
    boards are sent whole.  None when the two differ in structure (other
    tie-breaks, players or round), where only a full snapshot makes sense.
    """
    if any(old[key] != new[key] for key in _STRUCTURE):
        return None
    if old.get("warnings") != new.get("warnings"):  # bodies stored before warnings had none
        return None
    old_round, new_round = old["rounds"], new["rounds"]
    if old_round["current"] != new_round["current"] or old_round["byes"] != new_round["byes"]:
        return None
    old_rows = {row["start_rank"]: row for row in old["rows"]}
    if len(old_rows) != len(new["rows"]):
        return None
    rows = []
    ranks_moved = False
    for row in new["rows"]:
        before = old_rows.get(row["start_rank"])
        if before is None:
            return None
        ranks_moved = ranks_moved or any(before[key] != row[key] for key in _RANK_FIELDS)
        changed = {
            key: value
            for key, value in row.items()
            if key not in _RANK_FIELDS and before[key] != value
        }
        if changed:
            rows.append({"start_rank": row["start_rank"], **changed})
    old_boards = {board["board"]: board for board in old_round["boards"]}
    diff = {
        "type": "standings.diff",
        "version": new["version"],
        "base_version": old["version"],
        "computed_at": new["computed_at"],
        "rows": rows,
        "boards": [b for b in new_round["boards"] if old_boards.get(b["board"]) != b],
        "closed": new_round["closed"],
    }
    if ranks_moved:
        diff["ranking"] = ranking(new["rows"])
    return diff


def ranking(rows: list[dict[str, Any]]) -> list[list[Any]]:
    """``[[rank, place, [start ranks]], ...]``: the rows (in standings order) by rank."""
    groups: list[list[Any]] = []
    for row in rows:
        if groups and groups[-1][0] == row["rank"]:
            groups[-1][2].append(row["start_rank"])
        else:
            groups.append([row["rank"], row["place"], [row["start_rank"]]])
    return groups
