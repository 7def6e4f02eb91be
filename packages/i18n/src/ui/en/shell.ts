import type { UiNamespace } from '../types.ts';

export const shell: UiNamespace<'shell'> = {
  notFoundTitle: 'Page not found',
  notFoundBody: 'The page you are looking for does not exist or is not available yet.',
  serverErrorTitle: 'Service disruption',
  serverErrorBody: 'The server cannot handle your request right now. Please try again in a moment.',
  goHome: 'Go home',
  siteDown: 'The site is currently unavailable',
  crashInfo: 'Error details',
  contactCs: 'Contact customer service',
  reload: 'Reload',
  denied: 'You do not have permission to access this page',
  backToAccount: 'Back to my account',
  closeTitle: 'All done',
  closeBody: 'You can close this page now.',
  closeButton: 'Close page',
  pemBanner: 'Some reports are waiting for your check.',
  pemBannerButton: 'Check',
  nativeSimulation: 'Simulate the native app',
  nativeSimulationHint: 'Development only: behave as if running inside the app wrapper.',
};
