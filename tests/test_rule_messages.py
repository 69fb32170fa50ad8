"""Rule and note messages live in the message catalogue (``rule.<id>``, ``note.<kind>``); a verdict carries
the id and the placeholder values. Every rule has its message in both languages, and every call that raises
a rule or a note fills every placeholder its message uses: checked over every call site in the rules
(not one example), and over random games for what the readers then render."""

from __future__ import annotations

import ast
import json
import random
from collections import defaultdict
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from companion.messages import LANGUAGES, catalogue, verdict_text
from companion.rules import play
from companion.rules.check import needed
from companion.rules.citations import NOTES, RULES
from companion.rules.roles import JUDGE, SPECTATOR, Role
from companion.rules.simulate import random_action
from companion.rules.state import ActionError
from companion.rules.views import shown_verdict
from tests.test_rules_properties import SETTINGS, fresh

RULES_DIR = Path(__file__).resolve().parents[1] / "companion" / "rules"


def test_every_rule_and_note_has_its_message_in_both_languages() -> None:
    for lang in LANGUAGES:
        assert [r for r in RULES if f"rule.{r}" not in catalogue(lang)] == [], lang
        assert [k for k in catalogue(lang) if k.startswith("rule.") and k[5:] not in RULES] == [], lang
    assert NOTES and all(f"note.{n}" in catalogue(lang) for n in NOTES for lang in LANGUAGES)


# -- every call site ------------------------------------------------------------------------------------


class Sources:
    """The rules package parsed once: functions by name, module-level dicts of rule ids, and each call."""

    def __init__(self) -> None:
        self.functions: dict[str, list[ast.FunctionDef]] = defaultdict(list)
        self.dicts: dict[str, set[str]] = {}
        self.calls: list[tuple[str, ast.Call, list[ast.FunctionDef]]] = []
        for path in sorted(RULES_DIR.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            self.dicts[target.id] = {v.value for v in node.value.values
                                                     if isinstance(v, ast.Constant) and isinstance(v.value, str)}
            self._walk(tree, path.relative_to(RULES_DIR).as_posix(), [])

    def _walk(self, node: ast.AST, where: str, scope: list[ast.FunctionDef]) -> None:
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, ast.FunctionDef):
                self.functions[child.name].append(child)
                inner = [*scope, child]
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                    and child.func.attr in ("violate", "note") and child.args):
                self.calls.append((f"{where}:{child.lineno}", child, inner))
            self._walk(child, where, inner)

    def ids(self, expr: ast.expr, scope: list[ast.FunctionDef]) -> set[str]:
        """Every message id an expression can take: literals, either arm of ``a if c else b``, a variable
        assigned in the function, a parameter from the callers' arguments, a module dict's values, the
        rule ids a hook method returns."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return {expr.value}
        if isinstance(expr, ast.IfExp):
            return self.ids(expr.body, scope) | self.ids(expr.orelse, scope)
        if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name):
            return self.dicts.get(expr.value.id, set())
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
            return {c.value for f in self.functions[expr.func.attr] for r in ast.walk(f)
                    if isinstance(r, ast.Return) and r.value is not None for c in ast.walk(r.value)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)}
        if isinstance(expr, ast.Name) and scope:
            fn = scope[-1]
            found: set[str] = set()
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == expr.id
                                                        for t in node.targets):
                    found |= self.ids(node.value, scope)
            params = [a.arg for a in fn.args.args]
            if expr.id in params:
                index = params.index(expr.id) - (1 if params[0] in ("self", "cls") else 0)
                for callers in self.functions.values():
                    for caller in callers:
                        for call in ast.walk(caller):
                            if isinstance(call, ast.Call) and getattr(call.func, "id",
                                                                      getattr(call.func, "attr", None)) == fn.name:
                                args = {k.arg: k.value for k in call.keywords}
                                arg = call.args[index] if index < len(call.args) else args.get(expr.id)
                                if arg is not None:
                                    found |= self.ids(arg, [caller])
            return found
        return set()


def test_every_call_that_raises_a_rule_or_a_note_fills_every_placeholder_of_its_message() -> None:
    src = Sources()
    checked: set[str] = set()
    problems = []
    for where, call, scope in src.calls:
        prefix = "rule" if call.func.attr == "violate" else "note"  # type: ignore[attr-defined]
        known = RULES if prefix == "rule" else NOTES
        ids = {i for i in src.ids(call.args[0], scope) if i in known}
        if not ids:
            problems.append(f"{where}: cannot tell which {prefix} this raises")
            continue
        if any(k.arg is None for k in call.keywords):
            problems.append(f"{where}: **params hide which placeholders are filled")
            continue
        given_names = {k.arg for k in call.keywords if k.arg}
        for message in ids:
            missing = needed(f"{prefix}.{message}") - given_names
            if missing:
                problems.append(f"{where}: {prefix}.{message} needs {sorted(missing)}")
            checked.add(f"{prefix}.{message}")
    assert problems == []
    # Every rule and note is raised somewhere, so all of them went through the check above.
    assert sorted(({f"rule.{r}" for r in RULES} | {f"note.{n}" for n in NOTES}) - checked) == []


def test_the_checker_refuses_a_message_with_a_hole() -> None:
    from companion.rules.check import Checker

    t = fresh("2e", "marshaling")
    try:
        Checker(t).violate("shadows.no-keyword")
    except KeyError as exc:
        assert "card" in str(exc)
    else:
        raise AssertionError("a violation without its card placeholder was accepted")


# -- what the readers render, over random games ----------------------------------------------------------


@SETTINGS
@given(edition=st.sampled_from(["2e", "1e"]), phase=st.sampled_from(["setup", "marshaling", "challenges"]),
       seed=st.integers(0, 2**32 - 1))
def test_every_verdict_of_a_random_game_renders_for_every_reader_in_every_language(
        edition: str, phase: str, seed: int) -> None:
    t = fresh(edition, phase)
    rng = random.Random(seed)
    readers = [JUDGE, SPECTATOR, Role.of_seat("A"), Role.of_seat("B")]
    for _ in range(25):
        action = random_action(t, rng)
        try:
            verdict = play(t, action, "advisory").to_dict()
        except ActionError:
            continue
        for reader in readers:
            shown = shown_verdict(verdict, reader, t)
            for item in shown["violations"] + shown["notes"]:
                for lang in LANGUAGES:
                    sentence = verdict_text(item, lang)
                    assert sentence and "{" not in sentence and "}" not in sentence, (item, lang, sentence)
                if not reader.sees_all:  # instance ids are the judge's alone
                    assert all(c not in json.dumps(item["params"]) for c in t.instances), item
