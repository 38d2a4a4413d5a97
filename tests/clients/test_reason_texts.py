"""Every refusal either the rules or the service can give has a sentence in each language of
the one catalogue (cardgames_client/words), and both clients, the terminal and the web table,
show that same sentence: the terminal through its Words, the page through words.js (run here
under Node on the same JSON files the server serves it)."""

from __future__ import annotations

import ast
import json
import re
import subprocess
from pathlib import Path

import pytest
from cardgames_client.words import LANGUAGES, Words, catalogue

from engine_service.rules.errors import Reason
from engine_service.service.errors import ServiceReason

ROOT = Path(__file__).resolve().parents[2]
WORDS_JS = ROOT / "engine_service" / "web" / "static" / "words.js"
WORDS_DIR = ROOT / "clients" / "python" / "cardgames_client" / "words"
EVERY_REASON = sorted({reason.value for reason in Reason} | {reason.value for reason in ServiceReason})
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_has_a_sentence_in_each_language(language):
    words = catalogue(language)
    missing = [reason for reason in EVERY_REASON if not words.get(f"reason.{reason}", "").strip()]
    assert not missing, f"{language}.json lacks a sentence for {missing}"


def test_the_languages_have_the_same_keys_and_placeholders():
    english, french = catalogue("en"), catalogue("fr")
    assert set(english) == set(french)
    for key, template in english.items():
        assert set(PLACEHOLDER.findall(template)) == set(PLACEHOLDER.findall(french[key])), key


def test_both_clients_show_the_same_sentence_for_every_reason():
    script = f"""
import {{ refusal }} from {json.dumps(WORDS_JS.as_uri())};
import {{ readFileSync }} from "node:fs";
const english = JSON.parse(readFileSync({json.dumps(str(WORDS_DIR / "en.json"))}, "utf8"));
const shown = {{}};
for (const language of {json.dumps(list(LANGUAGES))}) {{
  const words = JSON.parse(readFileSync({json.dumps(str(WORDS_DIR))} + "/" + language + ".json", "utf8"));
  shown[language] = {{}};
  for (const reason of {json.dumps(EVERY_REASON)}) shown[language][reason] = refusal(words, english, {{ reason, message: "?" }});
  shown[language].unavailable = refusal(words, english, {{ code: "unavailable", message: "?" }});
}}
console.log(JSON.stringify(shown));
"""
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, check=True)
    web = json.loads(done.stdout)
    for language in LANGUAGES:
        terminal = Words(language, "terminal")
        for reason in EVERY_REASON:
            assert web[language][reason] == terminal.reason(reason, "?") == catalogue(language)[f"reason.{reason}"]
        assert web[language]["unavailable"] == terminal.reason("UNAVAILABLE", "?") != "?"


def test_the_service_names_its_reasons_by_enumeration_not_by_loose_strings():
    """A reason written as a string literal would escape the catalogue's test above."""
    loose = []
    for path in sorted((ROOT / "engine_service").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.keyword) and node.arg == "reason" and isinstance(node.value, ast.Constant):
                loose.append(f"{path.relative_to(ROOT)}:{node.value.lineno}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refused":
                if any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.isupper()
                       for arg in node.args[1:2]):
                    loose.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not loose, f"reasons as string literals: {loose}"
