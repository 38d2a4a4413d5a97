// @ts-check
// The person's input at the table: clicks on cards and buttons become moves, hints, a
// resignation, a rematch or an analysis; what the server says back is drawn by the table.

import { openAnalysis } from "./analysis.js";
import * as api from "./api.js";
import { num } from "./html.js";
import { t } from "./i18n.js";
import { openReview } from "./review.js";
import { rememberSeat } from "./storage.js";

/** @typedef {import("./table.js").Table} Table */
/** @typedef {import("./types.js").Move} Move */

/** @param {unknown} value */
export class TableInput {
  /** @param {Table} table */
  constructor(table) {
    this.table = table;
  }


  onClick(event) {
    const target = event.target.closest("button, [data-copy]");
    if (!target || !this.table.view) return;
    const card = target.closest(".card.in-hand");
    if (card) return this.onCard(card.dataset.code);
    if (target.dataset.move) return this.submitText(target.dataset.move);
    if (target.dataset.testid === "confirm-selection") return this.confirmSelection();
    if (target.dataset.testid === "hint-button") return this.askHint();
    if (target.dataset.testid === "resign-button") return this.resign();
    if (target.dataset.testid === "rematch-button") return this.rematch();
    if (target.dataset.hintMove !== undefined) {
      const option = this.table.hint && this.table.hint.options[Number(target.dataset.hintMove)];
      if (option) return this.submit(option.move);
    }
    if (target.dataset.analyse !== undefined) return this.analyse(Number(target.dataset.analyse));
    if (target.dataset.review !== undefined) return this.review(target.dataset.review === "match" ? null : Number(target.dataset.review));
    const others = this.table.otherTables();
    if (others && target.dataset.otherReview !== undefined) {
      return others.review(Number(target.dataset.otherReview), Number(target.dataset.deal));
    }
    if (others && target.dataset.otherRecord !== undefined) {
      return others.record(Number(target.dataset.otherRecord)).catch((error) => this.table.showError(error));
    }
    if (target.dataset.closeResult !== undefined) {
      this.table.closedResult = Number(target.dataset.closeResult) + 1;
      return this.table.render();
    }
    if (target.dataset.copy) {
      navigator.clipboard?.writeText(target.dataset.copy).then(() => {
        target.textContent = t("game.link.copied");
      }).catch(() => {});
    }
    return undefined;
  }

  onCard(code) {
    if (this.table.busy || this.table.seat === null) return;
    if (this.table.selecting()) {
      const selectable = new Set(this.table.view.cardSelection.cards || []);
      if (!selectable.has(code)) return;
      if (this.table.selection.has(code)) this.table.selection.delete(code);
      else if (this.table.selection.size < num(this.table.view.cardSelection.count)) this.table.selection.add(code);
      this.table.renderHand();
      this.table.renderActions();
      return;
    }
    const move = this.table.cardMoves().get(code);
    if (move) {
      this.submit(move);
      return;
    }
    this.explain(code);
  }

  // Why a card cannot be played now, as the rules say (ValidateMove changes nothing).
  async explain(code) {
    const move = this.table.view.phase === "PHASE_DISCARD" ? { discard: { card: code } } : { play: { card: code } };
    try {
      const answer = await api.validateMove(this.table.gameId, this.table.credential, move);
      if (!answer.legal) this.table.showError({ reason: answer.reason, message: answer.message });
    } catch (error) {
      this.table.showError(error);
    }
  }

  submitText(text) {
    const move = (this.table.view.legalMoves || []).find((candidate) => api.moveText(candidate) === text);
    if (move) this.submit(move);
  }

  confirmSelection() {
    const count = num(this.table.view.cardSelection && this.table.view.cardSelection.count);
    if (this.table.selection.size !== count) return;
    this.submit({ give: { cards: [...this.table.selection] } });
  }

  async submit(move) {
    if (this.table.busy || !this.table.credential) return;
    this.table.busy = true;
    this.table.clearError();
    this.table.render();
    try {
      // The version the click was made on: a table that moved on meanwhile refuses it (VERSION_CONFLICT).
      await api.submitMove(this.table.gameId, this.table.credential, move, this.table.version);
      this.table.selection.clear();
      this.table.hint = null;
    } catch (error) {
      this.table.showError(error);
    }
    await this.table.refresh();
    this.table.busy = false;
    this.table.playLoneMove();  // a view that came while busy may ask a question with one answer
    this.table.render();
  }

  async askHint() {
    if (this.table.hintBusy || !this.table.credential) return;
    this.table.hintBusy = true;
    this.table.renderActions();
    try {
      const hint = await api.getHint(this.table.gameId, this.table.credential, 400);
      if (num(hint.version) === this.table.version) this.table.hint = hint;
    } catch (error) {
      this.table.showError(error);
    }
    this.table.hintBusy = false;
    this.table.render();
  }

  async resign() {
    if (!window.confirm(t("game.resign.confirm"))) return;
    try {
      await api.resign(this.table.gameId, this.table.credential);
    } catch (error) {
      this.table.showError(error);
    }
    this.table.refresh();
  }

  async rematch() {
    try {
      const answer = await api.rematch(this.table.gameId, this.table.credential);
      const credential = answer.credential || {};
      rememberSeat(answer.gameId, { seat: num(credential.seat), token: credential.token });
      location.hash = `#game=${encodeURIComponent(answer.gameId)}`;
    } catch (error) {
      this.table.showError(error);
    }
  }

  review(dealNumber) {
    openReview(this.table.$(".analysis-overlay"), {
      gameId: this.table.gameId,
      credential: this.table.credential,
      dealNumber,
      name: (seat) => this.table.name(seat),
      moveLabel: (move) => this.table.moveLabel(move),
    });
  }

  analyse(dealNumber) {
    const overlay = this.table.$(".analysis-overlay");
    openAnalysis(overlay, {
      variant: this.table.variant(),
      gameId: this.table.gameId,
      credential: this.table.credential,
      dealNumber,
      players: this.table.players(),
      name: (seat) => this.table.name(seat),
      trump: this.table.view.trump,
      deck: this.table.deck,
    });
  }
}
