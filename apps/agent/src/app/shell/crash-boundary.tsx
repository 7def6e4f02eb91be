import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';

const CrashScreen = lazy(() => import('./crash-screen.tsx'));

/** Catches what a page throws while rendering and shows the crash screen; a new route resets it. */
export class CrashBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page crashed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override render() {
    return this.state.error !== null ? (
      <Suspense fallback={null}>
        <CrashScreen error={this.state.error} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
