// @ts-check
// The page's words, in English or French (French when the browser asks for it): the
// catalogue the server serves from the client package (/words/<language>.json), the one the
// terminal reads too. loadWords() fetches a language before the page draws with it.

import { fill, lookup, refusal } from "./words.js";

const STORAGE_KEY = "cardgames.lang";
const LANGUAGES = ["en", "fr"];

/** @type {Record<string, Record<string, string>>} */
const loaded = {};
let current = detect();

function detect() {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && LANGUAGES.includes(stored)) return stored;
  } catch (_) {
    // no storage: follow the browser
  }
  if (typeof navigator === "undefined") return "en";
  const asked = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
  for (const language of asked) {
    const base = String(language).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** @param {string} language */
async function fetchWords(language) {
  if (!loaded[language]) {
    const answer = await fetch(`words/${language}.json`);
    if (!answer.ok) throw new Error(`the words of ${language} could not be loaded (${answer.status})`);
    loaded[language] = await answer.json();
  }
  return loaded[language];
}

// Loads English (every key's fallback) and the language in use.
/** @param {string} [language] */
export async function loadWords(language = current) {
  await fetchWords("en");
  await fetchWords(LANGUAGES.includes(language) ? language : "en");
}

function words() {
  return loaded[current] || loaded.en || {};
}

export function lang() {
  return current;
}

/** @param {string} value */
export function setLang(value) {
  current = LANGUAGES.includes(value) && loaded[value] ? value : "en";
  try {
    localStorage.setItem(STORAGE_KEY, current);
  } catch (_) {
    // kept for this page only
  }
  if (typeof document !== "undefined") document.documentElement.lang = current;
}

/**
 * Words already at hand (a test's, read from the catalogue's files), for ``language``.
 * @param {string} language @param {Record<string, string>} words
 */
export function useWords(language, words) {
  loaded[language] = words;
  current = language;
}

export function has(key) {
  return lookup(words(), loaded.en || {}, key) !== undefined;
}

export function t(key, values = {}) {
  const template = lookup(words(), loaded.en || {}, key);
  return template === undefined ? key : fill(template, values);
}

/**
 * The sentence of `key` for a count `n`: its ".one" or ".other" form, by the language's rule
 * (French says "0 point", English "0 points"), as the terminal's Words.count does.
 * @param {string} key @param {number} n @param {Record<string, unknown>} [values]
 */
export function count(key, n, values = {}) {
  const one = lang() === "fr" ? n === 0 || n === 1 : n === 1;
  return t(`${key}.${one ? "one" : "other"}`, { n, ...values });
}

// A refused request in words: its reason's sentence, else the server's message.
export function errorText(error) {
  return refusal(words(), loaded.en || {}, error);
}
