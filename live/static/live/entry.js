// Result entry: one tap posts a board's result to the organisers' API.
//
// Every write carries the tournament version this page last saw (expected_seq).
// A 409 means someone wrote since: the page reloads the round; if the board now
// has a result, the arbiter is told who was first, otherwise (the write was on
// another board) the entry is simply retried at the new version.
(function () {
  "use strict";

  const _ = window.gettext || ((text) => text);
  const format = (text, values) =>
    window.interpolate ? window.interpolate(text, values, true) : text;
  const root = document.getElementById("entry");
  if (!root) return;
  const roundNumber = Number(root.dataset.round);
  const message = document.getElementById("message");
  const LABELS = {
    "1-0": "1-0", "1/2-1/2": "½-½", "0-1": "0-1", "+/-": "+/−", "-/+": "−/+", "0-0": "0-0",
  };
  const RETRIES = 3;
  let version = Number(root.dataset.version);

  function csrfToken() {
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  // The message goes right under what it is about (a board, a form): at the top
  // of a long round it would be off screen on a phone, and a lost race unseen.
  function say(text, kind, near) {
    message.textContent = text;
    message.className = "message" + (kind ? " " + kind : "");
    message.hidden = false;
    if (near) {
      near.append(message);
      message.scrollIntoView({ block: "nearest" });
    }
  }

  async function getJson(url) {
    const response = await fetch(url, {
      credentials: "same-origin", headers: { Accept: "application/json" },
    });
    return response.json();
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRFToken": csrfToken(),
      },
      body: JSON.stringify(body),
    });
    let data = {};
    try {
      data = await response.json();
    } catch (ignored) {
      // A proxy's HTML error page: the status alone tells the story.
    }
    return { status: response.status, data };
  }

  // The first message of a DRF error body: {"detail": ...} or {"field": ["..."]}.
  function reason(data) {
    if (data.detail) return data.detail;
    const first = Object.entries(data)[0];
    if (!first) return _("refused by the server");
    const [field, messages] = first;
    return field + ": " + (Array.isArray(messages) ? messages[0] : messages);
  }

  function boardItem(number) {
    return document.getElementById("board-" + number);
  }

  function show(item, result, seq) {
    item.dataset.result = result || "";
    item.dataset.resultSeq = seq || "";
    item.querySelector(".entered").textContent = result ? LABELS[result] : "";
    item.querySelectorAll("button.result").forEach((button) => {
      button.disabled = Boolean(result);
    });
    item.querySelector("button.correct").hidden = !result;
  }

  // While a board's write is in flight its buttons ignore taps (no double entry).
  function busy(item, on) {
    item.setAttribute("aria-busy", on ? "true" : "false");
  }

  // The version first, then the round: the round is then at least as new as the
  // version we will send, so a stale view can only cause another 409.
  async function refresh() {
    const tournament = await getJson(root.dataset.tournamentUrl);
    const round = await getJson(root.dataset.roundUrl);
    version = tournament.version;
    round.boards.forEach((board) => {
      const item = boardItem(board.board);
      if (item) show(item, board.result, board.result_seq);
    });
    return round;
  }

  // POST ``body`` at the current version; on 409 ask ``stillWanted(round)`` after a
  // refresh whether to retry (it returns a message to stop with instead).
  async function write(url, body, stillWanted) {
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      const answer = await post(url, { ...body, expected_seq: version });
      if (answer.status !== 409) return answer;
      const stop = stillWanted(await refresh());
      if (stop) return { status: 409, stop };
    }
    return { status: 409, stop: _("The tournament keeps changing: please try again.") };
  }

  async function enter(item, result) {
    const board = Number(item.dataset.board);
    busy(item, true);
    try {
      const answer = await write(
        root.dataset.resultsUrl,
        { round: roundNumber, board, result },
        (round) => {
          const now = round.boards.find((b) => b.board === board);
          return now && now.result
            ? format(
                _("Board %(board)s was entered first by someone else: %(result)s. Use “Correct…” if it is wrong."),
                { board, result: LABELS[now.result] },
              )
            : "";
        },
      );
      if (answer.status === 201) {
        version = answer.data.seq;
        show(item, result, answer.data.seq);
        say(format(_("Board %(board)s: %(result)s saved."), { board, result: LABELS[result] }), "", item);
      } else if (answer.stop) {
        say(answer.stop, "conflict", item);
      } else {
        say(format(_("Board %(board)s not saved: %(reason)s"), { board, reason: reason(answer.data) }), "error", item);
      }
    } catch (error) {
      say(format(_("Board %(board)s not saved: no connection to the server. Try again."), { board }), "error", item);
    } finally {
      busy(item, false);
    }
  }

  async function correct(item, form) {
    const board = Number(item.dataset.board);
    const seen = Number(item.dataset.resultSeq);
    const result = form.elements.result.value;
    let answer;
    try {
      answer = await write(
        root.dataset.correctionsUrl,
        { round: roundNumber, board, result, reason: form.elements.reason.value, supersedes: seen },
        (round) => {
          const now = round.boards.find((b) => b.board === board);
          return now && now.result_seq !== seen
            ? format(
                _("Board %(board)s was changed by someone else meanwhile: it is now %(result)s. Check it before correcting again."),
                { board, result: LABELS[now.result] },
              )
            : "";
        },
      );
    } catch (error) {
      say(format(_("Correction of board %(board)s not saved: no connection to the server."), { board }), "error", item);
      return;
    }
    if (answer.status === 201) {
      version = answer.data.seq;
      show(item, result, answer.data.seq);
      form.hidden = true;
      form.reset();
      say(format(_("Board %(board)s corrected to %(result)s."), { board, result: LABELS[result] }), "", item);
    } else if (answer.stop) {
      form.hidden = true;
      say(answer.stop, "conflict", item);
    } else {
      say(format(_("Correction of board %(board)s not saved: %(reason)s"), { board, reason: reason(answer.data) }), "error", item);
    }
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const item = button.closest(".entry-board");
    if (!item || item.getAttribute("aria-busy") === "true") return;
    const form = item.querySelector("form.correction");
    if (button.classList.contains("result")) {
      enter(item, button.dataset.result);
    } else if (button.classList.contains("correct")) {
      form.hidden = false;
      form.elements.reason.focus();
    } else if (button.classList.contains("cancel")) {
      form.hidden = true;
      form.reset();
    }
  });

  root.addEventListener("submit", async (event) => {
    const form = event.target;
    const item = form.classList.contains("correction") ? form.closest(".entry-board") : null;
    // Forms without an API url (cancelling the round, confirming or rejecting a
    // board's reports) go to their page as usual.
    if (!item && !form.dataset.url) return;
    event.preventDefault();
    if (item) {
      await correct(item, form);
      return;
    }
    // Withdrawal or bye request: the form's fields are the API body.
    const body = {};
    new FormData(form).forEach((value, name) => {
      body[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    try {
      const answer = await post(form.dataset.url, body);
      if (answer.status === 201) {
        version = answer.data.seq;
        // The player by name as the form lists them ("12. Anna Rossi"), not by number alone.
        const who = form.elements.start_rank.selectedOptions[0].textContent;
        say(form.id === "withdraw-form"
          ? format(_("%(name)s withdrawn from round %(round)s on."), { name: who, round: body.from_round })
          : format(_("%(name)s: %(points)s-point bye in round %(round)s."), { name: who, points: body.points, round: body.round }), "", form);
      } else {
        say(reason(answer.data), "error", form);
      }
    } catch (error) {
      say(_("Not saved: no connection to the server. Try again."), "error", form);
    }
  });

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh().catch(() => {});
  });
})();
