// @ts-check
// The review of my decisions in a played deal, or in the whole match once it is over:
// ReviewGame's stream (docs/reviews.md), drawn as it comes. For each deal its curve (the
// real deal's value after each card), my decisions in order marked with the glyphs players
// know (?! inaccuracy, ? mistake, ?? blunder), my errors with the better option and what
// it gave up, and my summary: accuracy and counts. The server judges; the page draws.

import * as api from "./api.js";
import { escapeHtml, num } from "./html.js";
import { errorText, t } from "./i18n.js";

const GLYPHS = { JUDGEMENT_INACCURACY: "?!", JUDGEMENT_MISTAKE: "?", JUDGEMENT_BLUNDER: "??" };
const CURVE_WIDTH = 320;
const CURVE_HEIGHT = 90;

/**
 * @param {HTMLElement & { reviewRun?: ReviewRun }} overlay
 * @param {{ gameId: string, credential: { seat: number, token: string }, dealNumber: number | null,
 *   name: (seat: number) => string, moveLabel: (move: object) => string, title?: string,
 *   stream?: (signal: AbortSignal) => AsyncIterable<any> }} context  `stream`: another table's review
 *   (an event's), instead of this seat's own
 */
export function openReview(overlay, context) {
  if (overlay.reviewRun) overlay.reviewRun.cancel();
  const run = new ReviewRun(overlay, context);
  overlay.reviewRun = run;
  run.start();
}

class ReviewRun {
  constructor(overlay, context) {
    this.overlay = overlay;
    this.context = context;
    this.controller = new AbortController();
    this.cancelled = false;
    this.decisions = [];
    this.deals = [];
    this.match = null;
    this.progress = { done: 0, total: 0 };
    this.error = null;
  }

  cancel() {
    this.cancelled = true;
    this.controller.abort();
  }

  async start() {
    const { dealNumber } = this.context;
    const title = this.context.title || (dealNumber === null ? t("review.match") : t("review.title", { n: dealNumber + 1 }));
    this.overlay.hidden = false;
    this.overlay.innerHTML = `<div class="analysis-box review-box" role="dialog" aria-modal="true" data-testid="review">
      <header><h2>${title}</h2>
      <button class="secondary" data-testid="review-close">${t("result.close")}</button></header>
      <div class="review-body"><p class="working">${t("review.working")}</p></div></div>`;
    this.overlay.querySelector('[data-testid="review-close"]').addEventListener("click", () => {
      this.cancel();
      this.overlay.hidden = true;
      this.overlay.innerHTML = "";
    });
    const { gameId, credential, stream } = this.context;
    const messages = stream ? stream(this.controller.signal)
      : api.reviewGame(gameId, credential, dealNumber, this.controller.signal);
    try {
      for await (const message of messages) {
        if (this.cancelled) return;
        this.progress = { done: num(message.done), total: num(message.total) };
        if (message.decision) this.decisions.push(message.decision);
        if (message.deal) this.deals.push(message.deal);
        if (message.match) this.match = message.match;
        this.render();
      }
    } catch (error) {
      if (!this.cancelled) this.error = error;
    }
    if (!this.cancelled) this.render();
  }

  render() {
    const body = this.overlay.querySelector(".review-body");
    if (!body || this.cancelled) return;
    if (this.error) {
      body.innerHTML = `<p class="error-text" data-testid="review-error">${escapeHtml(errorText(this.error))}</p>`;
      return;
    }
    const parts = [`<p class="review-intro">${t("review.intro")}</p>`];
    const { done, total } = this.progress;
    if (!this.match) parts.push(`<p class="working" data-testid="review-progress">${t("review.progress", { done, total })}</p>`);
    if (this.match) parts.push(this.summary(this.match.seats || [], "review-match"));
    const numbers = [...new Set(this.decisions.map((d) => num(d.dealNumber)))].sort((a, b) => a - b);
    for (const number of numbers) parts.push(this.deal(number));
    body.innerHTML = parts.join("");
    body.dataset.done = this.match ? "true" : "false";
  }

  summary(seats, testid) {
    const mine = seats[0];
    if (!mine) return "";
    const accuracy = mine.accuracy === undefined ? "–" : `${Math.round(Number(mine.accuracy))}`;
    return `<p class="review-summary" data-testid="${testid}" data-accuracy="${accuracy}">` +
      t("review.summary", { accuracy, inaccuracies: num(mine.inaccuracies), mistakes: num(mine.mistakes),
        blunders: num(mine.blunders) }) + "</p>";
  }

  deal(number) {
    const summary = this.deals.find((deal) => num(deal.dealNumber) === number);
    const mine = this.decisions.filter((d) => num(d.dealNumber) === number).sort((a, b) => num(a.entry) - num(b.entry));
    const rows = mine.map((decision) => this.decisionRow(decision)).join("");
    const errors = mine.filter((d) => GLYPHS[d.judgement]).sort((a, b) => Number(b.known.loss) - Number(a.known.loss));
    const errorList = errors.length
      ? `<ol class="review-errors" data-testid="review-errors">${errors.map((d) => this.errorLine(d)).join("")}</ol>`
      : (summary ? `<p data-testid="review-clean">${t("review.clean")}</p>` : "");
    return `<section class="review-deal" data-testid="review-deal-${number}">
      <h3>${t("review.deal", { n: number + 1 })}</h3>
      ${summary ? this.summary(summary.seats || [], `review-summary-${number}`) + this.curve(summary) : ""}
      ${errorList}
      <details><summary>${t("review.decisions", { n: mine.length })}</summary>
      <ol class="review-decisions">${rows}</ol></details></section>`;
  }

  decisionRow(decision) {
    const glyph = GLYPHS[decision.judgement] || "";
    const judgement = t(`review.judgement.${String(decision.judgement || "").replace("JUDGEMENT_", "").toLowerCase()}`);
    return `<li data-testid="review-decision" data-judgement="${decision.judgement}">` +
      `<span class="glyph">${glyph}</span> ${this.context.moveLabel(decision.played || {})} <span class="dim">${judgement}</span></li>`;
  }

  errorLine(decision) {
    const known = decision.known || {};
    const best = (known.options || [])[0] || {};
    const unit = t(`unit.${known.unit}`);
    const real = decision.real
      ? ` <span class="dim">${t("review.real", { loss: num(decision.real.loss), unit: t(`unit.${decision.real.unit}`) })}</span>` : "";
    return `<li data-testid="review-error-line"><span class="glyph">${GLYPHS[decision.judgement]}</span> ` +
      `${this.context.moveLabel(decision.played || {})} · ${t("review.better")} ${this.context.moveLabel(best.move || {})} ` +
      `<span class="loss">${this.loss(known, unit)}</span>${real}</li>`;
  }

  // The loss with its margin of error (from the two options' difference deal by deal; none
  // after a single deal).
  loss(known, unit) {
    const loss = Number(known.loss || 0).toFixed(1);
    const error = Number(known.lossStderr ?? 0); // proto3 JSON leaves a 0 out
    return Number.isFinite(error)
      ? t("review.loss_error", { loss, error: error.toFixed(1), unit: escapeHtml(unit) })
      : t("review.loss", { loss, unit: escapeHtml(unit) });
  }

  // The real deal's value before the first card and after each card, as a line.
  curve(summary) {
    const values = (summary.curve || []).map(num);
    if (values.length < 2) return "";
    const low = Math.min(...values);
    const high = Math.max(...values);
    const span = Math.max(1, high - low);
    const x = (i) => (i * CURVE_WIDTH) / (values.length - 1);
    const y = (v) => CURVE_HEIGHT - 6 - ((v - low) * (CURVE_HEIGHT - 12)) / span;
    const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const whose = summary.curveSeat === undefined ? t("analysis.side.taker") : this.context.name(num(summary.curveSeat));
    const label = t("review.curve", { unit: t(`unit.${summary.curveUnit}`), side: escapeHtml(whose) });
    return `<figure class="review-curve" data-testid="review-curve" data-points="${values.length}">
      <svg viewBox="0 0 ${CURVE_WIDTH} ${CURVE_HEIGHT}" width="100%" role="img" aria-label="${escapeHtml(label)}">
      <polyline fill="none" stroke="currentColor" stroke-width="2" points="${points}"/></svg>
      <figcaption>${t("review.curve.caption", { label, from: values[0], to: values[values.length - 1] })}</figcaption></figure>`;
  }
}
