"""Statistics of results: the one Bradley-Terry fit, the bootstrap over deals, LOS, SPRT.

``pairwise`` turns each game's places into pairwise outcomes; ``bradley_terry`` fits
ratings from them (all free, or some held fixed) and bootstraps them; ``resample`` draws
whole deals for that bootstrap; ``deals`` gathers a duel's results into deals; ``sprt``
decides a duel early; ``stats`` holds what ``statistics`` and numpy lack.
"""
