// Proves every inbox mail, email and text message the server writes is covered in id-ID and es-MX
// (issue 11: a mail read "Tim 12: approved"): each builder of packages/i18n/src/mails.ts, rendered in
// both languages, shows no raw key, code or English word (the navigation journey's blocklist, plus
// any word of the English version), and every place in the server that sends a mail or a text
// takes its words from those builders, never from a literal.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mails from '../packages/i18n/src/mails.ts';
import { blocklisted, PROJECT_OF_LOCALE } from '../tests/e2e/support/text-blocklist.ts';

const root = join(import.meta.dirname, '..');
type Locale = 'id-ID' | 'es-MX' | 'en';

/** Every builder rendered with every variant, in one language: name -> text. */
function render(locale: Locale): Record<string, string> {
  const group = locale === 'es-MX' ? 'Equipo 16' : 'Tim 12';
  const texts: Record<string, string> = {};
  for (const status of mails.MAIL_APPLICATION_STATUSES) {
    const mail = mails.applicationMail(locale, group, status, null);
    texts[`applicationMail.${status}.title`] = mail.title;
    texts[`applicationMail.${status}.content`] = mail.content;
  }
  texts.applicationReceivedTitle = mails.applicationReceivedTitle(locale, group);
  const code = mails.emailCodeMail(locale, '123456', 10);
  texts['emailCodeMail.subject'] = code.subject;
  texts['emailCodeMail.text'] = code.text;
  const device = mails.newDeviceMail(locale, 'Pixel 7', '10.0.0.1', '24/11/2026 10:00');
  texts['newDeviceMail.title'] = device.title;
  texts['newDeviceMail.text'] = device.text;
  for (const kind of ['granted', 'converted'] as const) {
    const bonus = mails.bonusMail(locale, kind, '5.000,00', 'IDR');
    texts[`bonusMail.${kind}.title`] = bonus.title;
    texts[`bonusMail.${kind}.text`] = bonus.text;
  }
  const reason = { 'id-ID': 'Foto KTP buram', 'es-MX': 'La foto está borrosa', en: 'The photo is blurred' }[
    locale
  ];
  for (const decision of ['approved', 'rejected'] as const) {
    const review = mails.identityReviewMail(locale, decision, reason);
    texts[`identityReviewMail.${decision}.title`] = review.title;
    texts[`identityReviewMail.${decision}.text`] = review.text;
  }
  const reversed = mails.depositReversedMail(locale, {
    orderNo: 'P2026120712345',
    amount: 8_000_000n,
    taken: 5_000_000n,
    currency: 'IDR',
    symbol: 'Rp',
  });
  texts['depositReversedMail.title'] = reversed.title;
  texts['depositReversedMail.text'] = reversed.text;
  texts.codeSms = mails.codeSms(locale, '123456');
  texts.phoneChangedSms = mails.phoneChangedSms(locale, '6789');
  return texts;
}

/**
 * Words both languages write the same (brand, loan words such as selfie; Indonesian writes deposit,
 * bank and transfer as English does); the arguments are not words.
 */
const SHARED_WORDS = new Set([
  'payhub',
  'email',
  'pixel',
  'tim',
  'equipo',
  'bonus',
  'idr',
  'selfie',
  'deposit',
  'bank',
  'transfer',
]);
const words = (text: string) =>
  new Set((text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((word) => !SHARED_WORDS.has(word)));

describe('mail and text-message catalogue coverage', () => {
  it('renders every builder of mails.ts (a new one must be added here)', () => {
    const builders = Object.entries(mails)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    const rendered = new Set(Object.keys(render('en')).map((key) => key.split('.')[0]!));
    expect(builders.filter((name) => !rendered.has(name))).toEqual([]);
  });

  for (const locale of ['id-ID', 'es-MX'] as const) {
    it(`${locale}: no raw key, code or blocklisted word`, () => {
      expect(blocklisted(PROJECT_OF_LOCALE[locale], render(locale))).toEqual([]);
    });

    it(`${locale}: no word of the English text left untranslated`, () => {
      const english = render('en');
      const leaks: string[] = [];
      for (const [name, text] of Object.entries(render(locale))) {
        const own = words(text);
        for (const word of words(english[name]!)) if (own.has(word)) leaks.push(`${name}: ${word}`);
        expect(text.trim().length, name).toBeGreaterThan(0);
        expect(text, name).not.toBe(english[name]);
      }
      expect(leaks).toEqual([]);
    });
  }
});

/** Server sources, tests excluded. */
function serverSources(directory = join(root, 'apps/server/src')): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Where the server hands words to a person: an SMS, a text notice, an email, an inbox mail, a
 * promoter notification. Each must be found (so the scan cannot pass by finding nothing).
 */
const SINKS: Array<{ name: string; pattern: RegExp }> = [
  { name: 'sms', pattern: /\bsms\.send\(/ },
  { name: 'sms notice', pattern: /\bcodes\.notice\(/ },
  { name: 'email', pattern: /\bmailer\.send\(/ },
  { name: 'inbox', pattern: /\binbox\.deliver\(|\bmail\?\.\(/ },
  { name: 'promo notification', pattern: /\brepo\.notify\(|\bnotify: \{/ },
];
/** A literal with a word in a text field, or a literal argument of a text call. */
const LITERAL_TEXT =
  /\b(?:title|text|content|subject)\s*:\s*(['"`])(?:(?!\1).)*\p{L}{3,}|^\s*(['"`])(?:(?!\2).)*\p{L}{3,}/u;

describe('server mail sinks take their words from packages/i18n', () => {
  it('every mail, text message and inbox note is built by a mails.ts builder', () => {
    const found = new Map<string, number>();
    const literals: string[] = [];
    for (const file of serverSources()) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const sink of SINKS) {
          if (!sink.pattern.test(line)) continue;
          found.set(sink.name, (found.get(sink.name) ?? 0) + 1);
          // The call and its arguments: up to the line that closes it (a dozen lines at most).
          for (const next of lines.slice(index, index + 12)) {
            const text = next.replace(/^.*?\b(?:send|notice|deliver|notify)\(/, '');
            if (LITERAL_TEXT.test(text) && !/^\s*\/\//.test(next))
              literals.push(`${relative(root, file)}:${index + 1}: ${next.trim()}`);
            if (/^\s*\}?\)[;,]?\s*$/.test(next) && next !== line) break;
          }
        }
      });
    }
    expect([...found.keys()].sort()).toEqual(SINKS.map((sink) => sink.name).sort());
    expect(literals).toEqual([]);
  });
});
