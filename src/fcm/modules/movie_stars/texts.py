"""Movie Stars' texts (ketchup.md 15): the option's label, and a tie a star breaks."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "movie_stars",
    ModuleTexts(
        options={
            "movie_stars_by_player_count": (
                "movie_stars.option.by_player_count",
                "movie_stars.option.by_player_count.help",
            )
        },
        outcomes={"tie_lost_movie_star": "outcome.tie_lost_movie_star"},
        decided={"movie_star": "decided.movie_star"},
        catalog=Path(__file__).parent / "locale",
    ),
)
