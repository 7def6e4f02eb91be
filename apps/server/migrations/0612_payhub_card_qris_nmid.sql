-- A card's QRIS merchant id (NMID, "ID" + 13 digits): a QRIS deposit's QR names the operator's
-- merchant by it (EMVCo merchant-presented payload, contracts/qris.ts), never by an account number.
-- NULL: the card takes no QRIS payments (its QRIS orders show the transfer details only).
ALTER TABLE payhub_operator_cards ADD COLUMN qris_nmid text UNIQUE CHECK (qris_nmid ~ '^ID[0-9]{13}$');
