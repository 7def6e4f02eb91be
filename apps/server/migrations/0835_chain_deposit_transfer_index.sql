-- Chain, owned by modules/chain: a deposit's identity that survives a reorg (docs/chain.md
-- "Deposits"). A log index counts the whole block's logs, so when a reorg lands a transaction at
-- another place in its block, its logs' indexes change: in a transaction paying several players, one
-- player's transfer could then take the index recorded for another's, revive the wrong row and never
-- be recorded itself. A deposit is now the ordinal of its Transfer log among the token's Transfer
-- logs of its transaction (`transfer_index`), which only the transaction's own execution decides;
-- `log_index` stays as where it was last seen. Rows recorded before keep their log index as identity
-- (transfer_index NULL) and are matched as before.
ALTER TABLE chain_deposits ADD COLUMN transfer_index integer CHECK (transfer_index >= 0);
ALTER TABLE chain_deposits DROP CONSTRAINT chain_deposits_tx_hash_log_index_key;
CREATE UNIQUE INDEX chain_deposits_legacy_log ON chain_deposits (tx_hash, log_index) WHERE transfer_index IS NULL;
CREATE UNIQUE INDEX chain_deposits_transfer ON chain_deposits (tx_hash, transfer_index)
  WHERE transfer_index IS NOT NULL;
