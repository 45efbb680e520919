/* The hall screen (?hall=1): every standings row and every board, a page at a time.
 *
 * ?show=standings (default): the standings and the current round's boards, side by
 * side on a wide screen (each paging on its own) or in turn on a narrow one;
 * ?show=pairings: the boards only; ?show=names: every player by name with board,
 * colour and opponent ("find your board").  ?dwell=SECONDS: how long a page stays up.
 *
 * A page holds as many rows as fit the screen.  A live update re-renders the
 * tables; the current page is applied again at once and the timer runs on, so an
 * update never sends the screen back to page 1.
 */
(function () {
  "use strict";

  const root = document.getElementById("live");
  if (!root || !root.dataset.hallShow) return;
  const show = root.dataset.hallShow;
  const dwellMs = Math.max(500, parseFloat(root.dataset.dwell) * 1000);
  const WIDE = window.matchMedia("(min-width: 60rem) and (min-aspect-ratio: 1/1)");
  const BOTTOM_GAP = 8;  // px kept free under the last row

  /* One table's rows, cut into pages that fit under the table's top. */
  class Pager {
    constructor(section, rows) {
      this.section = section;
      this.rows = rows;  // selector of the rows that take turns
      this.page = 0;
      this.pages = 1;
      this.perPage = 1;
      this.indicator = section.querySelector(".pager");
    }

    all() {
      return Array.from(this.section.querySelectorAll(this.rows));
    }

    measure() {
      const rows = this.all();
      if (!rows.length) {
        this.pages = 1;
        return;
      }
      rows[0].hidden = false;
      const top = rows[0].getBoundingClientRect().top;
      const height = rows[0].getBoundingClientRect().height || 1;
      const free = window.innerHeight - top - this.reserve() - BOTTOM_GAP;
      this.perPage = Math.max(1, Math.floor(free / height));
      this.pages = Math.max(1, Math.ceil(rows.length / this.perPage));
      if (this.page >= this.pages) this.page = 0;
    }

    reserve() {
      // The lines under the table (byes, withdrawals) stay on screen too.
      let px = 0;
      for (const p of this.section.querySelectorAll(".byes, .absent")) px += p.getBoundingClientRect().height;
      return px;
    }

    apply() {
      const first = this.page * this.perPage;
      this.all().forEach((tr, index) => {
        tr.hidden = index < first || index >= first + this.perPage;
      });
      this.indicator.textContent = "page " + (this.page + 1) + " / " + this.pages;
      this.section.dataset.page = String(this.page + 1);
      this.section.dataset.pages = String(this.pages);
    }
  }

  /* Pagers that take turns in one part of the screen. */
  class Slot {
    constructor(pagers) {
      this.pagers = pagers;
      this.current = 0;
      this.wraps = 0;  // times every page of this slot has been shown
    }

    active() {
      return this.pagers[this.current];
    }

    layout() {
      this.pagers.forEach((pager, index) => {
        pager.section.hidden = index !== this.current;
      });
      const pager = this.active();
      pager.measure();
      pager.apply();
    }

    advance() {
      const pager = this.active();
      if (pager.page + 1 < pager.pages) {
        pager.page += 1;
      } else {
        pager.page = 0;
        this.current = (this.current + 1) % this.pagers.length;
        this.active().page = 0;
        if (this.current === 0) this.wraps += 1;
      }
      this.layout();
    }
  }

  const standings = new Pager(document.getElementById("standings"), "tbody tr[data-start-rank]");
  const boards = new Pager(document.getElementById("boards"), "tbody tr[data-board]");
  const names = new Pager(document.getElementById("names"), "tbody tr[data-start-rank]");

  function slotsFor() {
    if (show === "pairings") return [new Slot([boards])];
    if (show === "names") return [new Slot([names])];
    return WIDE.matches ? [new Slot([standings]), new Slot([boards])] : [new Slot([standings, boards])];
  }

  let slots = slotsFor();
  root.dataset.hallLayout = String(slots.length);

  function layout() {
    for (const pager of [standings, boards, names]) {
      if (!slots.some((slot) => slot.pagers.includes(pager))) pager.section.hidden = true;
    }
    for (const slot of slots) slot.layout();
  }

  // --- find your board ---------------------------------------------------------

  const COLOUR = { w: "White", b: "Black" };

  function esc(value) {
    return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }

  function renderNames(body) {
    const seats = new Map();
    for (const board of body.rounds.boards) {
      seats.set(board.white, { board: board.board, colour: "w", opponent: board.black });
      seats.set(board.black, { board: board.board, colour: "b", opponent: board.white });
    }
    const byRank = new Map(body.rows.map((row) => [row.start_rank, row]));
    const label = (row) => (row.title ? row.title + " " : "") + row.name;
    const rows = body.rows.slice().sort((a, b) => a.name.localeCompare(b.name));
    document.querySelector("#names tbody").innerHTML = rows.map((row) => {
      const seat = seats.get(row.start_rank);
      const opponent = seat && byRank.get(seat.opponent);
      return "<tr data-start-rank='" + row.start_rank + "'><td class='name'>" + esc(label(row)) + "</td>" +
        "<td class='board'>" + (seat ? seat.board : "–") + "</td>" +
        "<td class='colour'>" + (seat ? COLOUR[seat.colour] : "") + "</td>" +
        "<td class='name'>" + (opponent ? esc(label(opponent)) : (body.rounds.byes.includes(row.start_rank) ? "bye" : "")) + "</td></tr>";
    }).join("");
    document.querySelector("#names .names-title").textContent =
      "Find your board" + (body.rounds.current ? " · round " + body.rounds.current : "");
  }

  root.addEventListener("live:render", (event) => {
    if (show === "names") renderNames(event.detail);
    layout();
  });

  WIDE.addEventListener("change", () => {
    slots = slotsFor();
    root.dataset.hallLayout = String(slots.length);
    layout();
  });
  window.addEventListener("resize", layout);

  // Every part advances together, so a cycle's length is its longest part's;
  // data-cycles counts the cycles every part has completed.  The clock starts
  // with the first table, so page 1 gets its full dwell.
  function tick() {
    for (const slot of slots) slot.advance();
    root.dataset.cycles = String(Math.min(...slots.map((slot) => slot.wraps)));
  }

  root.addEventListener("live:render", () => {
    if (!root.dataset.cycles) {
      root.dataset.cycles = "0";
      setInterval(tick, dwellMs);
    }
  });
})();
