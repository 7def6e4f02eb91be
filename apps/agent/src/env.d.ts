/// <reference types="vite/client" />

/** The build stamp written to dist/version.json (vite.config.ts). */
declare const __APP_VERSION__: string;

declare module 'virtual:payhub-endpoints' {
  /** Every contract endpoint as "METHOD path access[ multipart]" by group and name (endpoint-manifest.ts). */
  const routes: Record<string, Record<string, string>>;
  export default routes;
}
