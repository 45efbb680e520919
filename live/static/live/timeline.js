/* The live page's timeline tab: the event log's results and corrections, one step
 * each (live/timeline.py), every step a server-rendered fragment
 * (/tournaments/<id>/timeline/?as_of=SEQ&fragment=1).  Previous, next and the
 * slider load a step in place and keep the keyboard where it was; without this
 * script they are links and a GET form to the timeline page.  A new result moves
 * the tab to it only while the tab shows the last step: a reader stepping back
 * through the log stays where they are.
 */
(function () {
  "use strict";

  const root = document.getElementById("live");
  const panel = document.getElementById("timeline");
  if (!root || !panel) return;
  const body = panel.querySelector(".timeline-body");
  const status = panel.querySelector(".step-status");
  const tab = root.querySelector(".tabs button[data-tab='timeline']");
  let loaded = false;
  let asked = 0;  // the latest load: an older answer arriving late is dropped

  async function load(url, focusOn) {
    const address = new URL(url, location.href);
    address.searchParams.set("fragment", "1");
    const mine = ++asked;
    try {
      const response = await fetch(address, { cache: "no-cache" });
      if (!response.ok) throw new Error(address + ": HTTP " + response.status);
      const html = await response.text();
      if (mine !== asked) return;
      body.innerHTML = html;
      loaded = true;
      const title = body.querySelector(".step-title");
      status.textContent = title ? title.textContent.replace(/\s+/g, " ").trim() : "";
      // The control used stays focused; at either end of the log, the slider.
      const target = focusOn && (body.querySelector(focusOn) || body.querySelector("input[name=step]"));
      if (target) target.focus();
    } catch (error) {
      console.warn("timeline:", error);
    }
  }

  function atLastStep() {
    return !body.querySelector("a.step-next");
  }

  tab.addEventListener("click", () => {
    if (!loaded) load(panel.dataset.url, null);
  });

  body.addEventListener("click", (event) => {
    const link = event.target.closest("a.step-previous, a.step-next");
    if (!link) return;
    event.preventDefault();
    load(link.href, "a." + (link.classList.contains("step-next") ? "step-next" : "step-previous"));
  });

  function showChosen(form) {
    const address = new URL(form.action, location.href);
    address.searchParams.set("step", form.elements.step.value);
    load(address, "input[name=step]");
  }

  body.addEventListener("change", (event) => {
    if (event.target.name === "step") showChosen(event.target.form);
  });
  body.addEventListener("submit", (event) => {
    event.preventDefault();
    showChosen(event.target);
  });

  root.addEventListener("live:render", () => {
    if (panel.hidden) loaded = false;  // the newest step when the tab opens again
    else if (loaded && atLastStep()) load(panel.dataset.url, null);
  });
})();
