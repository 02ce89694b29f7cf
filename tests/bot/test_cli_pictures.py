"""The command line's pictures: `puzzlebot read` and `--picture`, on real PNG and JPEG files
(our own drawings, and a training photo of the newspaper corpus)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import EXIT_BAD_INPUT, main
from bot.jobs import READERS
from puzzles import get_kind
from readers.picture import MAX_BYTES
from renderers import draw
from tests.cogs.test_picture_commands import PUZZLE, screenshot, with_values
from tests.readers.pictures import as_jpeg, encoded

PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "sudoku_photos"
KIND = get_kind("sudoku")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def drawn(tmp_path) -> Path:
    """The sudoku example as the bot draws it, saved as a phone shares it (JPEG)."""
    path = tmp_path / "sudoku.jpg"
    path.write_bytes(as_jpeg(screenshot(PUZZLE), width=720, quality=80))
    return path


def training_photo(name: str = "image1") -> Path:
    from bench.readers import photo_split

    if not PHOTOS.is_dir():
        pytest.skip("../shared/corpora/sudoku_photos is not here")
    assert name in photo_split(PHOTOS)[0]  # never one of the held-out fifth
    return PHOTOS / f"{name}.jpg"


def test_read_prints_the_puzzle_alone_so_it_pastes_into_solve(capsys, drawn, tmp_path):
    code, out, err = run(capsys, "read", "sudoku", str(drawn))
    assert code == 0, err
    assert KIND.parse(out) == PUZZLE
    assert err == ""  # sure of every cell: nothing to check
    saved = tmp_path / "puzzle.txt"
    saved.write_text(out)
    code, solved, err = run(capsys, "solve", "sudoku", "--file", str(saved))
    assert code == 0, err
    assert solved == run(capsys, "solve", "sudoku", KIND.example)[1]


def test_read_a_newspaper_photo_with_json(capsys):
    from bench.readers import photo_truth, truth_text

    photo = training_photo()
    code, out, _ = run(capsys, "read", "sudoku", str(photo), "--json")
    assert code == 0
    document = json.loads(out)
    assert document["kind"] == "sudoku"
    assert document["puzzle"] == truth_text(photo_truth(photo.with_suffix(".dat")))
    assert document["problem"] is None
    for unsure in document["unsure"]:
        row, column = unsure["cell"] // 9 + 1, unsure["cell"] % 9 + 1
        assert unsure["where"] == f"r{row}c{column}"
    assert set(document["timings"]) >= {"read_ms", "judge_ms", "draw_ms"}
    assert 0 < document["timings"]["read_ms"] < 10_000


def test_read_names_the_cells_in_doubt(capsys, tmp_path):
    from tests.cogs.test_picture_commands import a_cell_left_in_doubt

    doubted, rubbed_out = a_cell_left_in_doubt()
    path = tmp_path / "rubbed.png"
    path.write_bytes(rubbed_out)
    code, out, err = run(capsys, "read", "sudoku", str(path), "--image", str(tmp_path / "a.png"))
    assert code == 0
    assert len(out.splitlines()) == 9 + 1  # the grid, then where the picture went
    assert f"Not sure of 1 cell: {doubted}. Check it against your picture." in err
    with Image.open(tmp_path / "a.png") as shown:
        assert shown.format == "PNG"


def test_solve_hint_and_check_take_a_picture_in_place_of_the_text(capsys, drawn):
    code, out, err = run(capsys, "solve", "sudoku", "--picture", str(drawn))
    assert code == 0, err
    assert out == run(capsys, "solve", "sudoku", KIND.example)[1]
    assert f"What I read from {drawn}:" in err

    code, out, err = run(capsys, "hint", "sudoku", "--picture", str(drawn), "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["read"]["puzzle"].replace("\n", "") == KIND.example
    assert document["hint"] and "read_ms" in document["timings"]

    solved = "".join(str(value) for value in KIND.solve(PUZZLE).solution.cells)
    code, out, err = run(capsys, "check", "sudoku", "--picture", str(drawn), "--answer", solved)
    assert code == 0, err
    assert "What I read from" in err and out.strip()


def test_a_misread_that_cannot_be_a_puzzle_is_never_solved(capsys, tmp_path):
    """Two 5s in the first row: what was read cannot be the member's puzzle, so no answer,
    the cells named and the way to correct it given."""
    path = tmp_path / "twice.png"
    path.write_bytes(draw("sudoku", with_values(PUZZLE, {2: 5})))
    code, out, err = run(capsys, "solve", "sudoku", "--picture", str(path))
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert "cannot be your puzzle" in err
    assert "The cells that look wrong: r1c1, r1c3" in err
    assert f"puzzlebot read sudoku {path} > puzzle.txt" in err
    assert "535.7...." in err  # what was read, to correct

    code, out, _ = run(capsys, "solve", "sudoku", "--picture", str(path), "--json")
    document = json.loads(out)
    assert "solution" not in document
    assert "cannot be your puzzle" in document["error"]
    assert document["read"]["problem"]

    code, out, err = run(capsys, "read", "sudoku", str(path))  # read says it, still prints it
    assert code == 0
    assert out.startswith("535.7....") and "cannot be your puzzle" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["53..7"], "not text and --picture"),
        (["--file", "puzzle.txt"], "not --file and --picture"),
    ],
)
def test_the_puzzle_is_given_one_way(capsys, drawn, extra, message):
    code, _, err = run(capsys, "solve", "sudoku", "--picture", str(drawn), *extra)
    assert code == EXIT_BAD_INPUT
    assert "give the puzzle one way" in err and message in err
    assert "Example: puzzlebot solve sudoku --picture photo.jpg" in err


def test_a_kind_no_reader_reads_names_those_that_can(capsys, drawn):
    unreadable = next(kind for kind in ("ladder", "cryptogram", "qless") if kind not in READERS)
    code, _, err = run(capsys, "solve", unreadable, "--picture", str(drawn))
    assert code == EXIT_BAD_INPUT
    assert "cannot be read from a picture yet" in err and "sudoku" in err
    code, _, err = run(capsys, "read", unreadable, str(drawn))
    assert code == EXIT_BAD_INPUT
    assert f"type it in instead. Example: puzzlebot solve {unreadable} " in err


def bad_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """Files that give nothing, each with what its message must say."""
    text = folder / "grid.png"  # text saved under a picture's name
    text.write_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6")
    big = folder / "huge.jpg"
    with open(big, "wb") as file:  # sparse: the size is refused before anything is read
        file.truncate(MAX_BYTES + 1)
    blank = folder / "blank.png"
    blank.write_bytes(encoded(Image.new("RGB", (800, 600), "white")))
    tiny = folder / "tiny.png"
    tiny.write_bytes(encoded(Image.new("RGB", (40, 30), "white")))
    return {
        "missing": (folder / "nope.jpg", "No such file or directory"),
        "not a picture": (text, "not a picture I can open"),
        "too big": (big, f"pictures up to {MAX_BYTES // 2**20} MB"),
        "no grid": (blank, "grid"),
        "tiny": (tiny, "too small"),
        "a folder": (folder, "could not read"),
    }


@pytest.mark.parametrize(
    "which", ["missing", "not a picture", "too big", "no grid", "tiny", "a folder"]
)
def test_a_bad_file_is_a_message_and_a_non_zero_exit(capsys, tmp_path, which):
    path, message = bad_files(tmp_path)[which]
    for command in (["read", "sudoku", str(path)], ["solve", "sudoku", "--picture", str(path)]):
        code, out, err = run(capsys, *command)
        assert code == EXIT_BAD_INPUT
        assert out == "" and message in err and "Traceback" not in err
        code, out, _ = run(capsys, *command, "--json")
        assert code == EXIT_BAD_INPUT and message in json.loads(out)["error"]


def test_the_installed_command_reads_a_photo_and_refuses_a_bad_file(tmp_path):
    script = Path(sys.executable).with_name("puzzlebot")
    photo = training_photo()
    solved = subprocess.run(
        [str(script), "solve", "sudoku", "--picture", str(photo)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert solved.returncode == 0, solved.stderr
    assert "Unique solution" in solved.stdout
    assert "What I read from" in solved.stderr
    path, message = bad_files(tmp_path)["not a picture"]
    refused = subprocess.run(
        [str(script), "read", "sudoku", str(path)], capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == EXIT_BAD_INPUT
    assert message in refused.stderr and "Traceback" not in refused.stderr


def test_a_spanish_codeword_picture_is_solved_in_spanish_without_being_told(capsys, tmp_path):
    """The picture shows its language (27 numbers, an Ñ): the puzzle is parsed as Spanish,
    as the bot judges it, not refused as '27 is not between 1 and 26'."""
    from renderers.codeword import draw as draw_codeword
    from tests.readers.test_codeword_spanish import spanish_codeword

    puzzle = spanish_codeword(11)
    path = tmp_path / "codeword.png"
    path.write_bytes(draw_codeword(puzzle))
    code, out, err = run(capsys, "solve", "codeword", "--picture", str(path), "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["puzzle"]["language"] == "es"
    solved = dict(get_kind("codeword").solve(puzzle).letters)
    assert {int(n): letter for n, letter in document["solution"]["letters"]} == solved
    assert "ñ" in solved.values()
