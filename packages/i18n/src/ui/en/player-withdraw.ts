import type { PlayerCatalog } from '../player.ts';

/** Withdrawals to a saved bank account, English. */
export const playerWithdraw: PlayerCatalog['playerWithdraw'] = {
  title: 'Withdraw',
  available: 'Available balance',
  limits: 'Min. {{min}} · max. {{max}}',
  feeRule: 'Fee {{percent}}%, at least {{min}}',
  account: 'Destination account',
  noAccounts: 'No accounts yet. Add a bank account to withdraw.',
  addAccount: 'Add account',
  addAccountTitle: 'Add a bank account',
  accountsFull: 'At most {{max}} accounts',
  bank: 'Bank',
  accountNo: 'Account number',
  accountNoPlaceholder: '6–20 digits',
  holderName: 'Account holder',
  holderNamePlaceholder: 'As registered at the bank',
  accountAdded: 'Account added',
  amount: 'Amount to withdraw',
  amountPlaceholder: 'Enter the amount',
  fee: 'Fee',
  total: 'Total taken from the balance',
  submit: 'Request withdrawal',
  submitted: 'Withdrawal requested',
  openOrders: '{{count}} of {{max}} withdrawals in progress',
  validation: {
    accountRequired: 'Choose a destination account',
    bankRequired: 'Choose a bank',
    accountNoRule: 'The account number has 6–20 digits',
    holderNameRule: 'Enter the account holder’s name (2–80 letters)',
  },
};
