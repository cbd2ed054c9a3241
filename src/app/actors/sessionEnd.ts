/**
 * How a call's "the session is gone" (AuthorizeError.InvalidToken, a refused IP) reaches the auth
 * machine: CallRunner sits above AuthProvider (the auth actors make calls), so the auth actor
 * subscribes here and gets `session.expired`, which forgets the login, clears the stored one and goes
 * to /login. `fallback` does the same by hand only while no auth actor is listening.
 */
export interface SessionEnd {
  /** The session ended: tell the listeners (the auth actor), or run the fallback when none is there. */
  end(): void;
  /** Adds a listener; returns its removal. */
  subscribe(listener: () => void): () => void;
}

export function createSessionEnd(fallback: () => void): SessionEnd {
  const listeners = new Set<() => void>();
  return {
    end() {
      if (listeners.size === 0) {
        fallback();
        return;
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
