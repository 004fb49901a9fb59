import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False during the server render and hydration, true once JavaScript runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** A value read in the browser only (local storage, say); `fallback` on the server. */
export function useBrowserValue<T>(read: () => T, fallback: T): T {
  return useSyncExternalStore(subscribeNever, read, () => fallback);
}
