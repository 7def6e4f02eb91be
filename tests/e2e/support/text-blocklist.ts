// What must never show to a user of an id-ID or es-MX project, shared by the navigation journey
// (rendered pages, tests/e2e/agent-navigation.spec.ts) and the server's mail and text-message
// coverage test (apps/server/src/modules/inbox/mail-texts.test.ts).
import type { ProjectId } from './accounts.ts';

/** The demo project of each locale the blocklist is written for. */
export const PROJECT_OF_LOCALE = { 'id-ID': 12, 'es-MX': 16 } as const satisfies Record<string, ProjectId>;

/**
 * What must never show on an id-ID or es-MX page: raw keys and codes (snake_case ledger codes,
 * dotted catalogue keys, "Error Code"), English words of seed texts and messages, and the words the
 * issue found wrong ("Penangan" for a Handler; an Indonesian group name in Mexico).
 */
export const BLOCKLIST: Array<{ pattern: RegExp; projects: ProjectId[] }> = [
  { pattern: /\b[a-z]+_[a-z_]+\b/, projects: [12, 16] },
  {
    pattern: /\b(?:common|payhub|payhubTools|promo|datacenter|inbox|shell|account|Auth)\.[A-Za-z]+/,
    projects: [12, 16],
  },
  { pattern: /Error Code|Failed to fetch|undefined|NaN|\bnull\b/, projects: [12, 16] },
  {
    pattern: /\b(?:the|called|approved|rejected|tomorrow|Loading|Cancel|Submit|Failed|Error)\b/,
    projects: [12, 16],
  },
  { pattern: /\bCash ?out\b/i, projects: [12, 16] },
  // The seed's English names (issue 11: "Demo promoter" on es-MX /pengajuan).
  { pattern: /\bDemo [a-z][a-z-]*\b/, projects: [12, 16] },
  { pattern: /\bPenangan\b/, projects: [12] },
  { pattern: /\bTim \d+/, projects: [16] },
  // Each country's own rails (issue 11): Mexico never sees Indonesian rails, Indonesia no Mexican ones.
  { pattern: /\b(?:QRIS|Indodax|BCA|BNI|BRI|MANDIRI|CIMB|PERMATA|Nusantara)\b/, projects: [16] },
  { pattern: /\b(?:SPEI|OXXO|CLABE|BBVA|BANORTE|SANTANDER|BANAMEX)\b/, projects: [12] },
];

export function blocklisted(projectId: ProjectId, texts: Record<string, string>): string[] {
  const hits: string[] = [];
  for (const [path, text] of Object.entries(texts))
    for (const { pattern, projects } of BLOCKLIST)
      if (projects.includes(projectId)) {
        const found = text.match(pattern);
        if (found) hits.push(`${path}: "${found[0]}"`);
      }
  return hits;
}
