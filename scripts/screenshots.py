"""Retakes the web table's screenshots in docs/images/ (README and docs/web.md): a server of
its own, headless Chromium (scripts/ensure-chromium), seeded deals against greedy bots.

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgames_client import PLAYERS, Client, table_options  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

from tests.service.server_process import ServerProcess  # noqa: E402
from tests.web.pages import TablePage, resize  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def browser(work: Path, language: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
                     f"--lang={language}", f"--user-data-dir={work / language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


def open_table(page: TablePage, server: ServerProcess, variant: str, seed: str) -> None:
    players = PLAYERS[variant]
    with Client(server.address) as client:
        game = client.create_game(variant, seed=seed, table=table_options(
            ["open"] + ["bot:greedy"] * (players - 1), bot_delay_ms=0, deal_pause_ms=600_000))
    page.driver.get(f"{page.url}#join={game.game_id}&seat=0")
    page.wait(lambda: len(page.hand()) > 0)


def play_until(page: TablePage, stop: Callable[[str], bool]) -> str:
    """Plays the seat (take, first legal card, first three cards to pass) until ``stop`` says so."""
    while True:
        kind = page.wait(page.my_turn_kind)
        if stop(kind) or kind == "over":
            return kind
        if kind == "select":
            for code in page.legal_cards()[:3]:
                page.click(page.testid(f"card-{code}"))
            page.click(page.testid("confirm-selection"))
            page.wait(lambda: page.my_turn_kind() != "select")
        elif kind == "bid":
            bids = page.bids()
            version = page.version()
            page.click(page.testid(f"bid-{'take' if 'take' in bids else bids[0]}"))
            page.wait(lambda version=version: page.version() > version)
        else:
            held = len(page.hand())
            page.click(page.testid(f"card-{page.legal_cards()[0]}"))
            page.wait(lambda held=held: len(page.hand()) < held or page.my_turn_kind() == "over")


def shoot(page: TablePage, name: str, width: int, height: int) -> None:
    resize(page, width, height)
    page.driver.save_screenshot(str(IMAGES / name))
    print("wrote", IMAGES / name)


def main() -> None:
    with tempfile.TemporaryDirectory() as work_dir:
        work = Path(work_dir)
        server = ServerProcess(work / "games.db", web=True).start()
        try:
            english = TablePage(browser(work, "en-US"), f"http://{server.web_address}/", work)
            open_table(english, server, "hearts", "screenshot-hearts")
            cards_played = [0]

            def fourth_card(kind: str) -> bool:
                cards_played[0] += kind == "cards"
                return kind == "cards" and cards_played[0] == 4
            play_until(english, fourth_card)
            english.click(english.testid("hint-button"))
            english.wait(lambda: english.present(english.testid("hint-option")))
            shoot(english, "web-table.png", 1280, 757)
            open_table(english, server, "belote", "screenshot-belote")
            play_until(english, lambda kind: False)
            english.wait(lambda: english.present(english.testid("outcome")))
            shoot(english, "web-result.png", 1280, 757)
            english.click(english.testid("analysis-button"))
            english.wait(lambda: english.present('[data-testid="analysis-play"][data-done="true"]'), timeout=300)
            shoot(english, "web-analysis-phone.png", 390, 844)
            english.driver.quit()

            french = TablePage(browser(work, "fr-FR"), f"http://{server.web_address}/", work)
            open_table(french, server, "belote3", "screenshot-belote3")
            play_until(french, lambda kind: kind == "cards")
            shoot(french, "web-table-phone.png", 390, 844)
            french.driver.quit()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
