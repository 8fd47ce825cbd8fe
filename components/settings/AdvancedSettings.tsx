import { useState } from 'react';
import { ComposerLimits } from './ComposerSettings';
import type { FormBinding } from './fields';
import { KnowledgeGraphSettings } from './KnowledgeGraphSettings';
import { ModelAdvanced } from './ModelSettings';
import { StorageSettings, type StorageSettingsProps } from './StorageSettings';
import { t } from '@/lib/core/i18n';

/** Fields that live under "Advanced": a save error in one of them opens it. */
const ADVANCED =
  /^(composer\.(minConfidence|timeoutSeconds)|retrieval\.(rerank|device|hubUrl)|knowledgeGraph\.(width|depth|sparqlEndpoint|entitySearchEndpoint)|storage\.)/;

/** Advanced: closed until opened, or until one of its fields has an error to show. */
export function AdvancedSettings({
  form,
  storage,
}: {
  form: FormBinding;
  storage: Omit<StorageSettingsProps, 'form'>;
}) {
  const [opened, setOpened] = useState(false);
  const hasError = Object.keys(form.errors).some((path) => ADVANCED.test(path));
  return (
    <details
      className="advanced"
      open={opened || hasError}
      onToggle={(e) => setOpened(e.currentTarget.open)}
    >
      <summary>{t('settings_advanced')}</summary>
      <ComposerLimits form={form} />
      <ModelAdvanced form={form} />
      <KnowledgeGraphSettings form={form} />
      <StorageSettings form={form} {...storage} />
    </details>
  );
}
