/* Escape hides the tie-break help a focused or hovered column header shows
 * (WCAG 1.4.13: dismissable without moving focus); it shows again on the next focus. */
(function () {
  "use strict";

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const th of document.querySelectorAll("th.tb:hover, th.tb:focus-within")) {
      th.classList.add("tip-dismissed");
    }
  });
  document.addEventListener("mouseover", (event) => {
    for (const th of document.querySelectorAll("th.tb.tip-dismissed")) {
      if (!th.contains(event.target) && th !== document.activeElement?.closest("th")) {
        th.classList.remove("tip-dismissed");
      }
    }
  });
  document.addEventListener("focusout", (event) => {
    const th = event.target.closest && event.target.closest("th.tb");
    if (th) th.classList.remove("tip-dismissed");
  });
})();
