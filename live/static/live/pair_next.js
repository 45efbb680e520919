// "Pair round N" on the result-entry page: preview the Dutch engine's boards
// (POST ...?preview=1 stores nothing), then publish them and open the new round.
(function () {
  "use strict";
  const section = document.getElementById("pair-next");
  if (!section) return;
  const list = section.querySelector(".pair-preview");
  const publish = section.querySelector(".publish");
  const note = section.querySelector(".message");
  const key = "pair-" + section.dataset.url + "-" + Date.now();

  function send(url) {
    const token = (document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/) || [])[1] || "";
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRFToken": decodeURIComponent(token),
        "Idempotency-Key": key,
      },
      body: "{}",
    }).then((response) => response.json().then((data) => ({ ok: response.ok, data })));
  }

  function problem(data) {
    const first = Object.values(data)[0];
    note.textContent = Array.isArray(first) ? first[0] : String(data.detail || first);
    note.hidden = false;
  }

  section.querySelector(".preview").addEventListener("click", () => {
    send(section.dataset.url + "?preview=1").then(({ ok, data }) => {
      if (!ok) return problem(data);
      list.replaceChildren(
        ...data.boards.map((b) => Object.assign(document.createElement("li"), {
          textContent: b.white + " – " + b.black,
        })),
        ...data.byes.map((p) => Object.assign(document.createElement("li"), {
          textContent: p + ": pairing-allocated bye",
        })),
      );
      list.hidden = false;
      publish.hidden = false;
      note.hidden = true;
    });
  });

  publish.addEventListener("click", () => {
    publish.disabled = true;
    send(section.dataset.url).then(({ ok, data }) => {
      if (ok) {
        window.location.assign(section.dataset.nextUrl);
      } else {
        publish.disabled = false;
        problem(data);
      }
    });
  });
})();
