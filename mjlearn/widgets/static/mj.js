// mjlearn widgets: one small front end for every widget (no build step).
// Python renders HTML regions; this module fills tile placeholders from the art sent once,
// replaces only the regions that changed, and sends clicks back as {act, arg} messages.
// It also stamps performance.now() on each click and on the redraw that answers it, so the
// browser tests can measure the click -> Python -> view round trip (window.__mjRoundTrips).

function render({ model, el }) {
  el.classList.add("mj-root");
  const art = model.get("art") || {};
  let drawnLayout = null;
  let drawn = {};
  let clickAt = null;
  let clickWhat = "";
  window.__mjRoundTrips = window.__mjRoundTrips || [];

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

  function draw() {
    const layout = model.get("layout_html");
    if (layout !== drawnLayout) {
      el.innerHTML = layout;
      drawnLayout = layout;
      drawn = {};
    }
    const regions = model.get("regions") || {};
    for (const [name, html] of Object.entries(regions)) {
      if (drawn[name] === html) continue;
      const slot = el.querySelector(`[data-region="${name}"]`);
      if (!slot) continue;
      slot.innerHTML = html;
      fillTiles(slot);
      drawn[name] = html;
    }
    el.dataset.lang = model.get("lang") || "";
    syncInputs();
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

  function send(msg) {
    clickAt = performance.now();
    clickWhat = `${msg.act}:${msg.arg ?? msg.value ?? ""}`;
    model.send(msg);
  }

  el.addEventListener("click", (ev) => {
    const target = ev.target.closest("[data-act]");
    if (!target || !el.contains(target)) return;
    if (target.tagName === "SELECT" || target.tagName === "INPUT") return;
    const act = target.dataset.act;
    let arg = target.dataset.arg;
    if (target.dataset.pick) {
      const g = ev.target.closest("g.mj-tile");
      if (!g) return;
      arg = target.dataset.pick + g.dataset.i;
    }
    ev.preventDefault();
    send({ act, arg });
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
    if (ev.key === "Enter" && ev.target.dataset && ev.target.dataset.bind === "notation") {
      ev.preventDefault();
      ev.target.blur();  // fires "change" once
    }
    ev.stopPropagation();  // keep JupyterLab's shortcuts out of the widget's inputs
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

  model.on("change:regions", draw);
  model.on("change:layout_html", draw);
  model.on("change:notation", syncInputs);
  model.on("change:playing", play);
  draw();
  play();
  return () => { if (timer !== null) clearInterval(timer); };
}

export default { render };
