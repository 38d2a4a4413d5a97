// @ts-check
// The cardgames calls the table makes, over Connect (connect.js). Messages are the proto3
// JSON mapping: lowerCamelCase names, enums by name, int64 as strings, defaults left out.

import { serverStream, unary } from "./connect.js";

const GAME = "/cardgames.v1.GameService/";
const ANALYSIS = "/cardgames.v1.AnalysisService/";
const PLAYER = "/cardgames.v1.PlayerService/";
const EVENT = "/cardgames.v1.EventService/";

export const VARIANTS = ["hearts", "belote", "belote3", "euchre3"];
export const PLAYERS = { euchre3: 3, belote3: 3, hearts: 4, belote: 4 };

export function variantName(enumName) {
  return String(enumName || "").replace(/^VARIANT_/, "").toLowerCase();
}

function seatSetup(kind) {
  if (kind === "me") return { kind: "SEAT_KIND_RESERVED" };
  if (kind === "me-signed-in") return { kind: "SEAT_KIND_OPEN" }; // claimed with the login right after
  if (kind === "open") return { kind: "SEAT_KIND_OPEN" };
  if (kind === "invite") return { kind: "SEAT_KIND_OPEN", invitation: true };
  const strength = kind.replace(/^bot:/, "").toUpperCase();
  return { kind: "SEAT_KIND_BOT", strength: `BOT_STRENGTH_${strength}` };
}

/**
 * A new table. seats: per seat "me", "me-signed-in" (open, for the player's login to claim),
 * "open", "invite", "bot:random", "bot:greedy" or "bot:hint".
 * @param {{ variant: string, seats: string[], targetScore?: number, firstDealer?: number, botDelayMs?: number,
 *   dealPauseMs?: number, clock?: { perMoveMs?: number, bankMs?: number, incrementMs?: number },
 *   seed?: string, deal?: string, rated?: boolean }} table
 */
export function createGame({ variant, seats, targetScore, firstDealer, botDelayMs, dealPauseMs, clock, seed, deal, rated }) {
  const table = { seats: seats.map(seatSetup) };
  if (rated) table.rated = true;
  if (botDelayMs !== undefined) table.botDelayMs = String(botDelayMs);
  if (dealPauseMs !== undefined) table.dealPauseMs = String(dealPauseMs);
  if (clock) {
    table.clock = {
      perMoveMs: String(clock.perMoveMs || 0),
      bankMs: String(clock.bankMs || 0),
      incrementMs: String(clock.incrementMs || 0),
    };
  }
  const request = { variant: `VARIANT_${variant.toUpperCase()}`, table };
  const common = {};
  if (targetScore) common.targetScore = targetScore;
  if (firstDealer !== undefined) common.firstDealer = firstDealer;
  if (Object.keys(common).length) request.options = { [variant]: { common } };
  if (seed) request.seed = seed;
  if (deal) request.deal = deal;
  return unary(GAME + "CreateGame", request);
}

export function claimSeat(gameId, seat, code) {
  const request = { gameId };
  if (seat !== undefined && seat !== null) request.seat = seat;
  if (code) request.invitationCode = code;
  return unary(GAME + "ClaimSeat", request);
}

function seatRequest(gameId, credential) {
  const request = { gameId };
  if (credential) request.seat = credential.seat;
  return request;
}

export async function getGame(gameId, credential) {
  const answer = await unary(GAME + "GetGame", seatRequest(gameId, credential), { token: credential && credential.token });
  return answer.view || {};
}

export function listOpenGames() {
  return unary(GAME + "ListGames", { openSeats: true, pageSize: 20 });
}

// The games where the signed-in player holds a seat, newest first.
export function listMyGames() {
  return unary(GAME + "ListGames", { mine: true, pageSize: 10 });
}

// A player's profile ("": the signed-in player's own).
export async function getPlayer(playerId = "") {
  const answer = await unary(PLAYER + "GetPlayer", { playerId, historySize: 5 });
  return answer.player || {};
}

export function listLeaderboard(variant, pageSize = 10) {
  return unary(PLAYER + "ListLeaderboard", { variant: `VARIANT_${variant.toUpperCase()}`, pageSize });
}

export function submitMove(gameId, credential, move, expectedVersion) {
  const request = { gameId, seat: credential.seat, move, requestId: randomId() };
  if (expectedVersion !== undefined) request.expectedVersion = String(expectedVersion);
  return unary(GAME + "SubmitMove", request, { token: credential.token, timeoutMs: 15000 });
}

export function validateMove(gameId, credential, move) {
  return unary(GAME + "ValidateMove", { gameId, seat: credential.seat, move }, { token: credential.token });
}

export async function getHint(gameId, credential, budgetMs = 400) {
  const answer = await unary(GAME + "GetHint", { gameId, seat: credential.seat, budgetMs },
    { token: credential.token, timeoutMs: budgetMs + 20000 });
  return answer.hint || {};
}

export function resign(gameId, credential) {
  return unary(GAME + "Resign", { gameId, seat: credential.seat }, { token: credential.token });
}

export function rematch(gameId, credential) {
  return unary(GAME + "Rematch", { gameId, seat: credential.seat }, { token: credential.token });
}

// The watch stream: the snapshot first (unless `afterVersion`), then one change per entry.
export function watchGame(gameId, credential, afterVersion, signal) {
  const request = seatRequest(gameId, credential);
  if (afterVersion !== null && afterVersion !== undefined) request.afterVersion = String(afterVersion);
  return serverStream(GAME + "WatchGame", request, { token: credential && credential.token, signal });
}

// A deal the game played, from the first card of `fromTrick`.
export async function analyzeGameDeal(gameId, credential, dealNumber, fromTrick, timeLimitMs = 30000) {
  const request = { gameId, seat: credential.seat, dealNumber, fromTrick, timeLimitMs };
  const answer = await unary(ANALYSIS + "AnalyzeDeal", request,
    { token: credential.token, timeoutMs: timeLimitMs + 5000 });
  return answer.analysis || {};
}

// Positions in notation, solved as they finish (each message has its `index`).
export function analyzePositions(variant, positions, timeLimitMs = 20000, signal) {
  const inputs = positions.map(({ position, player }) => {
    const input = { variant: `VARIANT_${variant.toUpperCase()}`, position, skipTable: true };
    if (player !== undefined && player !== null) input.player = player;
    return input;
  });
  return serverStream(ANALYSIS + "AnalyzeDeals", { inputs, timeLimitMs }, { signal });
}

// The review of my decisions in a deal (or, `dealNumber` null, in the whole finished match).
export function reviewGame(gameId, credential, dealNumber, signal) {
  const request = { gameId, seats: [credential.seat], budgetMs: "150" };
  if (dealNumber !== null && dealNumber !== undefined) request.dealNumber = dealNumber;
  return serverStream(ANALYSIS + "ReviewGame", request, { token: credential.token, signal, timeoutMs: 300000 });
}

// A duplicate event as this seat (its token; none: the login, or anyone) may see it.
export async function getEvent(eventId, token) {
  const answer = await unary(EVENT + "GetEvent", { eventId }, { token });
  return answer.event || {};
}

export function getEventStandings(eventId, token) {
  return unary(EVENT + "GetEventStandings", { eventId }, { token });
}

export function getDealComparison(eventId, dealNumber, token) {
  return unary(EVENT + "GetDealComparison", { eventId, dealNumber }, { token });
}

// A game's record as this seat's holder may read it (another table of an event: the deals
// his own table has finished).
export async function getGameRecord(gameId, token) {
  const answer = await unary(GAME + "GetGameRecord", { gameId }, { token });
  return answer.record || {};
}

// The review of `seats` in one deal of another table of the caller's event (his token).
export function reviewOtherTable(gameId, token, seats, dealNumber, signal) {
  const request = { gameId, seats, budgetMs: "150", dealNumber };
  return serverStream(ANALYSIS + "ReviewGame", request, { token, signal, timeoutMs: 300000 });
}

function randomId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Move messages and their text form (docs/rules.md): "pass", "call:H", "play:QS"...
export function moveText(move) {
  if (!move) return "";
  if (move.pass) return "pass";
  if (move.take) return "take";
  if (move.call) return `call:${move.call.suit || ""}`;
  if (move.discard) return `discard:${move.discard.card || ""}`;
  if (move.give) return `give:${(move.give.cards || []).join(" ")}`;
  if (move.declare) return move.declare.declare ? "declare" : "no-declare";
  if (move.play) return `play:${move.play.card || ""}`;
  if (move.nextDeal) return "next-deal";
  return "";
}

export function cardOfMove(move) {
  if (move && move.play) return move.play.card;
  if (move && move.discard) return move.discard.card;
  return null;
}
