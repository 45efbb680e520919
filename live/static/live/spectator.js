/* Live standings: one websocket, versioned frames, full fetch on a gap.
 *
 * The server sends {"type": "standings", version, ...body} (the full table) or,
 * for big tables, {"type": "standings.diff", version, base_version, rows, boards,
 * ranking}: changed fields of changed rows, and [rank, place, [start ranks]] groups.
 * A diff applies only to the version it names; otherwise the page fetches
 * GET /api/tournaments/<id>/standings/ (ETag = version).  After a disconnect it
 * reconnects with exponential backoff and jitter, resuming from its version.
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

  let body = null;            // the latest full table, diffs applied
  let backoff = MIN_BACKOFF_MS;
  let fetching = false;
  const marks = new Map();    // start rank -> {dir: "up"|"down", until: ms}

  const statusEl = document.getElementById("status");
  const RESULT_TEXT = { "1-0": "1–0", "0-1": "0–1", "1/2-1/2": "½–½", "+/-": "+ –", "-/+": "– +", "0-0": "– –" };

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

  function number(value) {
    if (value === null || value === undefined) return "–";
    return Number.isInteger(value) ? String(value) : String(+value.toFixed(2));
  }

  function setStatus(state, text) {
    statusEl.dataset.state = state;
    statusEl.textContent = text;
  }

  // --- receiving -------------------------------------------------------------

  function handle(frame) {
    root.dataset.lastFrame = frame.type;  // shows in the inspector which path updated the page
    if (frame.type === "standings") {
      if (!body || frame.version > body.version) show(frame);
    } else if (frame.type === "standings.diff") {
      if (body && frame.base_version === body.version) applyDiff(frame);
      else if (!body || frame.version > body.version) fetchFull();
    } else if (frame.type === "error") {
      console.warn("standings socket:", frame.detail);
    }
  }

  function show(next) {
    const before = body ? ranks(body) : null;
    delete next.type;
    body = next;
    render(before);
  }

  function applyDiff(diff) {
    const before = ranks(body);
    const rows = new Map(body.rows.map((row) => [row.start_rank, row]));
    for (const change of diff.rows) Object.assign(rows.get(change.start_rank), change);
    for (const [rank, place, members] of diff.ranking || []) {
      for (const startRank of members) Object.assign(rows.get(startRank), { rank, place });
    }
    body.rows.sort((a, b) => a.rank - b.rank || a.start_rank - b.start_rank);
    const boards = new Map(body.rounds.boards.map((board) => [board.board, board]));
    for (const board of diff.boards) boards.set(board.board, board);
    body.rounds.boards = Array.from(boards.values()).sort((a, b) => a.board - b.board);
    body.rounds.closed = diff.closed;
    body.version = diff.version;
    body.computed_at = diff.computed_at;
    render(before);
  }

  async function fetchFull() {
    if (fetching) return;
    fetching = true;
    try {
      const headers = body ? { "If-None-Match": '"' + body.version + '"' } : {};
      const response = await fetch(apiUrl, { headers, cache: "no-store" });
      if (response.ok) {
        const next = await response.json();
        if (!body || next.version > body.version) show(next);
      }
    } catch (error) {
      console.warn("standings fetch failed:", error);
    } finally {
      fetching = false;
    }
  }

  function connect() {
    const url = body ? wsUrl + "?version=" + body.version : wsUrl;
    const socket = new WebSocket(url);
    socket.onopen = () => {
      backoff = MIN_BACKOFF_MS;
      setStatus("live", "live");
    };
    socket.onmessage = (event) => handle(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (event.code === 4404) {
        setStatus("gone", "no such tournament");
        return;
      }
      setStatus("reconnecting", "reconnecting…");
      // Jitter spreads a hall full of screens reconnecting after a server restart.
      const delay = backoff * (0.5 + Math.random());
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      setTimeout(connect, delay);
      if (body) fetchFull();
    };
  }

  // --- rendering -------------------------------------------------------------

  function ranks(table) {
    return new Map(table.rows.map((row) => [row.start_rank, row.rank]));
  }

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
      if (tr) tr.classList.remove("moved-up", "moved-down");
    }
  }

  function playerName(row, startRank) {
    return row ? (row.title ? row.title + " " : "") + row.name : "#" + startRank;
  }

  function render(before) {
    markMoves(before);
    renderStandings();
    renderBoards();
    renderCrosstable();
    const round = body.rounds.current;
    document.getElementById("round-info").textContent =
      round ? "Round " + round + " of " + body.tournament.rounds : body.tournament.rounds + " rounds";
    // The organisers' link follows the round in progress once the next one is paired.
    const enter = document.querySelector(".enter-link");
    if (enter && round) enter.pathname = enter.pathname.replace(/\/rounds\/\d+\/enter\/$/, "/rounds/" + round + "/enter/");
    const warnings = document.getElementById("warnings");
    warnings.textContent = (body.warnings || []).join(" ");
    warnings.hidden = !warnings.textContent;
    document.getElementById("version").textContent = body.version;
    document.getElementById("computed-at").textContent = new Date(body.computed_at).toLocaleTimeString();
  }

  function renderStandings() {
    const table = document.querySelector("#standings table");
    const codes = body.tiebreaks;
    table.tHead.innerHTML =
      "<tr><th class='rank' title='Rank'>#</th><th class='name'>Name</th><th class='rating' title='Rating'>Rtg</th>" +
      "<th class='points' title='Points'>Pts</th>" +
      codes.map((code) => "<th class='tb'><abbr title='" + esc(body.tiebreak_names[code] || code) + "'>" + esc(code) + "</abbr></th>").join("") +
      "</tr>";
    const now = Date.now();
    table.tBodies[0].innerHTML = body.rows.map((row) => {
      const mark = marks.get(row.start_rank);
      const cls = mark && mark.until > now ? " class='moved-" + mark.dir + "'" : "";
      return "<tr data-start-rank='" + row.start_rank + "'" + cls + ">" +
        "<td class='rank'>" + esc(row.place) + "</td>" +
        "<td class='name'>" + (row.title ? "<span class='title'>" + esc(row.title) + "</span> " : "") + esc(row.name) +
        (row.federation ? " <span class='fed'>" + esc(row.federation) + "</span>" : "") + "</td>" +
        "<td class='rating'>" + esc(row.rating || "") + "</td>" +
        "<td class='points'>" + points(row.points) + "</td>" +
        codes.map((code) => "<td class='tb'>" + number(row.tiebreaks[code]) + "</td>").join("") +
        "</tr>";
    }).join("");
  }

  function renderBoards() {
    const rounds = body.rounds;
    const section = document.getElementById("boards");
    section.querySelector(".round-title").textContent = rounds.current
      ? "Round " + rounds.current + (rounds.closed ? " (closed)" : "")
      : "Not paired yet";
    // One lookup table per render: searching the rows for each board was
    // quadratic in the players on every frame.
    const rowOf = new Map(body.rows.map((row) => [row.start_rank, row]));
    const player = (startRank) => {
      const row = rowOf.get(startRank);
      return esc(playerName(row, startRank)) + " <span class='pts'>" + points(row && row.points) + "</span>";
    };
    section.querySelector("tbody").innerHTML = rounds.boards.map((board) =>
      "<tr data-board='" + board.board + "'><td class='board'>" + board.board + "</td>" +
      "<td class='white'>" + player(board.white) + "</td>" +
      "<td class='result'>" + (board.result ? esc(RESULT_TEXT[board.result] || board.result) : "…") + "</td>" +
      "<td class='black'>" + player(board.black) + "</td></tr>"
    ).join("");
    section.querySelector(".byes").textContent = rounds.byes.length
      ? "Bye: " + rounds.byes.map((startRank) => playerName(rowOf.get(startRank), startRank)).join(", ")
      : "";
  }

  function renderCrosstable() {
    const table = document.querySelector("#crosstable table");
    const rounds = body.rounds.current;
    let head = "<tr><th class='rank'>#</th><th class='sr' title='Start rank'>No</th><th class='name'>Name</th>";
    for (let r = 1; r <= rounds; r += 1) head += "<th class='cell'>" + r + "</th>";
    table.tHead.innerHTML = head + "<th class='points'>Pts</th></tr>";
    table.tBodies[0].innerHTML = body.rows.map((row) =>
      "<tr><td class='rank'>" + esc(row.place) + "</td><td class='sr'>" + row.start_rank + "</td>" +
      "<td class='name'>" + esc(row.name) + "</td>" +
      row.crosstable.map((cell) =>
        "<td class='cell'>" + (cell.opponent ?? "") + (cell.color || "") + " " + esc(cell.result ?? (cell.opponent ? "…" : "")) + "</td>"
      ).join("") +
      "<td class='points'>" + points(row.points) + "</td></tr>"
    ).join("");
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

  connect();
})();
