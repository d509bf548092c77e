"""Return of the Heroes, the Heroes family's base game (its rulebook: "Return of the Heroes").

Built on the family layer (``overlord.games.heroes``) as Under the Shadow of the Dragon is. Today
its content: the region maps, the counters, the heroes' sheets, the heroic deeds and the Nameless
cards (``decks/roth/``), each a file kind ``overlord validate`` checks; the game's rules come next
(issue 43), and until then RotH is no game the registry lists - its content kinds are registered
on their own (``kinds``).
"""
