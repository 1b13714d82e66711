#!/usr/bin/env python3
"""Writes a binary file as a C array initializer: embed.py IN OUT."""
import sys

data = open(sys.argv[1], "rb").read()
with open(sys.argv[2], "w") as out:
    for i in range(0, len(data), 16):
        out.write(",".join(str(b) for b in data[i:i + 16]) + ",\n")
