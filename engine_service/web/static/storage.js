// @ts-check
// What this browser keeps about its tables: each seat's {seat, token} under
// "cardgames.seat.<game_id>" (the terminal client reads the same links), and the creator's
// invitation codes.

const SEAT = "cardgames.seat.";
const INVITES = "cardgames.invites.";

function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch (_) {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    // private mode: the seat lasts as long as the page
  }
}

export function seatOf(gameId) {
  const stored = read(SEAT + gameId);
  if (stored && typeof stored.token === "string" && Number.isInteger(Number(stored.seat))) {
    return { seat: Number(stored.seat), token: stored.token };
  }
  return null;
}

export function rememberSeat(gameId, credential) {
  write(SEAT + gameId, { seat: Number(credential.seat || 0), token: credential.token });
}

export function forgetSeat(gameId) {
  try {
    localStorage.removeItem(SEAT + gameId);
  } catch (_) {
    // nothing kept
  }
}

export function invitesOf(gameId) {
  return read(INVITES + gameId) || [];
}

export function rememberInvites(gameId, invitations) {
  if (invitations && invitations.length) {
    write(INVITES + gameId, invitations.map((entry) => ({ seat: Number(entry.seat || 0), code: entry.code })));
  }
}

// http://HOST:PORT/#join=<game_id>&seat=<n>&code=<invitation_code>
export function joinLink(gameId, seat, code) {
  const base = `${location.origin}${location.pathname}`;
  let link = `${base}#join=${encodeURIComponent(gameId)}`;
  if (seat !== undefined && seat !== null) link += `&seat=${seat}`;
  if (code) link += `&code=${encodeURIComponent(code)}`;
  return link;
}
