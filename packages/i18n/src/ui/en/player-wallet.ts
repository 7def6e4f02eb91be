import type { PlayerCatalog } from '../player.ts';

/** The player's wallet: balance, records and navigation, English. */
export const playerWallet: PlayerCatalog['playerWallet'] = {
  nav: { wallet: 'Wallet', account: 'Account' },
  title: 'Wallet',
  balance: 'Total balance',
  available: 'Available',
  held: 'On hold',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  records: 'Transactions',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  empty: 'No transactions yet',
  emptyHint: 'Your deposits and withdrawals will show up here.',
  loadMore: 'Load more',
  playMoney: 'Play money — not real money',
  cancelWithdrawal: 'Cancel',
  cancelWithdrawalConfirm: 'Cancel this withdrawal? The amount on hold goes back to your balance.',
  withdrawalCanceled: 'Withdrawal canceled',
  /** A credited deposit the bank took back (its state stays paid). */
  depositReversed: 'Reversed by the bank',
  /** Withdrawals held while a compliance case is open on the player (712). */
  withdrawHold: {
    title: 'Withdrawals are on hold',
    body: 'Your account is being reviewed by our compliance team. You can still play and deposit; withdrawals open again once the review is done. Contact customer service if you have questions.',
  },
  depositStates: {
    '-1': 'Created',
    '0': 'Awaiting payment',
    '1': 'Successful',
    '2': 'Canceled',
    '3': 'Under review',
    '4': 'Checking payment',
    '5': 'Processing',
    '6': 'Processing',
    '7': 'No operator',
    '8': 'Failed',
    '9': 'Successful',
  },
  withdrawStates: {
    '-1': 'Created',
    '0': 'Awaiting operator',
    '1': 'Processing',
    '2': 'Completed',
    '3': 'Failed',
    '4': 'Under review',
    '5': 'Updated',
    '6': 'No operator',
    '7': 'Canceled',
  },
  amountRules: {
    amountRequired: 'Amount is required',
    amountInvalid: 'Enter a number without thousands separators, at most 2 decimals',
    amountBelowMin: 'The minimum is {{min}}',
    amountAboveMax: 'The maximum is {{max}}',
    amountOverAvailable: 'The amount cannot exceed your available balance',
  },
  ports: { bank_transfer: 'Bank transfer', qris: 'QRIS', spei: 'SPEI transfer', oxxo: 'Cash at OXXO' },
  bonus: {
    title: 'Bonus',
    entry: 'Bonus & wagering',
    entryHint: 'Bonus balance and wagering progress',
    balance: 'Bonus balance',
    balanceHint: 'A bonus is locked until its wagering requirement is met, then it moves to your balance.',
    empty: 'No bonus yet',
    emptyHint: 'A first deposit of at least {{min}} earns a {{percent}}% bonus.',
    kinds: { first_deposit: 'First-deposit bonus', referral: 'Referral bonus', campaign: 'Campaign bonus' },
    states: {
      pending: 'Waiting',
      held: 'Waiting',
      queued: 'Queued',
      active: 'In progress',
      converted: 'Withdrawable',
      forfeited: 'Forfeited',
      clawed_back: 'Clawed back',
      void: 'Cancelled',
    },
    progress: 'Wagered {{done}} of {{total}}',
    dueOn: 'Paid on {{date}} if the deposit still stands',
    campaignsTitle: 'Running campaigns',
    campaignTerms:
      'A deposit of at least {{min}} earns a {{percent}}% bonus (max. {{max}}), wagering {{multiple}}× the bonus.',
    campaignUntil: 'Until {{date}}',
    campaignEarned: 'Already earned',
    campaignRule:
      'Once per player per campaign. Your first deposit does not count: it earns the first-deposit bonus.',
    queuedHint: 'Starts counting once the earlier bonus is done.',
    choiceTitle: 'If you withdraw before the requirement is met',
    choiceRefuse: 'Refuse the withdrawal',
    choiceRefuseHint: 'The withdrawal is not made; the bonus stays in progress.',
    choiceForfeit: 'Forfeit the bonus',
    choiceForfeitHint: 'The withdrawal goes ahead; the unmet bonus goes back to the operator.',
    choiceSaved: 'Choice saved',
    terms: 'Bonus terms and conditions',
    termsTitle: 'Bonus terms',
    termsItems: {
      firstDeposit:
        'A first deposit in local currency of at least {{min}} earns a bonus of {{percent}}% of it. Crypto deposits do not count.',
      referral:
        'Whoever invited you gets {{percent}}% of your first deposit, paid {{days}} days later if the deposit is not reversed and the account is not closed or flagged.',
      wagering:
        'The bonus goes to your bonus balance, locked. Once your settled bets reach {{multiple}}× the bonus, it moves to your withdrawable balance.',
      betsFrom:
        'Bets always use your main balance; the bonus balance is never staked. Settled bets (won or lost) count towards the requirement.',
      order: 'Several bonuses count one at a time, oldest first.',
      withdraw:
        'Withdrawing with a requirement open: the bonus is forfeited and the withdrawal goes ahead, unless you chose on the Bonus page to have the withdrawal refused and keep the bonus.',
      abuse:
        'Multiple accounts, self-referral, or a shared device, network or payout account put the bonus on hold for review.',
      clawback:
        'If the qualifying deposit is reversed, the bonus is taken back up to what is left on the balance; a balance never goes below zero.',
      exclusion: 'During a cool-off or self-exclusion you get no messages about bonuses.',
    },
    withdrawNotice: {
      refuse:
        'You have a bonus with an open wagering requirement. As you chose, this withdrawal will be refused.',
      forfeit:
        'You have a bonus with an open wagering requirement. As you chose, the bonus of {{amount}} is forfeited if you withdraw.',
      change: 'Change choice',
    },
  },
};
