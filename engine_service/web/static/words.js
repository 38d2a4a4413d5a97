// @ts-check
// The catalogue's words as the page formats them: the same JSON files as the terminal's
// (cardgames_client/words, served at /words/<language>.json), the same {name} placeholders,
// the same fallbacks. Pure functions of a catalogue, so a test runs them outside a browser.

// A template with its {name} placeholders filled; one nobody filled reads "?" as in Python.
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : "?"));
}

// The words of `key` in `words`, else in `english`, else the key itself.
export function lookup(words, english, key) {
  return words[key] ?? english[key];
}

// A refused request in words: its reason's sentence (or, without one, its status code's),
// else the server's own message.
export function refusal(words, english, error) {
  const reason = (error && error.reason) || "";
  const code = (error && error.code) || "";
  for (const key of [reason && `reason.${reason}`, code && `code.${String(code).toLowerCase()}`]) {
    const template = key && lookup(words, english, key);
    if (template !== undefined && template !== "") return fill(template);
  }
  return (error && error.message) || reason || String(error);
}
