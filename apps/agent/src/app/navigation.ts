/** Navigation from outside React (session actions, error reactions); the router installs itself. */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (path) => window.location.assign(path);

export function installNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  navigate(path, options);
}
