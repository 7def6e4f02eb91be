// The slot's page: asks the provider's server to spin (which calls the operator's wallet), animates
// the reels with CSS, and tells the framing casino the new balance (postMessage 'payhub:balance').
import { fillStakes, format, launch, post, tellCasino, walletBalance } from '/static/common.js';

const { token, user, currency, demo, lang } = launch;
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
    symbol: 'Simbol',
    lines: '{n} garis · pembayaran × taruhan per garis (3, 4 atau 5 simbol sama dari kiri)',
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
    symbol: 'Símbolo',
    lines: '{n} líneas · pago × apuesta por línea (3, 4 o 5 símbolos iguales desde la izquierda)',
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
    symbol: 'Symbol',
    lines: '{n} lines · pays × line bet (3, 4 or 5 equal symbols from the left)',
    demo: 'DEMO',
    real: 'REAL MONEY',
    disabled: 'Account cannot play',
  },
};
const t = TEXT[lang] ?? TEXT['id-ID'];
// Glyphs every system font has (no emoji font needed), coloured by CSS (slot.css `[data-symbol]`).
const ICON = { cherry: '♥', lemon: '♦', plum: '♣', bell: '♠', star: '★', seven: '7' };
const $ = (id) => document.getElementById(id);
$('balance-label').textContent = t.balance;
$('stake-label').textContent = t.stake;
$('spin').textContent = t.spin;
$('paytable-label').textContent = t.paytable;
$('mode').textContent = demo ? t.demo : t.real;

fillStakes($('stake'));

let balance = demo ? 1000000n : null;
function showBalance() {
  $('balance').textContent = balance === null ? '…' : format(balance);
  tellCasino(balance);
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

async function refreshBalance() {
  balance = (await walletBalance()) ?? balance;
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
          `<tr><td data-symbol="${symbol}">${ICON[symbol]}</td>${pays.map((pay) => `<td>×${pay}</td>`).join('')}</tr>`,
      )
      .join('');
    const head = `<tr><th>${t.symbol}</th><th>3</th><th>4</th><th>5</th></tr>`;
    $('paytable').innerHTML = `<p>${t.lines.replace('{n}', String(lines))}</p><table>${head}${rows}</table>`;
  });
refreshBalance();
