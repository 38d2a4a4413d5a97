// @ts-check
// The table talk: each event of the watch stream in words (already redacted for the viewer
// by the server), as lines of HTML, the cards drawn from the deal's deck.

import { num } from "./html.js";
import { count, t } from "./i18n.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./cards.js").Deck} Deck */
/** @typedef {import("./seating.js").Seating} Seating */

/**
 * The lines an event gives (none for an event nobody needs told).
 * @param {GameEvent} event
 * @param {{ seating: Seating, deck: Deck, counted?: boolean }} table  counted: whether cards carry points
 * @returns {string[]}
 */
export function narrate(event, { seating, deck, counted = true }) {
  const seat = event.seat === undefined ? null : num(event.seat);
  const name = seat === null ? "" : seating.name(seat);
  const kind = event.kind;
  const payload = event[kind.replace(/_(\w)/g, (_, c) => c.toUpperCase())] || {};
  /** @param {string} code */
  const chip = (code) => deck.chip(code);
  /** @param {string} key @param {Record<string, unknown>} [values] */
  const about = (key, values = {}) => t(seating.about(key, seat), { name, ...values });
  switch (kind) {
    case "card_played":
      return [about("event.card_played", { card: chip(payload.card) })];
    case "trick_won":  // euchre3's cards carry no points: its tricks are counted
      return [counted ? about("event.trick_won", { points: count("points.count", num(payload.points)) })
        : about("event.trick_won.tricks")];
    case "bid": {
      const move = payload.move || {};
      const which = move.call ? "call" : move.take ? "take" : "pass";
      return [about(`event.bid.${which}`, { suit: move.call ? deck.suitChip(move.call.suit) : "" })];
    }
    case "trump_chosen":
      return [about("event.trump_chosen", { suit: deck.suitChip(payload.trump) })];
    case "deal_started": {
      const dealer = num(payload.dealer);
      return [t(seating.about("event.deal_started", dealer), { name: seating.name(dealer) })];
    }
    case "cards_passed":
      return [about("event.cards_passed", { cards: (payload.cards || []).map(chip).join(" ") })];
    case "cards_received":
      if (!(payload.cards || []).length) return [];
      return [t("event.cards_received", { cards: payload.cards.map(chip).join(" "), name: seating.name(num(payload.giver)) })];
    case "declared":
      return [about("event.declared", { what: t(payload.declared ? "event.declared.yes" : "event.declared.no") })];
    case "declarations_resolved": {
      /** @type {string[]} */
      const lines = (payload.revealed || []).map((/** @type {any} */ revealed) => {
        const combos = (revealed.combinations || []).map((/** @type {any} */ combo) =>
          `${t(`combination.${combo.kind}`)} (${num(combo.value)}) ${(combo.cards || []).map(chip).join(" ")}`).join(", ");
        return t("event.revealed", { name: seating.name(num(revealed.seat)), combinations: combos });
      });
      return [...lines, t("event.declarations_resolved")];
    }
    case "belote_rebelote":
      return [about("event.belote_rebelote", { points: num(payload.points) || 20 })];
    case "discarded":
      return [about("event.discarded", { card: payload.card ? chip(payload.card) : "" })];
    case "seat_claimed":
    case "resigned":
    case "timed_out":
      return [about(`event.${kind}`)];
    case "game_started":
    case "deal_scored":
    case "game_over":
    case "hands_completed":
      return [t(`event.${kind}`)];
    default:
      return [];
  }
}
