// Seeded random generators and oracles for tests land here (issue 2).
