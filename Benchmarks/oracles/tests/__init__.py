"""Self-tests of the oracle checker (python -m unittest, run by `make oracles`)."""
