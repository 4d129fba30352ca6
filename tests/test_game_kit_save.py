"""The game kit's save (`game_kit.save`): the envelope written the same way for every game,
read strictly with every problem named, and the replay that turns an action the rules refuse
into a `MalformedInput` naming it. Played on a tiny game of the tests' own (`tests/take_away`); both
engines' saves go through it (the end of this file, and tests/test_structure.py)."""

from __future__ import annotations

import json

import pytest

import ember_isle
import small_islands
from game_kit import save
from game_kit.errors import IllegalAction, MalformedInput
from small_islands import save as si_save
from take_away import FORMAT, SAVE, Game, Options, Take


def played(*moves: int, stones: int = 7) -> Game:
    g = Game(Options(stones))
    for n in moves:
        g.play(Take(n))
    return g


def envelope(**fields: object) -> str:
    base: dict[str, object] = {"format": FORMAT, "app": "0.1.0",
                               "options": {"stones": 7, "names": ["Ann", "Bob"]},
                               "actions": [{"type": "take", "n": 2}]}
    base.update(fields)
    return json.dumps({k: v for k, v in base.items() if v is not DROP})


DROP = object()


def test_the_envelope_is_compact_json_in_a_fixed_order() -> None:
    text = played(2, 3).to_json()
    assert text == (
        '{"format":"take-away/1","app":"0.1.0","options":{"stones":7,"names":["Ann","Bob"]},'
        '"actions":[{"type":"take","n":2},{"type":"take","n":3}]}'
    )
    assert SAVE.text(Options(7), [Take(2), Take(3)]) == text
    assert save.save_text(FORMAT, "0.1.0", Options(7).to_json(), [Take(2), Take(3)]) == text


def test_a_save_reads_back_to_the_same_game() -> None:
    g = played(1, 3, 2)
    options, actions = SAVE.read(g.to_json())
    assert options == g.options and actions == g.actions
    again = Game.from_json(g.to_json().encode())  # bytes too
    assert again.heap == g.heap and again.to_json() == g.to_json()


def test_the_revision_is_written_first_and_read() -> None:
    text = played(2).to_json()
    stored = save.with_revision(text, 12)
    assert stored.startswith('{"rev":12,"format":')
    assert json.loads(stored) == {"rev": 12, **json.loads(text)}
    assert SAVE.envelope(stored).rev == 12
    assert SAVE.envelope(text).rev == 0
    assert SAVE.read(stored) == SAVE.read(text)
    with pytest.raises(ValueError, match="not a save made by save_text"):
        save.with_revision('{"rev":1}', 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the save is not valid JSON"),
        ("[1, 2]", "this is not a Take Away save (no format field)"),
        ('{"hello": 1}', "this is not a Take Away save (no format field)"),
        (envelope(format="chess/1"),
         "unsupported save format 'chess/1' (this version reads 'take-away/1')"),
        (envelope(format="take-away/2"),
         "unsupported save format 'take-away/2': made by a newer version of the app "
         "(this version reads 'take-away/1')"),
        (envelope(format="take-away/0"), "unsupported save format 'take-away/0' (this"),
        (envelope(format="take-away/99999999999"), "unsupported save format 'take-away/99"),
        (envelope(format=2), "unsupported save format 2 (this version reads"),
        (envelope(extra=1, more=2), "the save has unknown field(s) ['extra', 'more']"),
        (envelope(rev=True), "rev: the revision must be a whole number, got True"),
        (envelope(rev=-1), "rev: the revision must be a whole number, got -1"),
        (envelope(rev=1.5), "rev: the revision must be a whole number, got 1.5"),
        (envelope(rev=2**53), "rev: the revision must be a whole number"),
        (envelope(actions=DROP), "actions: the save has no action list"),
        (envelope(actions={"type": "take"}), "actions: the save has no action list"),
        (envelope(options=DROP), "options: options must be stones and names, got None"),
        (envelope(options={"stones": 0, "names": ["a", "b"]}), "options: stones: 1 to 99"),
        (envelope(actions=[{"type": "take", "n": 1}, {"type": "jump"}]),
         "action 1: unknown action type 'jump'"),
        (envelope(actions=[{"type": "take", "n": "1"}]),
         "action 0: take.n must be a whole number, got '1'"),
        ('{"format": "take-away/1", "format": "take-away/1"}', "the key 'format' appears twice"),
        ("[" * 17 + "]" * 17, "the save is nested more than 16 levels deep"),
    ],
)
def test_a_broken_save_is_refused_with_where_it_is_wrong(text: str, message: str) -> None:
    with pytest.raises(MalformedInput) as e:
        SAVE.read(text)
    assert str(e.value).startswith(message), str(e.value)


def test_the_game_name_takes_its_article() -> None:
    assert save.article("Ember Isle") == "an" and save.article("Small Islands") == "a"
    with pytest.raises(MalformedInput, match="this is not an Ember Isle save"):
        save.read_envelope("{}", "ember-isle/1", "Ember Isle")


def test_check_format_accepts_its_own_format_only() -> None:
    save.check_format(FORMAT, FORMAT)
    SAVE.check_format(FORMAT)
    for value in (None, "take-away", "take-away/", "take-away/1.5", "TAKE-AWAY/1", ["x"]):
        with pytest.raises(MalformedInput, match="unsupported save format"):
            SAVE.check_format(value)


def test_replay_plays_every_action_in_order() -> None:
    g = save.replay(Game(Options(7)), [Take(3), Take(3), Take(1)])
    assert g.phase == "over" and g.winners() == [0]


def test_an_action_that_does_not_replay_is_named_by_its_index() -> None:
    with pytest.raises(MalformedInput) as e:
        save.replay(Game(Options(5)), [Take(3), Take(1), Take(3)])
    assert str(e.value) == (
        "action 2 ({'type': 'take', 'n': 3}) does not replay: "
        "{'type': 'take', 'n': 3} is not allowed now"
    )
    assert isinstance(e.value.__cause__, IllegalAction)
    text = envelope(actions=[{"type": "take", "n": 3}] * 3)
    with pytest.raises(MalformedInput, match=r"^action 2 \(.*\) does not replay: "):
        Game.from_json(text)


def test_replay_lets_other_errors_through() -> None:
    class Broken(Game):
        def play(self, action: object) -> None:
            raise MalformedInput("not an action")

    with pytest.raises(MalformedInput, match="^not an action$"):
        save.replay(Broken(Options(3)), [Take(1)])


# ------------------------------------------------------------------ the engines use it


def test_both_engines_declare_their_save_format_in_the_kit() -> None:
    for fmt, name, game, version in (
        (si_save.SAVE, "small-islands/1", "Small Islands", small_islands.__version__),
        (ember_isle.game.SAVE, "ember-isle/1", "Ember Isle", ember_isle.__version__),
    ):
        assert isinstance(fmt, save.SaveFormat)
        assert (fmt.name, fmt.game, fmt.app) == (name, game, version)
    assert si_save.SAVE.name == small_islands.FORMAT
    assert ember_isle.game.SAVE.name == ember_isle.FORMAT


@pytest.mark.parametrize("engine", [small_islands, ember_isle], ids=["si", "ember"])
def test_both_engines_refuse_the_same_way(engine: object) -> None:
    game = engine.Game  # type: ignore[attr-defined]
    options = engine.Options(seats=("Ann", "Bob"), seed=3)  # type: ignore[attr-defined]
    g = game.new(options)
    g.play(g.legal_actions()[0])
    data = json.loads(g.to_json())
    name = engine.FORMAT.split("/")[0]  # type: ignore[attr-defined]
    cases = [
        ({**data, "extra": 1}, "the save has unknown field(s) ['extra']"),
        ({**data, "format": f"{name}/2"}, "unsupported save format"),
        ({**data, "rev": -1}, "rev: the revision must be a whole number"),
        ({**data, "options": 5}, "options: "),
        ({**data, "actions": [{"type": "no-such"}]}, "action 0: unknown action type"),
        ({**data, "actions": data["actions"] * 2}, "action 1 ("),
    ]
    for bad, message in cases:
        with pytest.raises(MalformedInput) as e:
            game.from_json(json.dumps(bad))
        assert str(e.value).startswith(message), (message, str(e.value))
    assert game.from_json(save.with_revision(g.to_json(), 4)).to_json() == g.to_json()
