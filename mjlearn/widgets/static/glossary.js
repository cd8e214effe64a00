// The glossary's words (<abbr class="mj-term" title="...">, in the lessons' text and in widgets) open
// their definition in a popover on tap, click or keyboard focus, not only on a mouse's hover:
// each word becomes focusable (Tab), the popover is tied to it by aria-describedby, and Escape,
// a tap elsewhere or moving focus away closes it. Installed once per page, by the first mjlearn
// widget drawn on it; words that appear later (a cell run afterwards) are picked up as they come.

(function installGlossary() {
  if (typeof document === "undefined" || window.__mjGlossary) return;
  window.__mjGlossary = true;
  const tip = document.createElement("div");
  tip.className = "mj-term-pop";
  tip.id = "mj-term-pop";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  let open = null;

  function prepare(root) {
    for (const w of root.querySelectorAll("abbr.mj-term[title]")) {
      // inside a button or a label the word is part of that control: it keeps its hover title
      if (w.closest("button, a, label, summary, select, [data-act]")) continue;
      w.dataset.term = w.getAttribute("title");
      w.removeAttribute("title"); // the popover says it; no second, hover-only tooltip
      w.setAttribute("tabindex", "0");
      w.setAttribute("role", "button");
      w.setAttribute("aria-expanded", "false");
    }
  }

  function show(w) {
    if (!tip.isConnected) document.body.appendChild(tip);
    tip.textContent = w.dataset.term;
    tip.hidden = false;
    const r = w.getBoundingClientRect();
    const width = Math.min(320, window.innerWidth - 16);
    tip.style.maxWidth = width + "px";
    const left = Math.max(8, Math.min(r.left, window.innerWidth - width - 8));
    tip.style.left = left + "px";
    tip.style.top = Math.min(r.bottom + 6, window.innerHeight - 40) + "px";
    w.setAttribute("aria-describedby", tip.id);
    w.setAttribute("aria-expanded", "true");
    open = w;
  }

  function hide() {
    if (!open) return;
    open.removeAttribute("aria-describedby");
    open.setAttribute("aria-expanded", "false");
    tip.hidden = true;
    open = null;
  }

  const word = (ev) => ev.target instanceof Element && ev.target.closest("abbr.mj-term[data-term]");
  document.addEventListener("focusin", (ev) => { const w = word(ev); if (w) show(w); });
  document.addEventListener("focusout", (ev) => { if (word(ev) === open) hide(); });
  document.addEventListener("click", (ev) => {
    const w = word(ev);
    if (w) show(w); // a tap focuses the word too: it opens, and stays open
    else if (!tip.contains(ev.target)) hide();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && open) { ev.stopPropagation(); hide(); }
  }, true);
  prepare(document);
  new MutationObserver((changes) => {
    for (const c of changes) {
      for (const n of c.addedNodes) {
        if (n instanceof Element && (n.matches("abbr.mj-term[title]") || n.querySelector("abbr.mj-term[title]"))) {
          prepare(n.parentNode || n);
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
})();
