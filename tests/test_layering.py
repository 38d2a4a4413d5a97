"""The rules stay in one place: nothing outside ``engine_service/rules/`` reads the state of
a deal or a private hook of a game, keeps its own list of the variants, or (in the clients)
its own order of ranks or table of euchre3's roles. Each check reads the source, so a rule
leaking out again fails here, whatever else still passes.

White-box tests of the rules themselves (``tests/rules/``, ``tests/conftest.py``) may look
inside; everything else, the tests of the service and the benchmarks included, goes through
the public queries."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engine_service.rules import VARIANTS, Game, new_game
from engine_service.solver import Solver

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "engine_service" / "rules"
WHITE_BOX = (ROOT / "tests" / "rules", ROOT / "tests" / "conftest.py")
PYTHON_OUTSIDE_RULES = [
    path for folder in ("engine_service", "clients/python/cardgames_client", "benchmarks", "tests", "scripts")
    for path in sorted((ROOT / folder).rglob("*.py"))
    if RULES not in path.parents and not any(path == box or box in path.parents for box in WHITE_BOX)
]
CLIENT_CODE = [*sorted((ROOT / "engine_service" / "web" / "static").glob("*.js")),
               *sorted((ROOT / "clients" / "python" / "cardgames_client").rglob("*.py"))]


def _private_names_of_games() -> set[str]:
    """Every private attribute or method of a game of any variant (its deal's state, its hooks)."""
    names = {"d", "_suit_of", "_strength"}  # the names they had before they became public queries
    for name in VARIANTS:
        game = new_game(name, seed="names")
        for cls in type(game).__mro__:
            if issubclass(cls, Game):
                names |= {attr for attr in vars(cls) if attr.startswith("_") and not attr.startswith("__")}
        names |= {attr for attr in vars(game) if attr.startswith("_")}
    return names - set(dir(Solver))  # a solver's own (its _turn) is not a game's


def test_nothing_outside_the_rules_reads_a_games_internals():
    private = _private_names_of_games()
    found = []
    for path in PYTHON_OUTSIDE_RULES:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and node.attr in private:
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
    assert not found, f"a game's internals read outside engine_service/rules/: {found}"


def test_the_check_above_sees_the_internals_it_forbids():
    private = _private_names_of_games()
    assert {"_deal", "d", "_hide_from", "_play_tiers", "_source", "_suit_of", "_strength", "_obligations"} <= private


def test_no_list_of_the_variants_outside_the_rules():
    """A literal naming two variants or more is a list of them: it comes from rules.VARIANTS."""
    names = set(VARIANTS)
    found = []
    for path in [*PYTHON_OUTSIDE_RULES]:
        if ROOT / "tests" in path.parents or ROOT / "benchmarks" in path.parents:
            continue  # tests and benchmarks choose the variants they exercise
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else node.keys if isinstance(node, ast.Dict) else []
            named = {item.value for item in items if isinstance(item, ast.Constant) and item.value in names}
            if len(named) >= 2:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"lists of the variants outside the rules: {found}"


# A run of five rank letters or more is an order of ranks ("AKQJT98765432", euchre3's "MSCAEI");
# a mapping between suit letters is euchre3's same-colour table (whose Initié is the Sage).
RANK_ORDER = re.compile(r"""["'][2-9TJQKAIECSM]{5,}["']""")
SUIT_PAIRS = re.compile(r"""["']?\b[ACRP]["']?\s*:\s*["'][ACRP]["']""")


def test_the_clients_hold_no_order_of_ranks_and_no_table_of_roles():
    found = []
    for path in CLIENT_CODE:
        text = path.read_text()
        for pattern in (RANK_ORDER, SUIT_PAIRS):
            found += [f"{path.relative_to(ROOT)}: {match.group(0)}" for match in pattern.finditer(text)]
    assert not found, f"card rules in a client: {found}"
    assert RANK_ORDER.search('"AKQJT98765432"') and RANK_ORDER.search("'MSCAEI'") and SUIT_PAIRS.search('{ A: "C", C: "A" }')
