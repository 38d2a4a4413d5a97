// The table talk in words: each event as the viewer reads it, in each language.
import assert from "node:assert/strict";
import { test } from "node:test";

import { page, views, words } from "./helpers.mjs";

const { useWords } = await page("i18n.js");
const { Deck } = await page("cards.js");
const { Seating } = await page("seating.js");
const { narrate } = await page("narration.js");
const VIEWS = views();

function table(seat, players = 4, sides = players, view = VIEWS["hearts"]) {
  return { seating: new Seating(players, seat, sides), deck: Deck.of(view) };
}

test("a card played, by the viewer or another seat", () => {
  useWords("en", words("en"));
  const played = { kind: "card_played", seat: 1, cardPlayed: { card: "QS" } };
  assert.match(narrate(played, table(0))[0], /^West plays <span class="chip black" title="Queen of spades">Q♠<\/span>$/);
  assert.match(narrate(played, table(1))[0], /^You play /);
  useWords("fr", words("fr"));
  assert.match(narrate(played, table(0))[0], /^Ouest joue .*D♠/);
});

test("bids, trumps and the trick taken", () => {
  useWords("en", words("en"));
  const euchre = table(0, 3, 3, VIEWS["euchre3-trump-A"]);
  assert.deepEqual(narrate({ kind: "bid", seat: 2, bid: { move: { pass: {} }, round: 1 } }, euchre), ["East: pass"]);
  assert.match(narrate({ kind: "trump_chosen", seat: 1, trumpChosen: { trump: "A", round: 1 } }, euchre)[0],
    /^West plays with <span class="chip red">⌂ Architecture<\/span> as trump$/);
  assert.deepEqual(narrate({ kind: "trick_won", seat: 0, trickWon: { points: 3, trick: 1 } }, table(0)), ["You win the trick (3 points)"]);
  assert.deepEqual(narrate({ kind: "trick_won", seat: 0, trickWon: { points: 1, trick: 1 } }, table(0)), ["You win the trick (1 point)"]);
  // euchre3's cards carry no points: its tricks are counted.
  assert.deepEqual(narrate({ kind: "trick_won", seat: 1, trickWon: { trick: 1 } }, { ...euchre, counted: false }),
    ["West wins the trick"]);
});

test("what only the viewer may see is told to the viewer only, as the server sent it", () => {
  useWords("en", words("en"));
  const received = { kind: "cards_received", cardsReceived: { cards: ["2C", "3C", "4C"], giver: 3 } };
  assert.match(narrate(received, table(0))[0], /^You receive .*2♣.*3♣.*4♣.* from East$/);
  assert.deepEqual(narrate({ kind: "cards_received", cardsReceived: {} }, table(0)), []); // a spectator's: nothing to say
  assert.deepEqual(narrate({ kind: "no_such_kind" }, table(0)), []);
});

test("teams are named by their two players", () => {
  useWords("en", words("en"));
  assert.deepEqual(new Seating(4, 0, 2).sideNames(), ["You & North", "West & East"]);
  assert.deepEqual(new Seating(3, null, 3).sideNames(), ["South", "West", "East"]);
});
