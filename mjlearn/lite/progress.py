"""A progress message in the JupyterLite site while Python loads (used by :mod:`mjlearn.lite.site`).

Opening a lesson of the site takes a while: the lab loads, then Pyodide (Python compiled to
WebAssembly) boots in a worker, about ten seconds. Without help the page shows only JupyterLab's small
kernel circle. :func:`add_progress` puts a banner into the lab's page (``lab/index.html``): a strip at
the bottom of the window that says, in Chinese and English, what is happening (:data:`MESSAGES`), step
by step, then goes away once Python answers. The lab is made shorter by the strip's height while it
shows, so it never covers a notebook, its toolbar or the status bar.

How the page knows the step, without an extension and without ``window.jupyterapp`` (exposed only for
tests): each notebook's toolbar holds JupyterLab's execution indicator, a toolbar item named
``executionProgress`` (the name the notebook toolbar's settings use) whose element carries the
kernel's status in ``data-status`` (``initializing``, ``unknown`` while Pyodide boots, ``busy``,
``idle``, ``dead``...). The indicator is redrawn when a narrow window moves it into the toolbar's
overflow menu, but the toolbar item's own element stays, so the script keeps each notebook's history
by that element. Before any kernel exists the indicator says ``idle``; Python is ready when a notebook
that has shown a kernel starting goes back to ``idle``. A MutationObserver sees every change of
``data-status`` (with the value it replaced, so a short ``busy`` is not missed). The steps:

- ``opening``: the lab is loading (or the lesson asked for in the address is not open yet);
- ``loading``: a notebook is open and its kernel is starting (a notebook in a background tab, which
  gets its kernel only when the learner selects it, :mod:`mjlearn.lite.tabs`, is not waited for);
- ``ready``: its kernel has started, shown for :data:`READY_SHOWN_S` seconds, then the banner goes;
- ``slow``: ``opening`` or ``loading`` has lasted :data:`SLOW_AFTER_S` seconds, with what to try and a
  button that reloads the page;
- ``failed``: a kernel died; ``nowasm``: the browser has no WebAssembly, so Python cannot run at all.

The banner is a live region (``role="status"``, ``aria-live="polite"``), so a screen reader reads
each step; it stays in the page, empty and zero-high, when there is nothing to say.

The same script gives a phone the lesson's width: JupyterLab opens with its file browser beside the
notebook, which on a 390 px screen leaves the lesson a sliver, so on a window as narrow as
:data:`NARROW` the file browser is kept folded while the lesson opens (until Python is ready or the
learner touches the page: the lab may restore its layout after the notebook shows); its tab opens it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import MjlearnError

MESSAGES: dict[str, tuple[str, str]] = {
    "opening": ("正在打开课程…", "Opening the course…"),
    "loading": ("正在载入 Python（约 10 秒）…", "Loading Python (about 10 seconds)…"),
    "ready": ("Python 已就绪，可以运行单元格了。", "Python is ready: you can run the cells."),
    "slow": (
        "载入得比平常慢很多。慢的电脑可能要一两分钟；如果一直没有变化，请重新载入网页。",
        "This is taking much longer than usual. A slow computer can need a minute or two; "
        "if nothing changes, reload the page.",
    ),
    "failed": (
        "Python 没能启动。请重新载入网页；如果还不行，请换用新版的 Chrome、Edge、Firefox 或 Safari。",
        "Python could not start. Reload the page; if that does not help, use a recent Chrome, Edge, Firefox or Safari.",
    ),
    "nowasm": (
        "这个浏览器不能运行 Python（它不支持 WebAssembly，或者 WebAssembly 被关掉了）。"
        "请换用新版的 Chrome、Edge、Firefox 或 Safari。",
        "This browser cannot run Python (WebAssembly is missing or switched off). "
        "Use a recent Chrome, Edge, Firefox or Safari.",
    ),
    "reload": ("重新载入网页", "Reload the page"),
}
"""What the banner says at each step, (Chinese, English); ``reload`` is the button's label."""

SLOW_AFTER_S = 60
"""Seconds of opening or loading after which the banner says it is slow and what to try."""

READY_SHOWN_S = 3
"""Seconds the banner says Python is ready before it goes."""

NARROW = "(max-width: 760px)"
"""A phone-sized window (JupyterLab's own media query for its mobile layout): there the script folds the
file browser away once, when the first notebook shows, so the lesson has the window's width."""

BANNER_ID = "mjlearn-progress"
"""The banner's element id in the page; the style and script the page holds are named after it."""

_STYLE = """
#mjlearn-progress{position:fixed;left:0;right:0;bottom:0;z-index:10000;box-sizing:border-box;
display:flex;flex-wrap:wrap;align-items:center;gap:2px 16px;padding:6px 12px;
background:#e8f1fb;color:#0b2545;border-top:2px solid #1f5fa8;
font:14px/1.45 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
#mjlearn-progress:empty{padding:0;border:0}
#mjlearn-progress.mjlearn-progress-ready{background:#e6f4ea;color:#0d3b1e;border-color:#1e7b3a}
#mjlearn-progress.mjlearn-progress-slow,#mjlearn-progress.mjlearn-progress-failed,
#mjlearn-progress.mjlearn-progress-nowasm{background:#fff3d1;color:#3b2300;border-color:#9a5b00}
#mjlearn-progress button{font:inherit;min-height:32px;padding:2px 12px;border:1px solid currentColor;
border-radius:4px;background:#fff;color:inherit;cursor:pointer}
body>#main{bottom:var(--mjlearn-progress-h,0px)!important}
"""

# the page's script; CONFIG is replaced by the messages and times above
_SCRIPT = """
(() => {
  const C = CONFIG, M = C.messages, t0 = Date.now(), seen = new WeakMap(), ITEM = '[data-jp-item-name="executionProgress"]';
  const opens = /\\.ipynb$/i.test(new URLSearchParams(location.search).get('path') || '');
  const box = document.createElement('div');
  box.id = C.id;
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  document.body.append(box);
  let step = null, readyAt = -Infinity, timer = 0, queued = false, any = false;

  // one notebook's kernel, kept by its toolbar item (a closed notebook's is forgotten with it): 'new'
  // (no kernel yet), 'loading', 'ready', 'off' (shut down) or 'dead'
  const note = (el, status) => {
    const item = el.closest(ITEM);
    if (!item || !status) return;
    let s = seen.get(item);
    if (!s) seen.set(item, (s = {state: 'new', since: Date.now()})), (any = true);
    if (status === 'dead') s.state = 'dead';
    else if (status === 'terminating') s.state = 'off';
    else if (/start|init/.test(status) || (s.state === 'new' && status !== 'idle')) {
      if (s.state !== 'new' && s.state !== 'loading') s.since = Date.now();
      s.state = 'loading';
    } else if (status === 'idle' && s.state === 'loading') {
      s.state = 'ready';
      readyAt = Date.now();
    }
  };

  const line = (parent, zh, en) => {
    for (const [text, lang] of [[zh, 'zh-Hans'], [en, 'en']]) {
      const span = document.createElement('span');
      span.lang = lang;
      span.textContent = text;
      parent.append(span);
    }
  };

  const show = (next) => {
    step = next;
    box.className = next ? C.id + '-' + next : '';
    box.replaceChildren();
    if (!next) return;
    line(box, ...M[next]);
    if (next === 'slow' || next === 'failed') {
      const button = document.createElement('button');
      button.type = 'button';
      line(button, M.reload[0] + ' ', M.reload[1]);
      button.onclick = () => location.reload();
      box.append(button);
    }
  };

  // a phone-sized window (JupyterLab's own mobile width): while the lesson opens (until Python is ready,
  // or until the learner touches the page) the file browser is kept folded, so the lesson gets the width;
  // the lab may restore its layout after the notebook shows. A click on the side bar's open tab folds
  // it, as a learner's would; its tab opens it again
  let touched = !matchMedia(C.narrow).matches;
  for (const kind of ['pointerdown', 'keydown']) addEventListener(kind, (e) => e.isTrusted && (touched = true), true);
  const fold = () => {
    const tab = document.querySelector('.jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current');
    if (touched || !tab || !document.querySelector('.jp-NotebookPanel')) return;
    const r = tab.getBoundingClientRect();
    const at = {bubbles: true, cancelable: true, button: 0, buttons: 1, clientX: r.x + r.width / 2,
      clientY: r.y + r.height / 2, pointerId: 1, isPrimary: true, pointerType: 'mouse'};
    tab.dispatchEvent(new PointerEvent('pointerdown', at));
    document.dispatchEvent(new PointerEvent('pointerup', {...at, buttons: 0}));
  };

  const update = () => {
    queued = false;
    fold();
    const items = [...document.querySelectorAll(ITEM)], now = Date.now();
    for (const el of document.querySelectorAll(ITEM + ' .jp-Notebook-ExecutionIndicator')) note(el, el.dataset.status);
    const live = items.map((item) => seen.get(item)).filter(Boolean);
    // a notebook in a background tab gets no kernel until the learner selects it: nothing to wait for
    const waiting = items.map((item) => [item, seen.get(item)]).filter(([item, s]) => s
      && (s.state === 'loading' || (s.state === 'new' && !item.closest('.lm-mod-hidden')))).map(([, s]) => s);
    let next = null, since = t0;
    if (!window.WebAssembly) next = 'nowasm';
    else if (live.some((s) => s.state === 'dead')) next = 'failed';
    else if (waiting.length) (next = 'loading'), (since = Math.min(...waiting.map((s) => s.since)));
    else if (!document.getElementById('main') || (opens && !any)) next = 'opening';
    else if (now - readyAt < C.readyMs) next = 'ready';
    if ((next === 'opening' || next === 'loading') && now - since >= C.slowMs) next = 'slow';
    if (next === 'ready' || next === null) touched = true;  // the lesson is open: the layout is the learner's
    if (next !== step) show(next);
    clearTimeout(timer);
    if (next) timer = setTimeout(update, 1000);
  };

  // the lab is made shorter by the banner's height, so the banner covers nothing of it
  new ResizeObserver(() => {
    const h = Math.ceil(box.getBoundingClientRect().height) + 'px', root = document.documentElement.style;
    if (root.getPropertyValue('--mjlearn-progress-h') === h) return;
    root.setProperty('--mjlearn-progress-h', h);
    window.dispatchEvent(new Event('resize'));
  }).observe(box);

  // a status changed: now; elements added or removed (the lab drawing itself): once per 100 ms at most
  new MutationObserver((records) => {
    let status = false;
    for (const r of records) if (r.type === 'attributes') (status = true), r.oldValue && note(r.target, r.oldValue);
    if (status) update();
    else if (!queued) (queued = true), setTimeout(update, 100);
  }).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'], attributeOldValue: true,
  });
  update();
})();
"""

_OURS = re.compile(rf'\n?<(style|script) id="{BANNER_ID}-(?:style|script)">.*?</\1>', re.DOTALL)


class LitePageError(MjlearnError):
    """The built site's lab page is not one :func:`add_progress` can add the banner to."""

    heading = ("无法给浏览器版网站加上载入提示", "The browser site's loading message cannot be added")


def script() -> str:
    """The banner's script, with :data:`MESSAGES` and the times in it."""
    config = {
        "id": BANNER_ID,
        "messages": MESSAGES,
        "slowMs": SLOW_AFTER_S * 1000,
        "readyMs": READY_SHOWN_S * 1000,
        "narrow": NARROW,
    }
    # the page gets it without its comments and indentation (each line kept whole: nothing else changes)
    lines = (line.strip() for line in _SCRIPT.splitlines())
    code = "\n".join(line for line in lines if line and not line.startswith("//"))
    # inside <script>, "</" would end the element: JSON allows the escaped slash
    data = json.dumps(config, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return code.replace("CONFIG", data, 1)


def add_progress(site_dir: Path) -> Path:
    """Put the loading banner into the lab page of the JupyterLite site built in ``site_dir``.

    The style goes at the end of the page's head and the script at the end of its body (both inline:
    the page asks for no further file). A page that already holds them (a site processed before) gets
    them replaced, so running this again changes nothing. Returns the page's path; a site without
    ``lab/index.html``, a page that is a link, or a page without one ``</head>`` and one ``</body>``
    raises :class:`LitePageError` before anything is written."""
    page = Path(site_dir) / "lab" / "index.html"
    if page.is_symlink() or page.parent.is_symlink():
        raise LitePageError(
            f"{page} is a link: the built site's lab page must be a file of its own  "
            f"（{page} 是一个链接：生成的网站的 lab 页面必须是网站自己的文件）"
        )
    if not page.is_file():
        raise LitePageError(
            f"{page} is missing: {site_dir} is not a JupyterLite site built by jupyter lite build  "
            f"（找不到 {page}：{site_dir} 不是 jupyter lite build 生成的网站）"
        )
    html = _OURS.sub("", page.read_text(encoding="utf-8"))
    for tag in ("</head>", "</body>"):
        if html.count(tag) != 1:
            raise LitePageError(
                f"{page} has {html.count(tag)} {tag} tags, not one: not the JupyterLite lab page mjlearn knows  "
                f"（{page} 里有 {html.count(tag)} 个 {tag}，不是一个：这不是 mjlearn 认识的 JupyterLite 页面）"
            )
    style = f'<style id="{BANNER_ID}-style">{_STYLE}</style>'
    code = f'<script id="{BANNER_ID}-script">{script()}</script>'
    html = html.replace("</head>", f"\n{style}</head>", 1).replace("</body>", f"\n{code}</body>", 1)
    page.write_text(html, encoding="utf-8")
    return page
