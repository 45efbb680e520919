// A "Print" button (data-print): no inline handler, which the Content-Security-Policy refuses.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
