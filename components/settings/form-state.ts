// The settings form's state in one reducer: the settings being edited and everything the form
// says about them (field errors, save status, notes, the connection test, cache usage).

import type { ModelRole } from '@/lib/models/manifest';
import type { Settings } from '@/lib/settings/schema';
import type { ConnectionResult, InstalledModels } from './ports';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { t } from '../../lib/core/i18n';

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
  /** Which models' files are present; null until known (or when the page cannot tell). */
  installed: InstalledModels | null;
}

export type FormAction =
  | { type: 'loaded'; settings: Settings; reset: string[] }
  | { type: 'edit'; path: Path; value: FieldValue }
  | { type: 'answer-with'; value: AnswerWith }
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
  installed: null,
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
    case 'answer-with':
      return state.settings
        ? { ...state, settings: withAnswerWith(state.settings, action.value), saved: 'idle' }
        : state;
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

/** Basic's "Answer with": this page only, or this page and the web. */
export type AnswerWith = 'page' | 'web';

/** The web is used only with a search provider and sources that allow it. */
export function answerWith(settings: Settings): AnswerWith {
  return settings.search.provider !== 'none' && settings.retrieval.sources !== 'page'
    ? 'web'
    : 'page';
}

/**
 * "This page only" turns web search off (no provider: not even a question that asks for the web
 * in the panel searches); "this page and the web" turns it on with the keyless provider unless
 * one is chosen, searching when the page falls short unless "always" was chosen.
 */
export function withAnswerWith(settings: Settings, value: AnswerWith): Settings {
  if (value === 'page') return { ...settings, search: { ...settings.search, provider: 'none' } };
  const { provider } = settings.search;
  const { sources } = settings.retrieval;
  return {
    ...settings,
    search: { ...settings.search, provider: provider === 'none' ? 'wikipedia' : provider },
    retrieval: { ...settings.retrieval, sources: sources === 'page' ? 'auto' : sources },
  };
}

/**
 * The fields the form shows for these settings, beyond those always shown: only the chosen
 * provider's address or key, only the chosen composer's endpoint fields, the hub only for
 * downloaded models.
 */
export function fieldsShown(settings: Settings): Set<Path> {
  const shown = new Set<Path>();
  const { composer, search, retrieval } = settings;
  if (answerWith(settings) === 'web') {
    shown.add('search.provider');
    shown.add('retrieval.sources');
    if (search.provider === 'searxng') shown.add('search.searxngUrl');
    if (search.provider === 'brave') shown.add('search.braveApiKey');
    // Wikipedia's results are Wikipedia's own pages: only the other services pass on any address.
    if (search.provider === 'searxng' || search.provider === 'brave')
      shown.add('search.allowLocalResults');
  }
  if (composer.kind === 'openai-compatible' || composer.kind === 'ollama') {
    shown.add('composer.endpoint');
    shown.add('composer.model');
  }
  if (composer.kind === 'openai-compatible') shown.add('composer.apiKey');
  if (composer.kind !== 'extractive') {
    shown.add('composer.minConfidence');
    shown.add('composer.timeoutSeconds');
  }
  if (retrieval.modelSource === 'download') shown.add('retrieval.hubUrl');
  return shown;
}

/** How a model switch is drawn: its tick, whether it can be changed, and why not. */
export interface SwitchView {
  checked: boolean;
  disabled: boolean;
  /** Said under the switch; null when there is nothing to add. */
  note: string | null;
}

const RANKING_ROLES: readonly ModelRole[] = ['cross-encoder', 'bi-encoder'];

/** Whether every model of `roles` is present where these settings take models from. */
function present(
  retrieval: Settings['retrieval'],
  installed: InstalledModels,
  roles: readonly ModelRole[],
): boolean {
  const have = retrieval.modelSource === 'bundled' ? installed.bundled : installed.downloaded;
  return roles.every((role) => have.includes(role));
}

/**
 * "Rank by meaning" shows what the panel will do: ticked only when the ranking models are there
 * (until then passages are ranked by keywords whatever was chosen), and then it is the choice.
 */
export function rankSwitch(
  retrieval: Settings['retrieval'],
  installed: InstalledModels | null,
): SwitchView {
  if (installed === null || present(retrieval, installed, RANKING_ROLES))
    return { checked: retrieval.useModels, disabled: false, note: null };
  return {
    checked: false,
    disabled: true,
    note:
      retrieval.modelSource === 'bundled'
        ? t('settings_rank_note_bundled')
        : t('settings_rank_note_download'),
  };
}

/** The fact-checking model's switch (`optionalModelSwitch`). */
export function factCheckSwitch(
  retrieval: Settings['retrieval'],
  installed: InstalledModels | null,
): SwitchView {
  return optionalModelSwitch(retrieval, installed, ['nli'], retrieval.nli);
}

/** The exact-answer (extractive-QA) model's switch (`optionalModelSwitch`). */
export function exactAnswerSwitch(
  retrieval: Settings['retrieval'],
  installed: InstalledModels | null,
): SwitchView {
  return optionalModelSwitch(retrieval, installed, ['extractive-qa'], retrieval.exactAnswer);
}

/** The multilingual pair (lib/models' MULTILINGUAL_ROLES; components import adapter types only). */
const MULTILINGUAL_ROLES: readonly ModelRole[] = [
  'multilingual-cross-encoder',
  'multilingual-bi-encoder',
];

/** The multilingual ranking models' switch (`optionalModelSwitch`): both of the pair. */
export function multilingualSwitch(
  retrieval: Settings['retrieval'],
  installed: InstalledModels | null,
): SwitchView {
  return optionalModelSwitch(retrieval, installed, MULTILINGUAL_ROLES, retrieval.multilingual);
}

/**
 * An optional model (`chosen`: its setting): with downloaded models the switch says whether to
 * download it too; with built-in models it is used whenever this version ships it, so the switch
 * only shows that.
 */
function optionalModelSwitch(
  retrieval: Settings['retrieval'],
  installed: InstalledModels | null,
  roles: readonly ModelRole[],
  chosen: boolean,
): SwitchView {
  if (retrieval.modelSource === 'download') {
    const missing =
      chosen &&
      installed !== null &&
      present(retrieval, installed, RANKING_ROLES) &&
      !present(retrieval, installed, roles);
    return {
      checked: chosen,
      disabled: false,
      note: missing ? t('settings_nli_note_missing') : null,
    };
  }
  if (installed === null) return { checked: false, disabled: true, note: null };
  return present(retrieval, installed, roles)
    ? { checked: true, disabled: true, note: t('settings_nli_note_built_in') }
    : { checked: false, disabled: true, note: t('settings_nli_note_not_built_in') };
}
