/** Reload clears session storage first, so a broken session snapshot cannot crash the app again. */
export function reloadClean(): void {
  try {
    sessionStorage.clear();
  } finally {
    window.location.reload();
  }
}
