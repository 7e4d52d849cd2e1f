// The incremental Cassowary solver lands here (issue 2).
