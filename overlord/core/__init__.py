"""Plain data and pure mechanics: state, rng, boards, pathing, line of sight."""
