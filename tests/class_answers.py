"""A class whose learners answered an assignment in known ways, for the dashboard's tests (in this
process and in Voila's)."""

from __future__ import annotations

from mjlearn.db.classes import Classroom, assignment_tag
from mjlearn.quiz import grade, solve, wrong_answer

BOB = [(0, False), (0, True), (1, False), (1, False), (2, True), (3, False), (3, True)]
"""bob's tries, (question index, right?): four questions in seven tries, Q2 wrong twice."""


def retried_class(name: str, teacher: str | None = None) -> tuple[int, list]:
    """Class ``name`` (taught by ``teacher``; None: the default login) with a 10-question assignment:
    ann answers all ten right once, bob as :data:`BOB`, cy nothing. Returns the assignment's id and
    its questions. The class database is the one of the environment (MJLEARN_DATA_DIR's file)."""
    with Classroom(user=teacher) as room:
        room.create(name)
        room.add(name, ["ann", "bob", "cy"])
        aid = room.assign(name, "week1_tiles_and_waits.json")
    with Classroom(user="ann") as room:
        for q in room.quiz_set(aid):
            room.store.record(q, solve(q), grade(q, solve(q)), quiz=assignment_tag(aid))
    with Classroom(user="bob") as room:
        qs = list(room.quiz_set(aid))
        for i, right in BOB:
            a = solve(qs[i]) if right else wrong_answer(qs[i])
            room.store.record(qs[i], a, grade(qs[i], a), quiz=assignment_tag(aid))
    return aid, qs
