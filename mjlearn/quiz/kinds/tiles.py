"""Kinds on tiles and their notation: name a tile; read a group of tiles written in notation;
write a group of tiles in notation. They ask the tile values and the notation parser only, never the
hand analysis (that is :mod:`.basic`)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ...errors import NotationError
from ...i18n import pick
from ...notation import parse_tiles
from ...tiles import TILES, Tile, format_tiles
from ..core import AnswerError, Grade, Kind, QuizError, register
from ._util import as_tile, as_tiles, need

# --- name a tile -------------------------------------------------------------------------


class TileName(Kind):
    def make(self, rng, difficulty):
        pool = {1: range(27), 2: range(34), 3: range(42)}[difficulty]
        t = TILES[rng.choice(list(pool))]
        options = {t}
        while len(options) < 4:  # distractors that are easy to confuse: same rank, neighbours, same group
            i = t.index
            if i < 27:
                cand = [i % 9 + 9 * s for s in range(3)] + [i - 1 if i % 9 else i + 1, i + 1 if i % 9 < 8 else i - 1]
            elif i < 34:
                cand = list(range(27, 34))
            else:
                cand = list(range(34, 42))
            options.add(TILES[rng.choice(cand if rng.random() < 0.8 else list(pool))])
        opts = sorted(options)
        rng.shuffle(opts)
        return ({"tile": str(t), "options": [str(o) for o in opts]}, ("这张牌叫什么？", "What is this tile called?"))

    def validate(self, data):
        t = as_tile(data.get("tile"), "tile_name question: field 'tile'")
        opts = [str(o) for o in as_tiles(data.get("options", []), "tile_name question: field 'options'")]
        if opts and str(t) not in opts:
            raise QuizError(f"tile_name question: the options {opts} do not include the tile {t}")
        return {"tile": str(t), "options": opts}

    def solve(self, data):
        return str(as_tile(data["tile"]))

    def normalize(self, data, answer):
        return str(as_tile(answer))

    def verdict(self, data, answer, solution):
        return Tile(answer) == Tile(solution)

    def check(self, data, answer, solution):
        t, a = Tile(solution), Tile(answer)
        ok = self.verdict(data, answer, solution)
        expl = [
            (
                f"这是{t.zh}（{t.pinyin}），记作 {t}，{t.suit.zh}。",
                f"This is {t.en} ({t.zh}, {t.pinyin}), written {t}: {_a(t.suit.en)} tile.",
            )
        ]
        if a != t:
            why = _tile_difference(a, t)
            expl.append((f"你选的是{a.zh}（{a}）：{why[0]}", f"You chose {a.en} ({a}): {why[1]}"))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def hints(self, data):
        t = as_tile(data["tile"])
        h = [(f"先看花色：这是{t.suit.zh}。", f"Look at the suit first: it is {_a(t.suit.en)} tile.")]
        if t.is_suited:
            h.append((f"数一数：点数是 {t.rank}", f"Count the marks: its rank is {t.rank}"))
        elif t.index < 34:
            h.append(
                (
                    "字牌：风牌是东南西北（E S W N），箭牌是中发白（C F P）。",
                    "Honors: the winds are East, South, West, North (E S W N); the dragons Red, Green, White (C F P).",
                )
            )
        else:
            h.append(
                ("花牌：春夏秋冬和梅兰竹菊，各有编号 1-4。", "Flowers: the seasons and the plants, each numbered 1-4.")
            )
        return h

    def hints_after(self, data, answer):
        """The hints less what the chosen tile shows the learner knows: a tile of the right suit makes
        the suit no hint, a tile of the right rank the rank."""
        t, a = as_tile(data["tile"]), Tile(answer)
        hs = self.hints(data)
        if a == t:
            return hs
        if a.suit == t.suit:
            hs = [h for h in hs if not h[1].startswith("Look at the suit")]
        if a.is_suited and t.is_suited and a.rank == t.rank:
            hs = [h for h in hs if not h[1].startswith("Count the marks")]
        return hs

    def explain_solution(self, data, solution):
        t = Tile(solution)
        return [(f"{t.zh}（{t.pinyin}），记作 {t}", f"{t.en}, written {t}")]

    def wrong(self, data, solution, rng):
        opts = [o for o in data.get("options", []) if o != solution]
        return rng.choice(opts) if opts else str(TILES[(Tile(solution).index + 1) % 34])

    def choices(self, data):
        return [(o, f"{Tile(o).zh} {Tile(o).en}") for o in data.get("options") or []]

    def figure(self, data):
        return ("tile", data["tile"])

    def subject(self, data):
        return ("tile", str(data["tile"]))

    def describe(self, q, lang=None):
        t = as_tile(q.data["tile"])
        opts = q.data.get("options") or []
        from ...render.text import tile_face

        lines = [pick("这张牌：", "This tile:", lang), *tile_face(t)]
        if opts:
            lines.append(
                pick("选项：", "Options: ", lang)
                + "  ".join(f"{o} = {pick(Tile(o).zh, Tile(o).en, lang)}" for o in opts)
            )
        return "\n".join(lines)


def _a(word: str) -> str:
    return ("an " if word[:1] in "AEIOUH" else "a ") + word


def _tile_difference(a: Tile, t: Tile) -> tuple[str, str]:
    """(zh, en): how the chosen tile ``a`` differs from the right one ``t``."""
    if a.suit != t.suit:
        return (
            f"那是{a.suit.zh}，这张是{t.suit.zh}（{t.zh}）。",
            f"that is {_a(a.suit.en)} tile; this one is {t.suit.en} ({t}).",
        )
    if a.is_suited and t.is_suited:
        return (
            f"花色对了（{t.suit.zh}），点数是 {t.rank} 不是 {a.rank}。",
            f"the suit is right ({t.suit.en}), but the rank is {t.rank}, not {a.rank} ({t}).",
        )
    return (f"同是{t.suit.zh}，但这张是{t.zh}（{t}）。", f"both are {t.suit.en} tiles, but this one is {t.en} ({t}).")


register(
    TileName(
        name="tile_name",
        topic="tiles",
        title=("认牌", "Name a tile"),
        answer="choice",
        fields={"tile": str, "options": (list, str)},
        answer_help=("输入牌的记法或名字，如 5m、五万、East Wind", "Type the tile, e.g. 5m, 五万 or East Wind"),
    )
)


# --- read and write the notation --------------------------------------------------------------


def _group(rng: random.Random, difficulty: int) -> list[Tile]:
    """A few tiles as lesson 01 writes them: a run or a pair in one suit (easy), two suits or
    honors (medium), suits, honors and a flower together (hard)."""

    def run(suit: int) -> list[Tile]:
        if rng.random() < 0.5:
            r = rng.randrange(7)
            return [TILES[suit * 9 + r + k] for k in range(3)]
        r = rng.randrange(9)
        return [TILES[suit * 9 + r]] * 2

    suits = rng.sample(range(3), 2)
    out = run(suits[0])
    if difficulty >= 2:
        out += run(suits[1]) if rng.random() < 0.5 else [TILES[i] for i in sorted(rng.sample(range(27, 34), 2))]
    if difficulty >= 3:
        out += [TILES[rng.randrange(27, 34)], TILES[rng.randrange(34, 42)]]
    return sorted(out)


def _names(tiles) -> tuple[str, str]:
    return ("、".join(t.zh for t in tiles), ", ".join(t.en for t in tiles))


def _misread(rng: random.Random, tiles: list[Tile]) -> list[Tile]:
    """The same tiles read wrong the way a beginner does: another suit letter, a digit off by one,
    one tile too few or too many."""
    ts = list(tiles)
    i = rng.randrange(len(ts))
    t = ts[i]
    how = rng.randrange(3)
    if t.is_suited and how == 0:  # the suit letter
        ts = [TILES[(u.index + 9 * rng.choice((1, 2))) % 27] if u.is_suited and u.suit == t.suit else u for u in ts]
    elif t.is_suited and how == 1:  # a digit
        ts[i] = TILES[t.index + (1 if t.rank < 9 else -1)]
    elif how == 2 and len(ts) > 1:
        ts.pop(i)
    else:
        ts.append(t if ts.count(t) < 2 else TILES[(t.index + 1) % 34])
    return sorted(ts)


def _notation_lines(tiles: list[Tile]) -> list[tuple[str, str]]:
    """How a group is written, suit by suit, from the tiles (digits share one suit letter)."""
    text = format_tiles(tiles)
    out = [(f"{text} 就是 {_names(tiles)[0]}。", f"{text} is {_names(tiles)[1]}.")]
    by_suit: dict = {}
    for t in tiles:
        by_suit.setdefault(t.suit, []).append(t)
    for suit, ts in by_suit.items():
        part = format_tiles(ts)
        if ts[0].is_suited:
            out.append(
                (
                    f"{part}：数字 {''.join(str(t.rank) for t in ts)} 共用后面的字母 {part[-1]}（{suit.zh}）",
                    f"{part}: the digits {''.join(str(t.rank) for t in ts)} share the letter after them, "
                    f"{part[-1]} ({suit.en})",
                )
            )
        elif ts[0].index < 34:
            out.append(
                (
                    f"{part}（{_names(ts)[0]}）：字牌各用一个大写字母（东南西北 E S W N，中发白 C F P）",
                    f"{part} ({_names(ts)[1]}): each honor is one capital letter (winds E S W N, dragons C F P)",
                )
            )
        else:
            out.append(
                (
                    f"{part}（{_names(ts)[0]}）：花牌用小写字母 a-h（春夏秋冬 a-d，梅兰竹菊 e-h）",
                    f"{part} ({_names(ts)[1]}): flowers are the small letters a-h (seasons a-d, plants e-h)",
                )
            )
    return out


class ReadNotation(Kind):
    def make(self, rng, difficulty):
        tiles = _group(rng, difficulty)
        options = {format_tiles(tiles)}
        for _ in range(60):
            if len(options) == 4:
                break
            options.add(format_tiles(_misread(rng, tiles)))
        opts = sorted(options)
        rng.shuffle(opts)
        return (
            {"notation": format_tiles(tiles), "options": opts},
            (f"{format_tiles(tiles)} 写的是哪些牌？", f"Which tiles does {format_tiles(tiles)} stand for?"),
        )

    def validate(self, data):
        tiles = as_tiles(need(data, "notation", "read_notation"), "read_notation question: field 'notation'")
        if not tiles:
            raise QuizError("read_notation question: field 'notation' has no tiles")
        opts = [format_tiles(as_tiles(o, "read_notation question: field 'options'")) for o in data.get("options", [])]
        if opts and format_tiles(tiles) not in opts:
            raise QuizError(f"read_notation question: the options {opts} do not include {format_tiles(tiles)}")
        return {"notation": format_tiles(tiles), "options": opts}

    def solve(self, data):
        return format_tiles(sorted(as_tiles(data["notation"])))

    def normalize(self, data, answer):
        return format_tiles(sorted(as_tiles(answer)))

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = _notation_lines(sorted(as_tiles(solution)))
        if not ok:
            mine = sorted(as_tiles(answer))
            expl.insert(
                0,
                (
                    f"你选的是 {_names(mine)[0]}，那要写成 {answer}。",
                    f"You chose {_names(mine)[1]}: that is written {answer}.",
                ),
            )
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def hints(self, data):
        return [
            (
                "数字后面的字母是花色：m 万、p 饼、s 条；前面的每个数字都用这个花色。",
                "The letter after the digits is the suit: m Characters, p Dots, s Bamboo; every digit before it takes that suit.",
            ),
            (
                "大写字母是字牌（E S W N C F P），小写 a-h 是花牌。",
                "Capital letters are honors (E S W N C F P); small letters a-h are flowers.",
            ),
        ]

    def explain_solution(self, data, solution):
        return _notation_lines(sorted(as_tiles(solution)))

    def wrong(self, data, solution, rng):
        opts = [o for o in data.get("options", []) if o != solution]
        return rng.choice(opts) if opts else format_tiles(_misread(rng, as_tiles(solution)))

    def choices(self, data):
        return [(o, "  ".join(_names(sorted(as_tiles(o))))) for o in data.get("options") or []]

    def figure(self, data):
        return None

    def subject(self, data):
        return ("notation", data["notation"])

    def describe(self, q, lang=None):
        return pick("记法：", "Notation: ", lang) + q.data["notation"]


register(
    ReadNotation(
        name="read_notation",
        topic="tiles",
        title=("读记法", "Read the notation"),
        answer="choice",
        fields={"notation": str, "options": (list, str)},
        answer_help=("选出这串记法写的牌", "Pick the tiles the notation stands for"),
    )
)


class WriteNotation(Kind):
    def make(self, rng, difficulty):
        tiles = _group(rng, difficulty)
        return ({"tiles": format_tiles(tiles)}, ("用记法写出这几张牌。", "Write these tiles in notation."))

    def validate(self, data):
        tiles = as_tiles(need(data, "tiles", "write_notation"), "write_notation question: field 'tiles'")
        if not tiles:
            raise QuizError("write_notation question: field 'tiles' has no tiles")
        return {"tiles": format_tiles(sorted(tiles))}

    def solve(self, data):
        return format_tiles(sorted(as_tiles(data["tiles"])))

    def normalize(self, data, answer):
        if isinstance(answer, str):
            try:
                tiles = parse_tiles(answer.replace(" ", "").replace(",", ""))
            except (NotationError, ValueError):
                raise AnswerError(
                    f"“{answer.strip()[:40]}” 不是牌的记法", f"“{answer.strip()[:40]}” is not tile notation"
                ) from None
            if not tiles:
                raise AnswerError("没有写牌", "no tiles were written")
            return {"tiles": format_tiles(sorted(tiles)), "written": answer.strip()}
        if isinstance(answer, Mapping):  # an answer read already (the widget reads it, then grades it)
            written = answer.get("written")
            read = self.normalize(data, answer.get("tiles"))
            return read if not isinstance(written, str) else {"tiles": read["tiles"], "written": written}
        return {"tiles": format_tiles(sorted(as_tiles(answer))), "written": format_tiles(as_tiles(answer))}

    def verdict(self, data, answer, solution):
        return answer["tiles"] == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = _notation_lines(sorted(as_tiles(solution)))
        if ok and answer["written"].replace(" ", "") != solution:
            expl.insert(
                0,
                (
                    f"对！最短的写法是 {solution}：同一花色的数字共用一个字母。",
                    f"Right! The shortest way is {solution}: digits of one suit share one letter.",
                ),
            )
        if not ok:
            mine = sorted(as_tiles(answer["tiles"]))
            expl.insert(
                0,
                (
                    f"你写的 {answer['written']} 是 {_names(mine)[0]}；图上是 {_names(as_tiles(solution))[0]}。",
                    f"What you wrote, {answer['written']}, is {_names(mine)[1]}; the picture shows "
                    f"{_names(as_tiles(solution))[1]}.",
                ),
            )
        return Grade(ok, answer["tiles"], solution, tuple(expl), float(ok))

    def hints(self, data):
        tiles = as_tiles(data["tiles"])
        return [
            (
                "先认每张牌，再写：数字在前，花色字母在后（m 万、p 饼、s 条）。",
                "Name each tile, then write the digits first and the suit letter after (m Characters, p Dots, s Bamboo).",
            ),
            (f"一共 {len(tiles)} 张牌。", f"There are {len(tiles)} tiles."),
        ]

    def explain_solution(self, data, solution):
        return _notation_lines(sorted(as_tiles(solution)))

    def wrong(self, data, solution, rng):
        return format_tiles(_misread(rng, as_tiles(solution)))

    def figure(self, data):
        return ("tiles", data["tiles"])

    def subject(self, data):
        return ("notation", data["tiles"])

    def describe(self, q, lang=None):
        return pick("牌：", "Tiles: ", lang) + _names(as_tiles(q.data["tiles"]))[0 if lang == "zh" else 1]


register(
    WriteNotation(
        name="write_notation",
        topic="tiles",
        title=("写记法", "Write the notation"),
        answer="text",
        fields={"tiles": str},
        answer_help=("用记法写出这些牌，例如 789p", "Type the tiles in notation, e.g. 789p"),
    )
)
