// @ts-check
// The player's login, when the page's host gives one (docs/web.md): the JWT of the identity
// provider the server trusts, handed over in the address (#login=<JWT>, taken out of the
// address bar at once) or put in this tab's sessionStorage under "cardgames.login" by a
// page of the same origin. Every call that names no seat token carries it.

const KEY = "cardgames.login";
let memory = ""; // the login, where this tab's storage is refused (private modes)

/** Moves a login given in the address into this tab's storage, out of the address bar. */
export function takeLoginFromAddress() {
  const query = new URLSearchParams(location.hash.replace(/^#/, ""));
  const given = query.get("login");
  if (given === null) return;
  try {
    if (given) sessionStorage.setItem(KEY, given);
    else sessionStorage.removeItem(KEY);
  } catch (_) {
    memory = given;
  }
  query.delete("login");
  const rest = query.toString();
  history.replaceState(null, "", `${location.pathname}${location.search}${rest ? `#${rest}` : ""}`);
}

/** The login this tab holds; "" if none. */
export function login() {
  try {
    return sessionStorage.getItem(KEY) || memory;
  } catch (_) {
    return memory;
  }
}
