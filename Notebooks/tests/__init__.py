"""Unit tests of benchlib and benchplots (python -m unittest, run by `make notebooks`)."""
