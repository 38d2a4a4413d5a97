"""The cardgames API: the code generated from proto/ (v1, by scripts/gen-proto) and the
move text form both server and client use (moves)."""
