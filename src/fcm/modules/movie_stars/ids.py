"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import EmployeeId

B_MOVIE_STAR = EmployeeId.define("b_movie_star")
C_MOVIE_STAR = EmployeeId.define("c_movie_star")
D_MOVIE_STAR = EmployeeId.define("d_movie_star")
