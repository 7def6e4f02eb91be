/**
 * The error catalogue (spec §8). Every failure on the wire is `{ errCode, errMsg }`; `errCode` is one
 * of these numbers, `errMsg` is the message under `errors.<code>` of the request's language.
 * Codes the spec lists without a text (9, 404, 712, 762, 777, 12054, 12062) are designed here and
 * documented in docs/api.md.
 */
export const ErrorCode = {
  ServiceError: 0,
  LoginExpired: 1,
  BadParameter: 3,
  SiteDown: 9,
  NotFound: 404,
  TooFrequent: 667,
  InsufficientBalance: 700,
  WrongBetAmount: 702,
  RefreshPage: 703,
  TokenInvalid: 707,
  BetOverLimit: 711,
  AccountUnderReview: 712,
  AlreadyJoined: 746,
  ServiceMaintenance: 762,
  ContactSupport: 777,
  NoPermission: 1031,
  /** A manual adjustment is approved by a staff member other than the one who requested it. */
  AdjustmentSameStaff: 1040,
  /** The manual adjustment was already approved or rejected. */
  AdjustmentDecided: 1041,
  /** A scheduled notice's time is changed after it was already published. */
  NoticeAlreadyPublished: 1042,
  /** A stuck withdrawal is completed from the console without the operator's transfer proof. */
  WithdrawalProofMissing: 1043,
  /** A monitoring case already closed, or already escalated: the action changes nothing. */
  CaseAlreadyHandled: 1044,
  CodeSentTooOften: 2001,
  CodeInvalid: 2002,
  AmountOverAvailable: 3003,
  PaymentOutOfRange: 3004,
  InsufficientBalanceWallet: 3005,
  OrderAlreadyStarted: 3007,
  BankAccountExists: 3008,
  WithdrawalUnderReview: 3009,
  BankAccountLimit: 3010,
  YecInsufficient: 3014,
  WithdrawalOutOfRange: 3021,
  BankUnsupported: 3024,
  AccountUsedByOther: 3027,
  AccountUsedByOtherHolder: 3028,
  OrderHandledByOtherLeader: 3038,
  /** A card an open deposit order uses cannot be removed or renumbered. */
  CardInUse: 3040,
  /** A card's holder must be the operator's verified (KYC) name. */
  HolderNotVerifiedName: 3041,
  /** An operator cannot handle an order of its own account or of a payer linked to it (self-dealing). */
  OperatorLinkedToPayer: 3042,
  /** A payment-operator account holds no player wallet: it cannot deposit or withdraw as a player. */
  OperatorCannotPay: 3043,
  /** Contention that outlasted its retries (operators' quota taken meanwhile, lock waits): try again. */
  TryAgain: 3044,
  /** The project does not offer this deposit port (its rails: QRIS is Indonesian, SPEI/OXXO Mexican). */
  PortUnavailable: 3050,
  /** The project does not offer this quota top-up method (Indodax is Indonesian only). */
  TopupMethodUnavailable: 3051,
  /** The withdrawal address is already in the player's address book (designed; contracts/chain.ts). */
  CryptoAddressExists: 3060,
  /** The address book is full (ADDRESS_BOOK_MAX). */
  CryptoAddressLimit: 3061,
  /** A new address-book entry becomes usable 24 h after it was added. */
  CryptoAddressNotYetUsable: 3062,
  /** An exchange quote past its lifetime: ask for a new one. */
  QuoteExpired: 3063,
  /** An exchange quote already accepted: a quote moves money once. */
  QuoteUsed: 3064,
  /** USDT quota top-ups need a chain (CHAIN_RPC_URL): none is configured on this server. */
  UsdtTopupUnavailable: 3065,
  /** No such game provider, or no such game at that provider (issue 18). */
  GameProviderUnknown: 3070,
  /** The game provider is switched off for this project. */
  GameProviderOff: 3071,
  /** The game cannot be played in that asset here (not one of the project's wallet assets). */
  GameAssetUnavailable: 3072,
  AlreadySignedIn: 4001,
  TaskOffline: 4003,
  TaskOfflineEnded: 4008,
  RewardAlreadyReceived: 4009,
  /** The caller already has a referrer: an invite code is entered once. */
  ReferrerAlreadySet: 4010,
  /** The invite code's owner is in the caller's own downline: a referral ring is refused. */
  ReferralCycle: 4011,
  /** Check-in needs a qualifying deposit credited today (project time zone). */
  NoQualifyingDeposit: 4012,
  /** A gift code of that name already exists in the project. */
  GiftCodeTaken: 4013,
  /** A withdrawal while a bonus's wagering requirement is open, and the player chose to be refused. */
  BonusWageringOpen: 4017,
  /** The bonus campaign has ended (early or at its end): it cannot be changed or ended again. */
  BonusCampaignEnded: 4018,
  /** The campaign has granted bonuses: its money terms and start stay as they were (name and end may change). */
  BonusCampaignTermsLocked: 4019,
  /** No wheel spins left (a spins gift code grants them). */
  NoWheelSpins: 4014,
  NoPermissionPromo: 7001,
  InvalidInviteCode: 7003,
  UserExists: 7010,
  OwnReferralCode: 7011,
  PasswordError: 7013,
  CodeExpired: 7016,
  PhoneExists: 7017,
  PhoneNotRegistered: 7019,
  InvalidPhoneOrPassword: 7021,
  CodeSendLimit: 7028,
  /** Sign-in paused after wrong passwords: wait, or unlock with an SMS code (POST /main/user/phone/unlock). */
  AccountLocked: 7030,
  /** Responsible play (issue 14): the deposit would pass the player's deposit limit. */
  DepositLimitReached: 7040,
  /** The stake (with stakes still open) could lose more than the player's loss limit allows. */
  LossLimitReached: 7041,
  /** The stake would pass the player's wager limit. */
  WagerLimitReached: 7042,
  /** The play session reached the player's session time limit: pause 30 minutes. */
  SessionTimeLimitReached: 7043,
  /** A cool-off or self-exclusion in force cannot be shortened or lifted. */
  ExclusionCannotShorten: 7044,
  /** Two-factor sign-in is on: this call needs a code from the authenticator app (or a recovery code). */
  TwoFactorRequired: 7045,
  /** The authenticator or recovery code is wrong, or was used already. */
  TwoFactorInvalid: 7046,
  /** Too many wrong two-factor codes: wait 15 minutes. */
  TwoFactorLocked: 7047,
  /** Two-factor sign-in is already on. */
  TwoFactorAlreadyEnabled: 7048,
  /** Two-factor sign-in is not on (or its enrolment was not started). */
  TwoFactorNotEnabled: 7049,
  /** The full name and birth date were declared already: customer service corrects them. */
  IdentityAlreadyDeclared: 7050,
  /** The withdrawal passes the limit of the player's identity tier (per withdrawal or per local day). */
  WithdrawalOverTierLimit: 7051,
  /** A higher identity tier is needed first (tier 1 before documents; in a licensed project before withdrawing or adding a bank account). */
  IdentityTierRequired: 7052,
  /** Identity documents are waiting for review, or the identity is verified already (tier 2). */
  IdentityDocumentsOpen: 7053,
  /** The identity documents were reviewed already. */
  IdentityDocumentsDecided: 7054,
  GiftCodeUnavailable: 8001,
  GiftCodeNewUsersOnly: 8002,
  GiftCodeUsed: 8003,
  BonusCodeExists: 8004,
  GiftCodeExpired: 8005,
  GiftCodeLimit: 8006,
  GiftCodeNotStarted: 8007,
  GiftCodeRegionBlocked: 8008,
  GiftCodeDepositRequired: 8009,
  GiftCodeInvalid: 8010,
  GiftCodeNotActive: 8011,
  UserCannotPlay: 10001,
  GameInsufficientBalance: 10002,
  GameUnavailable: 10006,
  /** A game of this kind is open (finish or cash it out first); the seed pair cannot change while any game is open. */
  GameAlreadyOpen: 10010,
  /** The game is settled: no more moves, no second cash-out. */
  GameFinished: 10011,
  /** Cash-out before the first successful move: nothing won yet. */
  NothingToCashOut: 10012,
  /** The move is not possible in this game's state (tile already revealed, deck or streak exhausted, move of another game). */
  MoveNotAllowed: 10013,
  /** A bet id already used for a different bet. */
  BetIdConflict: 10014,
  // Shared round games (issue 16): crash and wingo.
  RoundBettingClosed: 10030,
  RoundCashOutTooLate: 10031,
  RoundAlreadyBet: 10032,
  RoundNotReady: 10033,
  RoundBetSettled: 10034,
  RoundSaltFixed: 10035,
  InvalidAccount: 12054,
  InvalidProjectId: 12062,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** HTTP status per code; anything not listed is a business refusal (400). */
const httpStatusByCode: Partial<Record<number, number>> = {
  0: 500,
  1: 401,
  3: 400,
  9: 503,
  404: 404,
  667: 429,
  707: 401,
  1031: 403,
  1040: 403,
  1041: 409,
  1042: 409,
  1043: 409,
  1044: 409,
  7001: 403,
  2001: 429,
  7028: 429,
  7030: 429,
  7047: 429,
  7048: 409,
  7050: 409,
  7052: 403,
  7053: 409,
  7054: 409,
  3007: 409,
  3008: 409,
  3038: 409,
  3040: 409,
  3060: 409,
  3042: 403,
  3043: 403,
  3044: 503,
  3061: 409,
  3062: 409,
  3063: 409,
  3064: 409,
  3065: 503,
  3070: 404,
  3071: 409,
  7010: 409,
  7017: 409,
  746: 409,
  4001: 409,
  4009: 409,
  4010: 409,
  4011: 409,
  4012: 409,
  4013: 409,
  4017: 409,
  4018: 409,
  4019: 409,
  4014: 409,
  10010: 409,
  10011: 409,
  10014: 409,
};

export function httpStatusOf(errCode: number): number {
  return httpStatusByCode[errCode] ?? 400;
}

export const allErrorCodes: readonly number[] = Object.values(ErrorCode);

/** Client reactions (spec §8): these codes show an info dialog with the server's message. */
export const INFO_DIALOG_CODES: readonly number[] = [762, 777, 712, 1];
/** Codes that end the session on the HTTP layer. */
export const HTTP_LOGOUT_CODES: readonly number[] = [1];
/** Codes that end the session on the socket layer. */
export const SOCKET_LOGOUT_CODES: readonly number[] = [707, 1];
/** The payment client passes these on silently. */
export const PAYMENT_SILENT_CODES: readonly number[] = [12054, 12062];

/** The wire shape of every failure. */
export interface ApiErrorBody {
  errCode: number;
  errMsg: string;
}
