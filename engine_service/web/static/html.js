// @ts-check
// What every drawing module needs to write HTML from the server's answers: text escaped for
// HTML, and the proto3 JSON's numbers (a field at its zero value is left out).

/** @param {unknown} text */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** @param {unknown} value */
export function num(value) {
  return Number(value || 0);
}
