// Cards are drawn from the deck the server sends: order, names, roles and colours, no rule here.
import assert from "node:assert/strict";
import { test } from "node:test";

import { page, views, words } from "./helpers.mjs";

const { useWords } = await page("i18n.js");
const { Deck } = await page("cards.js");
const VIEWS = views();

test("a hand sorts in the server's holding order, trumps first", () => {
  useWords("en", words("en"));
  const deck = Deck.of(VIEWS["belote-trump-H"]);
  assert.deepEqual(deck.sort(["7S", "AS", "JH", "9H", "AH", "TD", "KC"]), ["JH", "9H", "AH", "KC", "TD", "AS", "7S"]);
  assert.deepEqual(deck.sort(["ZZ", "JH"]), ["JH", "ZZ"]); // a code the deck lacks goes last
});

test("euchre3's Oracle and Sage are named by their role once trump makes them so", () => {
  useWords("en", words("en"));
  const deck = Deck.of(VIEWS["euchre3-trump-A"]);
  assert.equal(deck.name("IA"), "Oracle of Architecture");
  assert.equal(deck.name("IC"), "Sage of Command");
  assert.equal(deck.name("IC", false), "Initiate of Command"); // another deal's trump: no role
  assert.equal(deck.name("MR"), "Master of Art");
  assert.match(deck.html("IA"), /class="card red worded oracle/);
  useWords("fr", words("fr"));
  assert.equal(deck.name("IA"), "Oracle d'Architecture");
  assert.equal(deck.name("EP"), "Étudiant de Pensée");
});

test("standard cards read in each language, red suits red", () => {
  useWords("fr", words("fr"));
  const deck = Deck.of(VIEWS["hearts"]);
  assert.equal(deck.name("QS"), "Dame de pique");
  assert.match(deck.chip("QS"), /class="chip black".*>D♠</);
  assert.match(deck.chip("TH"), /class="chip red".*>10♥</);
  assert.equal(deck.suitChip("H"), '<span class="chip red">♥ cœur</span>');
  useWords("en", words("en"));
  assert.equal(deck.name("QS"), "Queen of spades");
  assert.equal(Deck.of({}).chip("QS"), '<span class="chip">QS</span>'); // no deck yet: the code, as it is
});
