// The slot's page: asks the provider's server to spin (which calls the operator's wallet), animates
// the reels with CSS, and tells the framing casino the new balance (postMessage 'payhub:balance').
const params = new URLSearchParams(location.search);
const token = params.get('token') ?? '';
const user = params.get('user') ?? '';
const currency = params.get('currency') ?? 'IDR';
const demo = params.get('mode') === 'demo';
const lang = params.get('lang') ?? 'id-ID';
const TEXT = {
  'id-ID': {
    balance: 'Saldo',
    stake: 'Taruhan',
    spin: 'PUTAR',
    win: 'Menang',
    lose: 'Coba lagi',
    money: 'Saldo tidak cukup',
    error: 'Putaran dibatalkan, saldo dikembalikan',
    paytable: 'Tabel pembayaran',
    demo: 'DEMO',
    real: 'UANG ASLI',
    disabled: 'Akun tidak dapat bermain',
  },
  'es-MX': {
    balance: 'Saldo',
    stake: 'Apuesta',
    spin: 'GIRAR',
    win: 'Ganaste',
    lose: 'Intenta de nuevo',
    money: 'Saldo insuficiente',
    error: 'Giro cancelado, saldo devuelto',
    paytable: 'Tabla de pagos',
    demo: 'DEMO',
    real: 'DINERO REAL',
    disabled: 'La cuenta no puede jugar',
  },
  en: {
    balance: 'Balance',
    stake: 'Stake',
    spin: 'SPIN',
    win: 'Win',
    lose: 'Try again',
    money: 'Not enough balance',
    error: 'Spin cancelled, balance returned',
    paytable: 'Paytable',
    demo: 'DEMO',
    real: 'REAL MONEY',
    disabled: 'Account cannot play',
  },
};
const t = TEXT[lang] ?? TEXT['id-ID'];
// Glyphs every system font has (no emoji font needed), coloured by CSS (slot.css `[data-symbol]`).
const ICON = { cherry: '♥', lemon: '♦', plum: '♣', bell: '♠', star: '★', seven: '7' };
const DIGITS = currency === 'USDT' ? 6 : 2;
const STAKES = DIGITS === 6 ? [100000n, 500000n, 1000000n] : [1000n, 5000n, 10000n];

const $ = (id) => document.getElementById(id);
$('balance-label').textContent = t.balance;
$('stake-label').textContent = t.stake;
$('spin').textContent = t.spin;
$('paytable-label').textContent = t.paytable;
$('mode').textContent = demo ? t.demo : t.real;

function format(minor) {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(DIGITS + 1, '0');
  const whole = digits.slice(0, -DIGITS).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${currency} ${whole},${digits.slice(-DIGITS)}`;
}
for (const stake of STAKES) {
  const option = document.createElement('option');
  option.value = stake.toString();
  option.textContent = format(stake);
  $('stake').append(option);
}

let balance = demo ? 1000000n : null;
function showBalance() {
  $('balance').textContent = balance === null ? '…' : format(balance);
  if (!demo && balance !== null)
    parent.postMessage({ type: 'payhub:balance', asset: currency, balance: balance.toString() }, '*');
}

const reels = [];
for (let reel = 0; reel < 5; reel += 1) {
  const box = document.createElement('div');
  box.className = 'reel';
  const strip = document.createElement('div');
  strip.className = 'strip';
  box.append(strip);
  $('reels').append(box);
  reels.push(strip);
}
function paint(grid, wins = []) {
  const winning = new Set();
  const lines = [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
  ];
  for (const win of wins)
    for (let reel = 0; reel < win.count; reel += 1) winning.add(`${reel}:${lines[win.line][reel]}`);
  grid.forEach((column, reel) => {
    reels[reel].replaceChildren(
      ...column.map((symbol, row) => {
        const cell = document.createElement('div');
        cell.className = winning.has(`${reel}:${row}`) ? 'cell win' : 'cell';
        cell.textContent = ICON[symbol];
        cell.dataset.symbol = symbol;
        return cell;
      }),
    );
  });
}
paint(Array.from({ length: 5 }, () => ['cherry', 'seven', 'bell']));

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, body: await response.json() };
}

async function refreshBalance() {
  if (demo) return showBalance();
  const answer = await post('/api/balance', { token, user });
  if (answer.ok) balance = BigInt(answer.body.balance);
  showBalance();
}

$('spin').addEventListener('click', async () => {
  const stake = BigInt($('stake').value);
  if (balance !== null && balance < stake) {
    $('message').textContent = t.money;
    return;
  }
  $('spin').disabled = true;
  $('message').textContent = '\u00a0';
  for (const strip of reels) {
    strip.classList.remove('stopping');
    strip.classList.add('spinning');
  }
  const started = Date.now();
  const answer = await post('/api/spin', { token, user, currency, stake: Number(stake), demo });
  await new Promise((done) => setTimeout(done, Math.max(0, 700 - (Date.now() - started))));
  for (const [index, strip] of reels.entries()) {
    await new Promise((done) => setTimeout(done, 120 + index * 60));
    strip.classList.remove('spinning');
    strip.classList.add('stopping');
  }
  if (answer.ok) {
    paint(answer.body.grid, answer.body.wins);
    if (demo) balance = balance - stake + BigInt(answer.body.payout);
    else if (answer.body.balance !== null) balance = BigInt(answer.body.balance);
    $('message').textContent = answer.body.payout > 0 ? `${t.win} ${format(answer.body.payout)}` : t.lose;
    showBalance();
  } else {
    const status = answer.body.error;
    $('message').textContent =
      status === 'RS_ERROR_NOT_ENOUGH_MONEY'
        ? t.money
        : status === 'RS_ERROR_USER_DISABLED'
          ? t.disabled
          : t.error;
    if (answer.body.balance != null) balance = BigInt(answer.body.balance);
    showBalance();
  }
  $('spin').dataset.spins = String(Number($('spin').dataset.spins ?? 0) + 1);
  $('spin').disabled = false;
});

fetch('/api/paytable')
  .then((response) => response.json())
  .then(({ lines, paytable }) => {
    const rows = Object.entries(paytable)
      .map(
        ([symbol, pays]) =>
          `<tr><td>${ICON[symbol]}</td>${pays.map((pay) => `<td>×${pay}</td>`).join('')}</tr>`,
      )
      .join('');
    $('paytable').innerHTML = `<p>${lines} lines · 3 / 4 / 5</p><table>${rows}</table>`;
  });
refreshBalance();
