// The live table's page: follows the studio's stream (server-sent events), places bets in the
// betting window (each one a wallet bet on the provider's server), shows the ball landing and the
// player's bets paid, and keeps the framing casino's balance in sync.
import { fillStakes, format, launch, post, tellCasino, walletBalance } from '/static/common.js';

const TEXT = {
  'id-ID': {
    title: 'Roulette Langsung',
    live: 'LANGSUNG',
    demo: 'DEMO',
    real: 'UANG ASLI',
    betting: 'Pasang taruhan · {s} dtk',
    spinning: 'Bola berputar…',
    result: 'Hasil: {n} {colour}',
    red: 'Merah',
    black: 'Hitam',
    green: 'Hijau',
    odd: 'Ganjil',
    even: 'Genap',
    number: 'Angka',
    betNumber: 'Taruh di {n}',
    balance: 'Saldo',
    stake: 'Taruhan',
    board: 'Meja taruhan',
    mine: 'Taruhan saya di ronde ini',
    none: 'Belum ada taruhan',
    placed: 'Taruhan diterima: {bet}',
    won: 'Menang {amount}',
    lost: 'Kalah',
    closed: 'Taruhan sudah ditutup, tunggu ronde berikutnya',
    money: 'Saldo tidak cukup',
    disabled: 'Akun tidak dapat bermain',
    error: 'Taruhan dibatalkan, saldo dikembalikan',
    many: 'Paling banyak 20 taruhan per ronde',
  },
  'es-MX': {
    title: 'Ruleta en Vivo',
    live: 'EN VIVO',
    demo: 'DEMO',
    real: 'DINERO REAL',
    betting: 'Haz tu apuesta · {s} s',
    spinning: 'La bola está girando…',
    result: 'Resultado: {n} {colour}',
    red: 'Rojo',
    black: 'Negro',
    green: 'Verde',
    odd: 'Impar',
    even: 'Par',
    number: 'Número',
    betNumber: 'Apostar al {n}',
    balance: 'Saldo',
    stake: 'Apuesta',
    board: 'Mesa de apuestas',
    mine: 'Mis apuestas de esta ronda',
    none: 'Aún no hay apuestas',
    placed: 'Apuesta aceptada: {bet}',
    won: 'Ganaste {amount}',
    lost: 'Perdiste',
    closed: 'Las apuestas están cerradas, espera la siguiente ronda',
    money: 'Saldo insuficiente',
    disabled: 'La cuenta no puede jugar',
    error: 'Apuesta cancelada, saldo devuelto',
    many: 'Máximo 20 apuestas por ronda',
  },
  en: {
    title: 'Live Roulette',
    live: 'LIVE',
    demo: 'DEMO',
    real: 'REAL MONEY',
    betting: 'Place your bets · {s} s',
    spinning: 'The ball is spinning…',
    result: 'Result: {n} {colour}',
    red: 'Red',
    black: 'Black',
    green: 'Green',
    odd: 'Odd',
    even: 'Even',
    number: 'Number',
    betNumber: 'Bet on {n}',
    balance: 'Balance',
    stake: 'Stake',
    board: 'Betting board',
    mine: 'My bets this round',
    none: 'No bets yet',
    placed: 'Bet accepted: {bet}',
    won: 'Won {amount}',
    lost: 'Lost',
    closed: 'Betting is closed, wait for the next round',
    money: 'Not enough balance',
    disabled: 'Account cannot play',
    error: 'Bet cancelled, balance returned',
    many: 'At most 20 bets a round',
  },
};
const t = TEXT[launch.lang] ?? TEXT['id-ID'];
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? '');
const $ = (id) => document.getElementById(id);

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const colourOf = (pocket) => (pocket === 0 ? 'green' : RED.has(pocket) ? 'red' : 'black');
const ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
const STEP = 360 / ORDER.length;
const COLOURS = { green: '#059669', red: '#e11d48', black: '#0f172a' };
$('wheel').style.background = `conic-gradient(from ${-STEP / 2}deg, ${ORDER.map(
  (pocket, index) => `${COLOURS[colourOf(pocket)]} ${index * STEP}deg ${(index + 1) * STEP}deg`,
).join(', ')})`;

const OUTSIDE = [
  ['red', t.red, 'red'],
  ['black', t.black, 'black'],
  ['odd', t.odd],
  ['even', t.even],
  ['low', '1–18'],
  ['high', '19–36'],
  ['dozen1', '1–12'],
  ['dozen2', '13–24'],
  ['dozen3', '25–36'],
];
const labelOf = (kind) =>
  kind.startsWith('n')
    ? `${t.number} ${kind.slice(1)}`
    : (OUTSIDE.find(([key]) => key === kind)?.[1] ?? kind);

$('title').textContent = t.title;
$('badge').textContent = t.live;
$('mode').textContent = launch.demo ? t.demo : t.real;
$('board-label').textContent = t.board;
$('balance-label').textContent = t.balance;
$('stake-label').textContent = t.stake;
$('number-label').textContent = t.number;
$('mine-label').textContent = t.mine;
fillStakes($('stake'));
for (let number = 0; number <= 36; number += 1) {
  const option = document.createElement('option');
  option.value = String(number);
  option.textContent = String(number);
  $('number').append(option);
}
const betButtons = [];
for (const [kind, label, tone] of OUTSIDE) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.dataset.testid = `live-bet-${kind}`;
  if (tone) button.dataset.tone = tone;
  button.addEventListener('click', () => placeBet(kind));
  $('outside').append(button);
  betButtons.push(button);
}
const numberButton = $('number-bet');
const showNumberLabel = () => {
  numberButton.textContent = fill(t.betNumber, { n: $('number').value });
};
$('number').addEventListener('change', showNumberLabel);
showNumberLabel();
numberButton.addEventListener('click', () => placeBet(`n${$('number').value}`));
betButtons.push(numberButton);

let balance = launch.demo ? 1000000n : null;
let state = null;
let offset = 0;
let shownRound = 0;
let settledRound = 0;
let rotation = 0;
/** Demo mode keeps its bets here (no wallet); real bets come from the provider's server. */
let demoBets = [];
let myBets = [];

function showBalance() {
  $('balance').textContent = balance === null ? '…' : format(balance);
  tellCasino(balance);
}

function showMine() {
  $('mine').replaceChildren(
    ...(myBets.length === 0
      ? [Object.assign(document.createElement('li'), { textContent: t.none })]
      : myBets.map((bet) => {
          const item = document.createElement('li');
          if (bet.payout !== null && bet.payout > 0) item.className = 'won';
          const result =
            bet.payout === null
              ? ''
              : bet.payout > 0
                ? ` · ${fill(t.won, { amount: format(bet.payout) })}`
                : ` · ${t.lost}`;
          item.append(
            Object.assign(document.createElement('span'), { textContent: labelOf(bet.kind) }),
            Object.assign(document.createElement('span'), { textContent: `${format(bet.amount)}${result}` }),
          );
          return item;
        })),
  );
}

async function placeBet(kind) {
  if (state?.phase !== 'betting') return;
  const amount = BigInt($('stake').value);
  if (balance !== null && balance < amount) {
    $('message').textContent = t.money;
    return;
  }
  for (const button of betButtons) button.disabled = true;
  if (launch.demo) {
    balance -= amount;
    demoBets.push({ kind, amount: Number(amount), payout: null });
    myBets = demoBets;
    $('message').textContent = fill(t.placed, { bet: labelOf(kind) });
  } else {
    const answer = await post('/api/live/bet', {
      token: launch.token,
      user: launch.user,
      currency: launch.currency,
      kind,
      amount: Number(amount),
    });
    if (answer.body.balance != null) balance = BigInt(answer.body.balance);
    if (answer.ok) {
      myBets = [...myBets, answer.body.bet];
      $('message').textContent = fill(t.placed, { bet: labelOf(kind) });
    } else {
      const error = answer.body.error;
      $('message').textContent =
        {
          RS_ERROR_NOT_ENOUGH_MONEY: t.money,
          RS_ERROR_USER_DISABLED: t.disabled,
          BETTING_CLOSED: t.closed,
          TOO_MANY_BETS: t.many,
        }[error] ?? t.error;
    }
  }
  $('stake').dataset.bets = String(Number($('stake').dataset.bets ?? 0) + 1);
  showBalance();
  showMine();
  render();
}

/** After a round settled: the player's bets with their payouts, and the wallet's balance. */
async function afterSettled(round) {
  if (launch.demo) {
    for (const bet of demoBets) {
      bet.payout = bet.amount * multiplier(bet.kind, state.result);
      balance += BigInt(bet.payout);
    }
    myBets = demoBets;
    demoBets = [];
  } else {
    const mine = await post('/api/live/mine', { token: launch.token });
    myBets = round === state.round ? mine.body.round : mine.body.last;
    balance = (await walletBalance()) ?? balance;
  }
  const won = myBets.reduce((sum, bet) => sum + (bet.payout ?? 0), 0);
  if (myBets.length > 0) $('message').textContent = won > 0 ? fill(t.won, { amount: format(won) }) : t.lost;
  document.body.dataset.settledRound = String(round);
  showBalance();
  showMine();
}

/** The page's own copy of the table's rule, for demo mode only (real payouts come from the provider). */
function multiplier(kind, pocket) {
  if (kind.startsWith('n')) return Number(kind.slice(1)) === pocket ? 36 : 0;
  if (kind.startsWith('dozen')) {
    const dozen = Number(kind.slice(5));
    return pocket >= dozen * 12 - 11 && pocket <= dozen * 12 ? 3 : 0;
  }
  if (pocket === 0) return 0;
  const wins = {
    red: RED.has(pocket),
    black: !RED.has(pocket),
    odd: pocket % 2 === 1,
    even: pocket % 2 === 0,
  };
  return (wins[kind] ?? (kind === 'low' ? pocket <= 18 : pocket >= 19)) ? 2 : 0;
}

function render() {
  if (!state) return;
  const now = Date.now() + offset;
  const left = Math.max(0, state.endsAt - now);
  const wheel = $('wheel');
  const pocket = $('pocket');
  if (state.phase === 'betting') {
    $('status').textContent = fill(t.betting, { s: Math.ceil(left / 1000) });
    wheel.className = 'wheel';
    pocket.textContent = '';
    pocket.className = 'pocket';
  } else if (state.phase === 'spinning') {
    $('status').textContent = t.spinning;
    wheel.className = 'wheel spinning';
  } else if (state.result !== null) {
    const colour = colourOf(state.result);
    $('status').textContent = fill(t.result, { n: state.result, colour: t[colour] });
    if (!wheel.classList.contains('landing')) {
      const index = ORDER.indexOf(state.result);
      rotation = rotation - (rotation % 360) + 720 + ((360 - index * STEP) % 360);
      wheel.className = 'wheel landing';
      wheel.style.transform = `rotate(${rotation}deg)`;
    }
    pocket.textContent = String(state.result);
    pocket.className = `pocket ${colour}`;
  }
  const total = state.phase === 'betting' ? 1 : 0;
  $('bar').style.width = total
    ? `${Math.min(100, (left / Math.max(1, state.endsAt - state.startedAt)) * 100)}%`
    : '0';
  for (const button of betButtons) button.disabled = state.phase !== 'betting' || left <= 0;
  $('history').replaceChildren(
    ...state.history.map((value) =>
      Object.assign(document.createElement('li'), { textContent: String(value), className: colourOf(value) }),
    ),
  );
}

const events = new EventSource('/api/live/stream');
events.onmessage = (message) => {
  const next = JSON.parse(message.data);
  offset = next.now - Date.now();
  if (next.round !== shownRound && next.phase === 'betting') {
    shownRound = next.round;
    if (!launch.demo) myBets = [];
    showMine();
  }
  state = next;
  if (state.phase === 'result' && (state.settled || launch.demo) && settledRound !== state.round) {
    settledRound = state.round;
    void afterSettled(state.round);
  }
  render();
};
setInterval(render, 250);
walletBalance().then((value) => {
  if (value !== null) balance = value;
  showBalance();
});
showMine();
