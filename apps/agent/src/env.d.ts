/// <reference types="vite/client" />

/** The build stamp written to dist/version.json (vite.config.ts). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** 'true' keeps the /ui component catalogue in a non-development build (the e2e harness sets it). */
  readonly VITE_UI_CATALOGUE?: string;
}

declare module 'virtual:payhub-endpoints/shell' {
  /** The shell's endpoints as "METHOD path access[ multipart]" by group and name (endpoint-manifest.ts). */
  const routes: Record<string, Record<string, string>>;
  export default routes;
}

declare module 'virtual:payhub-endpoints/features' {
  /** Every other endpoint, same form; loaded with the first feature page or on first call. */
  const routes: Record<string, Record<string, string>>;
  export default routes;
}
