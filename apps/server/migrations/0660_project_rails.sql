-- Rails per project (issue 11; contracts/rails.ts, docs/payments.md "Rails per project"): the banks,
-- deposit ports, quota top-up methods and recharge account of a project. NULL: the defaults of the
-- project's jurisdiction (an Indonesian project bank transfer and QRIS, a Mexican one SPEI and OXXO).
ALTER TABLE projects ADD COLUMN rails jsonb;

-- The Mexican deposit ports: SPEI to the operator's CLABE and cash at an OXXO store to the operator's card.
ALTER TABLE pay_orders DROP CONSTRAINT IF EXISTS pay_orders_port_check;
ALTER TABLE pay_orders ADD CONSTRAINT pay_orders_port_check CHECK (port IN ('bank_transfer', 'qris', 'spei', 'oxxo'));
