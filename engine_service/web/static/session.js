// @ts-check
// Following one game: the watch stream, resumed after the last version seen whenever it
// breaks (a reload starts again from a snapshot), and the views read again after changes.
// While the server cannot be reached the page is told so, and the stream retries with a
// growing delay; a view read again says the server is back.

import * as api from "./api.js";

/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").GameChange} GameChange */
/** @typedef {import("./types.js").Credential} Credential */

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 4000;

/**
 * What a session tells its table.
 * @typedef {{
 *   view: (view: GameView) => void,
 *   change: (change: GameChange) => void,
 *   connection: (lost: boolean) => void,
 *   notFound: () => void,
 *   badToken: () => void,
 *   over: () => boolean,
 * }} Listener
 */

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class Session {
  /**
   * @param {string} gameId
   * @param {Credential | null} credential  the seat's (null: a spectator)
   * @param {Listener} listener
   */
  constructor(gameId, credential, listener) {
    this.gameId = gameId;
    this.credential = credential;
    this.listener = listener;
    this.stopped = false;
    this.controller = new AbortController();
    /** @type {Promise<void> | null} */
    this.refreshing = null;
    this.dirty = false;
  }

  stop() {
    this.stopped = true;
    this.controller.abort();
  }

  /** The seat's key was refused: from now on the game is watched as a spectator. */
  dropCredential() {
    this.credential = null;
    this.listener.badToken();
  }

  async follow() {
    /** @type {number | null} */
    let after = null;
    let backoff = FIRST_BACKOFF_MS;
    let lost = false;
    while (!this.stopped) {
      if (lost) {
        try {
          this.listener.view(await api.getGame(this.gameId, this.credential));
          lost = false;
          backoff = FIRST_BACKOFF_MS;
          this.listener.connection(false);
        } catch (error) {
          if (this.stopped) return;
          if (error.code === "not_found") return this.listener.notFound();
          await pause(backoff);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
          continue;
        }
      }
      try {
        for await (const item of api.watchGame(this.gameId, this.credential, after, this.controller.signal)) {
          backoff = FIRST_BACKOFF_MS;
          if (item.snapshot) {
            after = Number(item.snapshot.version || 0);
            this.listener.view(item.snapshot);
          } else if (item.change) {
            after = Math.max(after ?? 0, Number(item.change.version || 0));
            this.listener.change(item.change);
          }
        }
        if (this.listener.over()) return; // the stream ends with the game
      } catch (error) {
        if (this.stopped) return;
        if (error.code === "not_found") return this.listener.notFound();
        if (error.code === "unauthenticated" || error.code === "permission_denied") {
          this.dropCredential();
          after = null;
          continue;
        }
        if (error.code === "out_of_range" || error.code === "invalid_argument") {
          after = null; // resume impossible: start again from a snapshot
        } else {
          lost = true;
          this.listener.connection(true);
        }
      }
      await pause(backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  }

  /** Reads the view again (once more if asked again meanwhile). */
  refresh() {
    if (this.refreshing) {
      this.dirty = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.dirty = false;
        try {
          this.listener.view(await api.getGame(this.gameId, this.credential));
        } catch (error) {
          if (error.code === "not_found") this.listener.notFound();
          else if (error.code === "unauthenticated" || error.code === "permission_denied") {
            this.dropCredential();
            this.dirty = true;
          }
          break;
        }
      } while (this.dirty && !this.stopped);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }
}
