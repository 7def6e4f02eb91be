/** Navigation from outside React (session actions, error reactions); the router installs itself. */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigate: Navigate | null = null;
/** A navigation asked for before the router was up; done as soon as it is. */
let pending: { path: string; options?: { replace?: boolean } } | null = null;

export function installNavigator(next: Navigate): void {
  navigate = next;
  if (pending) {
    const { path, options } = pending;
    pending = null;
    next(path, options);
  }
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigate) navigate(path, options);
  else pending = { path, ...(options ? { options } : {}) };
}
