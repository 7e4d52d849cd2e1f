import ArgumentParser
@main struct Bench: ParsableCommand {}
