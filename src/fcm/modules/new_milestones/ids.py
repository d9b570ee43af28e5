"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import MilestoneId

FIRST_MARKETEER_USED = MilestoneId.define("first_marketeer_used")
FIRST_MARKETING_TRAINEE_USED = MilestoneId.define("first_marketing_trainee_used")
FIRST_CAMPAIGN_MANAGER_USED = MilestoneId.define("first_campaign_manager_used")
FIRST_BRAND_MANAGER_USED = MilestoneId.define("first_brand_manager_used")
FIRST_BRAND_DIRECTOR_USED = MilestoneId.define("first_brand_director_used")
FIRST_BURGER_SOLD = MilestoneId.define("first_burger_sold")
FIRST_PIZZA_SOLD = MilestoneId.define("first_pizza_sold")
FIRST_LEMONADE_SOLD = MilestoneId.define("first_lemonade_sold")
FIRST_BEER_SOLD = MilestoneId.define("first_beer_sold")
FIRST_SODA_SOLD = MilestoneId.define("first_soda_sold")
FIRST_RECRUITING_GIRL_USED = MilestoneId.define("first_recruiting_girl_used")
FIRST_TRAINER_USED = MilestoneId.define("first_trainer_used")
FIRST_DISCOUNT_MANAGER_USED = MilestoneId.define("first_discount_manager_used")
FIRST_HOUSE_BUILT = MilestoneId.define("first_house_built")
FIRST_NEW_RESTAURANT = MilestoneId.define("first_new_restaurant")
FIRST_WAITRESS_USED = MilestoneId.define("first_waitress_used")
FIRST_CART_OPERATOR_USED = MilestoneId.define("first_cart_operator_used")
