// The organisers' prize list editor: PUT the text as JSON to the API (session and
// CSRF token, the version the page was drawn at), show a refusal beside the text.
(function () {
  "use strict";
  const _ = window.gettext || ((text) => text);
  const form = document.getElementById("prize-editor");
  if (!form) return;
  const text = document.getElementById("prize-json");
  const error = document.getElementById("prize-error");

  function csrfToken() {
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function show(message) {
    error.textContent = message;
    error.hidden = !message;
    text.setAttribute("aria-invalid", message ? "true" : "false");
  }

  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    let definition;
    try {
      definition = JSON.parse(text.value);
    } catch (problem) {
      show(_("Not JSON:") + " " + problem.message);
      return;
    }
    const response = await fetch(form.dataset.url, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(definition),
    });
    if (response.ok) {
      window.location.assign(form.dataset.done);
      return;
    }
    const body = await response.json().catch(function () { return {}; });
    const parts = Object.keys(body).map(function (field) {
      const messages = Array.isArray(body[field]) ? body[field].join(" ") : String(body[field]);
      return field === "detail" ? messages : field + ": " + messages;
    });
    show(parts.join("; ") || _("Refused by the server.") + " (" + response.status + ")");
  });
})();
