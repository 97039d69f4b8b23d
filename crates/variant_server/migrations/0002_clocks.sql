-- A room's time control (JSON: base_ms, increment_ms), or NULL for an untimed room. The time
-- each move took is in its entry, so clocks replay from the entries like everything else.
ALTER TABLE rooms ADD COLUMN clock TEXT;
