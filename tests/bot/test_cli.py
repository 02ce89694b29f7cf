from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import EXIT_BAD_INPUT, main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_the_answer_and_writes_the_picture(capsys, tmp_path):
    image = tmp_path / "box.png"
    code, out, err = run(
        capsys, "solve", "letterboxed", "vro", "wal", "eth", "bdi", "--image", str(image)
    )
    assert code == 0, err
    assert "2 words is the fewest possible" in out
    assert f"Picture written to {image}" in out
    with Image.open(image) as picture:
        assert picture.format == "PNG"
        assert picture.width >= 400


def test_solve_json_is_one_document_with_puzzle_solution_and_timings(capsys):
    code, out, _ = run(capsys, "solve", "lb", "VRO/WAL/ETH/BDI", "--json", "--max-words", "3")
    assert code == 0
    document = json.loads(out)
    assert document["kind"] == "letterboxed"
    assert document["puzzle"]["sides"] == ["vro", "wal", "eth", "bdi"]
    solution = document["solution"]
    assert solution["fewest_words"] == 2 and len(solution["words"]) == 2
    assert solution["max_words"] == 3
    assert set(document["timings"]) >= {"parse_ms", "solve_ms"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "letterboxed", "vro", "wal", "eth", "bdo"], "the letter O appears twice"),
        (["solve", "letterboxed", "vrowal", "ethbdi"], "at least 3 sides, but I found 2"),
        (["solve", "letterboxed", "vrowalethbdi"], "did you forget a space between two sides?"),
        (["solve", "letterboxed", "vro", "wal", "et4", "bdi"], "contains '4'"),
        (["solve", "chess", "e4"], "no puzzle kind called 'chess'"),
        (["solve", "letterboxed", "vro wal eth bdi", "--max-words", "0"], "at least 1"),
        (["solve", "letterboxed", "a" * 100], "the most I accept is 80"),
    ],
)
def test_bad_input_exits_non_zero_with_a_clear_message_and_no_traceback(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == EXIT_BAD_INPUT
    assert message in err
    assert "Traceback" not in err + out


def test_bad_input_with_json_is_still_one_json_document(capsys):
    code, out, _ = run(capsys, "solve", "letterboxed", "vro", "wal", "--json")
    assert code == EXIT_BAD_INPUT
    assert "at least 3 sides" in json.loads(out)["error"]


def test_check_and_hint_commands(capsys):
    code, out, _ = run(capsys, "solve", "letterboxed", "vro wal eth bdi", "--json")
    words = " ".join(json.loads(out)["solution"]["words"])
    code, out, _ = run(capsys, "check", "letterboxed", "vro wal eth bdi", "--answer", words)
    assert code == 0 and out.startswith("Solved in 2 words")
    code, out, _ = run(capsys, "check", "letterboxed", "vro wal eth bdi", "--answer", "tea")
    assert "TEA goes from T to E" in out
    code, out, _ = run(capsys, "hint", "letterboxed", "vro wal eth bdi")
    assert code == 0 and out.startswith("Try a ")


def test_generate_is_reproducible_from_the_seed(capsys, tmp_path):
    image = tmp_path / "daily.png"
    _, first, _ = run(capsys, "generate", "letterboxed", "--seed", "42", "--json")
    code, second, _ = run(
        capsys, "generate", "letterboxed", "--seed", "42", "--json", "--image", str(image)
    )
    assert code == 0
    assert json.loads(first)["puzzle"] == json.loads(second)["puzzle"]
    assert image.stat().st_size > 1000


def test_help_lists_every_kind_with_an_example(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert "letterboxed" in out and "puzzlebot solve letterboxed vro wal eth bdi" in out


def test_installed_entry_point_runs_the_seed_puzzle(tmp_path):
    script = Path(sys.executable).with_name("puzzlebot")  # installed by `pip install -e .`
    assert script.exists(), "the project is not installed in this environment"
    result = subprocess.run(
        [str(script), "solve", "letterboxed", "vro", "wal", "eth", "bdi"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "fewest possible" in result.stdout


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["generate", "letterboxed", "--difficulty", "expert"], "must be one of easy, medium"),
        (["generate", "letterboxed", "some", "phrase"], "is not generated from text"),
        (["solve", "letterboxed"], "no Letter Boxed puzzle given"),
        (["solve", "letterboxed", "--file", "/nonexistent/grid.txt"], "could not read"),
        (["check", "letterboxed", "vro", "wal", "eth", "bdi"], "give your answer"),
    ],
)
def test_generate_and_file_input_errors_are_messages(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == EXIT_BAD_INPUT
    assert message in err


def test_puzzle_can_be_read_from_a_file(capsys, tmp_path):
    puzzle_file = tmp_path / "box.txt"
    puzzle_file.write_text("VRO\nWAL\nETH\nBDI\n")
    code, out, err = run(capsys, "solve", "letterboxed", "--file", str(puzzle_file))
    assert code == 0, err
    assert "2 words is the fewest possible" in out


def test_puzzle_words_may_follow_the_flags(capsys):
    code, out, err = run(capsys, "solve", "letterboxed", "--json", "vro", "wal", "eth", "bdi")
    assert code == 0, err
    assert json.loads(out)["puzzle"]["sides"] == ["vro", "wal", "eth", "bdi"]


def test_run_without_a_token_says_where_to_put_one(capsys, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code, _, err = run(capsys, "run")
    assert code == EXIT_BAD_INPUT
    assert "no Discord token: set DISCORD_TOKEN" in err


def test_run_with_a_malformed_config_names_the_key(capsys, tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[workers]\ncount = 'two'\n")
    code, _, err = run(capsys, "run", "--config", str(config))
    assert code == EXIT_BAD_INPUT
    assert "workers.count must be a whole number" in err
