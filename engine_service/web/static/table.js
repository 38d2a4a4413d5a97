// @ts-check
// One game at the table: the view of the person's seat (or a spectator's) drawn on the
// felt, the hand, the scores, the hint and the deal's result. Following the game is the
// session's (session.js), the table talk the narration's (narration.js), the person's
// clicks the input's (input.js).

import * as api from "./api.js";
import * as cards from "./cards.js";
import { OtherTables } from "./event.js";
import { escapeHtml, num } from "./html.js";
import { errorText, t } from "./i18n.js";
import { TableInput } from "./input.js";
import { narrate } from "./narration.js";
import { Seating } from "./seating.js";
import { Session } from "./session.js";
import { forgetSeat, invitesOf, joinLink } from "./storage.js";

/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").GameChange} GameChange */
/** @typedef {import("./types.js").Credential} Credential */
/** @typedef {import("./types.js").Move} Move */

// A finished trick stays on the felt this long, with its winner marked, whatever comes next.
const HELD_TRICK_MS = 1500;

// The phone layout's media query (style.css).
const NARROW = "(max-width: 820px)";

// What another seat is doing, by phase (playing a card otherwise).
const OTHER_TURN = {
  PHASE_BIDDING: "turn.other.bid",
  PHASE_DISCARD: "turn.other.discard",
  PHASE_DECLARATIONS: "turn.other.declare",
};

/**
 * The page's clock for holding tricks: the browser's, or one a test installs before the
 * page's scripts run (window.cardgamesClock), so nothing waits on the machine's speed.
 * @type {{ now: () => number, after: (ms: number, run: () => void) => void }}
 */
const clock = /** @type {any} */ (window).cardgamesClock ||
  { now: () => performance.now(), after: (ms, run) => { setTimeout(run, ms); } };

// Replaces an element's content only when it changed (keeps hover states, focus and
// animations, and elements a pointer is on).
function setHtml(element, html) {
  if (!element || element.renderedHtml === html) return;
  element.renderedHtml = html;
  element.innerHTML = html;
}

export class Table {
  /**
   * @param {HTMLElement} root
   * @param {string} gameId
   * @param {Credential | null} credential  the person's seat (null: a spectator)
   */
  constructor(root, gameId, credential) {
    this.root = root;
    this.gameId = gameId;
    this.session = new Session(gameId, credential, {
      view: (view) => this.applyView(view),
      change: (change) => this.onChange(change),
      connection: (lost) => this.setBanner(lost ? t("game.reconnecting") : ""),
      notFound: () => this.showFatal(t("game.notFound")),
      badToken: () => {
        forgetSeat(this.gameId);
        this.showError(t("game.badToken"));
      },
      over: () => this.over(),
    });
    /** @type {GameView | null} */
    this.view = null;
    this.deck = new cards.Deck();  // the deal's cards as the server describes them
    this.version = -1;
    this.selection = new Set();
    this.busy = false;
    this.hint = null;
    this.hintBusy = false;
    this.log = [];
    this.heldTrick = null;
    this.heldUntil = 0;
    this.closedResult = -1;
    /** @type {OtherTables | null} */
    this.others = null;  // an event's table: the other tables' results (event.js)
    this.stopped = false;
    this.narrow = window.matchMedia(NARROW);  // a long hand takes two rows on a narrow screen
    this.receivedAt = 0;
    this.input = new TableInput(this);
  }

  get credential() {
    return this.session.credential;
  }

  get seat() {
    return this.credential ? this.credential.seat : null;
  }

  start() {
    this.root.innerHTML = this.skeleton();
    this.clicked = (event) => this.input.onClick(event);
    this.root.addEventListener("click", this.clicked);
    this.ticker = setInterval(() => this.renderClocks(), 250);
    // Redrawn when the screen turns or resizes past the narrow width.
    this.narrowChanged = () => { if (this.view) this.renderHand(); };
    this.narrow.addEventListener("change", this.narrowChanged);
    this.session.follow();
  }

  stop() {
    this.stopped = true;  // late answers and timers of this table draw nothing on the next one's
    this.session.stop();
    clearInterval(this.ticker);
    clearTimeout(this.errorTimer);
    if (this.narrowChanged) this.narrow.removeEventListener("change", this.narrowChanged);
    // The page's root outlives this table: its clicks and its dialogs' searches stop with it.
    if (this.clicked) this.root.removeEventListener("click", this.clicked);
    const overlay = /** @type {any} */ (this.$(".analysis-overlay"));
    if (overlay && overlay.analysisRun) overlay.analysisRun.cancel();
    if (overlay && overlay.reviewRun) overlay.reviewRun.cancel();
  }

  skeleton() {
    return `
      <section class="game" data-testid="game">
        <div class="banner" data-testid="banner" hidden></div>
        <div class="board">
          <div class="table-info" data-testid="table-info"></div>
          <div class="felt" data-testid="felt">
            <div class="seats"></div>
            <div class="center">
              <div class="trick" data-testid="trick" data-count="0"></div>
              <div class="turn" data-testid="turn"></div>
            </div>
            <div class="result-panel" data-testid="deal-result" hidden></div>
            <div class="error" data-testid="error" role="alert" hidden></div>
          </div>
          <div class="actions" data-testid="actions"></div>
          <div class="hand" data-testid="hand"></div>
        </div>
        <aside class="side">
          <section id="scores" class="panel scores" data-testid="scores"></section>
          <section class="panel hint-panel" data-testid="hint-panel" hidden></section>
          <section class="panel links" data-testid="links" hidden></section>
          <section class="panel log"><h2>${t("log.title")}</h2><ol data-testid="log"></ol></section>
        </aside>
        <div class="analysis-overlay" data-testid="analysis" hidden></div>
      </section>`;
  }

  // ------------------------------------------------------------------ data

  over() {
    const status = this.view && this.view.status;
    return status === "GAME_STATUS_FINISHED" || status === "GAME_STATUS_ABANDONED";
  }

  /** @param {GameChange} change */
  onChange(change) {
    if (this.view) {
      for (const event of change.events || []) {
        for (const line of narrate(event, { seating: this.seating(), deck: this.deck, counted: this.counted() })) this.pushLog(line);
      }
    }
    this.renderLog();
    this.refresh();
  }

  refresh() {
    return this.session.refresh();
  }

  applyView(view) {
    const version = num(view.version);
    if (version < this.version) return;
    const previous = this.view;
    this.view = view;
    if ((view.deck || []).length) this.deck = cards.Deck.of(view);  // order and roles follow the deal's trump
    this.version = version;
    this.receivedAt = performance.now();
    const tricks = view.tricks || [];
    if (previous && num(previous.dealNumber) === num(view.dealNumber) && tricks.length > (previous.tricks || []).length) {
      // A trick was completed: it stays on the felt (the next trick's cards wait) for HELD_TRICK_MS.
      this.heldTrick = tricks[tricks.length - 1];
      this.heldUntil = clock.now() + HELD_TRICK_MS;
      clock.after(HELD_TRICK_MS, () => {
        if (clock.now() >= this.heldUntil) this.heldTrick = null;  // a later trick's hold may run on
        this.renderCenter();
      });
    } else if (previous && num(previous.dealNumber) !== num(view.dealNumber)) {
      this.heldTrick = null;
    }
    const selectable = new Set((view.cardSelection && view.cardSelection.cards) || []);
    for (const card of [...this.selection]) if (!selectable.has(card)) this.selection.delete(card);
    if (this.hint && num(this.hint.version) !== version) this.hint = null;
    this.playLoneMove();  // before drawing: a question with one answer is never shown
    this.render();
  }

  /** A question with one answer is not asked: "no announcement" alone, or the last card. */
  playLoneMove() {
    const view = this.view;
    const moves = view.legalMoves || [];
    if (!this.myTurn() || this.busy || moves.length !== 1) return;
    const [move] = moves;
    const lastCard = move.play && (view.hand || []).length === 1;
    if (!lastCard && !(move.declare && !move.declare.declare)) return;
    if (this.loneMoveVersion === this.version) return;  // sent once per version: a refusal is shown, not retried
    this.loneMoveVersion = this.version;
    this.input.submit(move);
  }

  // ------------------------------------------------------------------ words

  players() {
    return api.PLAYERS[this.variant()] || (this.view.seats || []).length || 4;
  }

  seating() {
    return new Seating(this.players(), this.seat, (this.view.scores || []).length || this.players());
  }

  variant() {
    return api.variantName(this.view && this.view.variant);
  }

  /** @param {number} seat */
  position(seat) {
    return this.seating().position(seat);
  }

  /** @param {number} seat */
  name(seat) {
    return this.seating().name(seat);
  }

  seatInfo(seat) {
    return (this.view.seats || []).find((info) => num(info.seat) === seat) || {};
  }

  // Whether cards carry points (euchre3 counts tricks only).
  counted() {
    return this.variant() !== "euchre3";
  }

  sideNames() {
    return this.seating().sideNames();
  }

  chip(code) {
    return this.deck.chip(code);
  }

  moveLabel(move) {
    const text = api.moveText(move);
    if (move.call) return t("move.call", { suit: this.deck.suitChip(move.call.suit) });
    if (move.play) return t("move.play", { card: this.chip(move.play.card) });
    if (move.discard) return t("move.discard", { card: this.chip(move.discard.card) });
    if (move.give) return t("move.give", { cards: (move.give.cards || []).map((c) => this.chip(c)).join(" ") });
    const offered = this.view.offered || [];
    if (move.declare && move.declare.declare && offered.length) {  // say what would be announced
      return t("move.declare.offered", { combinations: offered.map((combination) =>
        t("combination.points", { kind: t(`combination.${combination.kind}`), points: num(combination.value) })).join(", ") });
    }
    return t(`move.${text}`);
  }

  pushLog(line) {
    this.log.unshift(line);
    this.log.length = Math.min(this.log.length, 120);  // a whole deal of any variant
  }

  // ------------------------------------------------------------------ rendering

  $(selector) {
    return this.root.querySelector(selector);
  }

  banner() {
    return this.$(".banner");
  }

  setBanner(text) {
    const banner = this.banner();
    if (!banner) return;
    banner.hidden = !text;
    banner.textContent = text;
  }

  showFatal(text) {
    this.stop();
    this.root.innerHTML = `<section class="message"><p data-testid="error">${escapeHtml(text)}</p>` +
      `<p><a href="#">${t("game.lobby")}</a></p></section>`;
  }

  showError(error) {
    const box = this.$(".error");
    if (this.stopped || !box) return;
    const text = typeof error === "string" ? error : errorText(error);
    box.innerHTML = `<span>${escapeHtml(text)}</span>`;
    box.dataset.reason = (error && error.reason) || "";
    box.hidden = false;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => this.clearError(), 6000);
  }

  clearError() {
    if (this.stopped) return;
    const box = this.$(".error");
    if (box) {
      box.hidden = true;
      box.textContent = "";
    }
  }

  render() {
    if (this.stopped || !this.view || !this.$(".felt")) return;
    const game = this.$(".game");
    game.dataset.variant = this.variant();
    game.dataset.phase = this.view.phase || "";
    game.dataset.version = String(this.version);
    game.dataset.players = String(this.players());
    game.dataset.busy = this.busy ? "true" : "false";
    this.renderSeats();
    this.renderCenter();
    this.renderResult();  // before the actions: a next-deal button shown there is not shown twice
    this.renderActions();
    this.renderHand();
    this.renderScores();
    this.renderHint();
    this.renderLinks();
    this.renderLog();
    this.renderClocks();
  }

  toAct() {
    return (this.view.toAct || []).map(num);
  }

  myTurn() {
    return this.seat !== null && this.toAct().includes(this.seat) && !this.over();
  }

  renderSeats() {
    const view = this.view;
    const n = this.players();
    const counts = view.handCounts || [];
    const html = [];
    for (let seat = 0; seat < n; seat++) {
      const info = this.seatInfo(seat);
      const position = this.position(seat);
      let tag = "";
      if (info.kind === "SEAT_KIND_BOT") tag = t(`bot.${String(info.strength || "BOT_STRENGTH_UNSPECIFIED").replace("BOT_STRENGTH_", "")}`);
      else if (!info.taken) tag = info.invitationOnly ? t("seat.invited") : t("seat.waiting");
      const badges = [];
      if (view.status !== "GAME_STATUS_WAITING" && num(view.dealer) === seat) badges.push(`<span class="badge dealer" title="${t("dealer")}">D</span>`);
      if (view.taker !== undefined && num(view.taker) === seat) badges.push(`<span class="badge taker">${t("taker")}</span>`);
      const count = num(counts[seat]);
      const backs = seat === this.seat ? "" :
        `<div class="backs">${Array.from({ length: Math.min(count, 13) }, () => cards.cardBackHtml("mini")).join("")}</div>`;
      const tricks = (view.trickCounts || [])[seat];
      const active = this.toAct().includes(seat) && !["PHASE_DEAL_OVER", "PHASE_GAME_OVER"].includes(view.phase);
      html.push(`
        <div class="seat pos-${position} ${active ? "active" : ""} ${seat === this.seat ? "me" : ""}" data-testid="seat-${seat}"
             data-seat="${seat}">
          <div class="nameplate"><span class="name">${escapeHtml(this.name(seat))}</span>${info.player && info.player.name &&
            seat !== this.seat ? ` <span class="player-name" data-testid="player-${seat}">${escapeHtml(info.player.name)}</span>` : ""}${badges.join("")}
            ${tag ? `<span class="tag">${escapeHtml(tag)}</span>` : ""}</div>
          ${backs}
          <div class="seat-stats"><span class="clock" data-testid="clock-${seat}"></span>
            ${view.status === "GAME_STATUS_WAITING" ? "" : `<span class="tricks-won" title="${t("tricks")}">${num(tricks)} ✓</span>`}</div>
        </div>`);
    }
    setHtml(this.$(".seats"), html.join(""));
  }

  renderCenter() {
    const view = this.view;
    if (this.stopped || !view) return;
    const variant = this.variant();
    const info = [];
    if (view.trump) info.push(`<span class="info-item" data-testid="trump">${t("info.trump", { suit: this.deck.suitChip(view.trump) })}</span>`);
    // The taker wears a badge on their nameplate, and the turn line names whom cards are passed to.
    if (variant === "hearts" && view.heartsBroken) info.push(`<span class="info-item">${t("hearts.broken")}</span>`);
    setHtml(this.$(".table-info"), info.join(""));

    const trickBox = this.$(".trick");
    const current = view.trick || [];
    let played = current;
    const held = this.heldTrick;
    const done = Boolean(held) && clock.now() < this.heldUntil;
    if (done) played = held.cards || [];
    const winner = done ? num(held.winner) : -1;
    const shown = this.shownTrick || new Set();
    const parts = played.map((entry) => this.deck.html(entry.card, {
      extraClass: `played at-${this.position(num(entry.seat))} ${done ? "done" : ""} ${shown.has(entry.card) ? "stay" : ""}` +
        `${num(entry.seat) === winner ? " winner" : ""}`,
      attrs: `data-testid="trick-card-${entry.card}" data-seat="${num(entry.seat)}"`,
    }));
    if (done) {
      parts.push(`<div class="trick-winner" data-testid="trick-winner">${escapeHtml(
        t(this.seating().about("trick.wins", winner), { name: this.name(winner) }))}</div>`);
    }
    if (view.phase === "PHASE_BIDDING" && view.turned) {
      parts.push(`<div class="turned-card"><span class="caption">${t("turned")}</span>${this.deck.html(view.turned,
        { attrs: 'data-testid="turned"' })}</div>`);
    }
    this.shownTrick = new Set(played.map((entry) => entry.card));
    setHtml(trickBox, parts.join(""));
    trickBox.dataset.count = String(current.length);
    trickBox.dataset.done = done ? "true" : "false";
    this.$(".turn").textContent = this.turnText();
  }

  passTarget() {
    const deal = num(this.view.dealNumber) % 4;
    const n = 4;
    if (deal === 3 || this.seat === null) return null;
    return [(this.seat + 1) % n, (this.seat + n - 1) % n, (this.seat + 2) % n][deal];
  }

  turnText() {
    const view = this.view;
    if (view.status === "GAME_STATUS_WAITING") return t("turn.waiting");
    if (view.phase === "PHASE_GAME_OVER" || this.over()) return t("turn.gameOver");
    if (view.phase === "PHASE_DEAL_OVER") return t("turn.dealOver");
    const toAct = this.toAct();
    if (this.myTurn()) {
      switch (view.phase) {
        case "PHASE_BIDDING":
          return t("turn.you.bid");
        case "PHASE_DISCARD":
          return t("turn.you.discard");
        case "PHASE_DECLARATIONS":
          return t("turn.you.declare");
        case "PHASE_PASSING": {
          const to = this.passTarget();
          return t("turn.you.pass", { count: num(view.cardSelection && view.cardSelection.count) || 3, name: to === null ? "" : this.name(to) });
        }
        default:
          return t("turn.you.play");
      }
    }
    if (view.phase === "PHASE_PASSING" && this.seat !== null) return t("turn.you.passed");
    if (toAct.length === 1) return t(OTHER_TURN[view.phase] || "turn.other", { name: this.name(toAct[0]) });
    return t("turn.others", { names: toAct.map((seat) => this.name(seat)).join(", ") });
  }

  cardMoves() {
    const moves = new Map();
    for (const move of this.view.legalMoves || []) {
      const card = api.cardOfMove(move);
      if (card) moves.set(card, move);
    }
    return moves;
  }

  selecting() {
    const selection = this.view.cardSelection;
    return Boolean(selection && num(selection.count) && this.myTurn());
  }

  renderActions() {
    const view = this.view;
    const buttons = [];
    if (!this.busy) {
      const resultShown = !this.$(".result-panel").hidden;
      for (const move of view.legalMoves || []) {
        if (api.cardOfMove(move)) continue;
        if (move.nextDeal && resultShown) continue;  // the result dialog has it
        const text = api.moveText(move);
        buttons.push(`<button class="bid ${move.pass ? "secondary" : ""}" data-testid="bid-${escapeHtml(text)}" data-move="${escapeHtml(text)}">` +
          `${this.moveLabel(move)}</button>`);
      }
    }
    if (this.selecting()) {
      const count = num(view.cardSelection.count);
      const ready = this.selection.size === count && !this.busy;
      buttons.push(`<button class="confirm" data-testid="confirm-selection" ${ready ? "" : "disabled"}>${t("pass.confirm")} ` +
        `<small>${t("pass.selected", { n: this.selection.size, count })}</small></button>`);
    }
    const hintable = this.myTurn() && !["PHASE_DEAL_OVER", "PHASE_GAME_OVER"].includes(view.phase) &&
      view.status === "GAME_STATUS_ACTIVE";
    if (this.seat !== null) {
      if (!view.rated) {  // a rated match has no hints: no button that could only be refused
        buttons.push(`<button class="tool" data-testid="hint-button" ${hintable && !this.hintBusy ? "" : "disabled"}>${t("hint.button")}</button>`);
      }
      if (hintable) {
        buttons.push(`<button class="tool subtle" data-testid="resign-button">${t("game.resign")}</button>`);
      }
      if (view.status === "GAME_STATUS_FINISHED") {
        buttons.push(`<button class="bid" data-testid="rematch-button">${t("game.rematch")}</button>`);
      }
    } else {
      buttons.push(`<span class="spectating">${t("spectator")}</span>`);
    }
    setHtml(this.$(".actions"), buttons.join(""));
  }

  renderHand() {
    const view = this.view;
    const hand = view.hand || [];  // in holding order, as the server sends it
    const selecting = this.selecting();
    const selectable = new Set((view.cardSelection && view.cardSelection.cards) || []);
    const moves = this.cardMoves();
    const hinted = this.hint && this.hint.options && this.hint.options.length ? api.cardOfMove(this.hint.options[0].move) : null;
    const html = hand.map((code) => {
      const legal = !this.busy && (selecting ? selectable.has(code) : moves.has(code));
      const selected = selecting && this.selection.has(code);
      const classes = `in-hand ${legal ? "legal" : "illegal"} ${selected ? "selected" : ""} ${hinted === code ? "hinted" : ""}`;
      return this.deck.html(code, {
        tag: "button",
        extraClass: classes,
        attrs: `data-testid="card-${code}" data-legal="${legal}" data-selected="${selected}"`,
      });
    });
    const box = this.$(".hand");
    setHtml(box, html.join(""));
    box.dataset.count = String(hand.length);
    box.style.setProperty("--cards", String(Math.max(hand.length, 1)));
    // On a narrow screen a long hand takes two rows (see style.css).
    box.style.setProperty("--per-row", String(this.narrow.matches && hand.length > 8 ? Math.ceil(hand.length / 2) : Math.max(hand.length, 1)));
  }

  renderScores() {
    const view = this.view;
    const names = this.sideNames();
    const scores = view.scores || [];
    const rows = names.map((name, side) => `<tr><th>${escapeHtml(name)}</th><td class="total" data-testid="score-${side}">` +
      `${num(scores[side])}</td></tr>`).join("");
    const n = this.players();
    const dealRows = view.status === "GAME_STATUS_WAITING" ? "" : Array.from({ length: n }, (_, seat) =>
      `<tr><th>${escapeHtml(this.name(seat))}</th><td>${num((view.trickCounts || [])[seat])}</td>` +
      `${this.counted() ? `<td>${num((view.cardPoints || [])[seat])}</td>` : ""}</tr>`).join("");
    const results = view.results || [];
    const history = results.map((result, index) => {
      const outcome = this.outcomeText(result);
      const analysable = this.seat !== null && result.outcome !== "DEAL_OUTCOME_VOID";
      return `<li><span class="deal-no">${t("result.title", { n: index + 1 })}</span> ${escapeHtml(outcome)} ` +
        `<span class="deal-scores">${(result.scores || []).map(num).join(" · ") || names.map(() => 0).join(" · ")}</span>` +
        (analysable ? ` <button class="link" data-testid="analyse-${index}" data-analyse="${index}">${t("result.analysis")}</button>` +
          ` <button class="link" data-testid="review-${index}" data-review="${index}">${t("result.review")}</button>` : "") +
        "</li>";
    }).join("");
    setHtml(this.$("#scores"), `
      <h2>${t("scores.title")}</h2>
      <table class="totals"><tbody>${rows}</tbody></table>
      ${dealRows ? `<h3>${t("scores.deal")}</h3><table class="deal"><thead><tr><th></th><th>${t("tricks")}</th>${this.counted() ? `<th>${t("points")}</th>` : ""}</tr></thead>
        <tbody>${dealRows}</tbody></table>` : ""}
      ${history ? `<h3>${t("scores.history")}</h3><ol class="history" data-testid="history">${history}</ol>` : ""}`);
  }

  outcomeText(result) {
    const variant = this.variant();
    const family = variant.startsWith("belote") && result.outcome === "DEAL_OUTCOME_SET" ? `.${variant}`
      : variant === "hearts" && result.outcome === "DEAL_OUTCOME_PLAYED" ? ".hearts" : "";
    const moon = result.hearts && result.hearts.moonShooter !== undefined ? num(result.hearts.moonShooter) : null;
    const key = `result.outcome.${result.outcome || "DEAL_OUTCOME_UNSPECIFIED"}${family}`;
    return t(this.seating().about(key, moon), { name: moon === null ? "" : this.name(moon) });
  }

  renderHint() {
    const panel = this.$(".hint-panel");
    if (!this.hint) {
      panel.hidden = true;
      panel.innerHTML = "";
      return;
    }
    const hint = this.hint;
    const unit = t(`unit.${hint.unit}`);
    const lower = hint.unit === "penalty_points" ? ` ${t("hint.lower")}` : "";
    const options = (hint.options || []).slice(0, 12).map((option, index) => {
      const expected = Number(option.expected || 0);
      const stderr = Number(option.stderr);
      const spread = Number.isFinite(stderr) && stderr > 0 ? ` <small>± ${stderr.toFixed(1)}</small>` : "";
      return `<li data-testid="hint-option" data-move="${escapeHtml(api.moveText(option.move))}" data-expected="${expected}"
        class="${index === 0 ? "best" : ""}"><button class="link" data-hint-move="${index}">${this.moveLabel(option.move)}</button>
        <span class="value">${expected.toFixed(1)}${spread}</span></li>`;
    }).join("");
    panel.hidden = false;
    panel.renderedHtml = null;
    // Whether the second option's shortfall behind the best is within twice its margin of
    // error, which the server measures on their difference deal by deal (infinite with one
    // deal; two options equal in every deal differ by 0 ± 0: they cannot be told apart either).
    const [first, second] = hint.options || [];
    const leadError = second ? Number(second.behindStderr || 0) : NaN;
    const close = Boolean(first && second) &&
      Math.abs(Number(first.expected || 0) - Number(second.expected || 0)) <= 2 * leadError;
    panel.innerHTML = `<h2>${t("hint.title")}</h2><p class="unit">${escapeHtml(unit)}${escapeHtml(lower)} · ` +
      `${t("hint.samples", { n: num(hint.samples) })}</p>` +
      `<p class="legend" data-testid="hint-legend">${t(`hint.legend.${hint.unit}`)} ${t("hint.spread")}</p>` +
      `<ol data-testid="hint-list" data-samples="${Number(hint.samples || 0)}" data-lead-stderr="${second ? leadError : ""}">${options}</ol>` +
      (close ? `<p class="legend close" data-testid="hint-close">${t("hint.close")}</p>` : "");
  }

  renderLinks() {
    const panel = this.$(".links");
    const view = this.view;
    if (view.status !== "GAME_STATUS_WAITING") {
      panel.hidden = true;
      return;
    }
    const invites = invitesOf(this.gameId);
    const items = [];
    for (const info of view.seats || []) {
      const seat = num(info.seat);
      if (info.taken) continue;
      let link = null;
      if (info.invitationOnly) {
        const invite = invites.find((entry) => num(entry.seat) === seat);
        if (invite) link = joinLink(this.gameId, seat, invite.code);
      } else {
        link = joinLink(this.gameId, seat);
      }
      if (!link) continue;
      items.push(`<li><span>${escapeHtml(this.name(seat))}</span> <input readonly value="${escapeHtml(link)}" data-testid="join-link-${seat}">
        <button class="link" data-copy="${escapeHtml(link)}">${t("game.link.copy")}</button></li>`);
    }
    panel.hidden = false;
    panel.innerHTML = `<h2>${t("game.links")}</h2><p>${t("game.waitingPlayers")}</p><ul>${items.join("")}</ul>`;
  }

  renderLog() {
    const list = this.$('[data-testid="log"]');
    setHtml(list, this.log.map((line) => `<li>${line}</li>`).join(""));
  }

  renderResult() {
    const panel = this.$(".result-panel");
    const view = this.view;
    const results = view.results || [];
    const show = ["PHASE_DEAL_OVER", "PHASE_GAME_OVER"].includes(view.phase) || this.over();
    if (!show || !results.length || this.closedResult === results.length) {
      panel.hidden = true;
      return;
    }
    const index = results.length - 1;
    panel.hidden = false;
    setHtml(panel, this.resultHtml(results[index], index));
    const others = this.otherTables();
    if (others) others.fill(panel.querySelector(".other-tables"), index);
  }

  // At a duplicate event's table, for a seat: the other tables' results of each deal.
  otherTables() {
    if (!this.view.eventId || !this.credential) return null;
    if (!this.others) {
      this.others = new OtherTables({
        eventId: this.view.eventId, credential: this.credential, players: this.players(),
        overlay: () => this.$(".analysis-overlay"), moveLabel: (move) => this.moveLabel(move),
      });
    }
    return this.others;
  }

  resultHtml(result, index) {
    const view = this.view;
    const variant = this.variant();
    const names = this.sideNames();
    const lines = [`<p class="outcome" data-testid="outcome">${escapeHtml(this.outcomeText(result))}</p>`];
    if (result.taker !== undefined && result.trump) {
      lines.push(`<p>${t(this.seating().about("result.taker", num(result.taker)),
        { name: escapeHtml(this.name(num(result.taker))), suit: this.deck.suitChip(result.trump) })}</p>`);
    }
    const extras = [];
    const belote = result.belote;
    const belote3 = result.belote3;
    const lastTrick = (view.tricks || [])[(view.tricks || []).length - 1];
    if (variant.startsWith("belote") && lastTrick && index === (view.results || []).length - 1 && num(view.dealNumber) === index) {
      extras.push(t("result.dixDeDer", { name: escapeHtml(this.name(num(lastTrick.winner))) }));
    }
    if (belote) {
      if (belote.capot) extras.push(t("result.capot"));
      (belote.beloteRebelote || []).forEach((points, team) => {
        if (num(points)) extras.push(t("result.beloteRebelote", { name: escapeHtml(names[team]) }));
      });
      if (num(belote.heldOut)) extras.push(t("result.held", { n: num(belote.heldOut) }));
    }
    if (belote3) {
      for (const seat of belote3.capotSeats || []) extras.push(t("result.capot.seat", { name: escapeHtml(this.name(num(seat))) }));
      (belote3.beloteRebelote || []).forEach((points, seat) => {
        if (num(points)) extras.push(t("result.beloteRebelote", { name: escapeHtml(this.name(seat)) }));
      });
    }
    if (extras.length) lines.push(`<p class="extras">${extras.join(" · ")}</p>`);
    const n = this.players();
    const perSeat = Array.from({ length: n }, (_, seat) => `<tr><th>${escapeHtml(this.name(seat))}</th>` +
      `<td>${num((result.tricks || [])[seat])}</td>${this.counted() ? `<td>${num((result.cardPoints || [])[seat])}</td>` : ""}</tr>`).join("");
    const perSide = names.map((name, side) => `<tr><th>${escapeHtml(name)}</th><td>+${num((result.scores || [])[side])}</td>` +
      `<td><b>${num((view.scores || [])[side])}</b></td></tr>`).join("");
    const buttons = [];
    if (this.seat !== null && result.outcome !== "DEAL_OUTCOME_VOID") {
      buttons.push(`<button class="bid" data-testid="analysis-button" data-analyse="${index}">${t("result.analysis")}</button>`);
      buttons.push(`<button class="bid" data-testid="review-button" data-review="${index}">${t("result.review")}</button>`);
    }
    if (this.seat !== null && this.over()) {
      buttons.push(`<button class="bid" data-testid="review-match-button" data-review="match">${t("result.review.match")}</button>`);
    }
    // Always in its place once the deal is over (enabled when the seat may deal): the buttons
    // never move under a pointer.
    if (this.seat !== null && view.phase === "PHASE_DEAL_OVER" && !this.over()) {
      const ready = (view.legalMoves || []).some((move) => move.nextDeal);
      buttons.push(`<button class="bid" data-testid="result-next-deal" data-move="next-deal" ${ready ? "" : "disabled"}>` +
        `${t("move.next-deal")}</button>`);
    }
    buttons.push(`<button class="secondary" data-testid="result-close" data-close-result="${index}">${t("result.close")}</button>`);
    let over = "";
    if (this.over()) {
      const outcome = view.outcome || {};
      const winners = (view.winners || outcome.winners || []).map((seat) => this.name(num(seat)));
      over = `<h3 data-testid="game-over">${t("game.over")}</h3>`;
      const ender = num(outcome.seat);
      const ended = { END_KIND_RESIGNED: "game.resigned", END_KIND_FORFEITED: "game.forfeited" }[outcome.end];
      if (ended) over += `<p>${t(this.seating().about(ended, ender), { name: escapeHtml(this.name(ender)) })}</p>`;
      if (outcome.end === "END_KIND_ABANDONED") over += `<p>${t("game.abandoned")}</p>`;
      if (winners.length) over += `<p class="winners">${t("game.winners", { names: escapeHtml(winners.join(", ")) })}</p>`;
    }
    return `<h2>${t("result.title", { n: index + 1 })}</h2>${over}${lines.join("")}
      <table class="result-seats"><thead><tr><th></th><th>${t("result.tricks")}</th>${this.counted() ? `<th>${t(this.variant() === "hearts" ? "result.penaltyPoints" : "result.cardPoints")}</th>` : ""}</tr></thead><tbody>${perSeat}</tbody></table>
      <table class="result-sides"><thead><tr><th></th><th>${t("scores.deal")}</th><th>${t("result.match")}</th></tr></thead><tbody>${perSide}</tbody></table>
      <div class="result-buttons">${buttons.join("")}</div>
      ${this.view.eventId && this.seat !== null ? `<div class="other-tables" data-testid="other-tables" data-deal="${index}"></div>` : ""}`;
  }

  renderClocks() {
    if (!this.view || !this.$(".seats")) return;
    const elapsed = performance.now() - this.receivedAt;
    for (const clock of this.view.clocks || []) {
      const seat = num(clock.seat);
      const box = this.$(`[data-testid="clock-${seat}"]`);
      if (!box) continue;
      let text = "";
      let urgent = false;
      if (clock.timeLeftMs !== undefined) {
        const left = Math.max(0, num(clock.timeLeftMs) - elapsed);
        text = `⏱ ${formatMs(left)}`;
        urgent = left < 10000;
      } else if (num(clock.bankMs)) {
        text = `⏱ ${formatMs(num(clock.bankMs))} ${t("bank")}`;
      }
      box.textContent = text;
      box.classList.toggle("urgent", urgent);
    }
  }
}

function formatMs(ms) {
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}
