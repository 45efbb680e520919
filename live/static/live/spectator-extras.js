/* The live page around the pushed table: where the event stands, withdrawal and
 * bye marks, search by name and filter by federation, and the crosstable tab.
 *
 * The websocket frames carry what a screen shows; everything else comes over
 * HTTP from pages that carry the tournament's version as their ETag
 * (roster.json, crosstable/?fragment=1), fetched again only when spectator.js
 * reports a newer version through the "live:render" event.
 */
(function () {
  "use strict";

  const root = document.getElementById("live");
  if (!root) return;
  const standings = document.getElementById("standings");
  const crosstable = document.getElementById("crosstable");
  const filters = standings.querySelector(".filters");
  // Django's JavaScript catalogue (/jsi18n/, loaded by the page): the page's language.
  const _ = window.gettext || ((text) => text);
  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => values[key]);
  const BYE_TEXT = { half: _("bye ½"), zero: _("bye 0"), full: _("bye 1") };

  let body = null;
  let roster = null;
  let crosstableVersion = null;

  function esc(value) {
    return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }

  async function fetchFresh(url) {
    // no-cache: the browser revalidates with the stored ETag, a 304 costs nothing.
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response;
  }

  // --- roster: stage, withdrawals, requested byes ------------------------------

  async function loadRoster(version) {
    try {
      const next = await (await fetchFresh(root.dataset.rosterUrl)).json();
      if (!roster || next.version >= roster.version) roster = next;
      // A roster older than the table is fetched again on the next render.
      if (roster.version >= version) applyRoster();
    } catch (error) {
      console.warn("roster:", error);
    }
  }

  function applyRoster() {
    if (!roster || !body) return;
    document.getElementById("round-info").textContent = roster.stage;
    updateRoundPicker(roster.rounds);
    const current = body.rounds.current;
    const byes = roster.requested_byes[String(current)] || {};
    for (const tr of standings.querySelectorAll("tbody tr[data-start-rank]")) {
      const rank = tr.dataset.startRank;
      const cell = tr.querySelector("td.name");
      cell.querySelectorAll(".mark").forEach((mark) => mark.remove());
      // Marked from the round the withdrawal takes effect, not on the rounds played before it.
      const from = roster.withdrawn[rank];
      if (from && from <= current) cell.insertAdjacentHTML("beforeend", " <span class='mark wd' title='" + esc(fill(_("withdrawn from round %(round)s"), { round: from })) + "'>" + esc(_("wd")) + "</span>");
      if (byes[rank]) cell.insertAdjacentHTML("beforeend", " <span class='mark bye' title='" + esc(fill(_("requested bye in round %(round)s"), { round: current })) + "'>" + esc(BYE_TEXT[byes[rank]]) + "</span>");
    }
    const names = new Map(body.rows.map((row) => [String(row.start_rank), row.name]));
    const parts = [];
    const requested = Object.entries(byes).map(([rank, points]) => names.get(rank) + " (" + BYE_TEXT[points] + ")");
    if (requested.length) parts.push(_("Requested byes:") + " " + requested.join(", "));
    const gone = Object.entries(roster.withdrawn).filter(([, from]) => from <= current).map(([rank]) => names.get(rank));
    if (gone.length) parts.push(_("Withdrawn:") + " " + gone.join(", "));
    document.querySelector("#boards .absent").textContent = parts.join(" · ");
    root.dispatchEvent(new CustomEvent("live:roster", { detail: roster }));
  }

  function updateRoundPicker(rounds) {
    const picker = document.querySelector(".round-picker");
    if (!picker || picker.querySelectorAll("a").length === rounds.length) return;
    picker.innerHTML = esc(_("Rounds")) + " " + rounds.map((n) =>
      "<a href='" + esc(root.dataset.roundUrl.replace(/\/0\/$/, "/" + n + "/")) + "'>" + n + "</a>"
    ).join("");
  }

  // --- flags: each federation's emoji (live/flags.py), before its code --------

  const FLAGS = JSON.parse(document.getElementById("flags")?.textContent || "{}");

  // The tie-break columns' help in the page's language (live/tiebreak_names.py).
  const TIEBREAK_NAMES = JSON.parse(document.getElementById("tiebreak-names")?.textContent || "{}");

  function translateTiebreaks() {
    for (const th of standings.querySelectorAll("thead th.tb")) {
      const name = TIEBREAK_NAMES[th.querySelector(".tb-help").textContent];
      if (name) th.querySelector(".tb-tip").textContent = name;
    }
  }

  function addFlags() {
    for (const td of standings.querySelectorAll("tbody td.fed")) {
      const emoji = FLAGS[td.textContent];
      if (emoji) td.insertAdjacentHTML("afterbegin", "<span class='flag' aria-hidden='true'>" + emoji + "</span> ");
    }
  }

  // --- search and federation filter -------------------------------------------

  function updateFederations() {
    const select = filters.elements.fed;
    const feds = Array.from(new Set(body.rows.map((row) => row.federation).filter(Boolean))).sort();
    const known = Array.from(select.options).slice(1).map((option) => option.value);
    if (known.join() === feds.join()) return;
    const chosen = select.value;
    select.innerHTML = "<option value=''>" + esc(_("all")) + "</option>" + feds.map((fed) => "<option>" + esc(fed) + "</option>").join("");
    select.value = feds.includes(chosen) ? chosen : "";
  }

  function applyFilters() {
    const words = filters.elements.q.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const fed = filters.elements.fed.value;
    for (const tr of standings.querySelectorAll("tbody tr[data-start-rank]")) {
      const name = tr.querySelector("td.name").textContent.toLowerCase();
      const match = words.every((word) => name.includes(word)) && (!fed || tr.dataset.federation === fed);
      tr.classList.toggle("filtered-out", !match);
    }
  }

  filters.addEventListener("input", applyFilters);
  // Enter in the search box filters as typing does; the page stays.
  filters.addEventListener("submit", (event) => event.preventDefault());

  // --- ?follow=: the followed player in view, and a way back to them ---------

  let userMoved = false;  // once the reader scrolls, the page stops bringing them back
  for (const type of ["wheel", "touchstart", "keydown"]) {
    window.addEventListener(type, () => { userMoved = true; }, { once: true, passive: true });
  }

  function followedRow() {
    return standings.querySelector("tbody tr.followed");
  }

  function showFollowed() {
    const tab = root.querySelector(".tabs button[data-tab='standings']");
    if (standings.hidden && tab) tab.click();
    const row = followedRow();
    if (row) row.scrollIntoView({ block: "center" });
  }

  const jump = root.querySelector(".jump-to-me");
  if (jump) jump.addEventListener("click", showFollowed);

  function followControls() {
    const button = root.querySelector(".jump-to-me");
    if (!button || !followedRow()) return;
    button.hidden = false;
    // The table's later pages move the row: it is brought back until the reader scrolls.
    if (!userMoved) followedRow().scrollIntoView({ block: "center" });
  }

  // --- crosstable tab: a server-rendered fragment ------------------------------

  async function loadCrosstable() {
    if (!body || crosstableVersion === body.version) return;
    const version = body.version;
    try {
      const html = await (await fetchFresh(root.dataset.crosstableUrl)).text();
      crosstable.querySelector(".crosstable-body").innerHTML = html;
      crosstableVersion = version;
    } catch (error) {
      console.warn("crosstable:", error);
    }
  }

  document.querySelector(".tabs button[data-tab='crosstable']").addEventListener("click", loadCrosstable);

  root.addEventListener("live:render", (event) => {
    body = event.detail;
    addFlags();
    translateTiebreaks();
    updateFederations();
    applyFilters();
    applyRoster();  // the marks as last known, at once; then fresh ones if newer
    if (!roster || roster.version < body.version) loadRoster(body.version);
    if (!crosstable.hidden) loadCrosstable();
    followControls();
  });
})();
