import { useEffect, useState } from 'react';
import type { Greeting, PrivacyChoices } from '@/lib/ask/panel-state';

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
    <section className="greeting" aria-label="Start" data-first-run={greeting.firstRun}>
      {greeting.firstRun && (
        <>
          <h2>Ask about the page you are reading</h2>
          <p>
            Answers come from this page, with numbered sources you can click to see the passage
            highlighted on the page. Everything runs in your browser.
          </p>
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
          Summarize this page
        </button>
      </div>
      <p className="shortcut">
        {greeting.shortcut ? (
          <>
            Open this panel on any page with <kbd>{greeting.shortcut}</kbd>.
          </>
        ) : (
          <>
            Tip: give this panel a keyboard shortcut at <kbd>chrome://extensions/shortcuts</kbd>.
          </>
        )}
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
      <h3>What may leave your browser?</h3>
      <p className="choices-intro">
        Nothing, unless you say yes. You can change this any time in Settings.
      </p>
      <Choice
        name="wikipedia"
        checked={choices.wikipedia}
        onChange={(wikipedia) => set({ wikipedia })}
        title="Search Wikipedia"
        text="when this page doesn't answer: your question is sent to Wikipedia."
      />
      <Choice
        name="wikidata"
        checked={choices.wikidata}
        onChange={(wikidata) => set({ wikidata })}
        title="Look up facts on Wikidata"
        text=": names from your question are sent to Wikidata."
      />
      <Choice
        name="composer"
        checked={choices.composer.enabled}
        onChange={(enabled) => composer({ enabled })}
        title="Write answers with a language model"
        text=" (such as Ollama on this computer): your question and the quotes are sent to the address below."
      />
      {choices.composer.enabled && (
        <ComposerFields composer={choices.composer} onChange={composer} />
      )}
      <div className="choices-buttons">
        <button type="submit" className="primary" data-action="save-choices">
          Save
        </button>
        <button
          type="button"
          className="link-button"
          data-action="skip-choices"
          onClick={() => onFinish(null)}
        >
          Not now
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
        Address
        <input
          name="endpoint"
          value={composer.endpoint}
          onChange={(e) => onChange({ endpoint: e.target.value })}
        />
      </label>
      <label>
        Model name
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
