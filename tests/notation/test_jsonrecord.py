"""JSON and YAML records: layout, round trips, the schema, and every reader error."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yaml

from muehle.notation.formats import yamlload
from muehle.notation.formats.jsonrecord import (
    _json_text,
    read_json,
    read_yaml,
    records_to_data,
    write_json,
    write_yaml,
)
from muehle.notation.reading.parser import read_games
from muehle.notation.record.model import POINTS, Game, Ply, Variation
from muehle.notation.text.errors import FormatError
from muehle.notation.writing.writers import UnwritableError
from paths import ROOT

SCHEMA = ROOT / "docs" / "record-schema.json"


def rich_game() -> Game:
    """A record using every field of the model."""
    first = Ply(1, "white", "b4", comments=["the usual start"], line=3, column=1)
    reply = Ply(1, "black", "d6", annotation="?!", nags=[6, 146], draw_offer=True, line=3, column=7)
    alternative = Variation(
        plies=[Ply(1, "black", "d2", variations=[Variation([Ply(1, "black", "f4")])]),
               Ply(2, "white", "f6")],
        comments=["or"],
    )
    reply.variations.append(alternative)
    capture = Ply(18, "white", "b2", origin="d2", captures=["a4", "g7"], annotation="!")
    return Game(
        tags={"Event": "Schweizer Meisterschaft", "White": 'Jörg "Mühle" \\ Roth', "Round": "1"},
        comments=["before the game"],
        plies=[first, reply, capture, Ply(None, "black", "a4", origin="a7")],
        result="1/2-1/2",
        final_comments=["after the game", "} and ; are fine in JSON"],
    )


def document(*games: dict[str, Any]) -> str:
    return json.dumps({"format": "muehle-record", "version": 1, "games": list(games)})


def test_the_layout_of_a_ply_and_a_game() -> None:
    data = json.loads(write_json([rich_game()]))
    assert list(data) == ["format", "version", "games"]
    assert (data["format"], data["version"]) == ("muehle-record", 1)
    game = data["games"][0]
    assert list(game) == ["tags", "comments", "plies", "result", "final_comments"]
    assert list(game["tags"]) == ["Event", "White", "Round"]  # order kept
    assert game["plies"][2] == {
        "number": 18, "side": "white", "from": "d2", "to": "b2", "captures": ["a4", "g7"], "annotation": "!",
    }
    assert game["plies"][1]["line"] == 3 and game["plies"][1]["column"] == 7
    assert game["plies"][1]["variations"][0]["comments"] == ["or"]
    assert game["plies"][3] == {"number": None, "side": "black", "from": "a7", "to": "a4"}


def test_default_fields_are_left_out_but_tags_plies_number_side_to_stay() -> None:
    data = json.loads(write_json([Game(plies=[Ply(1, "white", "b4")])]))
    assert data["games"] == [{"tags": {}, "plies": [{"number": 1, "side": "white", "to": "b4"}]}]


def test_json_round_trip_keeps_everything_including_source_positions() -> None:
    game = rich_game()
    (back,) = read_json(write_json([game]), "g.json")
    assert back == game
    assert (back.plies[1].line, back.plies[1].column) == (3, 7)
    assert back.source == "g.json"


def test_yaml_round_trip_and_layout() -> None:
    game = rich_game()
    text = write_yaml([game, Game()])
    assert read_yaml(text) == [game, Game()]
    assert text.startswith("format: muehle-record\nversion: 1\ngames:\n")
    assert "Jörg" in text  # Unicode kept, not escaped
    assert yaml.safe_load(text) == json.loads(write_json([game, Game()]))


def test_a_move_number_0_that_notation_can_hold_goes_through_json_and_back() -> None:
    """The notation reads '0. b4' as written (the replay calls it a numbering error), so a
    record converted to JSON must read back."""
    games = list(read_games("0. b4 d6 1. d2 *"))
    assert [ply.number for ply in games[0].plies] == [0, 0, 1]
    assert read_json(write_json(games)) == games and read_yaml(write_yaml(games)) == games


def test_explicit_defaults_are_read_like_omitted_ones() -> None:
    explicit = {
        "tags": {}, "comments": [], "result": None, "final_comments": [],
        "plies": [{"number": None, "side": "white", "from": None, "to": "b4", "captures": [],
                   "annotation": None, "nags": [], "draw_offer": False, "comments": [],
                   "variations": [], "line": 0, "column": 0}],
    }
    assert read_json(document(explicit)) == read_json(document({"plies": [{"side": "white", "to": "b4"}]}))
    assert read_json(document({})) == [Game()]


def test_the_writers_output_follows_the_published_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    validator.validate(json.loads(write_json([rich_game(), Game()])))
    validator.validate(yaml.safe_load(write_yaml([rich_game()])))
    # The schema is strict where the reader is strict.
    bad = json.loads(write_json([rich_game()]))
    bad["games"][0]["plies"][0]["to"] = "b1"
    assert not validator.is_valid(bad)
    bad = json.loads(write_json([rich_game()]))
    bad["games"][0]["plies"][0]["colour"] = "white"
    assert not validator.is_valid(bad)
    bad = json.loads(write_json([rich_game()]))
    bad["games"][0]["plies"][0]["comments"] = ['x\r\n\r\n[Event "B"]\ny']
    assert not validator.is_valid(bad)
    good = json.loads(write_json([rich_game()]))
    for comment in ('x\r\n[Event "B"]\ny', 'x\n\n[Event "B"]'):  # no blank line; the last line: both written
        good["games"][0]["plies"][0]["comments"] = [comment]
        assert validator.is_valid(good)


PLY = {"number": 1, "side": "white", "to": "b4"}


@pytest.mark.parametrize(
    "games, message",
    [
        ([{"plies": [dict(PLY, to="b1")]}], "games[0].plies[0].to: 'b1' is not a point of the board"),
        ([{"plies": [dict(PLY, to="B4")]}],
         "games[0].plies[0].to: 'B4' is not a point of the board (points are written in lower case: 'b4')"),
        ([{"plies": [PLY, dict(PLY, **{"from": "d4"})]}], "games[0].plies[1].from: 'd4' is not a point"),
        ([{"plies": [dict(PLY, captures=["a4", "x"])]}], "games[0].plies[0].captures[1]: 'x' is not a point"),
        ([{"plies": [dict(PLY, side="red")]}], "games[0].plies[0].side: 'red' is not a side (white or black)"),
        ([{"result": "2-0"}], "games[0].result: '2-0' is not a result (1-0, 0-1, 1/2-1/2, *)"),
        ([{"result": "½-½"}], "games[0].result: '½-½' is not a result"),
        ([{"plies": [dict(PLY, annotation="!!!")]}], "games[0].plies[0].annotation: '!!!' is not an annotation"),
        ([{"plies": [dict(PLY, nags=[0])]}], "games[0].plies[0].nags[0]: 0 is out of range (from 1 to 255)"),
        ([{"plies": [dict(PLY, nags=[256])]}], "games[0].plies[0].nags[0]: 256 is out of range"),
        ([{"plies": [dict(PLY, number=-1)]}], "games[0].plies[0].number: -1 is out of range (0 or more)"),
        ([{"plies": [dict(PLY, number="1")]}], "games[0].plies[0].number: expected an integer, got a string"),
        ([{"plies": [dict(PLY, number=True)]}], "games[0].plies[0].number: expected an integer, got a boolean"),
        ([{"plies": [dict(PLY, draw_offer=1)]}], "games[0].plies[0].draw_offer: expected true or false"),
        ([{"plies": [dict(PLY, colour="white")]}], "games[0].plies[0]: unknown key 'colour'"),
        ([{"plies": [{"number": 1, "side": "white"}]}], "games[0].plies[0]: missing key 'to'"),
        ([{"plies": {"side": "white"}}], "games[0].plies: expected an array, got an object"),
        ([{"plies": [dict(PLY, comments="nice")]}], "games[0].plies[0].comments: expected an array, got a string"),
        ([{"plies": [dict(PLY, comments=["}\n"])]}],
         "games[0].plies[0].comments[0]: a comment cannot contain both '}' and a line break"),
        ([{"plies": [dict(PLY, variations=[{"plies": []}])]}],
         "games[0].plies[0].variations[0].plies: a variation needs at least one ply"),
        ([{"plies": [dict(PLY, variations=[{"comments": ["x"]}])]}],
         "games[0].plies[0].variations[0]: missing key 'plies'"),
        ([{"plies": [dict(PLY, variations=[{"plies": [dict(PLY, to="h8")]}])]}],
         "games[0].plies[0].variations[0].plies[0].to: 'h8' is not a point"),
        ([{"tags": {"Event": 1}}], "games[0].tags.Event: expected a string, got an integer"),
        ([{"tags": {"Event": "a\nb"}}], "games[0].tags.Event: a tag value cannot contain a line break"),
        ([{"tags": {"Bad name": "x"}}], "games[0].tags['Bad name']: not a tag name"),
        ([{"tags": ["Event"]}], "games[0].tags: expected an object, got an array"),
        ([{"moves": []}], "games[0]: unknown key 'moves'"),
        (["1. b4"], "games[0]: expected an object, got a string"),
        ([{"plies": [dict(PLY, comments=['x\n\n[Event "B"]\ny'])]}],
         "games[0].plies[0].comments[0]: a comment cannot hold a blank line followed by a line that starts like a "
         'tag pair ([Name ")'),
        ([{"comments": ['x\n \n[Event "B"]\ny']}], "games[0].comments[0]: a comment cannot hold a blank line"),
        ([{"tags": {"Event": "a\ud800b"}}], "games[0].tags.Event: not valid Unicode text (a lone surrogate \\ud800)"),
        ([{"comments": ["\udfff"]}], "games[0].comments[0]: not valid Unicode text (a lone surrogate \\udfff)"),
        ([{"plies": [PLY], "final_comments": ["\ude00\ud83d"]}],
         "games[0].final_comments[0]: not valid Unicode text (a lone surrogate \\ude00)"),
        ([{"plies": [dict(PLY, line=-1)]}], "games[0].plies[0].line: -1 is out of range (0 or more)"),
    ],
)
def test_a_bad_value_is_named_by_its_path(games: list[Any], message: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_json(json.dumps({"format": "muehle-record", "version": 1, "games": games}), "g.json")
    assert caught.value.message.startswith(message), caught.value.message
    assert caught.value.format().startswith(f"g.json: error: {message}")


@pytest.mark.parametrize(
    "text, message",
    [
        ('[]', "expected an object with 'format', 'version' and 'games', got an array"),
        ('{"format": "muehle-record", "version": 1}', "missing key 'games'"),
        ('{"format": "pgn", "version": 1, "games": []}', "format: expected 'muehle-record', got 'pgn'"),
        ('{"format": "muehle-record", "version": 2, "games": []}',
         "version: version 2 is not supported (this muehle reads version 1)"),
        ('{"format": "muehle-record", "version": "1", "games": []}', "version: expected an integer, got a string"),
        ('{"format": "muehle-record", "version": 1, "games": [], "extra": 1}', "unknown key 'extra' (expected one of: format, version, games)"),
        ('{"format": "muehle-record", "version": 1, "games": [{"tags": {"A": "1", "A": "2"}}]}',
         "games[0].tags: the tag 'A' appears more than once"),
        ('{"format": "muehle-record", "version": 1, "version": 1, "games": []}',
         "the key 'version' appears more than once"),
        ('{"format": "muehle-record", "version": 1, "games": [{"plies": [{"side": "white", "to": "b4", "at": 1}]}]}',
         "games[0].plies[0]: unknown key 'at' (expected one of: number, side, from, to, captures, annotation, nags, "
         "draw_offer, comments, variations, line, column)"),
    ],
)
def test_a_bad_document_is_refused(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_json(text, "g.json")
    assert caught.value.message == message
    assert caught.value.location() == "g.json"


def test_json_syntax_errors_carry_line_and_column() -> None:
    text = '{"format": "muehle-record",\n "version": 1,\n "games": [}\n'
    with pytest.raises(FormatError) as caught:
        read_json(text, "broken.json")
    error = caught.value
    assert (error.line, error.column) == (3, 12)
    assert error.format() == (
        "broken.json:3:12: error: invalid JSON: Expecting value\n"
        '     "games": [}\n'
        "               ^"
    )


def test_yaml_syntax_errors_carry_line_and_column() -> None:
    text = "format: muehle-record\nversion: 1\ngames: [\n"
    with pytest.raises(FormatError) as caught:
        read_yaml(text, "broken.yaml")
    assert caught.value.message.startswith("invalid YAML")
    assert caught.value.line == 4


def test_yaml_refuses_a_repeated_key_with_its_place() -> None:
    text = "format: muehle-record\nversion: 1\ngames:\n- tags: {Event: a, Event: b}\n"
    with pytest.raises(FormatError, match="found the key 'Event' twice") as caught:
        read_yaml(text, "dup.yaml")
    assert (caught.value.line, caught.value.column) == (4, 20)


def test_yaml_values_that_are_not_strings_are_named() -> None:
    text = "format: muehle-record\nversion: 1\ngames:\n- tags: {Date: 2024-05-01, Round: 3}\n"
    with pytest.raises(FormatError, match=r"games\[0\].tags.Date: expected a string, got a date"):
        read_yaml(text)


def test_yaml_never_builds_python_objects() -> None:
    text = "format: muehle-record\nversion: 1\ngames: !!python/object/apply:os.system ['true']\n"
    with pytest.raises(FormatError, match="invalid YAML"):
        read_yaml(text)


def test_an_empty_yaml_document_is_refused() -> None:
    with pytest.raises(FormatError, match="expected an object with 'format', 'version' and 'games', got null"):
        read_yaml("")


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    text = '{"format": "muehle-record", "version": 1, "games": ' + "[" * 100000 + "]" * 100000 + "}"
    with pytest.raises(FormatError):
        read_json(text)


# -- anchors and aliases --------------------------------------------------------------------

def test_a_yaml_alias_is_refused_at_the_value_it_names() -> None:
    text = "format: muehle-record\nversion: 1\ngames:\n- tags: &t {Event: a}\n- tags: *t\n"
    with pytest.raises(FormatError) as caught:
        read_yaml(text, "alias.yaml")
    error = caught.value
    assert error.message == "invalid YAML: YAML anchors and aliases are not read here: write the value out"
    assert (error.source, error.line, error.column) == ("alias.yaml", 4, 9)


def test_a_yaml_alias_cycle_is_refused_not_walked_forever() -> None:
    with pytest.raises(FormatError, match="anchors and aliases are not read here") as caught:
        read_yaml("format: muehle-record\nversion: 1\ngames: &a [*a]\n", "loop.yaml")
    assert (caught.value.line, caught.value.column) == (3, 8)


def test_nested_yaml_aliases_are_refused_at_the_first_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine levels of ten aliases each stand for 10**10 values: the first value named twice ends the
    reading, before any value is built."""
    built: list[str] = []

    class Loader(yamlload._SAFE_LOADER):  # type: ignore[misc, name-defined]
        def construct_document(self, node: yaml.Node) -> object:
            built.append(node.id)  # (not the node: its repr would spell out every alias)
            return super().construct_document(node)

    monkeypatch.setattr(yamlload, "_SAFE_LOADER", Loader)
    lines = ["a: &a [x,x,x,x,x,x,x,x,x,x]"]
    for before, name in zip("abcdefghi", "bcdefghij"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{before}"] * 10) + "]")
    text = "format: muehle-record\nversion: 1\ngames: []\nx:\n  " + "\n  ".join(lines) + "\n"
    with pytest.raises(FormatError, match="anchors and aliases are not read here") as caught:
        read_yaml(text, "laughs.yaml")
    assert (caught.value.line, caught.value.column) == (13, 6)  # &i, named ten times on the next line
    assert built == []
    assert read_yaml("format: muehle-record\nversion: 1\ngames: []\n") == [] and len(built) == 1  # (the spy sees it)


def test_the_yaml_writer_writes_a_value_given_twice_out_twice() -> None:
    from muehle.notation.formats.jsonrecord import _SafeDumper

    shared = ["a4"]
    text = yaml.dump({"one": shared, "two": shared}, Dumper=_SafeDumper)
    assert text == "one:\n- a4\ntwo:\n- a4\n"


# -- numbers with too many digits --------------------------------------------------------------

LONG = "1" * 5000  # more digits than Python reads as a number (4300)
RECORD = '{"format": "muehle-record", "version": 1, "games": [{"plies": [%s]}]}'


@pytest.mark.parametrize("text, message", [
    ('{"format": "muehle-record", "version": %s, "games": []}' % LONG,
     "version: a number of 5000 digits is too long (at most 4000)"),
    (RECORD % ('{"number": %s, "side": "white", "to": "b4"}' % LONG),
     "games[0].plies[0].number: a number of 5000 digits is too long (at most 4000)"),
    (RECORD % ('{"number": -%s, "side": "white", "to": "b4"}' % LONG),
     "games[0].plies[0].number: a number of 5000 digits is too long (at most 4000)"),
    (RECORD % ('{"number": %s, "side": "white", "to": "b4"}' % ("9" * 4001)),
     "games[0].plies[0].number: a number of 4001 digits is too long (at most 4000)"),
    (RECORD % ('{"number": 1, "side": "white", "to": "b4", "nags": [%s]}' % LONG),
     "games[0].plies[0].nags[0]: a number of 5000 digits is too long (at most 4000)"),
    (RECORD % ('{"number": 1, "side": "white", "to": "b4", "column": %s}' % LONG),
     "games[0].plies[0].column: a number of 5000 digits is too long (at most 4000)"),
    ('{"format": "muehle-record", "version": 1, "games": [{"tags": {"Round": %s}}]}' % LONG,
     "games[0].tags.Round: expected a string, got an integer"),
    ('{"format": %s, "version": 1, "games": []}' % LONG,
     "format: expected 'muehle-record', got a number of 5000 digits"),
], ids=["version", "number", "negative", "4001-digits", "nag", "column", "tag", "format"])
def test_a_json_number_too_long_is_named_by_its_path(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_json(text, "g.json")
    assert caught.value.message == message
    assert caught.value.location() == "g.json"


def test_a_json_syntax_error_after_a_number_too_long_is_still_found() -> None:
    with pytest.raises(FormatError) as caught:
        read_json('{"format": "muehle-record", "version": %s, "games": [}' % LONG, "g.json")
    assert (caught.value.message, caught.value.line, caught.value.column) == (
        "invalid JSON: Expecting value", 1, len('{"format": "muehle-record", "version": , "games": [') + 5001)


def test_a_number_of_4000_digits_is_read_and_one_of_4001_is_not() -> None:
    yaml_record = "format: muehle-record\nversion: 1\ngames:\n- plies:\n  - {number: %d, side: white, to: b4}\n"
    json_record = RECORD % '{"number": %d, "side": "white", "to": "b4"}'
    for read, record in ((read_json, json_record), (read_yaml, yaml_record)):
        assert read(record % (10**4000 - 1))[0].plies[0].number == 10**4000 - 1
        with pytest.raises(FormatError, match="a number of 4001 digits is too long"):
            read(record % 10**4000)


@pytest.mark.parametrize("value, line, column, digits", [
    (LONG, 5, 14, 5000),
    ("-" + LONG, 5, 14, 5000),
    ("9" * 4001, 5, 14, 4001),
    ("0x" + "f" * 3500, 5, 14, 4215),  # 16**3500 has 4215 digits
    ("1" + ":59" * 6000, 5, 14, 10670),  # base 60, as YAML 1.1 reads it
], ids=["decimal", "negative", "4001-digits", "hexadecimal", "sexagesimal"])
def test_a_yaml_number_too_long_is_an_error_at_its_place(value: str, line: int, column: int, digits: int) -> None:
    text = "format: muehle-record\nversion: 1\ngames:\n- plies:\n  - {number: %s, side: white, to: b4}\n" % value
    with pytest.raises(FormatError) as caught:
        read_yaml(text, "g.yaml")
    error = caught.value
    assert error.message == f"invalid YAML: a number of {digits} digits is too long (at most 4000)"
    assert (error.source, error.line, error.column) == ("g.yaml", line, column)


@pytest.mark.parametrize("text, line, column", [
    (LONG, 1, 1),
    ("format: muehle-record\nversion: 1\ngames: []\n? %s\n: 1\n" % LONG, 4, 3),
], ids=["document", "key"])
def test_a_yaml_number_too_long_is_found_anywhere(text: str, line: int, column: int) -> None:
    with pytest.raises(FormatError, match="a number of 5000 digits is too long") as caught:
        read_yaml(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def opening() -> Game:
    """A game of two plies: the JSON writer writes the games after it as they come."""
    return Game(plies=[Ply(1, "white", "b4", line=1, column=4), Ply(1, "black", "d6", line=1, column=7)])


ODD_PLIES = [
    Ply(1, "white", "b4"),  # no place
    Ply(0, "black", "a1", line=1, column=1),  # the shortest ply
    Ply(None, "black", "a4", origin="a7", line=2, column=3),  # no number
    Ply(10**6, "white", "b4", line=1, column=1),  # a long number
    Ply(5, "white", "d2", line=7),  # a line without a column
    Ply(5, "white", "d2", column=7),  # a column without a line
    Ply(10**40, "white", "b4"),
    Ply(17, "black", "a4", captures=["g7"], line=123456, column=4),  # 92 columns: on one line
    Ply(17, "black", "a4", captures=["g7"], line=1234567, column=4),  # 93: a field to a line
    Ply(18, "white", "b2", origin="d2", captures=["a4", "g7"], annotation="?!", nags=[6, 146], draw_offer=True,
        line=123456, column=78),
    Ply(5, "white", "d2", captures=list(POINTS)),  # captures that do not fit beside their key
    Ply(5, "white", "d2", nags=list(range(1, 40))),  # NAGs that do not fit beside their key
    Ply(5, "white", "d2", nags=[255, 1, 255]),
    Ply(5, "white", "d2", comments=["a }", "ü \"quoted\" \\ \u2028"]),
    Ply(5, "white", "d2", variations=[Variation([Ply(5, "white", "f4", captures=["a1"], line=3, column=9)], ["or"])]),
    Ply(5, "white", "d2", draw_offer=1),  # type: ignore[arg-type]  (any true value: a draw offer)
]


@pytest.mark.parametrize("locations", [True, False])
def test_games_written_as_they_come_have_the_layout_of_the_whole_record(locations: bool) -> None:
    """After the first game the writer writes a ply from templates; the text is the layout of the
    record's data (:func:`_json_text` of :func:`records_to_data`), a ply on one line where it fits
    in 100 columns, else a field to a line."""
    games = [opening(), Game(tags={"Event": "x"}, comments=["c"], plies=[opening().plies[0], *ODD_PLIES],
                             result="*", final_comments=["f"])]
    games += [Game(plies=[ply, ply]) for ply in ODD_PLIES]
    data = records_to_data(games)
    if not locations:
        for game in data["games"]:
            for ply in game["plies"]:
                ply.pop("line", None)
                ply.pop("column", None)
                for variation in ply.get("variations", ()):
                    for inner in variation["plies"]:
                        inner.pop("line", None)
                        inner.pop("column", None)
    text = write_json(games, locations)
    assert text == _json_text(data, 0) + "\n"
    assert json.loads(text) == data
    lines = text.splitlines()
    if locations:
        assert '        {"number": 17, "side": "black", "to": "a4", "captures": ["g7"], "line": 123456, "column": 4},' \
            in lines
        assert '          "line": 1234567,' in lines
    assert '            "a1",' in lines  # (the 24 captures: one to a line)


@pytest.mark.parametrize(("ply", "message"), [
    (Ply(1, "white", "b1"), "'b1' is not a point of the board"),
    (Ply(1, "white", "b4", origin="x"), "'x' is not a point of the board"),
    (Ply(1, "white", "b4", captures=["h8"]), "'h8' is not a point of the board"),
    (Ply(1, "red", "b4"), "'red' is not a side (white or black)"),  # type: ignore[arg-type]
    (Ply(1, "white", "b4", annotation="!!!"), "'!!!' is not an annotation"),
    (Ply(1, "white", "b4", nags=[256]), "NAG 256 is out of range ($1 to $255)"),
    (Ply(1, "white", "b4", nags=[0]), "NAG 0 is out of range ($1 to $255)"),
    (Ply(-1, "white", "b4"), "move number -1 cannot be written (a move number is 0 or more)"),
    (Ply(1, "white", "b4", comments=['a\n\n[Event "B"]\nc']), "a comment holding"),
])
def test_a_ply_no_reader_reads_is_refused_in_any_game(ply: Ply, message: str) -> None:
    """The writer refuses it in the first game and in those written as they come."""
    for games in ([Game(plies=[ply, ply])], [opening(), Game(plies=[opening().plies[0], ply])]):
        with pytest.raises(UnwritableError, match=re.escape(message)):
            write_json(games)
