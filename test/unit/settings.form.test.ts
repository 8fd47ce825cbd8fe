// The settings form's state (components/settings/form-state.ts): what an edit changes besides
// the field, and how stored settings arrive.
import { describe, expect, it } from 'vitest';
import {
  formReducer,
  INITIAL_FORM,
  patch,
  valueAt,
  type FormState,
} from '../../components/settings/form-state';
import { DEFAULT_SETTINGS } from '../../lib/settings/schema';

const loaded: FormState = { ...INITIAL_FORM, settings: DEFAULT_SETTINGS };

describe('settings form state', () => {
  it('loads stored settings and names the reset fields, but not "(all)"', () => {
    const state = formReducer(INITIAL_FORM, {
      type: 'loaded',
      settings: DEFAULT_SETTINGS,
      reset: ['(all)', 'composer.endpoint'],
    });
    expect(state.settings).toBe(DEFAULT_SETTINGS);
    expect(state.reset).toEqual(['composer.endpoint']);
  });

  it('edits one field, keeps the rest, and makes "Saved." stale', () => {
    const state = formReducer(
      { ...loaded, saved: 'saved', connection: 'testing' },
      { type: 'edit', path: 'knowledgeGraph.width', value: 5 },
    );
    expect(state.settings!.knowledgeGraph).toEqual({
      ...DEFAULT_SETTINGS.knowledgeGraph,
      width: 5,
    });
    expect(state.settings!.composer).toBe(DEFAULT_SETTINGS.composer);
    expect(state.saved).toBe('idle');
    // Not a composer field: the connection test still stands.
    expect(state.connection).toBe('testing');
    expect(valueAt(state.settings!, 'knowledgeGraph.width')).toBe(5);
  });

  it('forgets the last connection test when a composer field changes', () => {
    const tested: FormState = { ...loaded, connection: { ok: true, detail: 'fine' } };
    const state = formReducer(tested, { type: 'edit', path: 'composer.model', value: 'm' });
    expect(state.connection).toBeNull();
    expect(state.settings!.composer.model).toBe('m');
  });

  it('ignores edits before the settings are loaded, and keeps field errors on edit', () => {
    expect(formReducer(INITIAL_FORM, { type: 'edit', path: 'composer.model', value: 'm' })).toBe(
      INITIAL_FORM,
    );
    const withErrors = formReducer(loaded, patch({ errors: { 'composer.endpoint': 'bad' } }));
    const edited = formReducer(withErrors, {
      type: 'edit',
      path: 'composer.endpoint',
      value: 'http://127.0.0.1:1/v1',
    });
    expect(edited.errors).toEqual({ 'composer.endpoint': 'bad' });
  });
});
