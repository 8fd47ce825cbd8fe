// Advanced → Wikidata: how far the fact search goes, and the addresses it asks. The switch that
// turns Wikidata on is in Basic (components/settings/SourceSettings.tsx).

import { Choice, TextField, type FormBinding } from './fields';
import { t } from '@/lib/core/i18n';

const STEPS = [1, 2, 3, 4, 5] as const;
const stepLabels = () => ({ 1: '1', 2: '2', 3: t('settings_kg_step_default', 3), 4: '4', 5: '5' });

export function KnowledgeGraphSettings({ form }: { form: FormBinding }) {
  return (
    <fieldset data-group="knowledge-graph">
      <legend>{t('settings_kg_legend')}</legend>
      <Choice
        form={form}
        path="knowledgeGraph.width"
        label={t('settings_kg_width_label')}
        options={STEPS}
        labels={stepLabels()}
        hint={t('settings_kg_width_hint')}
      />
      <Choice
        form={form}
        path="knowledgeGraph.depth"
        label={t('settings_kg_depth_label')}
        options={STEPS}
        labels={stepLabels()}
        hint={t('settings_kg_depth_hint')}
      />
      <TextField
        form={form}
        path="knowledgeGraph.sparqlEndpoint"
        label={t('settings_kg_sparql_label')}
        hint={t('settings_kg_sparql_hint')}
      />
      <TextField
        form={form}
        path="knowledgeGraph.entitySearchEndpoint"
        label={t('settings_kg_search_label')}
        hint={t('settings_kg_search_hint')}
      />
    </fieldset>
  );
}
