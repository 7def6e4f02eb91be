// Proves the server's inbox mail texts are covered in every language: each application status gives
// a title and body per locale, with no raw status key or English word in Indonesian or Spanish.
import { LOCALES } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { applicationMail, MAIL_APPLICATION_STATUSES } from './mails.ts';

const ENGLISH =
  /\b(?:applied|reviewing|approved|rejected|cancelled|removed|application|submitted|the|your)\b/i;

describe('application mails', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every status has a title and a body`, () => {
      for (const status of MAIL_APPLICATION_STATUSES) {
        const mail = applicationMail(locale, 'Tim 12', status, null);
        expect(mail.title.startsWith('Tim 12: ')).toBe(true);
        expect(mail.title.length).toBeGreaterThan('Tim 12: '.length);
        expect(mail.content).toContain('Tim 12');
        if (locale !== 'en') {
          expect(mail.title, `${locale} ${status}`).not.toMatch(ENGLISH);
          expect(mail.content, `${locale} ${status}`).not.toMatch(ENGLISH);
        }
      }
    });
  }

  it('writes the decision in the project language, and keeps the reviewer note as the body', () => {
    expect(applicationMail('id-ID', 'Tim 12', 'approved', null).title).toBe('Tim 12: pengajuan disetujui');
    expect(applicationMail('es-MX', 'Equipo 16', 'rejected', null).title).toBe(
      'Equipo 16: solicitud rechazada',
    );
    expect(applicationMail('id-ID', 'Tim 12', 'rejected', 'Nomor tidak aktif').content).toBe(
      'Nomor tidak aktif',
    );
  });
});
