// mjlearn widgets: one small front end for every widget (no build step).
// Python renders HTML regions; this module fills tile placeholders from the art sent once,
// replaces only the regions that changed, and sends clicks back as {act, arg} messages.
// Python sends only the regions whose HTML changed (region_patch, see mjlearn/widgets/_base.py).
// It also stamps performance.now() on each click and on the redraw that answers it, so the
// browser tests can measure the click -> Python -> view round trip (window.__mjRoundTrips).
//
// Everything works by keyboard too: a group of tiles (the learner's hand at the play table, the
// hand editor's palette and hand) is one tab stop whose arrows move between its tiles (a roving
// tabindex), Enter or Space acts as a click, Escape passes on a claim; after a redraw the focus goes
// back where it was, or to what the learner must do now (the hand, the claim buttons, next hand).
// A region named "live" is not drawn in a slot: its <p data-n> sentences are appended, once each,
// to one aria-live="polite" region that screen readers announce (see mjlearn/widgets/announce.py).

// read aloud, not shown (the usual visually-hidden rules)
const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
  + "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0";

// [container, its tiles, a row of a grid (Up/Down move between rows) or null, a name for a screen reader]
const GROUPS = [
  [".mj-play .mj-me .mj-hand", ".mj-t", null, "你的手牌 Your hand"],
  [".mj-palette", "button.mj-pal", ".mj-prow", "选牌 Tiles to add"],
  [".mj-hand-box .mj-hand", '[data-act="rm"][data-arg], [data-pick] g.mj-tile', null, "手牌 Hand"],
];

function render({ model, el }) {
  el.classList.add("mj-root");
  const art = model.get("art") || {};
  let drawnLayout = null;
  let drawn = {};
  // the regions as Python has them, built from region_patch: every region at first (or on asking),
  // then only the ones a change touched; a patch made on another version than ours means one was
  // missed (a view made after some patches): ask Python for every region, once until it comes
  const regions = {};
  let version = null;
  let asked = false;
  let clickAt = null;
  let clickWhat = "";
  window.__mjRoundTrips = window.__mjRoundTrips || [];
  const roving = {};  // group -> the index of its tile that holds the tab stop
  const live = liveRegion();
  let liveHand = null;
  let liveSaid = -1;

  function liveRegion() {
    const node = document.createElement("div");
    node.className = "mj-live";
    node.setAttribute("role", "log");
    node.setAttribute("aria-live", "polite");
    node.setAttribute("aria-relevant", "additions");
    node.style.cssText = HIDDEN;  // read aloud, not shown: the table itself shows every event
    return node;
  }

  function announce(html) {
    if (!live.isConnected) el.appendChild(live);
    const t = document.createElement("template");
    t.innerHTML = html;
    const hand = t.content.querySelector("[data-hand]");
    const token = hand ? hand.dataset.hand : "";
    if (token !== liveHand) {  // a new hand: its sentences are numbered from the start
      liveHand = token;
      liveSaid = -1;
      live.replaceChildren();
    }
    for (const p of t.content.querySelectorAll("p[data-n]")) {
      const n = Number(p.dataset.n);
      if (n <= liveSaid) continue;
      live.appendChild(p);
      liveSaid = n;
    }
    while (live.childElementCount > 40) live.firstElementChild.remove();
  }

  function fillTiles(node) {
    for (const i of node.querySelectorAll("i.mj-t[data-tile]")) {
      if (!i.firstChild) i.innerHTML = art[i.dataset.tile] || "";
    }
  }

  function syncInputs() {
    const input = el.querySelector("[data-bind=notation]");
    if (input) {
      const v = model.get("notation");
      if (v !== undefined && input.value !== v) input.value = v;
    }
  }

  // --- keyboard: groups of tiles with one tab stop, focus kept across redraws ---------------------

  function groups() {
    const out = [];
    GROUPS.forEach(([box, items, row, name], k) => {
      el.querySelectorAll(box).forEach((node, j) => {
        out.push({ key: `${k}.${j}`, box: node, items: [...node.querySelectorAll(items)], row, name });
      });
    });
    return out;
  }

  function groupOf(node) {
    for (const g of groups()) {
      const i = g.items.indexOf(node);
      if (i >= 0) return [g, i];
    }
    return [null, -1];
  }

  function rove() {
    for (const g of groups()) {
      if (!g.items.length) continue;
      if (!g.box.hasAttribute("role")) g.box.setAttribute("role", "toolbar");
      if (!g.box.hasAttribute("aria-label")) g.box.setAttribute("aria-label", g.name);
      const at = Math.min(roving[g.key] ?? 0, g.items.length - 1);
      g.items.forEach((node, i) => {
        node.setAttribute("tabindex", i === at ? "0" : "-1");
        node.dataset.rove = g.key;
        if (node.tagName !== "BUTTON") {
          const acts = node.closest("[data-act]");
          if (!node.hasAttribute("role")) node.setAttribute("role", acts ? "button" : "img");
          if (acts) node.removeAttribute("aria-disabled");
          else node.setAttribute("aria-disabled", "true");
          const title = node.getAttribute("title") || node.querySelector("title")?.textContent;
          if (!node.hasAttribute("aria-label") && title) node.setAttribute("aria-label", title);
        }
      });
    }
  }

  function focusIn(g, i) {
    const k = Math.max(0, Math.min(i, g.items.length - 1));
    roving[g.key] = k;
    g.items.forEach((node, j) => node.setAttribute("tabindex", j === k ? "0" : "-1"));
    g.items[k].focus();
  }

  function moveIn(g, i, key) {
    if (key === "Home") return focusIn(g, 0);
    if (key === "End") return focusIn(g, g.items.length - 1);
    const down = key === "ArrowDown";
    if (g.row && (down || key === "ArrowUp")) {  // a grid: the tile below or above
      const rows = [...g.box.querySelectorAll(g.row)];
      const r = rows.findIndex((row) => row.contains(g.items[i]));
      const next = rows[r + (down ? 1 : -1)];
      if (!next) return;
      const col = [...rows[r].querySelectorAll("*")].filter((n) => g.items.includes(n)).indexOf(g.items[i]);
      const cells = g.items.filter((n) => next.contains(n));
      return focusIn(g, g.items.indexOf(cells[Math.min(col, cells.length - 1)]));
    }
    focusIn(g, i + (key === "ArrowRight" || down ? 1 : -1));
  }

  // what has the focus, said so that it can be found again in the redrawn regions
  function focusNow() {
    const a = document.activeElement;
    if (!a || !el.contains(a)) return null;
    const [g, i] = groupOf(a);
    if (g) return { group: g.key, i };
    return { act: a.dataset?.act, arg: a.dataset?.arg };
  }

  // where the focus goes after a redraw took the focused element away: what the learner must do now
  function refocus(was) {
    if (was.act) {  // the same control, if the redraw kept it (a select, a step of the review)
      const same = [...el.querySelectorAll("[data-act]")].find(
        (n) => n.dataset.act === was.act && (n.dataset.arg ?? "") === (was.arg ?? "") && !n.dataset.rove);
      if (same) return same.focus();
    }
    const acts = el.querySelector(".mj-me .mj-acts[data-waiting]");
    const waiting = acts ? acts.dataset.waiting : null;
    const gs = groups();
    const hand = gs.find((g) => g.key.startsWith("0.") && g.items.length);
    let target = null;
    if (waiting === "claim" || waiting === "draw") target = el.querySelector('.mj-me button[data-act="call"]');
    else if (waiting === "discard" && hand) return focusIn(hand, roving[hand.key] ?? 0);
    else if (acts) target = el.querySelector('button[data-act="next"]');
    if (target) return target.focus();
    const g = gs.find((x) => x.key === was.group && x.items.length);
    if (g) return focusIn(g, was.i);
    if (hand) focusIn(hand, roving[hand.key] ?? 0);
  }

  function draw() {
    const was = focusNow();
    const layout = model.get("layout_html");
    if (layout !== drawnLayout) {
      el.innerHTML = layout;
      drawnLayout = layout;
      drawn = {};
    }
    for (const [name, html] of Object.entries(regions)) {
      if (drawn[name] === html) continue;
      if (name === "live") {
        announce(html);
        drawn[name] = html;
        continue;
      }
      const slot = el.querySelector(`[data-region="${name}"]`);
      if (!slot) continue;
      slot.innerHTML = html;
      fillTiles(slot);
      drawn[name] = html;
    }
    el.dataset.lang = model.get("lang") || "";
    syncInputs();
    rove();
    if (was && !el.contains(document.activeElement)) refocus(was);
    // a view drawn part-way through the answer to a click (the play table's steps) is not its answer
    if (el.querySelector("[data-busy]")) return;
    if (clickAt !== null) {
      const ms = performance.now() - clickAt;
      window.__mjRoundTrips.push({ what: clickWhat, ms });
      el.dataset.roundTrip = ms.toFixed(1);
      clickAt = null;
    }
    el.dataset.drawn = String((Number(el.dataset.drawn) || 0) + 1);
  }

  function patch() {
    const p = model.get("region_patch") || {};
    if (p.full) {
      for (const name of Object.keys(regions)) if (!(name in p.set)) delete regions[name];
      asked = false;
    } else if (p.base !== version || version === null) {
      if (!asked) model.send({ act: "regions" });
      asked = true;
      return false;
    }
    for (const name of p.drop || []) delete regions[name];
    for (const [name, html] of Object.entries(p.set || {})) {
      if (!Array.isArray(html)) regions[name] = html;
      else {  // [keep, cut, middle]: the old HTML's first keep and last cut characters around middle
        const [keep, cut, middle] = html, old = regions[name] || "";
        regions[name] = old.slice(0, keep) + middle + old.slice(old.length - cut);
      }
    }
    version = p.v;
    draw();
    return true;
  }

  function send(msg) {
    clickAt = performance.now();
    clickWhat = `${msg.act}:${msg.arg ?? msg.value ?? ""}`;
    model.send(msg);
  }

  // the action of a click (or of Enter on a tile) on ``node``: sent, true; none there, false
  function act(node) {
    const target = node.closest("[data-act]");
    if (!target || !el.contains(target)) return false;
    if (target.tagName === "SELECT" || target.tagName === "INPUT") return false;
    let arg = target.dataset.arg;
    if (target.dataset.pick) {
      const g = node.closest("g.mj-tile");
      if (!g) return false;
      arg = target.dataset.pick + g.dataset.i;
    }
    send({ act: target.dataset.act, arg });
    return true;
  }

  el.addEventListener("click", (ev) => {
    const [g, i] = groupOf(ev.target.closest("[data-rove]"));
    if (g) roving[g.key] = i;  // a click moves the group's tab stop too
    if (act(ev.target)) ev.preventDefault();
  });

  el.addEventListener("change", (ev) => {
    const target = ev.target;
    if (target.dataset.bind === "notation") {
      clickAt = performance.now();
      clickWhat = "notation";
      model.set("notation", target.value);
      model.save_changes();
      return;
    }
    if (!target.dataset.act) return;
    const value = target.type === "checkbox" ? target.checked : target.value;
    send({ act: target.dataset.act, arg: value, name: target.dataset.name, value });
  });

  el.addEventListener("keydown", (ev) => {
    ev.stopPropagation();  // keep JupyterLab's shortcuts out of the widget's inputs and keys
    const t = ev.target;
    if (ev.key === "Enter" && t.dataset && t.dataset.bind === "notation") {
      ev.preventDefault();
      t.blur();  // fires "change" once
      return;
    }
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "Escape" && t.tagName !== "SELECT") {  // pass on a claim (or an offer)
      const pass = el.querySelector('.mj-me button[data-act="call"][data-arg="pass"]');
      if (pass) {
        ev.preventDefault();
        pass.focus();
        act(pass);
      }
      return;
    }
    const [g, i] = t.dataset && t.dataset.rove !== undefined ? groupOf(t) : [null, -1];
    if (!g) return;
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(ev.key)) {
      ev.preventDefault();
      moveIn(g, i, ev.key);
    } else if ((ev.key === "Enter" || ev.key === " ") && t.tagName !== "BUTTON") {
      ev.preventDefault();
      roving[g.key] = i;
      act(t);
    }
  });

  function light(row, on) {
    const scope = row.closest("[data-hlscope]") || el;
    const want = new Set((row.dataset.hl || "").split(" ").filter(Boolean));
    for (const g of scope.querySelectorAll("g.mj-tile[data-i]")) {
      g.classList.toggle("mj-hl", on && want.has(g.dataset.i));
    }
    row.classList.toggle("mj-row-hl", on);
  }
  el.addEventListener("mouseover", (ev) => {
    const row = ev.target.closest("[data-hl]");
    if (row) light(row, true);
  });
  el.addEventListener("mouseout", (ev) => {
    const row = ev.target.closest("[data-hl]");
    if (row && !row.contains(ev.relatedTarget)) light(row, false);
  });

  // A widget with a "playing" trait (the dealing animation) asks Python for the next step
  // every "interval" ms while it plays.
  let timer = null;
  function play() {
    const on = model.get("playing");
    if (on && timer === null) {
      timer = setInterval(() => model.send({ act: "step", arg: 1 }), model.get("interval") || 300);
    } else if (!on && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  model.on("change:region_patch", patch);
  model.on("change:layout_html", draw);
  model.on("change:notation", syncInputs);
  model.on("change:playing", play);
  if (!patch()) draw();
  play();
  return () => { if (timer !== null) clearInterval(timer); };
}

export default { render };
