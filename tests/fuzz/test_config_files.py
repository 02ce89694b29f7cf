"""Config files and the shard variables, fuzzed: any file the operator could name with
--config, and any text in PUZZLEBOT_SHARD_COUNT / PUZZLEBOT_SHARD_IDS, loads or is one
ConfigError line; never another exception, never the token shown.

The files are built from the config's own sections and keys with values at and past every
extreme (numbers of thousands of digits, deep nesting, NUL, non-UTF-8 bytes, a byte order
mark, the wrong types), mutated byte by byte, or arbitrary bytes.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.config import FILE_KEYS, ConfigError, load_config
from tests.fuzz.strategies import TRIED

pytestmark = pytest.mark.fuzz

TOKEN = "secret-token-never-shown"
LONGEST_MESSAGE = 700

VALUES = st.one_of(
    st.sampled_from(
        [
            "1",
            "0",
            "-1",
            "3.5",
            "nan",
            "inf",
            "true",
            '"INFO"',
            f'"{TOKEN}"',
            '"sqlite:///x.sqlite3"',
            "[0, 1]",
            "[0, 0]",
            "[]",
            "{}",
            "1" * 4400,
            "9" * 5000,
            "[" * 5000 + "]" * 5000,
            "{a = " * 3000 + "1" + "}" * 3000,
            '"\x00"',
            "0x10",
            "1_000",
            "1979-05-27",
        ]
    ),
    st.integers().map(str),
    st.text(max_size=20).map(lambda text: '"' + text.replace("\\", "").replace('"', "") + '"'),
)


@st.composite
def config_texts(draw) -> bytes:
    """A file of the config's sections and keys (now and then an unknown one), each with a
    value of any form."""
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        section, key = draw(st.sampled_from([*FILE_KEYS, ("workers", "nope"), ("x", "y")]))
        lines.append(f"[{section}]\n{key} = {draw(VALUES)}")
    text = "\n".join(dict.fromkeys(lines)).encode()
    if draw(st.booleans()):
        text = b"\xef\xbb\xbf" + text  # as Windows editors save it
    return text


def mutated(data: bytes) -> st.SearchStrategy[bytes]:
    @st.composite
    def build(draw) -> bytes:
        at = draw(st.integers(0, len(data)))
        piece = draw(st.sampled_from([b"\x00", b"\xff", b"[", b"{", b'"', b"\n", b"=", b"\xc3"]))
        return data[:at] + piece + data[at + 1 :]

    return build()


FILES = st.one_of(config_texts(), config_texts().flatmap(mutated), st.binary(max_size=400))


def loads_or_refuses(path: Path, environ: dict[str, str]) -> None:
    try:
        load_config(path, environ)
    except ConfigError as refusal:
        message = str(refusal)
        assert message.strip() and "\n" not in message, message
        assert len(message) <= LONGEST_MESSAGE, f"a {len(message)}-character refusal"
        assert TOKEN not in message


@settings(max_examples=settings().max_examples * 3)
@given(content=FILES)
def test_any_config_file_loads_or_is_one_line(content):
    TRIED["config"] += 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        path.write_bytes(content)
        loads_or_refuses(path, {})


SHARD_TEXT = st.one_of(
    st.lists(st.integers(-3, 12).map(str), max_size=6).map(",".join),
    st.sampled_from(["٣", "0,٣", "²", "５", " 1 , 2 ", "1,,2", "9" * 5000, "0x1", "+1"]),
    st.text(max_size=30),
)


@settings(max_examples=settings().max_examples * 3)
@given(count=SHARD_TEXT, ids=SHARD_TEXT)
def test_any_shard_variables_load_or_are_one_line(count, ids):
    TRIED["config"] += 1
    loads_or_refuses(None, {"PUZZLEBOT_SHARD_COUNT": count, "PUZZLEBOT_SHARD_IDS": ids})
