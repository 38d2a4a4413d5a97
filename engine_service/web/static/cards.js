// @ts-check
// Cards drawn from what the server sends: a view's `deck` lists every card of the deal's deck
// in holding order, each with its rank, suit, role in the deal (trump, euchre3's Oracle and
// Sage) and colour, so the page holds no rule. Names come from the catalogue of words; the
// suits are drawn as inline SVG (no font needed).

import { t } from "./i18n.js";

const SVG = {
  SPADES: '<path d="M50 4C36 24 8 40 8 61c0 14 11 22 22 22 8 0 14-4 17-9-1 10-5 17-12 22h30c-7-5-11-12-12-22 3 5 9 9 17 9 11 0 22-8 22-22C92 40 64 24 50 4z"/>',
  HEARTS: '<path d="M50 90C21 66 5 50 5 31 5 16 17 6 30 6c9 0 16 5 20 13 4-8 11-13 20-13 13 0 25 10 25 25 0 19-16 35-45 59z"/>',
  DIAMONDS: '<path d="M50 3l38 47-38 47-38-47z"/>',
  CLUBS: '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="58" r="19"/><circle cx="73" cy="58" r="19"/>' +
    '<path d="M46 50c0 22-5 35-12 44h32c-7-9-12-22-12-44z"/><circle cx="50" cy="52" r="10"/>',
  // euchre3's disciplines: Architecture (a house), Commandement (a crown), Art (a star), Pensée (a crescent).
  ARCHITECTURE: '<path d="M50 6l44 36H82v50H58V66H42v26H18V42H6z"/>',
  COMMANDEMENT: '<path d="M8 84l6-56 20 24 16-36 16 36 20-24 6 56z"/><rect x="8" y="86" width="84" height="8" rx="2"/>',
  ART: '<path d="M50 4l12 32h34L69 57l10 35-29-21-29 21 10-35L4 36h34z"/>',
  PENSEE: '<path d="M60 6A46 46 0 1 0 60 94A60 60 0 0 1 60 6z"/>',
};
// Suits whose cards show their rank's word in the middle (the disciplines deck has no pips).
const WORDED = new Set(["ARCHITECTURE", "COMMANDEMENT", "ART", "PENSEE"]);
const PICTURES = new Set(["JACK", "QUEEN", "KING"]);
const NAMED_ROLES = new Set(["ORACLE", "SAGE"]);

function short(value, prefix) {
  return String(value || "").replace(prefix, "");
}

export function cardBackHtml(extraClass = "") {
  return `<div class="card back ${extraClass}" aria-hidden="true"></div>`;
}

// The cards of one deal as the server described them (an empty deck draws codes as they are).
export class Deck {
  constructor(infos = []) {
    this.cards = new Map(infos.map((info) => [info.card, info]));
    this.order = new Map(infos.map((info, index) => [info.card, index]));
    // A card's code ends with its suit's code: how bids and the trump name a suit.
    this.suits = new Map(infos.map((info) => [info.card.slice(-1), info]));
  }

  static of(view) {
    return new Deck((view && view.deck) || []);
  }

  // Cards as a player holds them: in the deck's holding order.
  sort(codes) {
    const last = this.order.size;
    return codes.slice().sort((a, b) => (this.order.get(a) ?? last) - (this.order.get(b) ?? last));
  }

  rank(info) {
    return short(info.rank, "RANK_");
  }

  suit(info) {
    return short(info.suit, "SUIT_");
  }

  // "oracle", "sage" or "" (roles: unless the deal they belong to is another one's).
  role(info, withRole = true) {
    const role = short(info.role, "CARD_ROLE_");
    return withRole && NAMED_ROLES.has(role) ? role.toLowerCase() : "";
  }

  // "Queen of spades", "Dame de pique", "Sage of Thought".
  name(code, withRole = true) {
    const info = this.cards.get(code);
    if (!info) return code;
    const role = this.role(info, withRole);
    const rank = role ? t(`role.${role.toUpperCase()}`) : t(`rank.${this.rank(info)}`);
    return t("card.name", { rank, of_suit: t(`suit.${this.suit(info)}.of`) });
  }

  // A card as an element: a button for the hand, a plain face elsewhere.
  html(code, { tag = "div", attrs = "", extraClass = "", withRole = true } = {}) {
    const info = this.cards.get(code);
    if (!info) return `<${tag} class="card ${extraClass}" data-code="${code}" ${attrs}>${code}</${tag}>`;
    const suit = this.suit(info);
    const rank = this.rank(info);
    const colour = info.red ? "red" : "black";
    const label = t(`face.${rank}`);
    const role = this.role(info, withRole);
    const name = this.name(code, withRole);
    const look = WORDED.has(suit) ? "worded" : PICTURES.has(rank) ? "face" : "";
    let middle;
    if (WORDED.has(suit)) {
      const word = role ? t(`role.${role.toUpperCase()}`) : t(`rank.${rank}`);
      middle = `${suitSvg(suit, "pip")}<span class="rank-word">${word}</span>`;
    } else if (look === "face") {
      middle = `<span class="face-letter">${label}</span>${suitSvg(suit, "pip small")}`;
    } else {
      middle = suitSvg(suit, "pip");
    }
    const corner = `<span class="rank">${label}</span>${suitSvg(suit, "corner-suit")}`;
    return `<${tag} class="card ${colour} ${look} ${role} ${extraClass}" data-code="${code}" title="${name}" ` +
      `aria-label="${name}" ${attrs}><span class="corner tl">${corner}</span><span class="middle">${middle}</span>` +
      `<span class="corner br">${corner}</span></${tag}>`;
  }

  // A card in running text: rank (or role) and coloured suit mark.
  chip(code, { withRole = true } = {}) {
    const info = this.cards.get(code);
    if (!info) return `<span class="chip">${code}</span>`;
    const suit = this.suit(info);
    const role = this.role(info, withRole);
    const rank = this.rank(info);
    const label = role ? t(`role.${role.toUpperCase()}`) : WORDED.has(suit) ? t(`rank.${rank}`) : t(`face.${rank}`);
    return `<span class="chip ${info.red ? "red" : "black"}" title="${this.name(code, withRole)}">${label}${t(`mark.${suit}`)}</span>`;
  }

  // A suit (by its code, as bids and the trump name it) in running text: its mark and name.
  suitChip(code) {
    const info = this.suits.get(code);
    if (!info) return `<span class="chip">${code}</span>`;
    const suit = this.suit(info);
    return `<span class="chip ${info.red ? "red" : "black"}">${t(`mark.${suit}`)} ${t(`suit.${suit}`)}</span>`;
  }
}

function suitSvg(suit, className) {
  return `<svg class="${className}" viewBox="0 0 100 100" aria-hidden="true">${SVG[suit] || ""}</svg>`;
}
