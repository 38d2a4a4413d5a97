// @ts-check
// A small client of the Connect protocol over fetch: unary calls and server streams in
// JSON, and the errors' google.rpc.ErrorInfo reason (read from each detail's JSON).

import { login } from "./login.js";

export class ConnectError extends Error {
  constructor(code, message, reason = "", status = 0) {
    super(message || code);
    this.name = "ConnectError";
    this.code = code; // "failed_precondition", "unavailable", ...
    this.reason = reason; // "NOT_YOUR_TURN", ... ("" when the answer carried none)
    this.status = status; // the HTTP status (0: no answer)
  }
}

// Connect's codes for an HTTP status that carries no Connect error body (a proxy's answer).
const HTTP_CODES = {
  400: "invalid_argument", 401: "unauthenticated", 403: "permission_denied", 404: "unimplemented",
  408: "deadline_exceeded", 409: "aborted", 429: "unavailable", 502: "unavailable", 503: "unavailable",
  504: "unavailable",
};

// The ErrorInfo reason of a Connect error body's details, if any: the server gives every
// detail in readable JSON too (Connect's "debug"), so no protobuf is decoded here.
export function reasonOf(details) {
  for (const detail of details || []) {
    const type = String(detail.type || "");
    if (type.endsWith("google.rpc.ErrorInfo") && detail.debug && typeof detail.debug.reason === "string") {
      return detail.debug.reason;
    }
  }
  return "";
}

export function errorFromBody(body, status) {
  if (body && typeof body === "object" && body.code) {
    return new ConnectError(body.code, body.message || "", reasonOf(body.details), status);
  }
  return new ConnectError(HTTP_CODES[status] || "unknown", `HTTP ${status}`, "", status);
}

function headers(contentType, token, timeoutMs) {
  const result = { "Content-Type": contentType };
  if (contentType === "application/json") result["Connect-Protocol-Version"] = "1";
  const credential = token || login(); // a seat's token, else the player's login (login.js)
  if (credential) result.Authorization = `Bearer ${credential}`;
  if (timeoutMs) result["Connect-Timeout-Ms"] = String(Math.ceil(timeoutMs));
  return result;
}

async function send(path, init) {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (error && error.name === "AbortError") throw new ConnectError("canceled", "canceled");
    throw new ConnectError("unavailable", String(error && error.message ? error.message : error));
  }
}

/**
 * What a call may carry: the seat's token, a deadline, a signal that cancels it.
 * @typedef {{ token?: string, timeoutMs?: number, signal?: AbortSignal }} CallOptions
 */

/**
 * One unary call: `path` is "/cardgames.v1.GameService/GetGame".
 * @param {string} path @param {object} message @param {CallOptions} options
 */
export async function unary(path, message, { token, timeoutMs, signal } = {}) {
  const response = await send(path, {
    method: "POST",
    headers: headers("application/json", token, timeoutMs),
    body: JSON.stringify(message || {}),
    signal,
  });
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : {};
  } catch (_) {
    body = null;
  }
  if (!response.ok) throw errorFromBody(body, response.status);
  if (body === null) throw new ConnectError("internal", "the answer is not JSON", "", response.status);
  return body;
}

function envelope(message) {
  const data = new TextEncoder().encode(JSON.stringify(message || {}));
  const bytes = new Uint8Array(5 + data.length);
  new DataView(bytes.buffer).setUint32(1, data.length, false);
  bytes.set(data, 5);
  return bytes;
}

// A server stream: yields each message as it arrives; throws a ConnectError for the
// stream's error (its end-of-stream envelope), returns at its clean end.
/** @param {string} path @param {object} message @param {CallOptions} options */
export async function* serverStream(path, message, { token, timeoutMs, signal } = {}) {
  const response = await send(path, {
    method: "POST",
    headers: headers("application/connect+json", token, timeoutMs),
    body: envelope(message),
    signal,
  });
  if (!response.ok) {
    let body = null;
    try {
      body = await response.json();
    } catch (_) {
      body = null;
    }
    throw errorFromBody(body, response.status);
  }
  const reader = response.body.getReader();
  let buffer = new Uint8Array(0);
  const decoder = new TextDecoder();
  try {
    for (;;) {
      while (buffer.length >= 5) {
        const flags = buffer[0];
        const length = new DataView(buffer.buffer, buffer.byteOffset + 1, 4).getUint32(0, false);
        if (buffer.length < 5 + length) break;
        const json = JSON.parse(decoder.decode(buffer.subarray(5, 5 + length)) || "{}");
        buffer = buffer.slice(5 + length);
        if (flags & 0x01) throw new ConnectError("internal", "compressed message");
        if (flags & 0x02) {
          if (json.error) throw errorFromBody(json.error, response.status);
          return;
        }
        yield json;
      }
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (error && error.name === "AbortError") throw new ConnectError("canceled", "canceled");
        throw new ConnectError("unavailable", String(error && error.message ? error.message : error));
      }
      if (chunk.done) throw new ConnectError("unavailable", "the stream ended without its end message");
      const joined = new Uint8Array(buffer.length + chunk.value.length);
      joined.set(buffer);
      joined.set(chunk.value, buffer.length);
      buffer = joined;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
