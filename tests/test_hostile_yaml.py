"""Hostile content files (issue 17's list): each is refused quickly, with one problem naming
file, line and column, never a traceback, a hang or memory growing without end."""

import time

import pytest

from overlord.content.validate import load_content
from overlord.content.yamlio import MAX_BYTES

LAUGHS = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 10)}]\n" for a, b in zip("abcdefgh", "bcdefghi")) + "monsters: *i\n"


@pytest.mark.parametrize("name, text, where, message", [
    ("a self-referencing anchor", "- id: &r [*r]\n", "1:7", "an alias refers to the value that holds it"),
    ("a typed tag with a bad int", "monsters: !!int abc\n", "1:11", "'abc' cannot be read as int"),
    ("a typed tag with a bad float", "monsters: !!float x\n", "1:11", "'x' cannot be read as float"),
    ("a bad timestamp", "monsters: !!timestamp nope\n", "1:11", "'nope' cannot be read as timestamp (not a valid timestamp)"),
    ("an integer of 5000 digits", "monsters: " + "9" * 5000 + "\n", "1:11", "cannot be read as int (Exceeds the limit"),
    ("an alias bomb (a billion values from 400 bytes)", LAUGHS, "6:4", "its aliases expand to more than 200,000 values"),
    ("nesting 5000 deep", "monsters: " + "[" * 5000 + "]" * 5000 + "\n", "1:74", "YAML nests too deeply"),
    ("an empty file", "", "1:1", "a content file is a mapping"),
    ("a scalar file", "hello\n", "1:1", "a content file is a mapping"),
    ("a Python object tag", "monsters: !!python/object:os.system ls\n", "1:11", "could not determine a constructor"),
])
def test_hostile_file_is_one_problem_at_its_place(tmp_path, name, text, where, message):
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    started = time.process_time()      # CPU seconds: a busy machine's other work does not count
    loaded = load_content(path)
    assert time.process_time() - started < 1.0, name
    assert len(loaded.problems) == 1, loaded.problems
    assert str(loaded.problems[0]).startswith(f"{path}:{where}: "), str(loaded.problems[0])
    assert message in str(loaded.problems[0])


def test_a_file_past_the_size_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("monsters:\n" + "  # padding\n" * (MAX_BYTES // 10))
    started = time.process_time()
    loaded = load_content(path)
    assert time.process_time() - started < 0.1
    assert "too large for a content file" in str(loaded.problems[0])
