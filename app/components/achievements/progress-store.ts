import { useMemo, useSyncExternalStore } from "react";
import {
  PROGRESS_STORAGE_KEY,
  parseProgress,
  type StoredProgress,
} from "../../achievements/activity";

/** Fired on `window` for each achievement that unlocks (spec section 2); detail: its id. */
export const ACHIEVEMENT_UNLOCKED_EVENT = "achievement-unlocked";
/** Fired on `window` whenever the stored progress changes in this tab. */
export const PROGRESS_CHANGED_EVENT = "achievements-progress-changed";

/** The stored JSON; null when there is none or storage is off (private modes may refuse it). */
export function readProgressJson(): string | null {
  try {
    return localStorage.getItem(PROGRESS_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeProgress(progress: StoredProgress) {
  try {
    localStorage.setItem(PROGRESS_STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // Without storage the progress lasts as long as the page; nothing to tell the visitor.
  }
  window.dispatchEvent(new Event(PROGRESS_CHANGED_EVENT));
}

function subscribe(onChange: () => void) {
  const events = [PROGRESS_CHANGED_EVENT, ACHIEVEMENT_UNLOCKED_EVENT, "storage"];
  for (const name of events) window.addEventListener(name, onChange);
  return () => {
    for (const name of events) window.removeEventListener(name, onChange);
  };
}

/**
 * This browser's progress, kept current as it changes (in this tab or another). The server knows
 * none of it, so the server render and hydration see empty progress.
 */
export function useStoredProgress(): StoredProgress {
  const json = useSyncExternalStore(subscribe, readProgressJson, () => null);
  return useMemo(() => parseProgress(json), [json]);
}
