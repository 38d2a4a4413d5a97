// @ts-check
// Who sits where, as the viewer sees the table: each seat's compass position from the
// viewer's chair (south), its name in words, and the sides the scores are kept for.

import { t } from "./i18n.js";

/** @type {Record<number, string[]>} */
const COMPASS = { 3: ["south", "west", "east"], 4: ["south", "west", "north", "east"] };

export class Seating {
  /**
   * @param {number} players  the seats at the table
   * @param {number | null} seat  the viewer's own seat (null: a spectator, seen from seat 0)
   * @param {number} sides  the scores kept: one per seat, or per team (two teams of partners opposite)
   */
  constructor(players, seat, sides) {
    this.players = players;
    this.seat = seat;
    this.sides = sides;
  }

  /** @param {number} seat */
  position(seat) {
    const n = this.players;
    return COMPASS[n][(seat - (this.seat ?? 0) + n) % n];
  }

  /** @param {number} seat */
  name(seat) {
    if (seat === this.seat) return t("you");
    return t(`pos.${this.position(seat)}`);
  }

  /** The scores' sides in words: each seat, or each team ("You & North"). */
  sideNames() {
    if (this.sides < this.players) {
      return Array.from({ length: this.sides }, (_, team) => t("scores.team", { a: this.name(team), b: this.name(team + this.sides) }));
    }
    return Array.from({ length: this.players }, (_, seat) => this.name(seat));
  }

  /**
   * The key of a sentence about ``seat``: its ".you" form when the viewer is the one.
   * @param {string} key @param {number | null} seat
   */
  about(key, seat) {
    return seat === this.seat && seat !== null ? `${key}.you` : key;
  }
}
