/* The calculator page ("What's at stake") kept current: it listens on the live
 * page's standings socket (live/consumers.py) and, when a frame brings a version
 * newer than the page's, fetches the page again (same address: the what-if form's
 * choices too) and puts the new calculator in place.  Results chosen in the
 * what-if form but not yet submitted are kept for the games still open, and the
 * keyboard stays on the control it was on.
 */
(function () {
  "use strict";

  const page = document.getElementById("stakes-live");
  if (!page) return;
  const statusEl = document.getElementById("status");
  const _ = window.gettext || ((text) => text);
  const MIN_BACKOFF_MS = 1000;
  const MAX_BACKOFF_MS = 30000;
  let version = Number(page.dataset.version);
  let backoff = MIN_BACKOFF_MS;
  let fetching = false;
  let again = false;  // a newer version arrived during a fetch

  function setStatus(state, text) {
    statusEl.dataset.state = state;
    statusEl.textContent = text;
  }

  async function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      // A refused what-if (400) is still the page, with the form's message.
      const response = await fetch(location.href, { cache: "no-cache" });
      const html = await response.text();
      const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("stakes-live");
      if (fresh && Number(fresh.dataset.version) > version) swap(fresh);
    } catch (error) {
      console.warn("stakes:", error);
    } finally {
      fetching = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  }

  function swap(fresh) {
    const chosen = new Map(Array.from(page.querySelectorAll("select")).map((s) => [s.name, s.value]));
    const focused = document.activeElement && page.contains(document.activeElement) ? document.activeElement.name : null;
    page.innerHTML = fresh.innerHTML;
    version = Number(fresh.dataset.version);
    page.dataset.version = String(version);
    for (const select of page.querySelectorAll("select")) {
      if (chosen.has(select.name)) select.value = chosen.get(select.name);
    }
    const refocus = focused && page.querySelector("[name='" + CSS.escape(focused) + "']");
    if (refocus) refocus.focus();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + page.dataset.ws + "?version=" + version);
    socket.onopen = () => {
      backoff = MIN_BACKOFF_MS;
      setStatus("live", _("live"));
    };
    socket.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      // A full table's further pages (standings.rows) carry no news of their own.
      if ((frame.type === "standings" || frame.type === "standings.diff") && frame.version > version) refresh();
    };
    socket.onclose = (event) => {
      if (event.code === 4404 || event.code === 4400) {
        setStatus("gone", _("refused by the server"));
        return;
      }
      setStatus("reconnecting", _("reconnecting…"));
      const delay = backoff * (0.5 + Math.random());
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      setTimeout(connect, delay);
    };
  }

  connect();
})();
