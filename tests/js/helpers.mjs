// What the Node tests of the page's modules share: the catalogue's words as the page would
// load them, and the views the engine makes (fixtures/views.json, kept current by pytest).

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../../", import.meta.url);
export const STATIC = new URL("engine_service/web/static/", root);

export function words(language) {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`clients/python/cardgames_client/words/${language}.json`, root)), "utf8"));
}

export function views() {
  return JSON.parse(readFileSync(fileURLToPath(new URL("tests/js/fixtures/views.json", root)), "utf8"));
}

// A page module, imported from the static folder.
export function page(name) {
  return import(new URL(name, STATIC).href);
}
