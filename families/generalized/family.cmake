# Systems in generalized coordinates (Fetecau et al.'s variational collision integrator): the particle
# and the four-point star, and Newton's cradle (Seghete & Murphey's simultaneous impacts), a case of
# the same model (docs/generalized.md).
lgvci_family(NAME generalized ORDER 20 REGISTER generalizedFamilies CLI_TESTS cradle_cli_test)
