/// <reference types="vite/client" />

declare module 'virtual:payhub-endpoints' {
  /** Every contract endpoint as "METHOD path access[ multipart]" by group and name (@payhub/client endpoint-manifest.ts, vite.config.ts). */
  const routes: Record<string, Record<string, string>>;
  export default routes;
}
