"""What every game shares: protocol, phases, explorer, registries, scenarios."""
