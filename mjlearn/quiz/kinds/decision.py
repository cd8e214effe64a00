"""A decision at the table to take again: the position of a costly decision (a discard, a claim, a kong),
the options the coach ranked, and the learner's new choice graded by that ranking
(:func:`mjlearn.coaching.mistakes.grade_choice`).

The review queue asks these from the learner's own costly decisions (:mod:`mjlearn.quiz.table_review`);
a generated one deals 14 tiles and asks for the coach's discard among its three best and its worst, so
the kind stands on its own. It asks only in review: topic practice and ``"all"`` leave it out
(:attr:`~mjlearn.quiz.core.Kind.review_only`)."""

from __future__ import annotations

from ...coaching import coach
from ...coaching.mistakes import ITEM_VERSION, MistakeError, check_item, grade_choice, option_words
from ...hand import Hand
from ...tiles import TILES
from ..core import Grade, Kind, QuizError, register


def _item_of(data) -> dict:
    try:
        return check_item({k: v for k, v in dict(data).items() if k != "mistake"})
    except MistakeError as e:
        raise QuizError(str(e)) from None


class Decision(Kind):
    def make(self, rng, difficulty):
        wall = [i for i in range(34) for _ in range(4)]
        rng.shuffle(wall)
        hand = sorted(wall[:14])
        h = Hand((), tuple(TILES[i] for i in hand[:13]), TILES[hand[13]])
        c = list(coach(h, trials=40, seed=rng.randrange(1 << 30)))
        picked = c[:3] + [c[-1]] if len(c) > 3 else c
        options = [
            {
                "option": f"discard {o.discard}",
                "win_chance": round(o.win_chance, 6),
                "error": round(o.win_chance_error, 6),
                "expected": round(o.expected, 4),
                "live": o.live,
            }
            for o in picked
        ]
        item = {
            "v": ITEM_VERSION,
            "rules": "mcr",
            "seat": "E",
            "n": 0,
            "kind": "discard",
            "category": "efficiency",
            "hand": str(h),
            "tile": None,
            "choice": options[-1]["option"],
            "best": options[0]["option"],
            "options": options,
            "reason": {"zh": "", "en": ""},
            "cost_chance": max(0.0, options[0]["win_chance"] - options[-1]["win_chance"]),
            "best_fans": [],
            "fans": [],
        }
        return check_item(item), ("教练会打哪一张？", "Which tile would the coach discard?")

    def validate(self, data):
        out = _item_of(data)
        if "mistake" in data:
            if not isinstance(data["mistake"], str) or len(data["mistake"]) > 200:
                raise QuizError("table decision: 'mistake' must be the decision's key (a short text)")
            out["mistake"] = data["mistake"]
        return out

    def choices(self, data):
        return [
            (o["option"], "{} {}".format(*option_words(o["option"])))
            for o in sorted(data["options"], key=lambda o: o["option"])
        ]

    def solve(self, data):
        return data["best"]

    def normalize(self, data, answer):
        names = [o["option"] for o in data["options"]]
        a = str(answer).strip()
        if a not in names:
            raise QuizError(f"table decision: {a!r} is not one of the options ({', '.join(names)})")
        return a

    def verdict(self, data, answer, solution):
        return grade_choice(_item_of(data), answer)[0]

    def check(self, data, answer, solution):
        _right, _rank, lines = grade_choice(_item_of(data), answer)
        right = self.verdict(data, answer, solution)  # the report's regrade reads only the verdict: one rule
        return Grade(right, answer, solution, tuple(lines), float(right))

    def explain_solution(self, data, solution):
        zh, en = option_words(solution)
        lines = [(f"教练最佳：{zh}。", f"The coach's best: {en}.")]
        if data["reason"]["en"]:
            lines.append((data["reason"]["zh"], data["reason"]["en"]))
        return lines

    def hints(self, data):
        _right, rank, _lines = grade_choice(_item_of(data), data["choice"])
        zh, en = option_words(data["choice"])
        n = len(data["options"])
        return [
            (
                "比较每个选项之后还有多少张有用的牌、离听牌还差几步。",
                "Compare how many useful tiles each option keeps and how far from ready it leaves the hand.",
            ),
            (
                f"你在牌桌上选的是{zh}，在教练的排序里是第 {rank} 位（共 {n} 个选项）：看看排在它前面的。",
                f"At the table you chose {en}, number {rank} of {n} in the coach's ranking: look at the ones above it.",
            ),
        ]

    def wrong(self, data, solution, rng):
        return data["choice"] if data["choice"] != solution else data["options"][-1]["option"]

    def describe(self, q, lang=None):
        return q.data["hand"]


register(
    Decision(
        name="table_decision",
        topic="table",
        title=("牌桌上的决定", "A decision at the table"),
        answer="choice",
        review_only=True,
        fields={
            "v": int,
            "rules": str,
            "seat": str,
            "prevalent_wind": (str, type(None)),
            "n": int,
            "kind": str,
            "category": str,
            "hand": str,
            "tile": (str, type(None)),
            "choice": str,
            "best": str,
            "options": list,
            "reason": dict,
            "cost_chance": (int, float),
            "cost_useful": int,
            "wall_left": (int, type(None)),
            "best_fans": list,
            "fans": list,
            "mistake": str,
        },
        answer_help=("输入选项，例如 discard 5m 或 pung", "Type an option, e.g. discard 5m or pung"),
    )
)
