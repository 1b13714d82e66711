"""adfuzz: a differential fuzzer for ADPass (see tools/adfuzz --help)."""
