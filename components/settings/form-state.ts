// The settings form's state in one reducer: the settings being edited and everything the form
// says about them (field errors, save status, notes, the connection test, cache usage).

import type { Settings } from '@/lib/settings/schema';
import type { ConnectionResult } from './ports';

type Group = keyof Omit<Settings, 'version'>;
/** A field as `group.field`, which is also its input's id (the end-to-end tests select by it). */
export type Path = `${Group}.${string}`;
export type FieldValue = string | boolean | number;

export interface FormState {
  /** Null until the stored settings are loaded. */
  settings: Settings | null;
  /** Stored fields that were invalid and were reset to their defaults. */
  reset: string[];
  /** Validation errors by field path. */
  errors: Record<string, string>;
  saved: 'idle' | 'saved' | 'failed';
  /** Why host access that was asked for when saving is missing, and what that means. */
  permissionNote: string | null;
  /** The browser has a usable built-in model. */
  builtIn: boolean;
  connection: ConnectionResult | 'testing' | null;
  /** Bytes the offline cache uses, when known. */
  usage: number | null;
  storageNote: string | null;
}

export type FormAction =
  | { type: 'loaded'; settings: Settings; reset: string[] }
  | { type: 'edit'; path: Path; value: FieldValue }
  | { type: 'set'; patch: Partial<FormState> };

export const INITIAL_FORM: FormState = {
  settings: null,
  reset: [],
  errors: {},
  saved: 'idle',
  permissionNote: null,
  builtIn: false,
  connection: null,
  usage: null,
  storageNote: null,
};

export const patch = (changes: Partial<FormState>): FormAction => ({ type: 'set', patch: changes });

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'loaded':
      // "(all)" means nothing usable was stored: there is no field to name.
      return {
        ...state,
        settings: action.settings,
        reset: action.reset.filter((p) => p !== '(all)'),
      };
    case 'edit':
      return state.settings ? edited(state, state.settings, action.path, action.value) : state;
    case 'set':
      return { ...state, ...action.patch };
  }
}

/** An edit makes the last "Saved." stale, and a composer edit the last connection test. */
function edited(state: FormState, settings: Settings, path: Path, value: FieldValue): FormState {
  const [group, field] = splitPath(path);
  return {
    ...state,
    settings: { ...settings, [group]: { ...settings[group], [field]: value } },
    saved: 'idle',
    ...(group === 'composer' ? { connection: null } : {}),
  };
}

/** The field's current value (what its input shows). */
export function valueAt(settings: Settings, path: Path): FieldValue | undefined {
  const [group, field] = splitPath(path);
  return (settings[group] as Record<string, FieldValue | undefined>)[field];
}

function splitPath(path: Path): [Group, string] {
  return path.split('.') as [Group, string];
}
