import { QR_TYPES, type QrType } from "../qr/types";
import type { Action } from "./features";

/**
 * What this browser remembers in local storage (spec section 3): the qr count, the types used,
 * the features used and when each achievement unlocked. Everything else about progress is
 * derived from it (see `summarize`).
 */
export interface StoredProgress {
  /** Distinct codes created: a code counts when it is first downloaded or saved. */
  qrCount: number;
  /** Keys of the most recent distinct codes, so downloading the same code again adds nothing. */
  recentCodes: string[];
  /** Types of the codes created. */
  typesUsed: QrType[];
  featuresUsed: Action[];
  /** Achievement id → ISO time it unlocked. An id in here never unlocks again. */
  unlocked: Record<string, string>;
}

export const PROGRESS_STORAGE_KEY = "achievements-progress";

/** How many code keys are kept to recognise a repeat: the highest count threshold. */
const REMEMBERED_CODES = 25;

export function emptyProgress(): StoredProgress {
  return { qrCount: 0, recentCodes: [], typesUsed: [], featuresUsed: [], unlocked: {} };
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** Reads what local storage holds; anything unreadable (edited by hand, an old shape) starts over. */
export function parseProgress(raw: string | null): StoredProgress {
  if (!raw) return emptyProgress();
  try {
    const value = JSON.parse(raw) as Partial<StoredProgress> | null;
    const unlocked = value?.unlocked;
    return {
      qrCount: Number.isSafeInteger(value?.qrCount) ? Math.max(0, value!.qrCount!) : 0,
      recentCodes: isStringArray(value?.recentCodes) ? value.recentCodes : [],
      typesUsed: isStringArray(value?.typesUsed)
        ? value.typesUsed.filter((type): type is QrType => QR_TYPES.includes(type as QrType))
        : [],
      featuresUsed: isStringArray(value?.featuresUsed) ? (value.featuresUsed as Action[]) : [],
      unlocked:
        unlocked && typeof unlocked === "object" && !Array.isArray(unlocked)
          ? Object.fromEntries(Object.entries(unlocked).filter(([, at]) => typeof at === "string"))
          : {},
    };
  } catch {
    return emptyProgress();
  }
}

/** A code that was downloaded or saved: its settings (the share query) and its type. */
export interface CreatedCode {
  key: string;
  type: QrType;
}

/** FNV-1a: a short, stable key for a code's settings, so the stored list stays small. */
export function codeKey(settings: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < settings.length; index++) {
    hash ^= settings.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * `progress` after `action` was used (with the code it created, for downloads and saves).
 * Returns the same object when nothing changed, so callers can skip writing it.
 */
export function recordUsage(
  progress: StoredProgress,
  action: Action,
  code?: CreatedCode,
): StoredProgress {
  let next = progress;
  if (!next.featuresUsed.includes(action)) {
    next = { ...next, featuresUsed: [...next.featuresUsed, action] };
  }
  if (code && !next.recentCodes.includes(code.key)) {
    next = {
      ...next,
      qrCount: next.qrCount + 1,
      recentCodes: [...next.recentCodes, code.key].slice(-REMEMBERED_CODES),
      typesUsed: next.typesUsed.includes(code.type)
        ? next.typesUsed
        : [...next.typesUsed, code.type],
    };
  }
  return next;
}

/** The code a share query (`type=url&url=…&size=256&fg=…&bg=…`) describes; null without a type. */
export function codeFromQuery(query: string): CreatedCode | null {
  const type = new URLSearchParams(query).get("type");
  return QR_TYPES.includes(type as QrType) ? { key: codeKey(query), type: type as QrType } : null;
}
