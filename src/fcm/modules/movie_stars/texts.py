"""Movie Stars' texts (ketchup.md 15): the option's label, and a tie a star breaks."""

from __future__ import annotations

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "movie_stars",
    ModuleTexts(
        options={
            "movie_stars_by_player_count": (
                "Movie Stars by player count",
                "Deluxe reading (Movie Stars module): only the B star at 2-3 players, B and C "
                "at 4",
            )
        },
        outcomes={"tie_lost_movie_star": "tie lost to a movie star"},
        decided={"movie_star": "tie broken by a movie star"},
    ),
)
