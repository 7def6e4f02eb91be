import { Buffer } from 'buffer';

/**
 * rsocket-js 1.0 uses the global `Buffer`, which browsers lack: install the `buffer` package's
 * implementation before any rsocket module runs (this module is imported first). In Node,
 * `buffer` is the built-in module and the global is already there, so nothing changes.
 */
const scope = globalThis as { Buffer?: unknown };
if (scope.Buffer === undefined) scope.Buffer = Buffer;

export { Buffer };
