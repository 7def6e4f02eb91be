// Zod-free on purpose: the browser client imports these without pulling the schemas in.
/**
 * The realtime channel (spec §7 Realtime and Shell, §8 socket layer, §9 timings): RSocket over a
 * WebSocket at REALTIME_PATH, routed by the route strings below carried as routing metadata.
 */
export const REALTIME_PATH = '/api/main/ws';

export const RealtimeRoute = {
  /** Request: body `{ token }`; authenticates the connection. */
  auth: '/internal/auth',
  /** Request: no body; the connection becomes anonymous. */
  unAuth: '/internal/unAuth',
  /** Stream: site notices, broadcast to every subscriber. */
  noticeBroadcast: '/api/main/ws/broadcast/promo/spa/notice',
  /** Request: body `{ noticeId, showAt }`; marks a notice read for the signed-in user. */
  noticeMark: '/api/main/ws/promo/spa/notice/mark',
} as const;

/**
 * Round games (issue 16): one broadcast stream of every round event of the subscriber's project
 * (`RoundEvent`), and request routes taking the same bodies as the HTTP endpoints.
 */
export const RoundsRealtimeRoute = {
  broadcast: '/api/main/ws/broadcast/rounds',
  crashBet: '/api/main/ws/rounds/crash/bet',
  crashCashOut: '/api/main/ws/rounds/crash/cashout',
  wingoBet: '/api/main/ws/rounds/wingo/bet',
} as const;

/** Mime types the gateway accepts in SETUP. */
export const REALTIME_DATA_MIME_TYPE = 'application/json';
export const REALTIME_COMPOSITE_METADATA_MIME_TYPE = 'message/x.rsocket.composite-metadata.v0';
export const REALTIME_ROUTING_METADATA_MIME_TYPE = 'message/x.rsocket.routing.v0';

/** Timings of spec §9. */
export const REALTIME_KEEP_ALIVE_MS = 8_000;
export const REALTIME_LIFETIME_MS = 12_000;
export const REALTIME_REQUEST_TIMEOUT_MS = 10_000;
export const REALTIME_RECONNECT_STEP_MS = 1_500;
export const REALTIME_CHANNEL_RETRY_MS = 3_000;
/** Channel demand (request-n); also the largest request-n the protocol allows. */
export const REALTIME_CHANNEL_DEMAND = 2_147_483_647;

/**
 * Push routes of the payment hub (Notify pushes, sent after commit). `payOrder` and `withdrawOrder`
 * carry the whole order with its `version` (clients apply it and drop older versions); `quota`
 * carries the operator's quota balance, `unprocessed` the dashboard counts that changed.
 * Spelled here only: the server sends and the apps listen by these names.
 */
export const PayhubPushRoute = {
  payOrder: '/payhub/order',
  withdrawOrder: '/payhub/withdraw/order',
  quota: '/payhub/quota',
  unprocessed: '/payhub/unprocessed',
} as const;
export type PayhubPushRoute = (typeof PayhubPushRoute)[keyof typeof PayhubPushRoute];

/**
 * Push routes of the chain capability: a deposit seen or confirmed (content: ChainDeposit, with its
 * confirmations) and a withdrawal's new state (content: ChainWithdrawal).
 */
export const CHAIN_NOTIFY_ROUTES = {
  deposit: '/chain/deposit',
  withdrawal: '/chain/withdrawal',
} as const;

/**
 * Realtime routes of the in-house games (contracts/games.ts). `feed` is a broadcast stream of the
 * project's settled bets (FeedBetWire; a new subscriber first receives the latest GAMES_FEED_SIZE);
 * `bet` is a Notify push to the player of each of their bets when it settles (BetWire). Neither
 * carries hidden state of an open game.
 */
export const GamesRealtimeRoute = {
  feed: '/api/main/ws/broadcast/games/feed',
  bet: '/games/bet',
} as const;

/** Push route of new inbox mail (spec §7 Inbox). */
export const NOTIFY_ROUTE_INBOX_NEW = '/heracles/inbox/new';

/** The code a client reports for an error it cannot parse (connection lost, refresh the page). */
export const SOCKET_UNPARSEABLE_CODE = -1;
/** The code that makes a client reload its token from local storage. */
export const SOCKET_RELOAD_TOKEN_CODE = 703;
