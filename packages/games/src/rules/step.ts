/** The result of one state transition of a multi-step game: a new state, or an operating error and no change. */
export type StepResult<State, Error extends string> =
  | { ok: true; state: State }
  | { ok: false; error: Error };
