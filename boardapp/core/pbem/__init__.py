"""Play by email: sealed views, committed dice, keys, sends and their verification."""
