"""The web table as a person uses it, for the browser tests: what the page shows (by its
data-testid attributes) and what a person clicks; every wait is on a condition."""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    NoSuchElementException,
    StaleElementReferenceException,
)
from selenium.webdriver import Chrome
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

T = TypeVar("T")
TIMEOUT = 60.0

# Installed before the page's own scripts: keeps a copy of every fetch response's bytes, as
# they arrive (the watch stream's included), in window.__traffic.
RECORDER = r"""
(() => {
  const traffic = [];
  window.__traffic = traffic;
  const original = window.fetch.bind(window);
  const encode = (bytes) => {
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const entry = { url: String((input && input.url) || input), status: response.status,
                    type: response.headers.get("content-type") || "", chunks: [], done: false };
    traffic.push(entry);
    const copy = response.clone();
    (async () => {
      const reader = copy.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.chunks.push(encode(value));
      }
      entry.done = true;
    })().catch((error) => { entry.error = String(error); });
    return response;
  };
})();
"""

STALE = (StaleElementReferenceException, ElementClickInterceptedException, NoSuchElementException)


# TablePage.my_turn_kind, in the page: a render is one task, so this sees one whole render.
_TURN_KIND = """
const game = document.querySelector('[data-testid="game"]');
if (!game) return null;
if (["PHASE_DEAL_OVER", "PHASE_GAME_OVER"].includes(game.getAttribute("data-phase"))) return "over";
if (game.getAttribute("data-busy") === "true") return null;
if (document.querySelector('[data-testid="confirm-selection"]')) return "select";
if (document.querySelector('[data-testid="actions"] button.bid[data-move]')) return "bid";
if (document.querySelector('[data-testid="hand"] .card[data-legal="true"]')) return "cards";
return null;
"""


class TablePage:
    def __init__(self, driver: Chrome, url: str, tmp_path: Path) -> None:
        self.driver = driver
        self.url = url
        self.tmp_path = tmp_path

    # ------------------------------------------------------------------ waiting and reading

    def wait(self, condition: Callable[[], T], timeout: float = TIMEOUT, message: str = "") -> T:
        def check(_: Chrome) -> T:
            try:
                return condition()
            except STALE:
                return None  # type: ignore[return-value]
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(check, message)
        except Exception:
            self.dump("timeout")
            raise

    def dump(self, name: str) -> None:
        """The page's state beside the test, to read after a failure."""
        try:
            self.driver.save_screenshot(str(self.tmp_path / f"{name}.png"))
            (self.tmp_path / f"{name}.html").write_text(self.driver.page_source)
            logs = self.driver.get_log("browser")  # type: ignore[no-untyped-call]
            (self.tmp_path / f"{name}.console.json").write_text(json.dumps(logs, indent=1))
        except Exception:  # a dump must never hide the failure it documents
            pass

    def all(self, selector: str) -> list[Any]:
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def one(self, selector: str) -> Any:
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def present(self, selector: str) -> bool:
        return bool(self.all(selector))

    def testid(self, name: str) -> str:
        return f'[data-testid="{name}"]'

    def text(self, selector: str) -> str:
        """The element's text as shown (innerText), "" if there is none."""
        script = "const e = document.querySelector(arguments[0]); return e ? e.innerText : ''"
        return str(self.driver.execute_script(script, selector) or "").strip()

    def game_attribute(self, name: str) -> str:
        script = "const game = document.querySelector('[data-testid=\"game\"]'); return game ? game.getAttribute(arguments[0]) : ''"
        return str(self.driver.execute_script(script, f"data-{name}") or "")

    def phase(self) -> str:
        return self.game_attribute("phase")

    def version(self) -> int:
        return int(self.game_attribute("version") or -1)

    def busy(self) -> bool:
        return self.game_attribute("busy") == "true"

    def codes(self, selector: str, attribute: str = "data-code") -> list[str]:
        """An attribute of every element matching ``selector``, read at one instant."""
        script = "return [...document.querySelectorAll(arguments[0])].map((e) => e.getAttribute(arguments[1]))"
        return [str(value) for value in self.driver.execute_script(script, selector, attribute)]

    def hand(self) -> list[str]:
        return self.codes('[data-testid="hand"] .card')

    def legal_cards(self) -> list[str]:
        return self.codes('[data-testid="hand"] .card[data-legal="true"]')

    def bids(self) -> list[str]:
        return self.codes('[data-testid="actions"] button.bid[data-move]', "data-move")

    def trick_cards(self) -> list[str]:
        return self.codes('[data-testid="trick"] .card.played')

    def click(self, selector: str) -> None:
        """A real click on the element (as a person would), found afresh if the page re-rendered."""
        def attempt() -> bool:
            self.one(selector).click()
            return True
        self.wait(attempt, message=f"could not click {selector}")

    def select(self, selector: str, value: str) -> None:
        Select(self.one(selector)).select_by_value(value)

    # ------------------------------------------------------------------ flows

    def create_table(self, variant: str, seats: list[str], pace: int = 0) -> str:
        """The lobby's form: the variant, who sits at the other seats, the bots' pace; returns the game id."""
        self.wait(lambda: self.present(self.testid("new-table")))
        self.click(self.testid(f"variant-{variant}"))
        for seat, choice in enumerate(seats, start=1):
            chooser = self.testid(f"seat-choice-{seat}")

            def shown(chooser: str = chooser) -> bool:
                return self.present(chooser)
            self.wait(shown)
            self.select(chooser, choice)
        self.select(self.testid("bot-pace"), str(pace))
        self.click(self.testid("create"))
        self.wait(lambda: self.present(self.testid("game")) and self.version() >= 0, message="the table did not open")
        return str(self.driver.execute_script("return new URLSearchParams(location.hash.slice(1)).get('game')"))

    def my_turn_kind(self) -> str | None:
        """What the page asks of the person now: "cards", "bid", "select", "over", or None (wait).
        Read in one script, so the phase and the buttons are of one render: read apart, a deal
        that ended in between showed its result bar's next-deal button as a bid."""
        return self.driver.execute_script(_TURN_KIND)  # type: ignore[no-any-return]

    def traffic(self) -> list[dict[str, Any]]:
        """Every API response the page received so far: its URL and its messages (decoded JSON)."""
        entries = self.driver.execute_script("return window.__traffic || []")
        result = []
        for entry in entries:
            data = b"".join(base64.b64decode(chunk) for chunk in entry["chunks"])
            messages: list[Any] = []
            if entry["type"].startswith("application/connect+json"):
                at = 0
                while at + 5 <= len(data):
                    flags, length = struct.unpack(">BI", data[at:at + 5])
                    if at + 5 + length > len(data):
                        break
                    messages.append(json.loads(data[at + 5:at + 5 + length] or b"{}"))
                    at += 5 + length
            elif data:
                try:
                    messages.append(json.loads(data))
                except ValueError:
                    messages.append(data.decode("utf-8", "replace"))
            result.append({"url": entry["url"], "type": entry["type"], "messages": messages, "raw": data})
        return result

    def api_responses_seen_by_chromium(self) -> int:
        """How many responses to API calls Chromium's network log shows (the recorder must have them all)."""
        count = 0
        for record in self.driver.get_log("performance"):  # type: ignore[no-untyped-call]
            message = json.loads(record["message"])["message"]
            if message.get("method") == "Network.responseReceived":
                url = message["params"]["response"]["url"]
                if "/cardgames.v1." in url:
                    count += 1
        return count


# TablePage.layout_problems, in the page: what a person could not see or reach, measured from
# the page's own geometry. Everything checked must lie within the viewport's width and not
# be clipped by a box it is in; what must be seen without scrolling (the hand, the trick, the
# buttons to act, the dialogs' buttons) must also lie within its height, or within the
# visible part of the dialog that scrolls it.
_LAYOUT_PROBLEMS = r"""
const problems = [];
const width = document.documentElement.clientWidth, height = window.innerHeight;
if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
const label = (e) => e.dataset.testid || e.dataset.code || `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\s+/)[0]}`;
const scrolls = (style) => ["auto", "scroll"].includes(style.overflowY);
const ON_SCREEN = ['[data-testid="hand"] .card', '[data-testid="trick"] .card', '[data-testid="actions"] button',
  '.result-panel button', '.analysis-box > header button', '.felt > .error'];
const IN_WIDTH = ['[data-testid="hint-list"] li', '.hint-panel', '.table-info .info-item', '.nameplate', '.turn',
  '[data-testid="analysis-card"]', '.dd-table th', '.dd-table td', '.review-box li', '.result-panel td', '.result-panel th'];
for (const [selectors, whole] of [[ON_SCREEN, true], [IN_WIDTH, false]]) {
  for (const selector of selectors) {
    for (const e of document.querySelectorAll(selector)) {
      if (!shown(e)) continue;
      const r = e.getBoundingClientRect();
      const where = `${selector} ${label(e)} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}`;
      if (r.left < -1 || r.right > width + 1) problems.push(`outside the viewport's width: ${where}`);
      let scroller = null;
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const box = a.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) problems.push(`clipped sideways by ${label(a)}: ${where}`);
        if (scrolls(style)) scroller = scroller || box;
        else if (r.top < box.top - 1 || r.bottom > box.bottom + 1) problems.push(`clipped by ${label(a)}: ${where}`);
      }
      if (!whole) continue;
      const top = scroller ? Math.max(scroller.top, 0) : 0, bottom = scroller ? Math.min(scroller.bottom, height) : height;
      if (r.top < top - 1 || r.bottom > bottom + 1) problems.push(`not in sight: ${where} (visible ${Math.round(top)}..${Math.round(bottom)})`);
    }
  }
}
for (const word of document.querySelectorAll(".card .rank-word")) {
  if (!shown(word)) continue;
  const card = word.closest(".card"), w = word.getBoundingClientRect(), c = card.getBoundingClientRect();
  if (w.left < c.left - 1 || w.right > c.right + 1) problems.push(`a card's word is wider than the card: ${word.textContent}`);
  for (const corner of card.querySelectorAll(".corner")) {
    if (!shown(corner)) continue;
    const k = corner.getBoundingClientRect();
    if (k.left < w.right && w.left < k.right && k.top < w.bottom && w.top < k.bottom) problems.push(`a card's word is under its corner: ${word.textContent}`);
  }
}
return problems;
"""


# Calls back once the page has drawn twice and every animation that ends has ended (a dialog
# sliding in is measured where it stops).
_SETTLED = """
const done = arguments[0];
requestAnimationFrame(() => requestAnimationFrame(() => Promise.all(document.getAnimations()
  .filter((animation) => animation.effect.getTiming().iterations !== Infinity)
  .map((animation) => animation.finished.catch(() => null))).then(() => done())));
"""


def resize(page: TablePage, width: int, height: int) -> None:
    """The viewport at this size (as a desktop window: a real scrollbar, no zooming out), the
    page at its top, once the page has drawn it and its animations have ended."""
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False,
        "screenWidth": width, "screenHeight": height})
    page.driver.execute_script("window.scrollTo(0, 0)")  # as a person finds the page (a click may have scrolled it)
    page.driver.execute_async_script(_SETTLED)


def layout_problems(page: TablePage) -> list[str]:
    return [str(problem) for problem in page.driver.execute_script(_LAYOUT_PROBLEMS)]
