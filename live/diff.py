"""What changed between two snapshot bodies, for pushing big tables incrementally."""

from __future__ import annotations

from typing import Any

# Parts of the body that, when they change, call for a full snapshot.
_STRUCTURE = ("tournament", "rules", "tiebreaks")


def standings_diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """A ``standings.diff`` frame turning body ``old`` into ``new``.

    Rows carry their start rank and only the top-level fields whose values
    changed; boards are sent whole when changed.  None when the two differ in
    structure (other tie-breaks, players or round), where only a full snapshot
    makes sense.
    """
    if any(old[key] != new[key] for key in _STRUCTURE):
        return None
    old_round, new_round = old["rounds"], new["rounds"]
    if old_round["current"] != new_round["current"] or old_round["byes"] != new_round["byes"]:
        return None
    old_rows = {row["start_rank"]: row for row in old["rows"]}
    if len(old_rows) != len(new["rows"]):
        return None
    rows = []
    for row in new["rows"]:
        before = old_rows.get(row["start_rank"])
        if before is None:
            return None
        changed = {key: value for key, value in row.items() if before[key] != value}
        if changed:
            rows.append({"start_rank": row["start_rank"], **changed})
    old_boards = {board["board"]: board for board in old_round["boards"]}
    return {
        "type": "standings.diff",
        "version": new["version"],
        "base_version": old["version"],
        "computed_at": new["computed_at"],
        "rows": rows,
        "boards": [b for b in new_round["boards"] if old_boards.get(b["board"]) != b],
        "closed": new_round["closed"],
    }
