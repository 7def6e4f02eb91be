// What the demo provider's game pages share: the launch parameters, money in minor units as text,
// calls to the provider's own server, and telling the framing casino the balance.
const params = new URLSearchParams(location.search);
export const launch = {
  token: params.get('token') ?? '',
  user: params.get('user') ?? '',
  currency: params.get('currency') ?? 'IDR',
  demo: params.get('mode') === 'demo',
  lang: params.get('lang') ?? 'id-ID',
};
export const DIGITS = launch.currency === 'USDT' ? 6 : 2;
export const STAKES = DIGITS === 6 ? [100000n, 500000n, 1000000n] : [1000n, 5000n, 10000n];

export function format(minor) {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(DIGITS + 1, '0');
  const whole = digits.slice(0, -DIGITS).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${launch.currency} ${whole},${digits.slice(-DIGITS)}`;
}

export async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, body: await response.json() };
}

/** The wallet's balance of the session (null in demo mode, where the page keeps its own). */
export async function walletBalance() {
  if (launch.demo) return null;
  const answer = await post('/api/balance', { token: launch.token, user: launch.user });
  return answer.ok ? BigInt(answer.body.balance) : null;
}

/** The framing casino keeps its balance in sync with the game's (postMessage 'payhub:balance'). */
export function tellCasino(balance) {
  if (!launch.demo && balance !== null)
    parent.postMessage({ type: 'payhub:balance', asset: launch.currency, balance: balance.toString() }, '*');
}

export function fillStakes(select) {
  for (const stake of STAKES) {
    const option = document.createElement('option');
    option.value = stake.toString();
    option.textContent = format(stake);
    select.append(option);
  }
}
