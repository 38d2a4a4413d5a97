// @ts-check
// The page: the lobby (a new table, the tables waiting for a player), joining by link, and
// the table itself (table.js). The address says where we are:
//   #join=<game_id>[&seat=<n>][&code=<invitation_code>]   take a seat, then #game=<game_id>
//   #game=<game_id>                                         play (a stored seat) or watch
//   #login=<JWT>                                            the player's login (login.js), then as above
//   #event=<event_id>                                       a duplicate event: its tables and standings (event.js)

import * as api from "./api.js";
import { EventPage } from "./event.js";
import { escapeHtml } from "./html.js";
import { errorText, lang, loadWords, setLang, t } from "./i18n.js";
import { login, takeLoginFromAddress } from "./login.js";
import { rememberInvites, rememberSeat, seatOf } from "./storage.js";
import { Table } from "./table.js";

const root = document.getElementById("app");
let table = null;

const TARGETS = {
  hearts: [100, 50, 26],
  belote: [1000, 501, 2000],
  belote3: [1000, 500],
  euchre3: [7, 3, 11],
};
const SEAT_CHOICES = ["bot:greedy", "bot:random", "bot:hint", "open", "invite"];
const FORM_KEY = "cardgames.form";

function params() {
  const hash = location.hash.replace(/^#/, "");
  return new URLSearchParams(hash);
}

function route() {
  if (table) {
    table.stop();
    table = null;
  }
  const query = params();
  if (query.get("join")) return join(query.get("join"), query.get("seat"), query.get("code"));
  if (query.get("game")) return showGame(query.get("game"));
  if (query.get("event")) {
    table = new EventPage(root, query.get("event"));
    return table.start();
  }
  return showLobby();
}

function showGame(gameId) {
  table = new Table(root, gameId, seatOf(gameId));
  table.start();
}

async function join(gameId, seat, code) {
  if (seatOf(gameId)) {
    location.replace(`#game=${encodeURIComponent(gameId)}`);
    return;
  }
  root.innerHTML = `<section class="message"><p>…</p></section>`;
  try {
    const answer = await api.claimSeat(gameId, seat === null ? undefined : Number(seat), code || undefined);
    const credential = answer.credential || {};
    rememberSeat(gameId, { seat: Number(credential.seat || 0), token: credential.token || "" });
    location.replace(`#game=${encodeURIComponent(gameId)}`);
  } catch (error) {
    root.innerHTML = `<section class="message"><p data-testid="error" data-reason="${escapeHtml(error.reason || "")}">` +
      `${escapeHtml(t("game.joinFailed", { reason: errorText(error) }))}</p>` +
      `<p><a href="#game=${encodeURIComponent(gameId)}" data-testid="watch-link">${t("lobby.watch")}</a> · ` +
      `<a href="#">${t("game.lobby")}</a></p></section>`;
  }
}

function savedForm() {
  try {
    return JSON.parse(localStorage.getItem(FORM_KEY) || "{}");
  } catch (_) {
    return {};
  }
}

function option(value, label, selected) {
  return `<option value="${escapeHtml(value)}" ${String(selected) === String(value) ? "selected" : ""}>${escapeHtml(label)}</option>`;
}

function showLobby() {
  const saved = savedForm();
  const variant = api.VARIANTS.includes(saved.variant) ? saved.variant : "hearts";
  const variants = api.VARIANTS.map((name) => `
    <label class="variant-choice"><input type="radio" name="variant" value="${name}" data-testid="variant-${name}"
      ${name === variant ? "checked" : ""}><span><b>${t(`variant.${name}`)}</b><small>${t(`variant.${name}.about`)}</small></span></label>`).join("");
  root.innerHTML = `
    <section class="lobby">
      <form class="panel new-table" data-testid="new-table">
        <h2>${t("lobby.new")}</h2>
        <fieldset class="variants"><legend>${t("lobby.variant")}</legend>${variants}</fieldset>
        <fieldset class="seats-form"><legend>${t("lobby.seats")}</legend><div class="seat-rows"></div></fieldset>
        <fieldset class="options">
          <label>${t("lobby.pace")} <select name="pace" data-testid="bot-pace">
            ${[0, 300, 900].map((ms) => option(ms, t(`lobby.pace.${ms}`), saved.pace ?? 300)).join("")}</select></label>
          <label>${t("lobby.target")} <select name="target" data-testid="target"></select></label>
          <label>${t("lobby.clock")} <select name="clock" data-testid="clock">
            ${["none", "30", "bank"].map((name) => option(name, t(`lobby.clock.${name}`), saved.clock ?? "none")).join("")}</select></label>
          <label>${t("lobby.pause")} <select name="pause" data-testid="deal-pause">
            ${["click", "3000"].map((name) => option(name, t(`lobby.pause.${name}`), saved.pause ?? "click")).join("")}</select></label>
        </fieldset>
        ${login() ? `<label class="rated"><input type="checkbox" name="rated" data-testid="rated"
          ${saved.rated ? "checked" : ""}> ${t("lobby.rated")}</label>` : ""}
        <p class="error" data-testid="error" hidden></p>
        <button type="submit" class="bid big" data-testid="create">${t("lobby.create")}</button>
      </form>
      <div class="lobby-side">
      <section class="panel open-tables"><h2>${t("lobby.open")}</h2><ul data-testid="open-tables"><li>…</li></ul></section>
      ${login() ? `<section class="panel player" data-testid="player"><h2 data-testid="player-name">${t("player.signedIn")}</h2>
        <div data-testid="ratings"></div>
        <h3>${t("player.myGames")}</h3><ul data-testid="my-games"><li>…</li></ul>
        <h3 data-testid="leaderboard-title"></h3><ol data-testid="leaderboard"><li>…</li></ol></section>` : ""}
      </div>
    </section>`;
  const form = root.querySelector("form");
  const update = () => fillVariantFields(form, saved);
  form.addEventListener("change", (event) => {
    if (/** @type {HTMLInputElement} */ (event.target).name === "variant") {
      update();
      if (login()) showLeaderboard(form.variant.value);
    }
  });
  update();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    create(form);
  });
  listOpen();
  if (login()) {
    showPlayer();
    showLeaderboard(variant);
  }
}

// The signed-in player's name, ratings and games (a player who never sat yet has none).
async function showPlayer() {
  const panel = root.querySelector('[data-testid="player"]');
  const games = root.querySelector('[data-testid="my-games"]');
  try {
    const player = await api.getPlayer();
    if (!panel.isConnected) return;
    panel.querySelector('[data-testid="player-name"]').textContent = t("player.signedInAs", { name: player.name || "" });
    const ratings = (player.ratings || []).map((rating) => {
      const variant = api.variantName(rating.variant);
      const shown = Math.round(Number(rating.rating || 0) * 10) / 10;
      const note = rating.provisional ? ` <small>(${t("player.provisional")})</small>` : "";
      return `<li data-testid="rating-${variant}"><b>${t(`variant.${variant}`)}</b> ${shown}${note}
        <small>${t("player.matches", { n: Number(rating.matches || 0) })}</small></li>`;
    });
    panel.querySelector('[data-testid="ratings"]').innerHTML =
      ratings.length ? `<ul>${ratings.join("")}</ul>` : `<p class="none">${t("player.noRatings")}</p>`;
  } catch (error) {
    // A player who never sat at a table is not known yet: nothing rated, nothing played.
    const text = error.reason === "PLAYER_NOT_FOUND" ? t("player.noRatings") : errorText(error);
    if (panel.isConnected) panel.querySelector('[data-testid="ratings"]').innerHTML = `<p class="none">${escapeHtml(text)}</p>`;
  }
  try {
    const answer = await api.listMyGames();
    if (!games.isConnected) return;
    const listed = answer.games || [];
    games.innerHTML = listed.length ? listed.map((game) => {
      const variant = api.variantName(game.variant);
      return `<li><a href="#game=${encodeURIComponent(game.gameId)}" data-testid="my-game-${escapeHtml(game.gameId)}">` +
        `${t(`variant.${variant}`)}</a> <small>${t(`player.status.${String(game.status || "").replace("GAME_STATUS_", "")}`)}</small></li>`;
    }).join("") : `<li class="none">${t("player.noGames")}</li>`;
  } catch (error) {
    if (games.isConnected) games.innerHTML = `<li class="none">${escapeHtml(errorText(error))}</li>`;
  }
}

async function showLeaderboard(variant) {
  const list = root.querySelector('[data-testid="leaderboard"]');
  root.querySelector('[data-testid="leaderboard-title"]').textContent =
    t("player.leaderboard", { variant: t(`variant.${variant}`) });
  try {
    const answer = await api.listLeaderboard(variant);
    if (!list.isConnected) return;
    const entries = answer.entries || [];
    list.innerHTML = entries.length ? entries.map((entry) =>
      `<li value="${Number(entry.rank || 0)}" data-testid="leader-${escapeHtml(entry.playerId || "")}">` +
      `${escapeHtml(entry.name || "")} <b>${Math.round(Number(entry.rating || 0) * 10) / 10}</b></li>`).join("") :
      `<li class="none">${t("player.noLeaders")}</li>`;
  } catch (error) {
    if (list.isConnected) list.innerHTML = `<li class="none">${escapeHtml(errorText(error))}</li>`;
  }
}

function fillVariantFields(form, saved) {
  const variant = form.variant.value;
  const players = api.PLAYERS[variant];
  const compass = players === 3 ? ["south", "west", "east"] : ["south", "west", "north", "east"];
  const rows = [`<div class="seat-row"><span>${t(`pos.${compass[0]}`)}</span><b>${t("lobby.you")}</b></div>`];
  for (let seat = 1; seat < players; seat++) {
    const chosen = (saved.seats || [])[seat] || "bot:greedy";
    const partner = variant === "belote" && seat === 2 ? ` <small>(${t("lobby.partner")})</small>` : "";
    rows.push(`<div class="seat-row"><label for="seat-${seat}">${t(`pos.${compass[seat]}`)}${partner}</label>
      <select id="seat-${seat}" name="seat-${seat}" data-testid="seat-choice-${seat}">
      ${SEAT_CHOICES.map((choice) => option(choice, t(`seat.${choice}`), chosen)).join("")}</select></div>`);
  }
  form.querySelector(".seat-rows").innerHTML = rows.join("");
  const targets = TARGETS[variant];
  form.target.innerHTML = targets.map((value, index) =>
    option(value, index === 0 ? t("lobby.target.default", { n: value }) : String(value), targets[0])).join("");
}

async function create(form) {
  const variant = form.variant.value;
  const players = api.PLAYERS[variant];
  const signedIn = Boolean(login());
  const seats = [signedIn ? "me-signed-in" : "me"];
  for (let seat = 1; seat < players; seat++) seats.push(form[`seat-${seat}`].value);
  const rated = signedIn && Boolean(form.rated && form.rated.checked);
  const clock = { none: null, 30: { perMoveMs: 30000 }, bank: { perMoveMs: 15000, bankMs: 180000 } }[form.clock.value];
  const pause = form.pause.value === "click" ? 600000 : 3000;
  const saving = { variant, seats: seats.map((seat) => (seat === "me-signed-in" ? "me" : seat)), pace: form.pace.value,
    clock: form.clock.value, pause: form.pause.value, rated };
  try {
    localStorage.setItem(FORM_KEY, JSON.stringify(saving));
  } catch (_) {
    // not kept
  }
  const button = form.querySelector('[data-testid="create"]');
  button.disabled = true;
  try {
    const target = Number(form.target.value);
    const answer = await api.createGame({
      // The last seat deals first: the person speaks and leads first.
      variant, seats, botDelayMs: Number(form.pace.value), dealPauseMs: pause, clock, firstDealer: players - 1,
      targetScore: target === TARGETS[variant][0] ? undefined : target, rated,
    });
    // Signed in, the seat is claimed with the login: no token to keep, the login acts for it.
    const mine = signedIn ? (await api.claimSeat(answer.gameId, 0)).credential || {} : (answer.credentials || [])[0] || {};
    rememberSeat(answer.gameId, { seat: Number(mine.seat || 0), token: mine.token || "" });
    rememberInvites(answer.gameId, answer.invitations);
    location.hash = `#game=${encodeURIComponent(answer.gameId)}`;
  } catch (error) {
    const box = form.querySelector(".error");
    box.textContent = errorText(error);
    box.hidden = false;
    button.disabled = false;
  }
}

async function listOpen() {
  const list = root.querySelector('[data-testid="open-tables"]');
  try {
    const answer = await api.listOpenGames();
    const games = answer.games || [];
    if (!list.isConnected) return;
    list.innerHTML = games.length ? games.map((game) => {
      const variant = api.variantName(game.variant);
      const id = encodeURIComponent(game.gameId);
      return `<li><b>${t(`variant.${variant}`)}</b> <small>${t("lobby.seatsOpen", { n: Number(game.openSeats || 0) })}</small>
        <a class="button" href="#join=${id}" data-testid="join-${escapeHtml(game.gameId)}">${t("lobby.join")}</a>
        <a href="#game=${id}">${t("lobby.watch")}</a></li>`;
    }).join("") : `<li class="none">${t("lobby.none")}</li>`;
  } catch (error) {
    if (list.isConnected) list.innerHTML = `<li class="none">${escapeHtml(errorText(error))}</li>`;
  }
}

async function setupLanguage() {
  await loadWords(lang());
  setLang(lang());
  const button = document.getElementById("lang");
  const label = () => {
    button.textContent = t("lang.switch");
    document.title = t("app.title");
    for (const node of document.querySelectorAll("[data-i18n]")) {
      node.textContent = t(/** @type {HTMLElement} */ (node).dataset.i18n || "");
    }
  };
  label();
  button.addEventListener("click", async () => {
    const next = lang() === "fr" ? "en" : "fr";
    await loadWords(next);
    setLang(next);
    label();
    route();
  });
}

takeLoginFromAddress();
await setupLanguage();
window.addEventListener("hashchange", () => {
  takeLoginFromAddress();
  route();
});
route();
