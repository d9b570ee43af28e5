"""Lobbyists' texts (ketchup.md 2): its events (a road or park placed, roads opened, roadworks
crossed), the park's payment line, its option and glossary (message ids of the module's own
catalog, ``locale/<lang>.po``)."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

_EVENT = "lobbyists.event."

register_texts(
    "lobbyists",
    ModuleTexts(
        options={
            "lobbyists_anchor_in_range": (
                "lobbyists.option.anchor_in_range", "lobbyists.option.anchor_in_range.help"
            )
        },
        sale_lines={"park": "lobbyists.sale_line"},
        events={
            "lobbyist_built": _EVENT + "lobbyist_built",
            "roads_opened": _EVENT + "roads_opened",
            "roadworks_crossed": _EVENT + "roadworks_crossed",
            "map_tile_added": _EVENT + "map_tile_added",
        },
        variants={
            "lobbyist_built": (("roadworks", _EVENT + "lobbyist_built.road"),),
            "map_tile_added": (
                ("moved_rows", _EVENT + "map_tile_added.moved"),
                ("declined", _EVENT + "map_tile_added.declined"),
                ("none_left", _EVENT + "map_tile_added.none_left"),
                ("no_place", _EVENT + "map_tile_added.no_place"),
            ),
        },
        glossary=(("lobbyists.glossary.term", "lobbyists.glossary.text"),),
        catalog=Path(__file__).parent / "locale",
    ),
)
