"""Fixtures for the web table's tests: a real server with its browser API, and headless
Chromium driven by selenium (Debian's chromium and chromedriver: scripts/ensure-chromium)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.service.server_process import ServerProcess
from tests.web.pages import RECORDER, TablePage

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("web") / "games.db", web=True).start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def base_url(server: ServerProcess) -> str:
    return f"http://{server.web_address}/"


@pytest.fixture()
def open_browser(tmp_path: Path) -> Iterator[Callable[..., TablePage]]:
    """Starts a headless Chromium (fresh profile) and returns the page helper; every
    browser started is quit at the end of the test."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip("Chromium is missing: run scripts/ensure-chromium")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers: list[webdriver.Chrome] = []

    def start(url: str, *, language: str = "en-US", width: int = 1280, height: int = 900,
              record: bool = False, script: str = "") -> TablePage:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         f"--window-size={width},{height}", f"--lang={language}", "--no-first-run",
                         "--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
                         f"--user-data-dir={tmp_path / f'profile-{len(drivers)}'}"):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        # The driver is named: selenium-manager never looks for (or downloads) one.
        service = Service(executable_path=str(CHROMEDRIVER), log_output=str(tmp_path / f"chromedriver-{len(drivers)}.log"))
        driver = webdriver.Chrome(options=options, service=service)
        drivers.append(driver)
        if record:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        if script:  # before the page's own scripts (an injected clock)
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        driver.get(url)
        return TablePage(driver, url, tmp_path)

    yield start
    for driver in drivers:
        driver.quit()
