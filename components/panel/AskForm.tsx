import type { ErrorInfo } from '@/lib/core/errors';
import { MAX_QUESTION_CHARS } from '@/lib/core/limits';
import type { Mode, SourcesMode } from '@/lib/pipeline/types';
import { ErrorNote } from './ErrorNote';
import { t } from '@/lib/core/i18n';

export interface AskFormProps {
  input: string;
  /** A question is being answered: a new question stops it (said under the box). */
  running: boolean;
  /** The thread has turns: the next question is a follow-up, and "New topic" starts over. */
  followUp: boolean;
  /** The sources picked for the next question, or null for the setting's. */
  sources: SourcesMode | null;
  /** Why the last question could not be asked. */
  error: ErrorInfo | null;
  onInput(input: string): void;
  onSources(sources: SourcesMode): void;
  onAsk(mode: Mode): void;
  onNewTopic(): void;
}

/** The question box, under the thread: Enter asks, Shift+Enter is a new line. */
export function AskForm(props: AskFormProps) {
  const { input, running, followUp, sources, onInput, onSources, onAsk } = props;
  return (
    <form
      className="ask"
      onSubmit={(e) => {
        e.preventDefault();
        onAsk('answer');
      }}
    >
      {props.error && <ErrorNote error={props.error} />}
      <label htmlFor="question" className="visually-hidden">
        {t('ask_label')}
      </label>
      <textarea
        id="question"
        name="question"
        rows={2}
        placeholder={followUp ? t('ask_placeholder_follow_up') : t('ask_placeholder')}
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
        <button type="submit" className="primary" data-action="ask">
          {t('ask_button')}
        </button>
        <button type="button" data-action="verify" onClick={() => onAsk('verify')}>
          {t('ask_verify_button')}
        </button>
        {followUp && !running && (
          <button type="button" data-action="new-topic" onClick={props.onNewTopic}>
            {t('ask_new_topic')}
          </button>
        )}
        <select
          aria-label={t('ask_sources_label')}
          className="sources"
          value={sources ?? ''}
          onChange={(e) => e.target.value && onSources(e.target.value as SourcesMode)}
        >
          <option value="">{t('ask_sources_settings')}</option>
          <option value="page">{t('ask_sources_page')}</option>
          <option value="auto">{t('ask_sources_auto')}</option>
          <option value="page+web">{t('ask_sources_page_web')}</option>
        </select>
      </div>
      {running && (
        <p className="ask-hint" role="note">
          {t('ask_hint_running')}
        </p>
      )}
    </form>
  );
}
