/* The hall screen (?hall=1): every standings row and every board, a page at a time.
 *
 * ?show=standings (default): the standings and the current round's boards, laid out
 * by the screen's shape (data-hall-layout on #live): "side" by side on a landscape
 * screen, "stacked" (standings over boards, each paging on its own) on a tall
 * portrait screen, "alternate" (one after the other) on a small one;
 * ?show=pairings: the boards only; ?show=names: every player by name with board,
 * colour and opponent ("find your board").  ?dwell=SECONDS: how long a page stays up.
 *
 * The name column comes first and keeps room for the first 24 characters of every
 * name (a longer name wraps between words onto a second line): the columns that do
 * not fit drop, in this order: tie-breaks beyond the first two, federation, rating
 * (see docs/spectators.md).  A page holds as many rows as fit its part of the
 * screen, measured row by row; the lines under the boards (byes, withdrawals) page
 * with the boards.  A live update re-renders the tables; the current page is
 * applied again at once and the timer runs on, so an update never sends the screen
 * back to page 1.
 */
(function () {
  "use strict";

  const root = document.getElementById("live");
  if (!root || !root.dataset.hallShow) return;
  const show = root.dataset.hallShow;
  const dwellMs = Math.max(500, parseFloat(root.dataset.dwell) * 1000);
  const LANDSCAPE = window.matchMedia("(min-width: 60rem) and (min-aspect-ratio: 1/1)");
  const TALL = window.matchMedia("(min-width: 48rem) and (max-aspect-ratio: 3/4)");
  const _ = window.gettext || ((text) => text);  // Django's JavaScript catalogue
  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => values[key]);
  const BOTTOM_GAP = 8;  // px kept free under the last row
  const NAME_CHARS = 24;  // of every name, always readable

  /* One part's items (table rows, the lines under a table), cut into pages that
     fit the part's box. */
  class Pager {
    constructor(section, items) {
      this.section = section;
      this.items = items;  // selector of the items that take turns
      this.page = 0;
      this.starts = [0];  // index of each page's first item
      this.indicator = section.querySelector(".pager");
    }

    get pages() {
      return this.starts.length;
    }

    all() {
      return Array.from(this.section.querySelectorAll(this.items));
    }

    measure() {
      const items = this.all();
      items.forEach((item) => { item.hidden = false; });
      if (!items.length) {
        this.starts = [0];
        return;
      }
      const top = items[0].getBoundingClientRect().top;
      const bottom = Math.min(window.innerHeight, this.section.getBoundingClientRect().bottom);
      const free = Math.max(1, bottom - top - BOTTOM_GAP);
      // Each item's height with the margins around it, from where the next one starts.
      const tops = items.map((item) => item.getBoundingClientRect().top);
      const last = items[items.length - 1].getBoundingClientRect();
      tops.push(last.bottom + parseFloat(getComputedStyle(items[items.length - 1]).marginBottom || 0));
      this.starts = [0];
      let used = 0;
      for (let i = 0; i < items.length; i += 1) {
        const height = tops[i + 1] - tops[i];
        if (used > 0 && used + height > free) {
          this.starts.push(i);
          used = 0;
        }
        used += height;
      }
      if (this.page >= this.pages) this.page = 0;
    }

    apply() {
      const first = this.starts[this.page];
      const end = this.page + 1 < this.pages ? this.starts[this.page + 1] : Infinity;
      this.all().forEach((item, index) => {
        item.hidden = index < first || index >= end;
      });
      this.indicator.textContent = fill(_("page %(page)s / %(pages)s"), { page: this.page + 1, pages: this.pages });
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
      if (pager === standings) fitColumns();
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

  const NOTES = ".byes:not(:empty), .absent:not(:empty)";
  const standings = new Pager(document.getElementById("standings"), "tbody tr[data-start-rank], tbody tr.gap");
  const boards = new Pager(document.getElementById("boards"), "tbody tr[data-board], " + NOTES);
  const names = new Pager(document.getElementById("names"), "tbody tr[data-start-rank]");

  function shape() {
    if (show !== "standings") return "single";
    if (LANDSCAPE.matches) return "side";
    return TALL.matches ? "stacked" : "alternate";
  }

  function slotsFor() {
    if (show === "pairings") return [new Slot([boards])];
    if (show === "names") return [new Slot([names])];
    return shape() === "alternate" ? [new Slot([standings, boards])] : [new Slot([standings]), new Slot([boards])];
  }

  let slots = slotsFor();
  root.dataset.hallLayout = shape();

  function layout() {
    for (const pager of [standings, boards, names]) {
      if (!slots.some((slot) => slot.pagers.includes(pager))) pager.section.hidden = true;
    }
    for (const slot of slots) slot.layout();
  }

  // --- the name column first, wide enough -------------------------------------

  const canvas = document.createElement("canvas").getContext("2d");

  // The standings columns that may drop, first to go first: by their header's class.
  function droppable(table) {
    const heads = Array.from(table.tHead ? table.tHead.rows[0].cells : []);
    const index = (th) => heads.indexOf(th) + 1;
    const tbs = heads.filter((th) => th.classList.contains("tb"));
    return [
      ...tbs.slice(2).reverse().map(index),
      ...heads.filter((th) => th.classList.contains("fed")).map(index),
      ...heads.filter((th) => th.classList.contains("rating")).map(index),
    ];
  }

  // The width the widest first 24 characters of a name (with its title) take.
  function nameRoom(table) {
    const cell = table.querySelector("tbody td.name");
    if (!cell) return 0;
    const style = getComputedStyle(cell);
    canvas.font = style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
    let widest = 0;
    for (const td of table.querySelectorAll("tbody tr[data-start-rank] td.name :is(a.player, a.team)")) {
      widest = Math.max(widest, canvas.measureText(td.textContent.slice(0, NAME_CHARS)).width);
    }
    return widest + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 2;
  }

  function fitColumns() {
    const table = standings.section.querySelector("table.standings");
    const order = droppable(table);
    const head = table.querySelector("thead th.name");
    if (!head) return;
    const room = nameRoom(table);
    // Cells hide by their hidden attribute: the site's Content-Security-Policy
    // allows no style element of a script's making.
    for (const cell of table.querySelectorAll("[data-dropped]")) {
      cell.hidden = false;
      delete cell.dataset.dropped;
    }
    let dropped = 0;
    while (head.getBoundingClientRect().width < room && dropped < order.length) {
      for (const cell of table.querySelectorAll("tr > :nth-child(" + order[dropped] + ")")) {
        cell.hidden = true;
        cell.dataset.dropped = "";
      }
      dropped += 1;
    }
    root.dataset.dropped = String(dropped);
  }

  // --- find your board ---------------------------------------------------------

  const COLOUR = { w: _("White"), b: _("Black") };

  function esc(value) {
    return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }

  // FIDE writes "Surname, Firstname": the part before the comma sorts first.
  function bySurname(a, b) {
    const key = (row) => row.name.split(",")[0];
    return key(a).localeCompare(key(b), undefined, { sensitivity: "base" }) || a.name.localeCompare(b.name);
  }

  const BYE_TEXT = { half: _("bye ½"), zero: _("bye 0"), full: _("bye 1") };
  let roster = null;  // withdrawals and requested byes (spectator-extras.js), once known
  let lastBody = null;

  // Why a player has no board this round, in the opponent's column.
  function absence(startRank, rounds) {
    if (rounds.byes.includes(startRank)) return _("bye");
    if (!roster) return "";
    const requested = (roster.requested_byes[String(rounds.current)] || {})[startRank];
    if (requested) return BYE_TEXT[requested];
    const from = roster.withdrawn[startRank];
    return from && from <= rounds.current ? _("withdrawn") : "";
  }

  function renderNames(body) {
    lastBody = body;
    const seats = new Map();
    for (const board of body.rounds.boards) {
      seats.set(board.white, { board: board.board, colour: "w", opponent: board.black });
      seats.set(board.black, { board: board.board, colour: "b", opponent: board.white });
    }
    const byRank = new Map(body.rows.map((row) => [row.start_rank, row]));
    const label = (row) => (row.title ? row.title + " " : "") + row.name;
    const rows = body.rows.slice().sort(bySurname);
    document.querySelector("#names tbody").innerHTML = rows.map((row) => {
      const seat = seats.get(row.start_rank);
      const opponent = seat && byRank.get(seat.opponent);
      return "<tr data-start-rank='" + row.start_rank + "'><td class='name'>" + esc(label(row)) + "</td>" +
        "<td class='board'>" + (seat ? seat.board : "–") + "</td>" +
        "<td class='colour'>" + (seat ? COLOUR[seat.colour] : "") + "</td>" +
        "<td class='name'>" + esc(opponent ? label(opponent) : absence(row.start_rank, body.rounds)) + "</td></tr>";
    }).join("");
    document.querySelector("#names .names-title").textContent =
      _("Find your board") + (body.rounds.current ? " · " + fill(_("round %(number)s"), { number: body.rounds.current }) : "");
  }

  root.addEventListener("live:render", (event) => {
    if (show === "names") renderNames(event.detail);
    layout();
  });
  // The withdrawals and requested byes arrive after the table (spectator-extras.js).
  root.addEventListener("live:roster", (event) => {
    roster = event.detail;
    if (show === "names" && lastBody) renderNames(lastBody);
    layout();
  });

  function reshape() {
    slots = slotsFor();
    root.dataset.hallLayout = shape();
    layout();
  }
  LANDSCAPE.addEventListener("change", reshape);
  TALL.addEventListener("change", reshape);
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
