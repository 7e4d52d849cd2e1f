"""The kiwisolver engine's tests, run with the engine's folder as the top level. Importing
the engine first puts the SDK's and the oracles' folders on sys.path, as when it runs."""

import engine  # noqa: F401
