"""Rules engines: game states, legal actions and their effects. They never draw anything."""
