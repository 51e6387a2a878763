import { useCallback, useState } from 'react';
import { DEFAULT_METRIC_KEYS, isMetricKey, type MetricKey } from './metric-columns';

/**
 * The columns a person chose, kept per user in this browser's localStorage. A display preference like the
 * chosen ad account: it needs no table, route or round trip, it applies before the figures arrive, and keying it
 * by user keeps two people on one browser apart. It does not follow the person to another device.
 */
export function chosenColumnsKey(uid: string): string {
  return `adsmith:campaign-columns:${uid}`;
}

export function readChosenColumns(uid: string | undefined): MetricKey[] {
  if (!uid) return [...DEFAULT_METRIC_KEYS];
  try {
    const raw = localStorage.getItem(chosenColumnsKey(uid));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    // Anything else (an old or hand-edited value) falls back to the defaults rather than an empty table.
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isMetricKey)) return parsed;
  } catch {
    // Unreadable storage: the defaults.
  }
  return [...DEFAULT_METRIC_KEYS];
}

function writeChosenColumns(uid: string, keys: readonly MetricKey[]): void {
  try {
    localStorage.setItem(chosenColumnsKey(uid), JSON.stringify(keys));
  } catch {
    // Not remembered, still shown for this visit.
  }
}

/** The chosen metric columns and a toggle that keeps at least one. */
export function useChosenColumns(uid: string | undefined) {
  const [state, setState] = useState(() => ({ uid, keys: readChosenColumns(uid) }));
  // Another person signed in on this page: their own choice, read during render (no flash of the other's).
  const keys = state.uid === uid ? state.keys : readChosenColumns(uid);
  if (state.uid !== uid) setState({ uid, keys });
  const toggle = useCallback(
    (key: MetricKey) => {
      setState((current) => {
        const next = current.keys.includes(key) ? current.keys.filter((k) => k !== key) : [...current.keys, key];
        if (next.length === 0) return current;
        if (uid) writeChosenColumns(uid, next);
        return { uid, keys: next };
      });
    },
    [uid],
  );
  return { keys, toggle };
}
