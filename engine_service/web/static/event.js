// @ts-check
// Duplicate events (docs/events.md): the event's page (its tables and their seats, the
// standings) and, in a deal's result at an event's table, the other tables' results of that
// deal with a review and a record of each. The server decides what this seat may see (the
// deals its own table has finished); the page draws what it gets.

import * as api from "./api.js";
import { escapeHtml, num } from "./html.js";
import { count, errorText, t } from "./i18n.js";
import { openReview } from "./review.js";
import { seatOf } from "./storage.js";

// How often the event's page asks again while it is shown (tables move on without us).
const REFRESH_MS = 5000;

function percent(value) {
  return value === undefined ? "–" : `${Math.round(Number(value) * 10) / 10} %`;
}

// This browser's seat at one of the event's tables (the first found), if any.
function heldSeat(info) {
  for (const table of info.tables || []) {
    const held = seatOf(table.gameId);
    if (held) return { gameId: table.gameId, ...held };
  }
  return null;
}

/** The event's page: every table with its seats (join an open one), and the standings. */
export class EventPage {
  /** @param {HTMLElement} root @param {string} eventId */
  constructor(root, eventId) {
    this.root = root;
    this.eventId = eventId;
    this.stopped = false;
    this.timer = 0;
    this.token = "";
  }

  start() {
    this.root.innerHTML = `<section class="event-page" data-testid="event"><p class="working">…</p></section>`;
    this.refresh();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async refresh() {
    try {
      let info = await api.getEvent(this.eventId);
      const held = heldSeat(info);
      if (held && held.token) {
        this.token = held.token;
        info = await api.getEvent(this.eventId, held.token);
      }
      let standings = null;
      if (info.over || info.table !== undefined) standings = await api.getEventStandings(this.eventId, this.token || undefined);
      if (this.stopped) return;
      this.draw(info, standings);
      if (!info.over) this.timer = window.setTimeout(() => this.refresh(), REFRESH_MS);
    } catch (error) {
      if (this.stopped) return;
      this.root.innerHTML = `<section class="message"><p data-testid="error" data-reason="${escapeHtml(error.reason || "")}">` +
        `${escapeHtml(errorText(error))}</p><p><a href="#">${t("game.lobby")}</a></p></section>`;
    }
  }

  draw(info, standings) {
    const variant = api.variantName(info.variant);
    const tables = (info.tables || []).map((table) => this.tableRow(table, info)).join("");
    const status = info.over ? t("event.over") : count("event.progress", num(info.dealsShown), { total: num(info.deals) });
    const board = standings ? this.standings(standings, info) :
      `<p class="dim" data-testid="standings-later">${t("event.standingsLater")}</p>`;
    this.root.innerHTML = `<section class="event-page" data-testid="event" data-over="${info.over ? "true" : "false"}">
      <div class="panel"><h2>${t("event.title", { variant: t(`variant.${variant}`) })}</h2>
        <p data-testid="event-status">${escapeHtml(status)}${info.rated ? ` · ${t("event.rated")}` : ""}</p>
        <table class="event-tables" data-testid="event-tables"><tbody>${tables}</tbody></table></div>
      <div class="panel"><h2>${t("event.standingsTitle")}</h2>${board}</div>
      <p><a href="#">${t("game.lobby")}</a></p></section>`;
  }

  tableRow(table, info) {
    const number = num(table.table);
    const held = seatOf(table.gameId);
    const seats = (table.seats || []).map((seat) => {
      const index = num(seat.seat);
      if (info.table !== undefined && num(info.table) === number && num(info.seat) === index) return t("event.you");
      if (seat.player && seat.player.name) return escapeHtml(seat.player.name);
      if (seat.kind === "SEAT_KIND_BOT") return t("event.bot");
      if (!seat.taken && !seat.invitationOnly && !info.over) {
        return `<a href="#join=${encodeURIComponent(table.gameId)}&seat=${index}" data-testid="join-${number}-${index}">` +
          `${t("event.join")}</a>`;
      }
      return t("event.taken");
    }).join(" · ");
    const label = table.par ? t("event.par") : t("event.table", { n: number + 1 });
    const mine = held ? ` <a href="#game=${encodeURIComponent(table.gameId)}" data-testid="my-table">${t("event.myTable")}</a>` : "";
    return `<tr data-testid="event-table-${number}"><th>${label}</th><td>${seats}</td>` +
      `<td>${count("event.dealsDone", num(table.dealsFinished))}</td><td>${mine}</td></tr>`;
  }

  standings(answer, info) {
    const rows = (answer.standings || []).map((row) => {
      const mine = info.table !== undefined && num(row.table) === num(info.table) && num(row.side) === num(info.side);
      const names = (row.players || []).map((player) => escapeHtml(player.name)).join(", ");
      const seats = count("event.seats", (row.seats || []).length, { seats: (row.seats || []).map((seat) => num(seat) + 1).join(", ") });
      const who = t("event.table", { n: num(row.table) + 1 }) + ` · ${mine ? t("event.you") : names || seats}`;
      return `<tr data-testid="standing" class="${mine ? "mine" : ""}"><td>${num(row.rank)}</td><th>${who}</th>` +
        `<td>${num(row.matchpoints)} / ${num(row.top)}</td><td>${percent(row.percentage)}</td></tr>`;
    }).join("");
    return `<p class="dim">${count("event.counted", num(answer.dealsCounted), { total: num(info.deals) })}</p>
      <table class="event-standings" data-testid="standings"><thead><tr><th>#</th><th></th>
      <th>${t("event.matchpoints")}</th><th>${t("event.percentage")}</th></tr></thead><tbody>${rows}</tbody></table>`;
  }
}

/**
 * The other tables' results of one deal, in the result dialog of an event's table: this
 * seat's direction at every table that finished it, each with its review and its record.
 */
export class OtherTables {
  /**
   * @param {{ eventId: string, credential: { seat: number, token: string },
   *   overlay: () => HTMLElement, moveLabel: (move: object) => string, players: number }} context
   */
  constructor(context) {
    this.context = context;
    this.info = null;
    this.drawn = {};  // deal number -> its html, once fetched
    this.asked = new Set();
  }

  // Fills `box` (the dialog's placeholder for deal `dealNumber`), fetching once per deal.
  fill(box, dealNumber) {
    if (!box) return;
    if (this.drawn[dealNumber] !== undefined) {
      box.innerHTML = this.drawn[dealNumber];
      return;
    }
    if (this.asked.has(dealNumber)) return;
    this.asked.add(dealNumber);
    this.fetch(dealNumber).then((html) => {
      this.drawn[dealNumber] = html;
      const current = document.querySelector(`.other-tables[data-deal="${dealNumber}"]`);
      if (current) current.innerHTML = html;
    });
  }

  async fetch(dealNumber) {
    const { eventId, credential } = this.context;
    try {
      this.info = this.info || await api.getEvent(eventId, credential.token || undefined);
      const comparison = await api.getDealComparison(eventId, dealNumber, credential.token || undefined);
      return this.html(comparison, dealNumber);
    } catch (error) {
      return `<p class="dim" data-testid="other-tables-error">${escapeHtml(errorText(error))}</p>`;
    }
  }

  html(comparison, dealNumber) {
    const info = this.info;
    const mine = (comparison.results || []).find((row) => num(row.table) === num(info.table) && num(row.side) === num(info.side));
    if (!mine) return "";
    const direction = num(mine.direction);
    const rows = (comparison.results || []).filter((row) => num(row.direction) === direction).map((row) => {
      const number = num(row.table);
      const own = number === num(info.table);
      const actions = own ? "" :
        `<button class="link" data-other-review="${number}" data-deal="${dealNumber}" data-testid="other-review-${number}">${t("event.review")}</button> ` +
        `<button class="link" data-other-record="${number}" data-testid="other-record-${number}">${t("event.record")}</button>`;
      return `<tr data-testid="other-table-${number}" class="${own ? "mine" : ""}"><th>${own ? t("event.yourTable") :
        t("event.table", { n: number + 1 })}</th><td>${num(row.score)}</td><td>${num(row.matchpoints)} / ${num(row.top)}</td>` +
        `<td>${actions}</td></tr>`;
    }).join("");
    const par = (comparison.parScores || []).length ? `<p class="dim" data-testid="par-score">${t("event.parScore",
      { score: num((comparison.parScores || [])[direction]) })}</p>` : "";
    return `<h3>${t("event.otherTables")}</h3><table class="other-tables-list"><thead><tr><th></th><th>${t("scores.deal")}</th>` +
      `<th>${t("event.matchpoints")}</th><th></th></tr></thead><tbody>${rows}</tbody></table>${par}` +
      `<p><a href="#event=${encodeURIComponent(this.context.eventId)}" data-testid="event-link">${t("event.standingsTitle")}</a></p>`;
  }

  // The seat of table `number` that held this seat's cards (each table turns the deals its way).
  seatAt(number) {
    const info = this.info;
    const tables = info.tables || [];
    const players = this.context.players;
    const mine = num(this.context.credential.seat) - num((tables[num(info.table)] || {}).rotation);
    return (((mine + num((tables[number] || {}).rotation)) % players) + players) % players;
  }

  review(number, dealNumber) {
    const table = (this.info.tables || [])[number];
    const token = this.context.credential.token || undefined;
    openReview(this.context.overlay(), {
      gameId: table.gameId,
      credential: this.context.credential,
      dealNumber,
      title: t("event.reviewTitle", { n: dealNumber + 1, table: number + 1 }),
      stream: (signal) => api.reviewOtherTable(table.gameId, token, [this.seatAt(number)], dealNumber, signal),
      name: (seat) => t("event.seat", { n: seat + 1 }),
      moveLabel: this.context.moveLabel,
    });
  }

  // The table's record as this seat may read it, saved as a JSON file.
  async record(number) {
    const table = (this.info.tables || [])[number];
    const record = await api.getGameRecord(table.gameId, this.context.credential.token || undefined);
    const previous = /** @type {HTMLAnchorElement | null} */ (document.querySelector('[data-testid="record-download"]'));
    if (previous) {
      URL.revokeObjectURL(previous.href);
      previous.remove();
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: "application/json" }));
    link.download = `table-${number + 1}-${table.gameId}.json`;
    link.dataset.testid = "record-download";
    link.dataset.table = String(number);
    link.dataset.deals = String((record.deals || []).length);  // what it holds: the deals this seat has played too
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
  }
}
