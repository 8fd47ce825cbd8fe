import { MAX_QUESTION_CHARS } from '@/lib/pipeline/question';
import type { Mode, SourcesMode } from '@/lib/pipeline/types';

export interface AskFormProps {
  input: string;
  /** A question is being answered: the buttons wait. */
  running: boolean;
  /** The sources picked for the next question, or null for the setting's. */
  sources: SourcesMode | null;
  onInput(input: string): void;
  onSources(sources: SourcesMode): void;
  onAsk(mode: Mode): void;
}

/** The question box: Enter asks, Shift+Enter is a new line. */
export function AskForm({ input, running, sources, onInput, onSources, onAsk }: AskFormProps) {
  return (
    <form
      className="ask"
      onSubmit={(e) => {
        e.preventDefault();
        onAsk('answer');
      }}
    >
      <label htmlFor="question" className="visually-hidden">
        Question or claim
      </label>
      <textarea
        id="question"
        name="question"
        rows={3}
        placeholder="Ask about this page…"
        value={input}
        maxLength={MAX_QUESTION_CHARS * 6}
        onChange={(e) => onInput(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onAsk('answer');
          }
        }}
      />
      <div className="ask-buttons">
        <button type="submit" disabled={running} data-action="ask">
          Ask
        </button>
        <button
          type="button"
          disabled={running}
          data-action="verify"
          onClick={() => onAsk('verify')}
        >
          Verify claim
        </button>
        <select
          aria-label="Evidence from"
          className="sources"
          value={sources ?? ''}
          onChange={(e) => e.target.value && onSources(e.target.value as SourcesMode)}
        >
          <option value="">Sources: as in Settings</option>
          <option value="page">This page only</option>
          <option value="auto">Page, web if needed</option>
          <option value="page+web">Page + web</option>
        </select>
        <a className="settings-link" href="/options.html" target="_blank" rel="noreferrer">
          Settings
        </a>
      </div>
    </form>
  );
}
