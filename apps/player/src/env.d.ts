/// <reference types="vite/client" />

declare module 'virtual:payhub-endpoints' {
  /** Every contract endpoint as "METHOD path access[ multipart]" by group and name (endpoint-manifest.ts). */
  const routes: Record<string, Record<string, string>>;
  export default routes;
}
