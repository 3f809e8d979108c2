-- The ledger's rules are enforced by the database itself (ARCHITECTURE.md, "The money model"): the
-- functions and the triggers that call them (an entry moves its account's balance; the ledger is
-- append-only; every transaction sums to zero at commit) live in src-server/db/functions/ledger_*.sql,
-- applied after the migrations (src-server/db/apply-functions.ts). This migration created them
-- first; databases migrated since have them from there.

-- The platform's own account for money entering or leaving off-platform.
INSERT INTO accounts (kind, code) VALUES ('platform', 'external');
