"""Heroes in the Underworld beneath Return of the Heroes (Heroes in the Underworld, "The Underworld
and Return of the Heroes / In the Shadow of the Dragon", "Combined with Return of the Heroes"): two
boards in one game - Return of the Heroes' sixteen region maps above, the Underworld's tiles below -
joined by the gate to Hades/Styx. docs/hades.md tells the rules, the readings and what is ours."""
