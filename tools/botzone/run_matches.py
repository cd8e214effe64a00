"""Play games between Botzone bots, refereed by Botzone's own judge, and keep the logs.

    python tools/botzone/run_matches.py --judge /work/botzone-build/judge --sample /work/botzone-build/sample \
        --games 500 --seed 1 --out DIR [--jobs 2]

Each game seats four bots: mjlearn's players (``python -m mjlearn.botzone --level L``, simple
interaction protocol, kept running for the whole game) and Botzone's sample bot (JSON protocol, started
afresh for every request, as on Botzone). The line-up and the levels rotate with the game number; the
judge deals from its own shuffle (``initdata.srand`` = the game's seed). The judge is called as Botzone
calls it: the whole log so far on its standard input, its next output on its standard output.

Writes DIR/matches-<first>-<last>.jsonl (one judge match log per line, as Botzone's download) and
prints one line per game. Build the judge first with tools/botzone/build.sh.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

KEEP = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
LINEUPS = [
    ("basic", "basic", "strong", "sample"),
    ("strong", "basic", "sample", "basic"),
    ("basic", "sample", "basic", "strong"),
    ("sample", "strong", "basic", "basic"),
    ("basic", "strong", "basic", "strong"),
    ("strong", "basic", "strong", "basic"),
]


class MjlearnBot:
    def __init__(self, level: str, seed: int):
        self.p = subprocess.Popen(
            [sys.executable, "-m", "mjlearn.botzone", "--level", level, "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.turns = 0

    def ask(self, request: str) -> str:
        self.turns += 1
        if self.turns == 1:
            self.p.stdin.write(f"1\n{request}\n")
        else:
            self.p.stdin.write(request + "\n")
        self.p.stdin.flush()
        said = self.p.stdout.readline().rstrip("\n")
        keep = self.p.stdout.readline().rstrip("\n")
        if keep != KEEP:
            raise RuntimeError(f"bot did not keep running: {keep!r}")
        return said

    def close(self) -> None:
        self.p.stdin.close()
        self.p.wait(timeout=30)


class SampleBot:
    def __init__(self, path: str):
        self.path, self.requests, self.responses = path, [], []

    def ask(self, request: str) -> str:
        self.requests.append(request)
        inp = json.dumps({"requests": self.requests, "responses": self.responses})
        out = subprocess.run([self.path], input=inp, capture_output=True, text=True, timeout=30, check=True)
        said = out.stdout.strip()
        said = json.loads(said)["response"] if said.startswith("{") else said.split("\n")[0]
        self.responses.append(said)
        return said

    def close(self) -> None:
        pass


def judge(path: str, log: list, initdata) -> dict:
    # The judge rebuilds the game from the players' responses (the odd entries of the log) and reads
    # nothing of its own earlier outputs, so those are sent empty: the same game, a far shorter input.
    slim = [entry if i % 2 else {} for i, entry in enumerate(log)]
    inp = json.dumps({"log": slim, "initdata": initdata})
    out = subprocess.run([path], input=inp, capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def play(args) -> tuple[str, str]:
    n, seed, judge_path, sample_path = args
    lineup = LINEUPS[n % len(LINEUPS)]
    bots = [
        SampleBot(sample_path) if who == "sample" else MjlearnBot(who, seed * 4 + i) for i, who in enumerate(lineup)
    ]
    log: list = []
    initdata = {"srand": seed}
    try:
        while True:
            out = judge(judge_path, log, initdata)
            if "initdata" in out and not log:
                initdata = out["initdata"]
            log.append({"output": {k: out[k] for k in ("command", "content", "display")}})
            if out["command"] == "finish":
                break
            answers = {}
            for i, b in enumerate(bots):
                said = b.ask(out["content"][str(i)])
                answers[str(i)] = {"verdict": "OK", "response": said}
            log.append(answers)
    finally:
        for b in bots:
            b.close()
    match = {"id": f"local-{seed}", "initdata": initdata, "players": list(lineup), "logs": log}
    end = log[-1]["output"]["display"]
    return json.dumps(
        match, ensure_ascii=False, separators=(",", ":")
    ), f"{seed} {'/'.join(lineup)} {end.get('action')} {end.get('player', '')}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--judge", required=True)
    ap.add_argument("--sample", required=True)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"matches-{a.seed}-{a.seed + a.games - 1}.jsonl"
    jobs = [(n, a.seed + n, a.judge, a.sample) for n in range(a.games)]
    t0 = time.time()
    with open(path, "a", encoding="utf-8") as f, ProcessPoolExecutor(a.jobs) as ex:
        for line, said in ex.map(play, jobs):
            f.write(line + "\n")
            f.flush()
            print(said, f"{time.time() - t0:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
