// The decks: card codes (rank then suit, docs/rules.md), names, order, and cards drawn as
// HTML with inline SVG suit symbols (no font needed).

import { lang, t } from "./i18n.js";

const STANDARD_SUITS = ["S", "H", "C", "D"]; // alternating colours in a hand
const DISCIPLINE_SUITS = ["A", "R", "C", "P"];
const RED = new Set(["H", "D"]);
const DISCIPLINE_RED = new Set(["A", "C"]);
// euchre3: the other suit of the same colour (its Initié is the Sage of the trump).
const SIBLING = { A: "C", C: "A", R: "P", P: "R" };

const SVG = {
  S: '<path d="M50 4C36 24 8 40 8 61c0 14 11 22 22 22 8 0 14-4 17-9-1 10-5 17-12 22h30c-7-5-11-12-12-22 3 5 9 9 17 9 11 0 22-8 22-22C92 40 64 24 50 4z"/>',
  H: '<path d="M50 90C21 66 5 50 5 31 5 16 17 6 30 6c9 0 16 5 20 13 4-8 11-13 20-13 13 0 25 10 25 25 0 19-16 35-45 59z"/>',
  D: '<path d="M50 3l38 47-38 47-38-47z"/>',
  C: '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="58" r="19"/><circle cx="73" cy="58" r="19"/>' +
    '<path d="M46 50c0 22-5 35-12 44h32c-7-9-12-22-12-44z"/><circle cx="50" cy="52" r="10"/>',
  // euchre3's disciplines: Architecture (a house), Commandement (a crown), Art (a star), Pensée (a crescent).
  A: '<path d="M50 6l44 36H82v50H58V66H42v26H18V42H6z"/>',
  Cd: '<path d="M8 84l6-56 20 24 16-36 16 36 20-24 6 56z"/><rect x="8" y="86" width="84" height="8" rx="2"/>',
  R: '<path d="M50 4l12 32h34L69 57l10 35-29-21-29 21 10-35L4 36h34z"/>',
  P: '<path d="M60 6A46 46 0 1 0 60 94A60 60 0 0 1 60 6z"/>',
};

export function isDisciplines(variant) {
  return variant === "euchre3";
}

export function suitOf(code) {
  return code.slice(-1);
}

export function rankOf(code) {
  return code.slice(0, -1);
}

export function isRed(variant, suit) {
  return isDisciplines(variant) ? DISCIPLINE_RED.has(suit) : RED.has(suit);
}

export function suitSvg(variant, suit, className = "suit") {
  const key = isDisciplines(variant) && suit === "C" ? "Cd" : suit;
  return `<svg class="${className}" viewBox="0 0 100 100" aria-hidden="true">${SVG[key] || ""}</svg>`;
}

export function suitsOf(variant) {
  return isDisciplines(variant) ? DISCIPLINE_SUITS : STANDARD_SUITS;
}

// The symbol of a suit in running text.
export function suitSymbol(variant, suit) {
  if (isDisciplines(variant)) return { A: "⌂", C: "♛", R: "★", P: "☾" }[suit] || suit;
  return { S: "♠", H: "♥", D: "♦", C: "♣" }[suit] || suit;
}

// euchre3 once trump is known: "oracle", "sage" or "".
export function euchreRole(code, trump) {
  if (!trump || rankOf(code) !== "I") return "";
  if (suitOf(code) === trump) return "oracle";
  if (suitOf(code) === SIBLING[trump]) return "sage";
  return "";
}

// The suit a card belongs to in play (the euchre3 Sage is a trump).
export function effectiveSuit(variant, code, trump) {
  if (isDisciplines(variant) && euchreRole(code, trump) === "sage") return trump;
  return suitOf(code);
}

const ORDERS = {
  hearts: "AKQJT98765432",
  belote: "ATKQJ987",
  beloteTrump: "J9ATKQ87",
  euchre3: "MSCAEI",
  euchre3Trump: "MSCAE",
};

// Lower is stronger.
function strength(variant, code, trump) {
  const rank = rankOf(code);
  const suit = effectiveSuit(variant, code, trump);
  if (variant === "hearts") return ORDERS.hearts.indexOf(rank);
  if (isDisciplines(variant)) {
    const role = euchreRole(code, trump);
    if (role === "oracle") return -2;
    if (role === "sage") return -1;
    return (suit === trump ? ORDERS.euchre3Trump : ORDERS.euchre3).indexOf(rank);
  }
  return (suit === trump ? ORDERS.beloteTrump : ORDERS.belote).indexOf(rank);
}

// A hand sorted as a player holds it: by suit (trump first), strongest first.
export function sortHand(variant, cards, trump) {
  const suits = suitsOf(variant).slice();
  if (trump && suits.includes(trump)) {
    suits.splice(suits.indexOf(trump), 1);
    suits.unshift(trump);
  }
  return cards.slice().sort((a, b) => {
    const bySuit = suits.indexOf(effectiveSuit(variant, a, trump)) - suits.indexOf(effectiveSuit(variant, b, trump));
    return bySuit || strength(variant, a, trump) - strength(variant, b, trump);
  });
}

// The rank as printed on the card: French V, D, R for J, Q, K; 10 for T.
export function rankLabel(variant, code) {
  const rank = rankOf(code);
  if (isDisciplines(variant)) return rank;
  if (rank === "T") return "10";
  if (lang() === "fr") return { J: "V", Q: "D", K: "R" }[rank] || rank;
  return rank;
}

export function suitName(variant, suit) {
  return t(`suit.${isDisciplines(variant) ? "d" : ""}${suit}`);
}

// "Queen of spades", "Dame de pique", "Maître d'Architecture", "Oracle".
export function cardName(variant, code, trump) {
  const role = isDisciplines(variant) ? euchreRole(code, trump) : "";
  const rankKey = isDisciplines(variant) ? `drank.${rankOf(code)}` : `rank.${rankOf(code)}`;
  const rank = role ? t(`drank.${role}`) : t(rankKey);
  const suit = suitName(variant, suitOf(code));
  if (lang() === "fr") {
    const elided = /^[aeiouyéèêàâîôûh]/i.test(suit) && !/^h/i.test(suit) ? `d'${suit}` : `de ${suit}`;
    return `${rank} ${elided}`;
  }
  return `${rank} of ${suit}`;
}

// A card as an element: a button for the hand, a plain face elsewhere.
export function cardHtml(variant, code, { trump, tag = "div", attrs = "", extraClass = "" } = {}) {
  const suit = suitOf(code);
  const colour = isRed(variant, suit) ? "red" : "black";
  const label = rankLabel(variant, code);
  const role = isDisciplines(variant) ? euchreRole(code, trump) : "";
  const name = cardName(variant, code, trump);
  const rank = rankOf(code);
  const face = !isDisciplines(variant) && "JQK".includes(rank) ? "face" : "";
  let middle;
  if (isDisciplines(variant)) {
    const word = role ? t(`drank.${role}`) : t(`drank.${rank}`);
    middle = `${suitSvg(variant, suit, "pip")}<span class="rank-word">${word}</span>`;
  } else if (face) {
    middle = `<span class="face-letter">${label}</span>${suitSvg(variant, suit, "pip small")}`;
  } else {
    middle = suitSvg(variant, suit, "pip");
  }
  const corner = `<span class="rank">${label}</span>${suitSvg(variant, suit, "corner-suit")}`;
  return `<${tag} class="card ${colour} ${face} ${role} ${extraClass}" data-code="${code}" title="${name}" ` +
    `aria-label="${name}" ${attrs}><span class="corner tl">${corner}</span><span class="middle">${middle}</span>` +
    `<span class="corner br">${corner}</span></${tag}>`;
}

export function cardBackHtml(extraClass = "") {
  return `<div class="card back ${extraClass}" aria-hidden="true"></div>`;
}

// A card in running text: rank and coloured suit symbol.
export function cardChip(variant, code, trump) {
  const suit = suitOf(code);
  const colour = isRed(variant, suit) ? "red" : "black";
  const role = isDisciplines(variant) ? euchreRole(code, trump) : "";
  const label = role ? t(`drank.${role}`) : isDisciplines(variant) ? t(`drank.${rankOf(code)}`) : rankLabel(variant, code);
  return `<span class="chip ${colour}" title="${cardName(variant, code, trump)}">${label}${suitSymbol(variant, suit)}</span>`;
}

export function suitChip(variant, suit) {
  const colour = isRed(variant, suit) ? "red" : "black";
  return `<span class="chip ${colour}">${suitSymbol(variant, suit)} ${suitName(variant, suit)}</span>`;
}
