/* Live standings: one websocket, versioned frames, full fetch on a gap.
 *
 * The socket and the standings API carry one shape, the stored table
 * (live/wire.py): {"type": "standings", version, pages, total, columns, ties,
 * rounds, rows} with rows as arrays in the order of columns.  On the socket a big
 * table's head frame has its top, then pages-1 {"type": "standings.rows", version,
 * offset, rows} frames bring the rest; for big tables changes come as
 * {"type": "standings.diff", version, base_version, rows, order, ties_on, ties_off, boards}.
 * A diff applies only to the version it names; otherwise the page fetches
 * GET /api/tournaments/<id>/standings/ (ETag = version): the same table in one
 * frame, decoded by the same code.  The crosstable tab fetches a server-rendered
 * fragment when opened (spectator-extras.js).
 * After a disconnect the page reconnects with exponential backoff and jitter,
 * resuming from its version.
 *
 * The players the page follows (?follow=12,40 on the page, data-follow) are asked
 * for on the socket too: their rows come in the first frame ("followed", with
 * their positions), so a big table shows its top and them at once, with a gap
 * row between, until the other pages arrive; they stay highlighted.
 */
(function () {
  "use strict";

  const root = document.getElementById("live");
  if (!root) return;
  const apiUrl = root.dataset.api;
  const wsUrl = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + root.dataset.ws;
  const MARK_MS = 4000;
  const MIN_BACKOFF_MS = 1000;
  const MAX_BACKOFF_MS = 30000;
  const IDENTITY = 5;  // start_rank, name, title, federation, rating: then points, tie-breaks
  const follow = root.dataset.follow || "";  // start ranks, checked by the server: "12,40"
  const followed = new Set(follow.split(",").filter(Boolean).map(Number));

  // The latest complete table, diffs applied: {version, computed_at, tournament,
  // tiebreaks, tiebreak_names, rounds, ties, rows: [{rank, place, start_rank, name,
  // title, federation, rating, points, tiebreaks: {code: value}}] in standings order}.
  let body = null;
  let incoming = null;        // a full table whose pages are still arriving
  let backoff = MIN_BACKOFF_MS;
  let fetching = false;
  let lastError = "";        // the server's last error frame, shown if it then closes
  const marks = new Map();    // start rank -> {dir: "up"|"down", until: ms}

  const statusEl = document.getElementById("status");
  // Django's JavaScript catalogue (/jsi18n/, loaded by the page): the page's language.
  const _ = window.gettext || ((text) => text);
  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => values[key]);
  const RESULT_TEXT = { "1-0": "1–0", "0-1": "0–1", "1/2-1/2": "½–½", "+/-": "+ –", "-/+": "– +", "0-0": "– –" };
  // What a screen reader says instead of the symbols (as live/spectator_content.py RESULT_WORDS).
  const RESULT_WORDS = {
    "1-0": _("White won"), "0-1": _("Black won"), "1/2-1/2": _("draw"), "+/-": _("White won by forfeit"),
    "-/+": _("Black won by forfeit"), "0-0": _("both lost by forfeit"), "": _("game in progress"),
  };

  function esc(value) {
    return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }

  function points(value) {
    if (value === null || value === undefined) return "–";
    const whole = Math.floor(value);
    const frac = value - whole;
    if (frac === 0) return String(whole);
    if (frac === 0.5) return (whole ? whole : "") + "½";
    return String(+value.toFixed(2));
  }

  // Up to two decimals, with the page language's decimal mark (12,5 in French).
  const DECIMALS = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 2, useGrouping: false });

  function number(value) {
    if (value === null || value === undefined) return "–";
    return DECIMALS.format(value);
  }

  function setStatus(state, text) {
    statusEl.dataset.state = state;
    statusEl.textContent = text;
  }

  // --- applying frames -------------------------------------------------------

  function handle(frame) {
    root.dataset.lastFrame = frame.type;  // shows in the inspector which path updated the page
    if (frame.type === "standings") {
      if (!body || frame.version > body.version) startTable(frame);
    } else if (frame.type === "standings.rows") {
      if (incoming && frame.version === incoming.version) addRows(frame);
    } else if (frame.type === "standings.diff") {
      if (body && frame.base_version === body.version) applyDiff(frame);
      else if (!body || frame.version > body.version) fetchFull();
    } else if (frame.type === "error") {
      lastError = frame.detail;
      console.warn("standings socket:", frame.detail);
    }
  }

  function decodeBoard([board, white, black, result]) {
    return { board, white, black, result };
  }

  function setScores(row, values, codes) {
    row.points = values[0];
    row.tiebreaks = {};
    codes.forEach((code, i) => { row.tiebreaks[code] = values[i + 1]; });
  }

  function decodeRow(values, codes) {
    const [start_rank, name, title, federation, rating] = values;
    const row = { start_rank, name, title, federation, rating };
    setScores(row, values.slice(IDENTITY), codes);
    return row;
  }

  // Ranks and places from the tied positions (live/wire.py): a rank is the first
  // position of its group, the place "first-last" when several share it.
  function placeOf(first, end) {
    return { rank: first + 1, place: end - first > 1 ? first + 1 + "-" + end : String(first + 1) };
  }

  // The end (exclusive) of a tied group still running at position i: past the
  // rows at hand when the top of a table cuts a group.
  function groupEnd(tied, i, total) {
    while (i < total && tied.has(i)) i += 1;
    return i;
  }

  function placeRows(rows, ties, total = rows.length) {
    const tied = new Set(ties);
    let first = 0;
    for (let i = 0; i <= rows.length; i += 1) {
      if (i < rows.length && tied.has(i)) continue;
      const place = placeOf(first, groupEnd(tied, i, total));
      for (let j = first; j < i; j += 1) Object.assign(rows[j], place);
      first = i;
    }
  }

  // The top of a table followed by the followed players below it, each placed from
  // the ties around its position; "gap" marks a row with rows missing above it.
  function withFollowed(top, frame) {
    const tied = new Set(frame.ties);
    const below = (frame.followed || []).filter((f) => f.offset >= top.length).sort((a, b) => a.offset - b.offset);
    const rows = top.slice();
    let next = top.length;
    for (const { offset, row: values } of below) {
      let first = offset;
      while (tied.has(first)) first -= 1;
      const place = placeOf(first, groupEnd(tied, offset + 1, frame.total));
      rows.push(Object.assign(decodeRow(values, frame.tiebreaks), place, { gap: offset > next }));
      next = offset + 1;
    }
    return rows;
  }

  // A full table's head frame (or the API's whole table) as the page holds it.
  function decodeTable(frame) {
    return {
      version: frame.version,
      computed_at: frame.computed_at,
      tournament: frame.tournament,
      rules: frame.rules,
      tiebreaks: frame.tiebreaks,
      tiebreak_names: frame.tiebreak_names,
      warnings: frame.warnings,
      rounds: { ...frame.rounds, boards: frame.rounds.boards.map(decodeBoard) },
      ties: frame.ties,
      rows: frame.rows.map((values) => decodeRow(values, frame.tiebreaks)),
      total: frame.total,
    };
  }

  function startTable(frame) {
    const table = decodeTable(frame);
    incoming = table;
    if (!body) {
      // The top of the table at once: a big event's other pages follow.
      placeRows(table.rows, table.ties, table.total);
      body = { ...table, rows: withFollowed(table.rows, frame), version: 0 };
      render(null);
    }
    if (table.rows.length >= table.total) completeTable();
  }

  function addRows(frame) {
    for (const values of frame.rows) incoming.rows.push(decodeRow(values, incoming.tiebreaks));
    if (incoming.rows.length >= incoming.total) completeTable();
  }

  function completeTable() {
    const next = incoming;
    incoming = null;
    // A fetch may have shown a newer table while these pages arrived.
    if (!body.version || next.version > body.version) show(complete(next));
  }

  function complete(table) {
    delete table.total;
    placeRows(table.rows, table.ties);
    return table;
  }

  function show(next) {
    const before = body && body.version ? ranks(body) : null;
    body = next;
    render(before);
  }

  function applyDiff(diff) {
    const before = ranks(body);
    const rows = new Map(body.rows.map((row) => [row.start_rank, row]));
    for (const values of diff.rows) setScores(rows.get(values[0]), values.slice(1), body.tiebreaks);
    // Who shares the rank of the row above: ties_on/ties_off change it by start rank.
    const tied = new Set(body.ties.map((i) => body.rows[i].start_rank));
    for (const startRank of diff.ties_on || []) tied.add(startRank);
    for (const startRank of diff.ties_off || []) tied.delete(startRank);
    if (diff.order) {
      // Runs over the old order: [start, stop] keeps old rows start..stop-1, a number is one row.
      const old = body.rows;
      body.rows = diff.order.flatMap((run) => Array.isArray(run) ? old.slice(run[0], run[1]) : [rows.get(run)]);
    }
    body.ties = [];
    body.rows.forEach((row, i) => { if (i && tied.has(row.start_rank)) body.ties.push(i); });
    placeRows(body.rows, body.ties);
    const boards = new Map(body.rounds.boards.map((board) => [board.board, board]));
    for (const board of diff.boards) boards.set(board[0], decodeBoard(board));
    body.rounds.boards = Array.from(boards.values()).sort((a, b) => a.board - b.board);
    body.rounds.closed = diff.closed;
    if (diff.reported) body.rounds.reported = diff.reported;
    body.version = diff.version;
    body.computed_at = diff.computed_at;
    render(before);
  }

  async function fetchFull() {
    if (fetching) return;
    fetching = true;
    try {
      const headers = body && body.version ? { "If-None-Match": '"' + body.version + '"' } : {};
      const response = await fetch(apiUrl, { headers, cache: "no-store" });
      if (response.ok) {
        // The whole table in one frame: it leaves a table still arriving on the socket alone.
        const next = await response.json();
        if (!body || next.version > body.version) show(complete(decodeTable(next)));
      }
    } catch (error) {
      console.warn("standings fetch failed:", error);
    } finally {
      fetching = false;
    }
  }

  function connect() {
    incoming = null;  // the pages of a table cut off by the disconnect will not come
    const query = new URLSearchParams();
    if (body && body.version) query.set("version", body.version);
    if (follow) query.set("follow", follow);
    const url = query.toString() ? wsUrl + "?" + query : wsUrl;
    const socket = new WebSocket(url);
    socket.onopen = () => {
      backoff = MIN_BACKOFF_MS;
      setStatus("live", _("live"));
    };
    socket.onmessage = (event) => handle(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (event.code === 4404) {
        setStatus("gone", _("no such tournament"));
        return;
      }
      if (event.code === 4400) {
        setStatus("gone", lastError || _("refused by the server"));
        return;
      }
      setStatus("reconnecting", _("reconnecting…"));
      // Jitter spreads a hall full of screens reconnecting after a server restart.
      const delay = backoff * (0.5 + Math.random());
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      setTimeout(connect, delay);
      if (body && body.version) fetchFull();
    };
  }

  // --- rendering -------------------------------------------------------------

  function ranks(table) {
    return new Map(table.rows.map((row) => [row.start_rank, row.rank]));
  }

  // What a screen reader says for the arrow (live.css), in the page's language.
  const MOVED = { up: _("moved up"), down: _("moved down") };

  function markMoves(before) {
    if (!before) return;
    const until = Date.now() + MARK_MS;
    for (const row of body.rows) {
      const old = before.get(row.start_rank);
      if (old !== undefined && old !== row.rank) {
        marks.set(row.start_rank, { dir: row.rank < old ? "up" : "down", until });
      }
    }
    setTimeout(clearMarks, MARK_MS + 50);
  }

  function clearMarks() {
    const now = Date.now();
    for (const [startRank, mark] of marks) {
      if (mark.until > now) continue;
      marks.delete(startRank);
      const tr = document.querySelector('#standings tr[data-start-rank="' + startRank + '"]');
      if (!tr) continue;
      tr.classList.remove("moved-up", "moved-down");
      for (const words of tr.querySelectorAll(".moved-words")) words.remove();
    }
  }

  function playerName(row, startRank) {
    return row ? (row.title ? row.title + " " : "") + row.name : "#" + startRank;
  }

  // The player card's URL: the page gives the one of start rank 0.  A team event's
  // rows and matches name teams: their team cards.
  function playerLink(startRank, html) {
    const team = root.dataset.teamUrl;
    const href = (team || root.dataset.playerUrl).replace(/\/0\/$/, "/" + startRank + "/");
    return "<a class='" + (team ? "team" : "player") + "' href='" + esc(href) + "'>" + html + "</a>";
  }

  function render(before) {
    markMoves(before);
    renderStandings();
    renderBoards();
    const round = body.rounds.current;
    // The organisers' link follows the round in progress once the next one is paired.
    const enter = document.querySelector(".enter-link");
    if (enter && round) enter.pathname = enter.pathname.replace(/\/rounds\/\d+\/enter\/$/, "/rounds/" + round + "/enter/");
    const warnings = document.getElementById("warnings");
    warnings.textContent = (body.warnings || []).join(" ");
    warnings.hidden = !warnings.textContent;
    document.getElementById("version").textContent = body.version;
    document.getElementById("computed-at").textContent = new Date(body.computed_at).toLocaleTimeString(document.documentElement.lang);
    // Search, marks, the crosstable tab and the hall screen's paging (spectator-extras.js,
    // hall.js) follow every render.
    root.dispatchEvent(new CustomEvent("live:render", { detail: body }));
  }

  function renderStandings() {
    const table = document.querySelector("#standings table");
    const codes = body.tiebreaks;
    // A team has no rating: a team event's table leaves the column out.
    const team = body.tournament.kind === "team";
    // Teams often have no federation (clubs of one country): no empty column then.
    const fed = !team || body.rows.some((row) => row.federation);
    // A team event's halves are of game points (GP, MPvGP, BH:GP...): written as the
    // scores are (3½), whatever the column.
    const tb = (value) => (team && Number.isInteger(value * 2) ? points : number)(value);
    table.tHead.innerHTML =
      "<tr><th class='rank' title='" + esc(_("Rank")) + "'>#</th><th class='sr' title='" + esc(_("Start rank")) + "'>" + esc(_("No")) + "</th>" +
      "<th class='name'>" + esc(_("Name")) + "</th>" +
      (fed ? "<th class='fed' title='" + esc(_("Federation")) + "'>" + esc(_("Fed")) + "</th>" : "") +
      (team ? "" : "<th class='rating' title='" + esc(_("Rating")) + "'>" + esc(_("Rtg")) + "</th>") +
      (team
        ? "<th class='points' title='" + esc(_("Match points")) + "'>" + esc(_("MP")) + "</th>"
        : "<th class='points' title='" + esc(_("Points")) + "'>" + esc(_("Pts")) + "</th>") +
      // The column's help: a button to focus (keyboard) or hover, described by its tip.
      codes.map((code, i) => "<th class='tb'><button type='button' class='tb-help' aria-describedby='standings-tb-" + i + "'>" + esc(code) +
        "</button><span role='tooltip' class='tb-tip' id='standings-tb-" + i + "'>" + esc(body.tiebreak_names[code] || code) + "</span></th>").join("") +
      "</tr>";
    const now = Date.now();
    table.tBodies[0].innerHTML = body.rows.map((row) => {
      const mark = marks.get(row.start_rank);
      const moved = mark && mark.until > now;
      const classes = moved ? ["moved-" + mark.dir] : [];
      if (followed.has(row.start_rank)) classes.push("followed");
      const cls = classes.length ? " class='" + classes.join(" ") + "'" : "";
      const gap = row.gap ? "<tr class='gap'><td colspan='" + (4 + (fed ? 1 : 0) + (team ? 0 : 1) + codes.length) + "'>…</td></tr>" : "";
      return gap + "<tr data-start-rank='" + row.start_rank + "' data-federation='" + esc(row.federation) + "'" + cls + ">" +
        "<td class='rank'>" + esc(row.place) + "</td><td class='sr'>" + row.start_rank + "</td>" +
        "<td class='name'>" + (moved ? "<span class='sr-only moved-words'>" + esc(MOVED[mark.dir]) + "</span> " : "") +
        playerLink(row.start_rank, (row.title ? "<span class='title'>" + esc(row.title) + "</span> " : "") + esc(row.name)) + "</td>" +
        (fed ? "<td class='fed'>" + esc(row.federation) + "</td>" : "") +
        (team ? "" : "<td class='rating'>" + esc(row.rating || "") + "</td>") +
        "<td class='points'>" + points(row.points) + "</td>" +
        codes.map((code) => "<td class='tb'>" + tb(row.tiebreaks[code]) + "</td>").join("") +
        "</tr>";
    }).join("");
  }

  function renderBoards() {
    const rounds = body.rounds;
    const section = document.getElementById("boards");
    section.querySelector(".round-title").textContent = rounds.current
      ? fill(_("Round %(number)s"), { number: rounds.current }) + (rounds.closed ? " " + _("(closed)") : "")
      : _("Not paired yet");
    // One lookup table per render: searching the rows for each board was
    // quadratic in the players on every frame.
    const rowOf = new Map(body.rows.map((row) => [row.start_rank, row]));
    const player = (startRank) => {
      const row = rowOf.get(startRank);
      return playerLink(startRank, esc(playerName(row, startRank))) +
        (row && row.rating ? " <span class='rating'>" + esc(row.rating) + "</span>" : "") +
        " <span class='pts'>" + points(row && row.points) + "</span>";
    };
    // A team event's boards are matches, their result the score so far ("2½-1½").
    const team = body.tournament.kind === "team";
    const shown = (result) => team ? result : RESULT_TEXT[result] || result;
    const said = (result) => team ? result || _("match in progress") : RESULT_WORDS[result || ""] || result;
    // Reported by the players, not confirmed yet: "reported", never the result (the
    // round page's cell, _reported_result.html).  A team event's match with such a
    // board keeps its score so far before it.
    const reported = new Set(rounds.reported || []);
    const reportedCell = (score) => "<td class='result reported'><span aria-hidden='true'>" +
      (score ? esc(score) + " " : "") + esc(_("reported")) + "</span><span class='sr-only'>" +
      (score ? esc(score) + ", " : "") + esc(_("reported by the players, not confirmed yet")) +
      "</span></td>";
    section.querySelector("tbody").innerHTML = rounds.boards.map((board) =>
      "<tr data-board='" + board.board + "'><td class='board'>" + board.board + "</td>" +
      "<td class='white'>" + player(board.white) + "</td>" +
      (reported.has(board.board) && (team || !board.result)
        ? reportedCell(team ? board.result : null)
        : "<td class='result'><span aria-hidden='true'>" + (board.result ? esc(shown(board.result)) : "…") +
          "</span><span class='sr-only'>" + esc(said(board.result)) + "</span></td>") +
      "<td class='black'>" + player(board.black) + "</td></tr>"
    ).join("");
    section.querySelector(".byes").textContent = rounds.byes.length
      ? _("Bye:") + " " + rounds.byes.map((startRank) => playerName(rowOf.get(startRank), startRank)).join(", ")
      : "";
  }

  // --- tabs --------------------------------------------------------------------

  for (const button of root.querySelectorAll(".tabs button")) {
    button.addEventListener("click", () => {
      for (const other of root.querySelectorAll(".tabs button")) {
        const selected = other === button;
        other.setAttribute("aria-selected", String(selected));
        document.getElementById(other.dataset.tab).hidden = !selected;
      }
    });
  }

  // After every deferred script (search, marks, hall paging) is listening for live:render.
  document.addEventListener("DOMContentLoaded", connect);
})();
