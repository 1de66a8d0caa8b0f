-- Rate-limit windows need no write-ahead log: each counted write then commits without waiting for the disk, and
-- after a crash the table is empty, which only restarts the windows (ADR 116).
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
