/* The language switcher (live/_language.html) changes the page's language as soon
 * as another is picked; without scripts its button does. */
(function () {
  "use strict";

  for (const select of document.querySelectorAll("form.language select")) {
    select.addEventListener("change", () => select.form.submit());
  }
})();
