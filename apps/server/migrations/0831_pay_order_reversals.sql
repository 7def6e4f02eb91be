-- Payment hub, owned by modules/payhub: the reversal of a credited deposit order (a bank reversal or
-- chargeback found after the player was credited; docs/payments.md "Reversal of a credited deposit").
-- One row per order at most: the primary key is what makes a reversal happen once. The order keeps its
-- state (PAID or CHECK_SUCCESS: the spec's states); this row says it was taken back, how much of it the
-- player's wallet still held (`recovered`) and how much the house made good to the operator's quota
-- (`unrecovered`), and likewise for the operator's commission. Amounts in the order's minor units.
CREATE TABLE pay_order_reversals (
  order_id               bigint PRIMARY KEY REFERENCES pay_orders(id),
  project_id             integer NOT NULL REFERENCES projects(id),
  amount                 bigint NOT NULL CHECK (amount > 0),
  recovered              bigint NOT NULL CHECK (recovered >= 0),
  unrecovered            bigint NOT NULL CHECK (unrecovered >= 0),
  commission_recovered   bigint NOT NULL CHECK (commission_recovered >= 0),
  commission_unrecovered bigint NOT NULL CHECK (commission_unrecovered >= 0),
  reason                 text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  reversed_by            bigint NOT NULL REFERENCES users(id),
  reversed_at            timestamptz NOT NULL,
  CHECK (recovered + unrecovered = amount)
);
CREATE INDEX pay_order_reversals_project ON pay_order_reversals (project_id, reversed_at DESC);
