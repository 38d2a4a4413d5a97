"""A duplicate event in a real browser against a real server: the event's page (its tables,
a seat to join, the standings once the person has played), and after a deal the other
tables' results with the person's cards, each table's review and record."""

from __future__ import annotations

import sqlite3

from cardgames_client import Client, table_options

from tests.service.server_process import ServerProcess
from tests.web.pages import layout_problems, resize
from tests.web.test_web_table import play_deal

SIZES = [(390, 844), (768, 1024), (1280, 757)]  # a phone, a tablet, a laptop


def finished(server: ServerProcess, game_id: str) -> bool:
    with sqlite3.connect(f"file:{server.database}?mode=ro", uri=True) as conn:
        return conn.execute("SELECT status FROM games WHERE game_id = ?", (game_id,)).fetchone()[0] == "FINISHED"


def test_a_person_joins_an_event_plays_a_deal_and_reads_the_other_tables(open_browser, base_url, server):
    bots = table_options(["bot:greedy"] * 3, bot_delay_ms=0, deal_pause_ms=0)
    with Client(server.address) as client:
        event = client.create_event("euchre3", deals=2, par="greedy", tables=[
            table_options(["open", "bot:greedy", "bot:greedy"], bot_delay_ms=0, deal_pause_ms=600_000), bots])
    page = open_browser(f"{base_url}#event={event.event_id}")
    page.wait(lambda: page.present(page.testid("event-table-0")), message="no event page")
    assert page.present(page.testid("standings-later"))  # no seat held here yet: no standings
    assert "Par (bots)" in page.text(page.testid("event-table-2"))
    page.wait(lambda: finished(server, event.tables[1].game_id) and finished(server, event.tables[2].game_id),
              timeout=120, message="the bots' tables did not finish")
    page.click(page.testid("join-0-0"))
    page.wait(lambda: len(page.hand()) == 5, message="no hand after joining")
    play_deal(page, on_bid=lambda bids: "take" if "take" in bids else bids[0])

    # The result: this seat's cards at the other table, and the par's score.
    page.wait(lambda: page.present(page.testid("other-table-1")), message="no other tables in the result")
    assert page.present(page.testid("other-table-0")) and page.present(page.testid("par-score"))
    for width, height in SIZES:  # the result with the other tables fits every screen
        resize(page, width, height)
        assert layout_problems(page) == [], (width, layout_problems(page))
    resize(page, 1280, 900)
    assert "/ 1" in page.text(page.testid("other-table-1"))  # two tables: a top of 1
    page.click(page.testid("other-review-1"))
    page.wait(lambda: page.present('[data-testid="review"] .review-body[data-done="true"]'), timeout=300,
              message="the other table's review did not finish")
    assert "Deal 1 at table 2" in page.text('[data-testid="review"]')
    page.click(page.testid("review-close"))
    page.click(page.testid("other-record-1"))
    page.wait(lambda: page.present(page.testid("record-download")), message="no record link")
    link = page.one(page.testid("record-download"))
    assert link.get_attribute("download").startswith("table-2-") and link.get_attribute("href").startswith("blob:")
    assert link.get_attribute("data-deals") == "1"  # its second deal stays hidden: not played here yet

    # The event's page: the standings over the one deal played, this seat's side marked.
    page.click(page.testid("event-link"))
    page.wait(lambda: page.present(page.testid("standings")), message="no standings")
    assert "finished 1 deal of 2" in page.text(page.testid("event-status"))
    rows = page.all(page.testid("standing"))
    assert len(rows) == 6 and sum("mine" in (row.get_attribute("class") or "") for row in rows) == 1
    assert all("· seat " in row.text for row in rows if "mine" not in (row.get_attribute("class") or ""))
    assert page.text(page.testid("event-table-0")).split()[2] == "you"  # "Table 1 you · bot · bot"
    assert "1 deal done" in page.text(page.testid("event-table-1"))  # not its second: not played here yet
    assert page.present(page.testid("my-table"))
    for width, height in SIZES:
        resize(page, width, height)
        assert layout_problems(page) == [], (width, layout_problems(page))
