"""The teacher's dashboard: a class's results as HTML (in a notebook, in Voila, in the browser build).

::

    from mjlearn.dashboard import open_dashboard
    dash = open_dashboard("spring")     # a class you teach (MJLEARN_DB); no name and no
                                        # MJLEARN_CLASS: a SAMPLE class in a temporary file
    dash                                # everything below, one after another
    dash.heatmap()                      # mastery by learner x topic
    dash.missed()                       # the most missed fans and question kinds
    dash.completion()                   # each assignment: each learner's questions answered ("4/10 题")
    dash.questions(1)                   # assignment 1 question by question: who got each right, what
                                        # each learner answered, the engine's answer and explanation
    dash.history("ann")                 # one learner's answers, with the hand and the answer
    dash.profiles()                     # each learner's hands at the table: win and deal-in rates,
                                        # points, agreement with the coach, costliest category, fans
    dash.export("class.csv")            # per learner and topic (.csv) or the whole report (.json)

Every part is an object with ``_repr_html_`` and a plain-text ``_repr_pretty_``; nothing is wider than
the notebook (tables wrap, the heatmap's cells are small).
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from collections import Counter
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..coaching.mistakes import CATEGORIES
from ..db.class_report import profile_line, questions_line, topic_name
from ..quiz.core import TOPICS, Question
from .questions import answer_html, answer_text, kind_label, question_figure, questions_view

__all__ = ["BUTTON", "CLASS_ENV_VAR", "CSV_COLUMNS", "Dashboard", "class_commands", "open_dashboard"]

CLASS_ENV_VAR = "MJLEARN_CLASS"
"""The class the dashboard opens when no name is given."""

_CELL = "padding:2px 6px;text-align:center;border:1px solid #fff"
_LEFT = "padding:2px 6px;text-align:left;vertical-align:top"


def _color(m: float | None) -> str:
    """Red (0) through amber to green (1); grey when nothing was answered."""
    if m is None:
        return "#eee"
    m = max(0.0, min(1.0, m))
    if m < 0.5:
        r, g = 220, int(80 + 2 * m * 120)
    else:
        r, g = int(220 - (m - 0.5) * 2 * 170), 200
    return f"rgb({r},{g},90)"


def _quiz_label(quiz: str | None) -> str:
    """What an answer was given in: an assignment, generated practice, or a quiz set's title."""
    if not quiz:
        return ""
    if quiz.startswith("assignment:"):
        return f"作业 assignment #{quiz.split(':', 1)[1]}"
    if quiz.startswith("practice:"):
        return f"练习 practice ({quiz.split(':', 1)[1]})"
    return quiz


def _when(at) -> str:
    """A row's time as a date, or ``?`` for one no date can show (the report lists such rows as damaged)."""
    import datetime as dt

    try:
        return dt.datetime.fromtimestamp(at, dt.timezone.utc).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError, OverflowError, OSError):
        return "?"


CSV_COLUMNS = {
    "user": "学员 learner",
    "topic": "主题 topic",
    "questions": "答题数 questions answered",
    "questions_right": "答对题数 questions right",
    "tries": "作答次数 tries",
    "mastery": "掌握度 mastery",
}
"""The CSV's columns: the key of :meth:`Dashboard.table`'s rows -> the column's name in both languages."""

BUTTON = (
    "display:inline-block;padding:3px 12px;margin:2px 4px;border:1px solid #1a73e8;border-radius:4px;"
    "background:#1a73e8;color:#fff;text-decoration:none;cursor:pointer"
)
"""How a download link looks: a button (in JupyterLab, Voila and the browser build alike)."""


def _read(row: dict) -> tuple[Question | None, object]:
    """A report row's question and answer (None and the raw text when they cannot be read again)."""
    try:
        return Question.from_dict(json.loads(row["question"])), json.loads(row["answer"])
    except (TypeError, ValueError, KeyError):
        return None, row.get("answer")


@dataclass
class _Part:
    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def _repr_pretty_(self, p, cycle):
        p.text(self.text)

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__


class Dashboard:
    """One class's results (a report from :meth:`mjlearn.db.classes.Classroom.report`)."""

    def __init__(self, report: dict, *, sample: bool = False):
        self.report = report
        self.sample = sample
        self.learners = [entry["user"] for entry in report["learners"]]
        self.topics = [t for t in TOPICS if any(t in entry["by_topic"] for entry in report["learners"])]

    # -- parts ------------------------------------------------------------------------------
    def banner(self) -> _Part:
        r = self.report
        note = (
            "<p style='background:#fff3cd;padding:4px 8px;border-radius:4px;max-width:100%'>"
            "<b>示例数据 SAMPLE DATA</b>：虚构的学员，用来试用仪表盘；连上你的班级数据库后显示你的班级。<br>"
            "Made-up learners, to try the dashboard; with your class database it shows your class.</p>"
            if self.sample
            else ""
        )
        done = sum(1 for e in r["learners"] for a in e["by_assignment"].values() if a["done"])
        total = len(r["learners"]) * len(r["assignments"])
        answers = sum(e["answered"] for e in r["learners"])
        flagged = sum(e.get("flagged", 0) for e in r["learners"])
        damaged = len(r.get("damaged", ()))
        # what the re-grading found (mjlearn.db.regrade): shown whenever there is any
        said = (
            [
                f"{flagged} 个存疑 flagged (重新判分与记录不符，不算答对 graded again, not as recorded: not counted correct)"
            ]
            if flagged
            else []
        ) + ([f"{damaged} 条记录无法读取 damaged rows (不计入 counted nowhere)"] if damaged else [])
        warn = (
            f"<p style='background:#fde2e1;padding:4px 8px;border-radius:4px'>⚑ {escape(' · '.join(said))}</p>"
            if said
            else ""
        )
        html = (
            f"<div style='max-width:100%'>{note}<h3 style='margin:4px 0'>{escape(r['class'])}</h3>"
            f"<p>{len(r['learners'])} 名学员 learners · {len(r['assignments'])} 项作业 assignments · "
            f"{answers} 次作答 tries · 完成 done {done}/{total} · 班级代码 class code <code>{escape(str(r['code']))}</code></p>"
            f"{warn}</div>"
        )
        text = (
            ("SAMPLE DATA 示例数据\n" if self.sample else "")
            + f"{r['class']}: {len(r['learners'])} learners 学员, {len(r['assignments'])} assignments 作业, "
            f"{answers} tries 作答, done 完成 {done}/{total}" + "".join(f"\n⚑ {x}" for x in said)
        )
        return _Part(html, text)

    def heatmap(self) -> _Part:
        """Mastery by learner (rows) x topic (columns)."""
        head = "".join(
            f"<th style='{_CELL};font-weight:normal;font-size:85%'>{escape(TOPICS[t][0])}<br>"
            f"{escape(TOPICS[t][1])}</th>"
            for t in self.topics
        )
        rows, lines = [], []
        for e in self.report["learners"]:
            cells, parts = [], []
            for t in self.topics:
                d = e["by_topic"].get(t)
                m = d["mastery"] if d else None
                label = "–" if m is None else f"{m:.0%}"
                tip = (
                    "未练习 not tried"
                    if d is None
                    else f"答对 {d['questions_right']}/{d['questions']} 题 questions right, {d['tries']} 次作答 tries"
                )
                cells.append(f"<td style='{_CELL};background:{_color(m)}' title='{tip}'>{label}</td>")
                parts.append(f"{t} {label}")
            rows.append(f"<tr><td style='{_LEFT}'><b>{escape(e['user'])}</b></td>{''.join(cells)}</tr>")
            lines.append(f"  {e['user']}: " + ", ".join(parts))
        html = (
            "<div style='max-width:100%;overflow-x:auto'><b>掌握度 Mastery</b> (学员 × 主题 learner × topic)"
            f"<table style='border-collapse:collapse;font-size:90%'><tr><th></th>{head}</tr>{''.join(rows)}</table>"
            "<p style='font-size:85%;color:#555'>红 red = 0%，绿 green = 100%，灰 grey = 未练习 not tried。"
            "掌握度：越近的回答分量越重 / recent answers count most.</p></div>"
        )
        return _Part(html, "Mastery 掌握度 (learner × topic):\n" + "\n".join(lines))

    def _missed_counts(self):
        from ..quiz import solve
        from ..quiz.core import Question

        kinds: Counter[str] = Counter()
        wrong_kinds: Counter[str] = Counter()
        fans: Counter[str] = Counter()
        for r in self.report["answers"]:
            kinds[r["kind"]] += 1
            if r["correct"]:
                continue
            wrong_kinds[r["kind"]] += 1
            if r["kind"] == "fans":
                try:  # the report's rows are readable; a fan list the engine cannot read again counts as a kind
                    q = Question.from_dict(json.loads(r["question"]))
                    given = json.loads(r["answer"])
                    names = {o["id"]: f"{o['zh']} {o['en']}" for o in q.data.get("options", [])}
                    for fan in set(solve(q)) - set(given if isinstance(given, list) else []):
                        fans[names.get(fan, str(fan))] += 1
                except Exception:  # noqa: BLE001, S110 - one learner's row never ends the dashboard
                    pass
        return kinds, wrong_kinds, fans

    def missed(self, top: int = 8) -> _Part:
        """The most missed fans (in the fan questions: fans the hand scores that the answer left out)
        and the question kinds most often answered wrong."""
        kinds, wrong, fans = self._missed_counts()

        def bars(items, total_of):
            if not items:
                return "<p>暂无 none yet</p>", "  none yet 暂无"
            biggest = max(n for _, n in items)
            html, text = [], []
            for label, n in items:
                w = int(160 * n / biggest)
                html.append(
                    f"<tr><td style='{_LEFT}'>{escape(label)}</td><td style='{_LEFT}'>"
                    f"<div style='background:#c55;width:{w}px;height:10px;display:inline-block'></div> "
                    f"{n}{total_of(label)}</td></tr>"
                )
                text.append(f"  {label}: {n}{total_of(label)}")
            return f"<table style='font-size:90%'>{''.join(html)}</table>", "\n".join(text)

        by_kind = sorted(((kind_label(k), n, k) for k, n in wrong.items()), key=lambda x: -x[1])[:top]
        of = {lab: f" / {kinds[k]}" for lab, _, k in by_kind}
        kh, kt = bars([(lab, n) for lab, n, _ in by_kind], lambda lab: of.get(lab, ""))
        fh, ft = bars(fans.most_common(top), lambda lab: "")
        html = (
            "<div style='display:flex;flex-wrap:wrap;gap:24px;max-width:100%'>"
            f"<div><b>最常漏掉的番 Most missed fans</b>{fh}</div>"
            f"<div><b>最常答错的题型 Question kinds most often wrong</b> (错 wrong / 答 answered){kh}</div></div>"
        )
        return _Part(
            html, f"Most missed fans 最常漏掉的番:\n{ft}\nQuestion kinds most often wrong 最常答错的题型:\n{kt}"
        )

    def completion(self) -> _Part:
        """Each assignment: how many learners are done, and each learner's questions answered of the
        set's ("4/10 题"), whatever the number of tries."""
        from ..db.classes import due_text

        rows, lines = [], []
        n = len(self.learners)
        for a in self.report["assignments"]:
            key = str(a["id"])
            size = "?" if a.get("questions") is None else a["questions"]
            each = [(e["user"], e["by_assignment"][key]) for e in self.report["learners"]]
            done = [u for u, x in each if x["done"]]
            w = int(160 * len(done) / n) if n else 0
            chips = " ".join(
                f"<span style='white-space:nowrap;margin-right:8px;color:{'#2a2' if x['done'] else '#333'}'>"
                f"<b>{escape(u)}</b> {x['questions_answered']}/{size} 题{' ✓' if x['done'] else ''}</span>"
                for u, x in each
            )
            rows.append(
                f"<tr><td style='{_LEFT}'>#{a['id']} {escape(a['quiz_set'])}</td>"
                f"<td style='{_LEFT}'>{escape(due_text(a['due']))}</td>"
                f"<td style='{_LEFT};white-space:nowrap'><div style='background:#ddd;width:160px;height:10px;"
                f"display:inline-block'><div style='background:#2a2;width:{w}px;height:10px'></div></div> "
                f"{len(done)}/{n}</td><td style='{_LEFT}'>{chips or '—'}</td></tr>"
            )
            todo = [f"{u} {x['questions_answered']} of {size}" for u, x in each if not x["done"]]
            lines.append(
                f"  #{a['id']} {a['quiz_set']} (due {due_text(a['due'])}): done {len(done)}/{n}; "
                f"not yet: {', '.join(todo) or '-'}"
            )
            lines += [f"    {u}: {questions_line(x)}" for u, x in each]
        html = (
            "<div style='max-width:100%;overflow-x:auto'><b>作业完成情况 Completion per assignment</b>"
            "<table style='font-size:90%'><tr><th style='text-align:left'>作业 Assignment</th>"
            "<th style='text-align:left'>截止 Due</th><th style='text-align:left'>完成 Done</th>"
            "<th style='text-align:left'>每位学员答了几题 Questions answered by each learner</th></tr>"
            f"{''.join(rows)}</table></div>"
        )
        return _Part(html, "Completion per assignment 作业完成情况:\n" + ("\n".join(lines) or "  none 无"))

    def questions(self, assignment: int | None = None) -> _Part:
        """One assignment (default: the first) question by question: how many learners got each right
        (the most missed marked), the question drawn, the engine's answer and explanation, and each
        learner's latest answer (with the engine's explanation when it is wrong) and tries."""
        items = self.report["assignments"]
        if not items:
            return _Part("<p>还没有作业 no assignments yet</p>", "no assignments yet 还没有作业")
        chosen = next((a for a in items if a["id"] == assignment), None) if assignment is not None else items[0]
        if chosen is None:
            text = f"#{assignment}: 不是这个班的作业 not an assignment of this class"
            return _Part(f"<p>{escape(text)}</p>", text)
        per = self.report.get("per_question", {}).get(str(chosen["id"]), [])
        return _Part(*questions_view(chosen, per, self.learners))

    def history(self, user: str | None = None, last: int = 20) -> _Part:
        """One learner's answers, latest first (default: the first learner), each with its question's
        hand and the answer given: flagged answers marked ⚑ with why, and the learner's rows that
        cannot be read listed after them."""
        user = user or (self.learners[0] if self.learners else "")
        mine = [r for r in self.report["answers"] if r["user"] == user]
        entry = next((e for e in self.report["learners"] if e["user"] == user), None)
        if entry is None:
            return _Part(
                f"<p>{escape(user)}: 不在这个班 not in this class</p>", f"{user}: not in this class 不在这个班"
            )
        rows, lines = [], []
        for r in reversed(mine[-last:]):
            when = _when(r["at"])
            flag = r.get("flag")
            mark = f"⚑ {flag}" if flag else "✓" if r["correct"] else "✗"
            color = "#b60" if flag else "#2a2" if r["correct"] else "#c33"
            quiz = _quiz_label(r["quiz"])
            q, given = _read(r)
            said = answer_text(q, given) if q is not None else str(r["answer"])[:80]
            rows.append(
                f"<tr><td style='{_LEFT}'>{when}</td><td style='{_LEFT}'>{escape(quiz)}</td>"
                f"<td style='{_LEFT}'>{escape(kind_label(r['kind']))}<br>"
                f"{question_figure(q) if q is not None else ''}</td>"
                f"<td style='{_LEFT}'>{answer_html(q, said) if q is not None else escape(said)}</td>"
                f"<td style='{_LEFT};color:{color}'>{escape(mark)}</td></tr>"
            )
            lines.append(f"  {when}  {quiz}  {r['kind']}  {said}  {mark}")
        broken = [d for d in self.report.get("damaged", ()) if d["user"] == user]
        for d in broken:
            rows.append(
                f"<tr><td style='{_LEFT}' colspan='5'>⚠ #{escape(str(d['id']))}: {escape(d['problem'])}</td></tr>"
            )
            lines.append(f"  ⚠ damaged row #{d['id']} 无法读取: {d['problem']}")
        acc = (
            f"答了 {entry['questions']} 题 questions, 答对 {entry['questions_right']} 题 right "
            f"({entry['tries']} 次作答 tries)"
        )
        html = (
            f"<div style='max-width:100%;overflow-x:auto'><b>{escape(user)}</b>：{escape(acc)}"
            f"（最近 {min(last, len(mine))} 次作答 latest tries）<table style='font-size:90%'><tr>"
            "<th style='text-align:left'>时间 When (UTC)</th><th style='text-align:left'>练习 Quiz</th>"
            "<th style='text-align:left'>题目 Question</th><th style='text-align:left'>回答 Answer</th>"
            "<th style='text-align:left'>对错 Right</th></tr>"
            f"{''.join(rows)}</table></div>"
        )
        return _Part(html, f"{user}: {acc}\n" + "\n".join(lines))

    # -- export -----------------------------------------------------------------------------
    def table(self) -> list[dict]:
        """One row per learner and topic (the topic by its name in both languages): questions answered,
        questions right, tries, mastery (what the CSV holds, under :data:`CSV_COLUMNS`)."""
        out = []
        for e in self.report["learners"]:
            for t, d in e["by_topic"].items():
                out.append(
                    {
                        "user": e["user"],
                        "topic": topic_name(t),
                        "questions": d["questions"],
                        "questions_right": d["questions_right"],
                        "tries": d["tries"],
                        "mastery": None if d["mastery"] is None else round(d["mastery"], 3),
                    }
                )
        return out

    def export_text(self, format: str = "csv") -> str:
        """The export as text: ``csv`` (learner x topic rows, columns named in both languages) or
        ``json`` (the report)."""
        from ..db.classes import report_json

        if format.lstrip(".").lower() == "json":
            return report_json(self.report)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(CSV_COLUMNS.values())
        w.writerows([row[k] for k in CSV_COLUMNS] for row in self.table())
        return buf.getvalue()

    def export(self, path: str | os.PathLike | None = None, format: str | None = None) -> _Part:
        """Write ``.csv`` (learner x topic rows) or ``.json`` (the report: per learner, per topic and per
        assignment); returns a line saying where, with a download link (for Voila and the browser,
        where the file is on the server). Without ``path``: ``class-report.csv`` (or ``.json``) in
        the mjlearn data folder."""
        import base64

        from ..quiz.progress import data_dir

        if path is None:
            fmt = (format or "csv").lstrip(".").lower()
            p = data_dir() / f"class-report.{'json' if fmt == 'json' else 'csv'}"
            p.parent.mkdir(parents=True, exist_ok=True)
        else:
            p = Path(path)
        fmt = "json" if (format or p.suffix).lstrip(".").lower() == "json" else "csv"
        data = self.export_text(fmt)
        # a CSV starts with a byte-order mark, so that a spreadsheet reads its Chinese as UTF-8
        encoding = "utf-8-sig" if fmt == "csv" else "utf-8"
        p.write_text(data, encoding=encoding)
        n = len(self.learners) if fmt == "json" else len(self.table())
        text = f"已写入 wrote {p}: {n} {'learners 学员' if fmt == 'json' else 'rows 行'}"
        href = f"data:{'application/json' if fmt == 'json' else 'text/csv'};base64," + base64.b64encode(
            data.encode(encoding)
        ).decode("ascii")
        link = f"<a class='mj-download' download='{escape(p.name)}' href='{href}' style='{BUTTON}'>下载 Download {escape(p.name)}</a>"
        return _Part(f"<p>{escape(text)} {link}</p>", text)

    def explorer(self):
        """A small app (for Voila): pick an assignment to see it question by question, pick a learner
        to see their history; export the class as CSV or JSON. Shows the first assignment and the first
        learner's history where widgets do not run."""
        import ipywidgets as W

        first = self.learners[0] if self.learners else ""
        tasks = [(f"#{a['id']} {a['quiz_set']}", a["id"]) for a in self.report["assignments"]]
        task = W.Dropdown(
            options=tasks,
            value=tasks[0][1] if tasks else None,
            description="作业 Assignment",
            style={"description_width": "initial"},
        )
        by_question = W.HTML(self.questions(task.value).html)
        task.observe(lambda change: setattr(by_question, "value", self.questions(change["new"]).html), names="value")
        pick = W.Dropdown(
            options=self.learners,
            value=first or None,
            description="学员 Learner",
            style={"description_width": "initial"},
        )
        shown = W.HTML(self.history(first).html)
        pick.observe(lambda change: setattr(shown, "value", self.history(change["new"]).html), names="value")
        fmt = W.ToggleButtons(options=[("CSV", "csv"), ("JSON", "json")], value="csv")
        go = W.Button(description="导出 Export", tooltip="导出全班结果 export the class's results")
        said = W.HTML()
        go.on_click(lambda _: setattr(said, "value", self.export(format=fmt.value).html))
        box = _Explorer(
            [task, by_question, pick, shown, W.HBox([fmt, go], layout=W.Layout(flex_flow="row wrap")), said],
            layout=W.Layout(max_width="100%"),
        )
        box.fallback = _Part(
            self.questions(task.value).html + self.history(first).html,
            self.questions(task.value).text + "\n\n" + self.history(first).text,
        )
        return box

    def profiles(self) -> _Part:
        """Each learner's personal profile over the hands played at the table (learners with none: "–")."""
        pct = lambda v: "–" if v is None else f"{v:.0%}"
        head = "".join(
            f"<th style='{_LEFT};font-weight:normal;font-size:85%'>{zh}<br>{en}</th>"
            for zh, en in (
                ("局数", "hands"),
                ("和牌率", "win rate"),
                ("放铳率", "deal-in rate"),
                ("平均得分", "average"),
                ("与教练一致", "agreed with coach"),
                ("最吃亏", "costliest"),
                ("和过的番", "fans won"),
                ("错过的番", "fans missed"),
            )
        )
        rows, lines = [], []
        for e in self.report["learners"]:
            p = e.get("profile") or {}
            if not p.get("hands"):
                rows.append(f"<tr><td style='{_LEFT}'><b>{escape(e['user'])}</b></td><td style='{_LEFT}'>–</td></tr>")
                continue
            cost = CATEGORIES.get(p.get("costliest") or "", ("–", ""))
            fans = lambda fs: "、".join(escape(f.split("|")[0]) for f, _n in fs[:3]) or "–"
            cells = [
                str(p["hands"]),
                pct(p["win_rate"]),
                pct(p["deal_in_rate"]),
                f"{p['average_points']:+.1f}",
                pct(p["agreement"]),
                escape(f"{cost[0]} {cost[1]}"),
                fans(p["fans_won"]),
                fans(p["fans_missed"]),
            ]
            rows.append(
                f"<tr data-profile='{escape(e['user'], quote=True)}'><td style='{_LEFT}'><b>{escape(e['user'])}</b></td>"
                + "".join(f"<td style='{_LEFT}'>{c}</td>" for c in cells)
                + "</tr>"
            )
            lines.append(f"  {e['user']}: {profile_line(p)}")
        html = (
            "<div style='max-width:100%;overflow-x:auto'><b>牌桌统计 Table statistics</b>"
            f"<table style='border-collapse:collapse;font-size:90%'><tr><th></th>{head}</tr>{''.join(rows)}</table></div>"
        )
        return _Part(html, "Table statistics 牌桌统计:\n" + ("\n".join(lines) or "  -"))

    # -- everything ---------------------------------------------------------------------------
    def _parts(self):
        played = any((e.get("profile") or {}).get("hands") for e in self.report["learners"])
        return [self.banner(), self.heatmap(), self.completion(), self.missed()] + ([self.profiles()] if played else [])

    def _repr_html_(self) -> str:
        return "".join(p.html for p in self._parts())

    def _repr_pretty_(self, p, cycle):
        p.text("\n\n".join(x.text for x in self._parts()))

    def __str__(self) -> str:
        return "\n\n".join(x.text for x in self._parts())

    __repr__ = __str__


def _explorer_class():
    import ipywidgets as W

    class Explorer(W.VBox):
        fallback = None

        def _repr_mimebundle_(self, **kwargs):
            data = super()._repr_mimebundle_(**kwargs)
            if isinstance(data, tuple):
                data = data[0]
            data = dict(data or {})
            if self.fallback is not None:
                data["text/html"] = self.fallback.html
                data["text/plain"] = self.fallback.text
            return data

    return Explorer


def _Explorer(children, **kw):
    return _explorer_class()(children, **kw)


def open_dashboard(name: str | None = None, *, url: str | None = None, user: str | None = None) -> Dashboard:
    """The dashboard of class ``name`` (default ``$MJLEARN_CLASS``) in the progress database (``url``,
    default ``$MJLEARN_DB``), read as ``user`` (a teacher of it). With no class named, a SAMPLE class
    built in a temporary file (clearly labelled)."""
    from ..db.classes import Classroom, sample_class

    name = name or os.environ.get(CLASS_ENV_VAR) or None
    if name is None:
        folder = Path(tempfile.mkdtemp(prefix="mjlearn-sample-class-"))
        sample = sample_class(folder / "sample-class.db")
        with Classroom(path=folder / "sample-class.db", user="teacher") as room:
            return Dashboard(room.report(sample), sample=True)
    with Classroom(url=url, user=user) as room:
        return Dashboard(room.report(name))


def class_commands(
    name: str = "spring",
    learners: tuple[str, ...] = ("ann", "bob"),
    quiz_set: str = "week1_tiles_and_waits.json",
    days: int = 14,
) -> _Part:
    """The terminal commands that set up a class of one's own, as TEACHERS.md gives them (run in the
    mjlearn folder, whose ``.venv/bin`` holds the commands), with a due date ``days`` from today, and
    the one that opens this page in Voila."""
    import datetime as dt
    import shlex

    due = (dt.date.today() + dt.timedelta(days=days)).isoformat()
    c = shlex.quote(name)
    commands = [
        f".venv/bin/mjlearn class create {c}",
        f".venv/bin/mjlearn class add {c} {' '.join(shlex.quote(u) for u in learners)}",
        f".venv/bin/mjlearn class assign {c} {shlex.quote(quiz_set)} --due {due}",
        f".venv/bin/mjlearn class report {c}",
        f"MJLEARN_CLASS={c} .venv/bin/voila --KernelManager.transport_encryption=auto "
        "~/mjlearn-notebooks/14_teacher_dashboard.ipynb",
    ]
    text = "\n".join(commands)
    return _Part(f"<pre style='white-space:pre-wrap;max-width:100%'>{escape(text)}</pre>", text)


# -- the learner's side: lesson 11's list, under the names notebooks import from here ---------------------
def my_assignments(user: str | None = None):
    """This learner's assignments with a button each (:func:`mjlearn.widgets.assignments.my_assignments`)."""
    from ..widgets.assignments import my_assignments as assignment_list

    return assignment_list(user)


def assignment(assignment_id: int, user: str | None = None):
    """One of this learner's assignments as a quiz, going on where they stopped; every answer is recorded
    against it (the Start/Continue button of :func:`my_assignments`)."""
    return my_assignments(user).open(assignment_id)
