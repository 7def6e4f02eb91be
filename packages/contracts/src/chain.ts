import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { amountInput, amountWire } from './money.ts';
import { SecondFactorCode } from './two-factor.ts';
import { Count, Id, Page, VerificationCode } from './validation.ts';

/**
 * USDT on an EVM chain (issue 13 items 3 and 4; docs/chain.md): a player's deposit address and the
 * deposits seen to it with their confirmations, withdrawals to saved addresses (the address book),
 * their fee quote, and the development faucet. Amounts are USDT with its 6 on-chain decimals.
 */

/** An EVM address as typed: 0x and 40 hex digits; mixed case must be a valid EIP-55 checksum (server). */
export const EvmAddressInput = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x and 40 hex digits');
const UsdtInput = amountInput('USDT');
const UsdtWire = amountWire('USDT');
const EvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const TxHash = z.string().regex(/^0x[0-9a-f]{64}$/);

export const ADDRESS_BOOK_MAX = 10;
/** An address book entry becomes usable this long after it was added. */
export const ADDRESS_BOOK_DELAY_HOURS = 24;

export const ChainDeposit = z.object({
  id: z.number().int(),
  txHash: TxHash,
  logIndex: z.number().int(),
  blockNumber: z.string().regex(/^\d+$/),
  amount: UsdtWire,
  /** pending: waiting for confirmations; credited; dust: below the minimum, not credited; dropped: reorged out. */
  state: z.enum(['pending', 'credited', 'dust', 'dropped']),
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
  version: z.number().int(),
});
export type ChainDeposit = z.infer<typeof ChainDeposit>;

export const ChainWithdrawal = z.object({
  id: z.number().int(),
  address: EvmAddress,
  amount: UsdtWire,
  fee: UsdtWire,
  /** requested: held, not yet signed; sent: on its way; confirmed: paid; failed: reverted or dropped, hold released. */
  state: z.enum(['requested', 'sent', 'confirmed', 'failed']),
  txHash: TxHash.nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ChainWithdrawal = z.infer<typeof ChainWithdrawal>;

export const AddressBookEntry = z.object({
  id: z.number().int(),
  address: EvmAddress,
  label: z.string(),
  createdAt: z.string(),
  usableAt: z.string(),
  usable: z.boolean(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;

const Pagination = z.object({ page: Page, count: Count });

/** An address no withdrawal may go to (AML; one list per project, kept by its admins). */
export const BlockedAddress = z.object({
  address: EvmAddress,
  reason: z.string(),
  createdAt: z.string(),
});
export type BlockedAddress = z.infer<typeof BlockedAddress>;

export const chain = {
  depositAddress: endpoint({
    method: 'GET',
    path: '/main/chain/deposit/address',
    access: 'secure',
    summary: 'The player’s USDT deposit address, the network, the minimum and the confirmations needed',
    response: z.object({
      address: EvmAddress,
      asset: z.literal('USDT'),
      network: z.string(),
      chainId: z.number().int(),
      tokenAddress: EvmAddress,
      minDeposit: UsdtWire,
      confirmationsRequired: z.number().int(),
      /** Whether this server offers the development faucet (devFaucet). */
      faucet: z.boolean(),
    }),
    // 10001 while the player is excluded or cooling off (or under age): no address (issue 14).
    errors: [ErrorCode.OperatorCannotPay, ErrorCode.UserCannotPlay],
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/main/chain/deposits',
    access: 'secure',
    summary: 'The player’s on-chain deposits, newest first, with their confirmations',
    query: Pagination,
    response: z.object({ items: z.array(ChainDeposit), total: z.number().int() }),
  }),
  addresses: endpoint({
    method: 'GET',
    path: '/main/chain/addresses',
    access: 'secure',
    summary: 'The player’s withdrawal address book',
    response: z.object({
      items: z.array(AddressBookEntry),
      max: z.number().int(),
      delayHours: z.number().int(),
    }),
  }),
  addressCode: endpoint({
    method: 'POST',
    path: '/main/chain/addresses/code',
    access: 'secure',
    summary: 'Send an SMS code to the player’s phone to add a withdrawal address',
    response: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
    errors: [ErrorCode.CodeSentTooOften, ErrorCode.CodeSendLimit],
  }),
  addAddress: endpoint({
    method: 'POST',
    path: '/main/chain/addresses',
    access: 'secure',
    summary: 'Add a withdrawal address with the SMS code; usable 24 h later',
    body: z
      .object({
        address: EvmAddressInput,
        label: z.string().trim().min(1).max(40),
        code: VerificationCode,
        /** With two-step verification on: the authenticator (or recovery) code. */
        otp: SecondFactorCode.optional(),
      })
      .strict(),
    response: AddressBookEntry,
    errors: [
      ErrorCode.CodeInvalid,
      ErrorCode.CodeExpired,
      ErrorCode.CryptoAddressExists,
      ErrorCode.CryptoAddressLimit,
      ErrorCode.TwoFactorRequired,
      ErrorCode.TwoFactorInvalid,
      ErrorCode.TwoFactorLocked,
    ],
  }),
  withdrawQuote: endpoint({
    method: 'POST',
    path: '/main/chain/withdraw/quote',
    access: 'secure',
    summary: 'The fee of a USDT withdrawal of this amount, the total held and the limits',
    body: z.object({ amount: UsdtInput }).strict(),
    response: z.object({
      amount: UsdtWire,
      fee: UsdtWire,
      total: UsdtWire,
      minAmount: UsdtWire,
      maxAmount: UsdtWire,
      available: UsdtWire,
    }),
    errors: [
      ErrorCode.WithdrawalOutOfRange,
      ErrorCode.WithdrawalOverTierLimit,
      ErrorCode.IdentityTierRequired,
      ErrorCode.UserCannotPlay,
    ],
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/main/chain/withdraw',
    access: 'secure',
    summary: 'Withdraw USDT to a usable address-book entry: amount plus fee held at once',
    body: z.object({ amount: UsdtInput, addressId: Id, otp: SecondFactorCode.optional() }).strict(),
    response: ChainWithdrawal,
    errors: [
      ErrorCode.TwoFactorRequired,
      ErrorCode.TwoFactorInvalid,
      ErrorCode.TwoFactorLocked,
      ErrorCode.UserCannotPlay,
      ErrorCode.WithdrawalOutOfRange,
      ErrorCode.InsufficientBalanceWallet,
      ErrorCode.NotFound,
      ErrorCode.WithdrawalUnderReview,
      // A fraud case open on the player holds withdrawals until compliance closes it.
      ErrorCode.AccountUnderReview,
      ErrorCode.CryptoAddressNotYetUsable,
      ErrorCode.ContactSupport,
      ErrorCode.OperatorCannotPay,
      ErrorCode.WithdrawalOverTierLimit,
      ErrorCode.IdentityTierRequired,
      // An open bonus wagering requirement and the player chose refusal (rewards, issue 17).
      ErrorCode.BonusWageringOpen,
    ],
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/main/chain/withdrawals',
    access: 'secure',
    summary: 'The player’s USDT withdrawals, newest first',
    query: Pagination,
    response: z.object({ items: z.array(ChainWithdrawal), total: z.number().int() }),
  }),
  blockedAddresses: endpoint({
    method: 'GET',
    path: '/main/chain/admin/blocked',
    access: 'secure',
    summary:
      "Admin: the project's AML blocklist (addresses no USDT withdrawal by its players may go to), newest first",
    response: z.object({ items: z.array(BlockedAddress) }),
    errors: [ErrorCode.NoPermission],
  }),
  blockAddress: endpoint({
    method: 'POST',
    path: '/main/chain/admin/blocked',
    access: 'secure',
    summary:
      'Admin: add an address to the AML blocklist; a withdrawal to it is refused (777) and opens a monitoring case',
    body: z.object({ address: EvmAddressInput, reason: z.string().trim().min(1).max(200) }).strict(),
    response: BlockedAddress,
    errors: [ErrorCode.NoPermission],
  }),
  unblockAddress: endpoint({
    method: 'DELETE',
    path: '/main/chain/admin/blocked/:address',
    access: 'secure',
    summary: 'Admin: remove an address from the AML blocklist',
    params: z.object({ address: EvmAddressInput }),
    response: BlockedAddress,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  devFaucet: endpoint({
    method: 'POST',
    path: '/main/chain/dev/faucet',
    access: 'secure',
    devOnly: true,
    summary: 'Development chain only: send test USDT to the caller’s deposit address (loopback callers)',
    body: z.object({ amount: UsdtInput }).strict(),
    response: z.object({ txHash: TxHash }),
    errors: [
      ErrorCode.NoPermission,
      ErrorCode.WithdrawalOutOfRange,
      ErrorCode.OperatorCannotPay,
      ErrorCode.UserCannotPlay,
    ],
  }),
};
