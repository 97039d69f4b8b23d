-- Rooms and everything that happened in them. A room's state is its setup plus its entries
-- replayed in order; an entry is written before the server announces it, so an announced move
-- survives a crash. Portable SQL: the same text runs on SQLite and Postgres.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    result TEXT
);

CREATE TABLE entries (
    room TEXT NOT NULL REFERENCES rooms (code),
    seq BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (room, seq)
);
