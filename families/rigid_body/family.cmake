# The rigid body over a plane (Tran & Leok, Lie group variational collision integrator), with its
# RK4 and naive baselines (docs/rigid-body.md, docs/baselines.md).
lgvci_family(NAME rigid_body ORDER 10 REGISTER rigidBodyFamilies CLI_TESTS jump_cli_test)
