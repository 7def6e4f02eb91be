// A relative path on purpose: Vite bundles the config's relative imports, while a package import
// would be loaded by plain Node, which cannot read TypeScript.
import { endpointManifest as manifestPlugin } from '../../packages/client/src/endpoint-manifest.ts';

/**
 * The endpoints the shell calls before any feature page is open (sign-in, session, site settings,
 * version, pem banner). They are in the first paint; every other endpoint loads with the first
 * feature page, or on its first call (apps/agent/src/lib/api.ts).
 */
const SHELL_ENDPOINTS = [
  'user.me',
  'user.login',
  'user.register',
  'user.sendCode',
  'user.resetPassword',
  'user.logout',
  'site.listConfig',
  'shell.version',
  'promo.spaInfo',
  'promo.spaLogin',
  'promo.spaReportCheck',
  'payhub.role',
];

function isShellEndpoint(group: string, name: string): boolean {
  return SHELL_ENDPOINTS.includes(`${group}.*`) || SHELL_ENDPOINTS.includes(`${group}.${name}`);
}

/**
 * `virtual:payhub-endpoints/shell` and `virtual:payhub-endpoints/features`: method, path and access
 * of every contract endpoint, split into the shell's part (first paint) and the features' part.
 */
export function endpointManifest() {
  return manifestPlugin('payhub-endpoint-manifest', {
    'virtual:payhub-endpoints/shell': isShellEndpoint,
    'virtual:payhub-endpoints/features': (group, name) => !isShellEndpoint(group, name),
  });
}
