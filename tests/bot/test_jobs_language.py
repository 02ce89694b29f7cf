"""The jobs that draw carry the language across the worker pool: the picture and its
"No picture" line come back in it, and a caller that names none gets English."""

from __future__ import annotations

import pytest

from bot import jobs
from bot.pool import WorkerPool
from puzzles import get_kind
from renderers import draw

LONG_CLUE = " ".join(str(n % 26 + 1) for n in range(30))


@pytest.fixture
async def pool():
    pool = WorkerPool(size=1, deadline=60, queue_size=4)
    await pool.start()
    yield pool
    await pool.close()


async def test_a_solve_drawn_in_another_process_is_labelled_in_the_language_asked(pool):
    kind = get_kind("ladder")
    puzzle = kind.parse("cold warm")
    solution = kind.solve(puzzle)
    french = await pool.run(jobs.solve_job, "ladder", puzzle, {}, True, "fr")
    english = await pool.run(jobs.solve_job, "ladder", puzzle, {}, True)
    assert french.png == draw("ladder", puzzle, solution, "fr")  # "4 étapes · 6 échelles..."
    assert english.png == draw("ladder", puzzle, solution) != french.png


async def test_a_hint_and_a_generated_puzzle_are_drawn_in_the_language_asked(pool):
    kind = get_kind("letterboxed")
    puzzle = kind.parse("vro wal eth bdi")
    hint = await pool.run(jobs.hint_job, "letterboxed", puzzle, "", True, "es")
    assert (
        hint.png
        == draw("letterboxed", puzzle, hint.value, "es")
        != draw("letterboxed", puzzle, hint.value)
    )
    made = await pool.run(jobs.generate_job, "ladder", 7, None, {}, "fr")
    assert made.png == draw("ladder", made.value, None, "fr")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "No picture: a clue of 30 numbers is too long to draw readably."),
        (
            "fr",
            "Pas d'image\u00a0: un mot de 30 numéros est trop long pour être dessiné lisiblement.",
        ),
        (
            "es",
            "Sin imagen: una palabra de 30 números es demasiado larga para dibujarla de forma "
            "legible.",
        ),
    ],
)
async def test_the_line_said_instead_of_a_picture_is_in_the_language_asked(pool, language, said):
    puzzle = get_kind("codeword").parse(LONG_CLUE)
    result = await pool.run(jobs.solve_job, "codeword", puzzle, {}, True, language)
    assert result.png is None and result.no_picture == said


def test_warm_up_compiles_every_languages_catalogue_before_the_first_reply_in_it():
    from puzzles.i18n import LANGUAGES, catalogue

    catalogue.cache_clear()
    jobs.warm_up()
    assert catalogue.cache_info().currsize == len(LANGUAGES)
