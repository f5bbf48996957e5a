"""The coverage scanner finds ``@pytest.mark.rules`` markers without running tests."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from harness.coverage import CheckRef, coverage_table, marked_tests
from model.core.errors import InputError


def make_tests_dir(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "tests"
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def test_markers_on_functions_classes_and_methods(tmp_path):
    folder = make_tests_dir(tmp_path, {"test_a.py": '''
        import pytest

        @pytest.mark.rules("cf4.3", "CF 4.4")
        def test_any():
            pass

        @pytest.mark.slow
        @pytest.mark.rules("CF 2.1")
        def test_two_decorators():
            pass

        def test_unmarked():
            pass

        @pytest.mark.rules("CF 9.9")
        def helper_not_a_test():
            pass

        @pytest.mark.rules("CF 3.1")
        class TestBlocking:
            def test_inherits(self):
                pass

            @pytest.mark.rules("CF 3.2")
            def test_adds(self):
                pass

            def not_a_test(self):
                pass
        '''})
    assert marked_tests(folder) == {
        "CF 4.3": ["tests/test_a.py::test_any"],
        "CF 4.4": ["tests/test_a.py::test_any"],
        "CF 2.1": ["tests/test_a.py::test_two_decorators"],
        "CF 3.1": ["tests/test_a.py::TestBlocking::test_inherits",
                   "tests/test_a.py::TestBlocking::test_adds"],
        "CF 3.2": ["tests/test_a.py::TestBlocking::test_adds"],
    }


def test_module_level_pytestmark_single_and_list(tmp_path):
    folder = make_tests_dir(tmp_path, {
        "test_single.py": '''
            import pytest
            pytestmark = pytest.mark.rules("CF 1.1")

            def test_one():
                pass
            ''',
        "sub/test_list.py": '''
            import pytest
            pytestmark = [pytest.mark.slow, pytest.mark.rules("CF 1.2", "CF 1.3")]

            @pytest.mark.rules("CF 1.4")
            def test_two():
                pass

            class TestGroup:
                pytestmark = [pytest.mark.rules("CF 5.1")]

                def test_three(self):
                    pass
            ''',
    })
    found = marked_tests(folder)
    assert found["CF 1.1"] == ["tests/test_single.py::test_one"]
    assert found["CF 1.2"] == ["tests/sub/test_list.py::test_two",
                               "tests/sub/test_list.py::TestGroup::test_three"]
    assert found["CF 1.4"] == ["tests/sub/test_list.py::test_two"]
    assert found["CF 5.1"] == ["tests/sub/test_list.py::TestGroup::test_three"]


def test_only_test_files_are_read_and_a_missing_folder_is_empty(tmp_path):
    folder = make_tests_dir(tmp_path, {"helpers.py": '''
        import pytest
        @pytest.mark.rules("CF 1.1")
        def test_in_a_helper():
            pass
        ''', "test_strings.py": '''
        TEXT = '@pytest.mark.rules("CF 1.1")'
        def test_text():
            assert TEXT
        '''})
    assert marked_tests(folder) == {}
    assert marked_tests(tmp_path / "nowhere") == {}


def test_a_malformed_number_in_a_marker_is_an_input_error(tmp_path):
    folder = make_tests_dir(tmp_path, {"test_bad.py": '''
        import pytest
        @pytest.mark.rules("section four")
        def test_x():
            pass
        '''})
    with pytest.raises(InputError, match="'section four' is not a rule number"):
        marked_tests(folder)


def test_pytestmark_after_the_tests_still_applies(tmp_path):
    folder = make_tests_dir(tmp_path, {"test_late.py": '''
        import pytest

        def test_early():
            pass

        pytestmark = pytest.mark.rules("CF 1.1")
        '''})
    assert marked_tests(folder) == {"CF 1.1": ["tests/test_late.py::test_early"]}


def test_pytestmark_as_a_tuple(tmp_path):
    folder = make_tests_dir(tmp_path, {"test_tuple.py": '''
        import pytest
        pytestmark = (pytest.mark.rules("CF 1.1"),)

        def test_one():
            pass
        '''})
    assert marked_tests(folder) == {"CF 1.1": ["tests/test_tuple.py::test_one"]}


def test_coverage_table_lists_uncovered_rules_as_empty():
    ref = CheckRef("test", "tests/test_a.py::test_any")
    table = coverage_table(["CF 4.3", "CF 4.4"], {"CF 4.3": [ref], "CF 9.9": [ref]})
    assert table == {"CF 4.3": [ref], "CF 4.4": []}


def test_this_projects_markers_name_real_club_fight_rules():
    from model.clubfight import GAME

    found = marked_tests(Path(__file__).parent)
    clubfight = {n for n in found if n.startswith("CF ")}
    assert clubfight and clubfight <= set(GAME.rulebook.numbers())
