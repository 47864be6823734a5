# A point particle in a convex table with elastic walls, the ellipse and the Bunimovich stadium
# (Fetecau et al.'s variational collision integrator; docs/billiard.md).
lgvci_family(NAME billiard ORDER 30 REGISTER billiardFamilies CLI_TESTS billiard_cli_test)
