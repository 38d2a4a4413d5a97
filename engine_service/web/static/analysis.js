// @ts-check
// The analysis of a played deal: each card's double-dummy value along the play.
//
// AnalyzeDeal with the game id gives, from the first card of each trick, the position (in
// notation) and every card's value for the leader; the cards after the lead are valued on
// positions made from it (the trick's first cards taken out of their hands and put in the
// trick), solved together through the AnalyzeDeals stream.

import * as api from "./api.js";
import { escapeHtml, num } from "./html.js";
import { errorText, t } from "./i18n.js";

const HAND_SUITS = { euchre3: ["A", "C", "R", "P"] };
const STANDARD_HAND_SUITS = ["S", "H", "D", "C"];

// "1:T8.8.AJ9.Q8 AQ.KQT.KT.9 ...;trump=C;leader=1" as {first, hands (by seat), fields}.
export function parsePosition(text, variant, players) {
  const [handsPart, ...rest] = text.split(";");
  const colon = handsPart.indexOf(":");
  const first = Number(handsPart.slice(0, colon));
  const suits = HAND_SUITS[variant] || STANDARD_HAND_SUITS;
  const hands = new Array(players).fill(null).map(() => []);
  handsPart.slice(colon + 1).trim().split(/\s+/).forEach((hand, index) => {
    const seat = (first + index) % players;
    hand.split(".").forEach((ranks, suitIndex) => {
      for (const rank of ranks) hands[seat].push(rank + suits[suitIndex]);
    });
  });
  const fields = rest.filter(Boolean).map((field) => {
    const equals = field.indexOf("=");
    return [field.slice(0, equals), field.slice(equals + 1)];
  });
  return { first, hands, fields, suits, players };
}

function formatPosition(position, removed, trick) {
  const { first, hands, fields, suits, players } = position;
  const parts = [];
  for (let index = 0; index < players; index++) {
    const seat = (first + index) % players;
    const left = hands[seat].filter((card) => !removed.has(card));
    parts.push(suits.map((suit) => left.filter((card) => card.slice(-1) === suit).map((card) => card.slice(0, -1)).join("")).join("."));
  }
  const kept = fields.filter(([key]) => key !== "trick").map(([key, value]) => `${key}=${value}`);
  if (trick.length) kept.push(`trick=${trick.join(" ")}`);
  return `${first}:${parts.join(" ")};${kept.join(";")}`;
}

function field(position, name) {
  const entry = position.fields.find(([key]) => key === name);
  return entry ? entry[1] : undefined;
}

function valueOf(analysis, card) {
  const play = analysis.play || {};
  const values = (play.cards || []).map((entry) => Number(entry.value || 0));
  if (!values.length) return null;
  const best = play.maximising ? Math.max(...values) : Math.min(...values);
  const mine = (play.cards || []).find((entry) => entry.card === card);
  if (!mine) return null;
  const value = Number(mine.value || 0);
  return { value, best, loss: Math.abs(best - value) };
}

export function openAnalysis(overlay, context) {
  if (overlay.analysisRun) overlay.analysisRun.cancel();
  const run = new AnalysisRun(overlay, context);
  overlay.analysisRun = run;
  run.start();
}

class AnalysisRun {
  constructor(overlay, context) {
    this.overlay = overlay;
    this.context = context;
    this.controller = new AbortController();
    this.cancelled = false;
    this.starts = []; // per trick: {position, analysis} or {error}
    this.tricks = []; // per trick: [{seat, card}] in play order
    this.cells = []; // per trick: per card: {state, value, best, loss}
    this.summary = null;
    this.error = null;
  }

  cancel() {
    this.cancelled = true;
    this.controller.abort();
  }

  async start() {
    const { dealNumber } = this.context;
    this.overlay.hidden = false;
    this.overlay.innerHTML = `<div class="analysis-box" role="dialog" aria-modal="true">
      <header><h2>${t("analysis.title", { n: dealNumber + 1 })}</h2>
      <button class="secondary" data-testid="analysis-close">${t("result.close")}</button></header>
      <div class="analysis-body"><p class="working">${t("analysis.working")}</p></div></div>`;
    this.overlay.querySelector('[data-testid="analysis-close"]').addEventListener("click", () => {
      this.cancel();
      this.overlay.hidden = true;
      this.overlay.innerHTML = "";
    });
    try {
      await this.solveStarts();
      if (this.cancelled) return;
      await this.solveFollowers();
    } catch (error) {
      if (!this.cancelled) this.error = error;
    }
    if (!this.cancelled) {
      this.done = true;
      this.render();
    }
  }

  async solveStart(trick, timeLimit) {
    const { variant, gameId, credential, dealNumber, players } = this.context;
    try {
      const analysis = await api.analyzeGameDeal(gameId, credential, dealNumber, trick, timeLimit);
      this.starts[trick] = { analysis, position: parsePosition(analysis.play.position, variant, players) };
    } catch (error) {
      if (trick === 0 && !["deadline_exceeded", "resource_exhausted"].includes(error.code)) throw error;
      this.starts[trick] = { error };
    }
  }

  async solveStarts() {
    const { variant } = this.context;
    const hearts = variant === "hearts";
    // A whole hearts deal is seconds of search: its later tricks first, so values come at once.
    const firstLimit = hearts ? 25000 : 30000;
    const first = hearts ? null : 0;
    if (first === 0) await this.solveStart(0, firstLimit);
    let count = this.trickCount();
    if (count === null) {
      // hearts: how many tricks the deal has, from its last trick's position
      await this.solveStart(12, 20000);
      count = this.trickCount() ?? 13;
    }
    this.count = count;
    this.cells = Array.from({ length: count }, () => []);
    this.render();
    const order = hearts ? Array.from({ length: count }, (_, i) => count - 1 - i) : Array.from({ length: count }, (_, i) => i);
    for (const trick of order) {
      if (this.cancelled) return;
      if (!this.starts[trick]) await this.solveStart(trick, hearts ? firstLimit : 30000);
      this.fillTricks();
      this.render();
    }
  }

  trickCount() {
    for (const start of this.starts) {
      if (start && start.position) {
        const played = this.starts.indexOf(start);
        return played + Math.max(...start.position.hands.map((hand) => hand.length));
      }
    }
    return null;
  }

  // The cards of each trick, in play order: a trick's cards are what its players held at
  // its start and no longer held at the next trick's start.
  fillTricks() {
    const { players } = this.context;
    for (let trick = 0; trick < this.count; trick++) {
      if (this.tricks[trick]) continue;
      const start = this.starts[trick];
      const next = this.starts[trick + 1];
      if (!start || !start.position) continue;
      const leader = Number(field(start.position, "leader") ?? start.position.first);
      const played = [];
      for (let k = 0; k < players; k++) {
        const seat = (leader + k) % players;
        const held = start.position.hands[seat];
        let card;
        if (trick === this.count - 1) card = held[0];
        else if (next && next.position) card = held.find((code) => !next.position.hands[seat].includes(code));
        if (!card) break;
        played.push({ seat, card });
      }
      if (played.length !== players) continue;
      this.tricks[trick] = played;
      const lead = valueOf(start.analysis, played[0].card);
      this.cells[trick][0] = lead ? { state: "done", ...lead } : { state: "failed" };
      for (let k = 1; k < players; k++) this.cells[trick][k] = { state: "working" };
    }
  }

  async solveFollowers() {
    const { variant } = this.context;
    const jobs = [];
    for (let trick = 0; trick < this.count; trick++) {
      const played = this.tricks[trick];
      const start = this.starts[trick];
      if (!played) {
        this.cells[trick] = this.cells[trick].map(() => ({ state: "failed" }));
        continue;
      }
      const player = variant === "hearts" ? Number((start.analysis.play.contract || {}).taker || 0) : null;
      for (let k = 1; k < played.length; k++) {
        const removed = new Set(played.slice(0, k).map((entry) => entry.card));
        const position = formatPosition(start.position, removed, played.slice(0, k).map((entry) => entry.card));
        jobs.push({ trick, k, position, player });
      }
    }
    if (!jobs.length) return;
    for await (const message of api.analyzePositions(variant, jobs, 20000, this.controller.signal)) {
      const job = jobs[Number(message.index || 0)];
      if (!job) continue;
      const played = this.tricks[job.trick][job.k];
      const value = message.analysis ? valueOf(message.analysis, played.card) : null;
      this.cells[job.trick][job.k] = value ? { state: "done", ...value } : { state: "failed" };
      this.render();
    }
    for (const row of this.cells) {
      for (let k = 0; k < row.length; k++) if (row[k] && row[k].state === "working") row[k] = { state: "failed" };
    }
  }

  render() {
    if (this.cancelled) return;
    const body = this.overlay.querySelector(".analysis-body");
    if (!body) return;
    const { variant, name, players, deck } = this.context;
    if (this.error && !this.starts.some((start) => start && start.analysis)) {
      body.innerHTML = `<p class="error-text" data-testid="analysis-error">${escapeHtml(errorText(this.error))}</p>`;
      return;
    }
    const first = this.starts.find((start) => start && start.analysis);
    if (!first) {
      body.innerHTML = `<p class="working">${t("analysis.working")}</p>`;
      return;
    }
    const analysis = first.analysis;
    const play = analysis.play || {};
    const contract = play.contract || {};
    const unit = t(`unit.${analysis.unit}`);
    const side = variant === "hearts" ? name(Number(contract.taker || 0))
      : `${t("analysis.side.taker")} (${name(Number(contract.taker || 0))})`;
    const trump = contract.trump || this.context.trump;
    const zero = this.starts[0] && this.starts[0].analysis;
    // In hearts the values are the player's points against the three others all playing to
    // hurt them (the solver's objective): the page says so, and what it implies.
    const hearts = variant === "hearts";
    const player = Number(contract.taker || 0);
    const header = [`<p>${t(hearts ? "analysis.intro.hearts" : "analysis.intro",
      { unit: escapeHtml(unit), side: escapeHtml(side) })}</p>`];
    if (zero) {
      header.push(`<p class="dd-value" data-testid="analysis-value">${t(hearts ? "analysis.value.hearts" : "analysis.value",
        { value: Number(zero.play.value || 0), side: escapeHtml(side) })}</p>`);
    }
    const rows = [];
    for (let trick = 0; trick < (this.count || 0); trick++) {
      const played = this.tricks[trick];
      const cells = this.cells[trick] || [];
      let content;
      if (!played) {
        content = `<td colspan="${players}" class="pending">${this.done ? t("analysis.failed") : t("analysis.working")}</td>`;
      } else {
        content = played.map((entry, k) => {
          const cell = cells[k] || { state: "working" };
          let value = "…";
          let cls = "working";
          if (cell.state === "done") {
            // A hearts opponent's card that is not the strongest play against the player is
            // no mistake of theirs: it helped the player.
            const helped = hearts && num(entry.seat) !== player && cell.loss > 0;
            const note = helped ? t("analysis.helped", { n: cell.loss, name: escapeHtml(side) }) : t("analysis.loss", { n: cell.loss });
            value = cell.loss === 0 ? `${cell.value} ★` : `${cell.value} <span class="${helped ? "helped" : "loss"}">${note}</span>`;
            cls = cell.loss === 0 ? "best" : helped ? "helped" : "worse";
          } else if (cell.state === "failed") {
            value = "—";
            cls = "failed";
          }
          return `<td class="${cls}" data-testid="analysis-card" data-card="${entry.card}" data-state="${cell.state}"
            ${cell.state === "done" ? `data-value="${cell.value}" data-loss="${cell.loss}"` : ""}>
            <span class="who">${escapeHtml(name(entry.seat))}</span> ${deck.chip(entry.card, { withRole: trump === this.context.trump })}
            <span class="dd">${value}</span></td>`;
        }).join("");
      }
      rows.push(`<tr data-testid="analysis-row"><th>${t("analysis.trick", { n: trick + 1 })}</th>${content}</tr>`);
    }
    let table = "";
    if (zero && (zero.table || []).length && variant !== "hearts") {
      // A row per trump and a column per taker: a column per suit would not fit a phone.
      const suits = [...new Set(zero.table.map((cell) => cell.trump))];
      const head = Array.from({ length: players }, (_, seat) => `<th>${escapeHtml(name(seat))}</th>`).join("");
      const lines = suits.map((suit) => `<tr><th>${deck.suitChip(suit)}</th>${Array.from({ length: players }, (_, seat) => {
        const cell = zero.table.find((entry) => entry.trump === suit && Number(entry.taker || 0) === seat);
        return `<td>${cell ? Number(cell.value || 0) : ""}</td>`;
      }).join("")}</tr>`).join("");
      table = `<h3>${t("analysis.table")}</h3><table class="dd-table" data-testid="analysis-table"><thead><tr><th></th>${head}</tr></thead>` +
        `<tbody>${lines}</tbody></table>`;
    }
    body.innerHTML = `${header.join("")}<div class="analysis-scroll"><table class="analysis-play" data-testid="analysis-play"
      data-done="${this.done ? "true" : "false"}"><tbody>${rows.join("")}</tbody></table></div>${table}`;
  }
}
