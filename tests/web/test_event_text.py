"""The browser's game log renders every event kind: ``describe()`` of ``format.js``, run in
Chromium on one event of every kind (real events from seeded games, synthetic ones from the
registry for the rare kinds), returns a line (or null for bookkeeping) without an error, and
never the generic fallback."""

from __future__ import annotations

import json

import pytest

from fcm.core.events import EventKind
from fcm.presentation import catalog_info
from tests.core.test_events import game_events, samples

pytestmark = pytest.mark.browser

SCRIPT = """async ([events, catalog]) => {
  const { describe } = await import("/web/js/format.js");
  const ctx = { name: (s) => `Seat ${s}`, catalog };
  const out = {};
  for (const e of events) out[e.kind] = describe(e, ctx);
  return out;
}"""


def test_format_js_describes_every_event_kind(page, server):
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    events = [e.to_json() for e in samples(list(game_events())).values()]
    events = json.loads(json.dumps(events))
    lines = page.evaluate(SCRIPT, [events, catalog_info()])
    assert set(lines) == {k.value for k in EventKind}
    for kind, line in lines.items():
        assert line is None or (isinstance(line, str) and line), kind
        assert line is None or "undefined" not in line, (kind, line)
        fallback = kind.replace("_", " ")
        assert line is None or not line.startswith(fallback), (kind, line)
