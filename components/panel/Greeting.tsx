import { useEffect, useState } from 'react';
import type { Greeting, PrivacyChoices } from '@/lib/ask/panel-state';
import { t } from '@/lib/core/i18n';
import { tx } from '../translate';

export interface GreetingProps {
  greeting: Greeting;
  onExample(question: string): void;
  onSummarize(): void;
  /** The privacy choices as the settings have them now. */
  loadChoices(): Promise<PrivacyChoices>;
  /** Saves the choices (null: keep everything as it is). */
  onFinish(choices: PrivacyChoices | null): void;
}

/** The empty thread: example questions from the page's headings and Summarize; on first run, a welcome. */
export function GreetingView(props: GreetingProps) {
  const { greeting } = props;
  return (
    <section
      className="greeting"
      aria-label={t('greeting_label')}
      data-first-run={greeting.firstRun}
    >
      {greeting.firstRun && (
        <>
          <h2>{t('greeting_title')}</h2>
          <p>{t('greeting_intro')}</p>
        </>
      )}
      <div className="examples">
        {greeting.examples.map((q) => (
          <button
            key={q}
            type="button"
            className="example"
            data-action="example"
            onClick={() => props.onExample(q)}
          >
            {q}
          </button>
        ))}
        <button
          type="button"
          className="example example-summary"
          data-action="summarize"
          onClick={props.onSummarize}
        >
          {t('greeting_summarize')}
        </button>
      </div>
      <p className="shortcut">
        {greeting.shortcut
          ? tx('greeting_shortcut', <kbd>{greeting.shortcut}</kbd>)
          : tx('greeting_shortcut_tip', <kbd>chrome://extensions/shortcuts</kbd>)}
      </p>
      {greeting.firstRun && <Choices {...props} />}
      {greeting.note && (
        <p className="notice" role="note">
          {greeting.note}
        </p>
      )}
    </section>
  );
}

/** What may leave the browser: each off until the user says yes. */
function Choices({ loadChoices, onFinish }: GreetingProps) {
  const [choices, setChoices] = useState<PrivacyChoices | null>(null);
  useEffect(() => {
    let live = true;
    void loadChoices().then((c) => live && setChoices(c));
    return () => {
      live = false;
    };
  }, [loadChoices]);
  if (!choices) return null;
  const set = (patch: Partial<PrivacyChoices>) => setChoices({ ...choices, ...patch });
  const composer = (patch: Partial<PrivacyChoices['composer']>) =>
    set({ composer: { ...choices.composer, ...patch } });
  return (
    <form
      className="choices"
      onSubmit={(e) => {
        e.preventDefault();
        onFinish(choices);
      }}
    >
      <h3>{t('choices_title')}</h3>
      <p className="choices-intro">{t('choices_intro')}</p>
      <Choice
        name="wikipedia"
        checked={choices.wikipedia}
        onChange={(wikipedia) => set({ wikipedia })}
        title={t('choices_wikipedia_title')}
        text={t('choices_wikipedia_text')}
      />
      <Choice
        name="wikidata"
        checked={choices.wikidata}
        onChange={(wikidata) => set({ wikidata })}
        title={t('choices_wikidata_title')}
        text={t('choices_wikidata_text')}
      />
      <Choice
        name="composer"
        checked={choices.composer.enabled}
        onChange={(enabled) => composer({ enabled })}
        title={t('choices_composer_title')}
        text={t('choices_composer_text')}
      />
      {choices.composer.enabled && (
        <ComposerFields composer={choices.composer} onChange={composer} />
      )}
      <div className="choices-buttons">
        <button type="submit" className="primary" data-action="save-choices">
          {t('choices_save')}
        </button>
        <button
          type="button"
          className="link-button"
          data-action="skip-choices"
          onClick={() => onFinish(null)}
        >
          {t('choices_not_now')}
        </button>
      </div>
    </form>
  );
}

function Choice(props: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  title: string;
  text: string;
}) {
  return (
    <label>
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>
        <strong>{props.title}</strong>
        {props.text.startsWith(':') || props.text.startsWith(' ') ? '' : ' '}
        {props.text}
      </span>
    </label>
  );
}

function ComposerFields({
  composer,
  onChange,
}: {
  composer: PrivacyChoices['composer'];
  onChange: (patch: Partial<PrivacyChoices['composer']>) => void;
}) {
  return (
    <div className="choices-composer">
      <label>
        {t('choices_address')}
        <input
          name="endpoint"
          value={composer.endpoint}
          onChange={(e) => onChange({ endpoint: e.target.value })}
        />
      </label>
      <label>
        {t('choices_model_name')}
        <input
          name="model"
          placeholder="llama3.1:8b"
          value={composer.model}
          onChange={(e) => onChange({ model: e.target.value })}
        />
      </label>
    </div>
  );
}
