// Advanced → Wikidata: how far the fact search goes, and the addresses it asks. The switch that
// turns Wikidata on is in Basic (components/settings/SourceSettings.tsx).

import { Choice, TextField, type FormBinding } from './fields';

const STEPS = [1, 2, 3, 4, 5] as const;
const STEP_LABELS = { 1: '1', 2: '2', 3: '3 (default)', 4: '4', 5: '5' };

export function KnowledgeGraphSettings({ form }: { form: FormBinding }) {
  return (
    <fieldset data-group="knowledge-graph">
      <legend>Wikidata facts</legend>
      <Choice
        form={form}
        path="knowledgeGraph.width"
        label="Facts followed at each step"
        options={STEPS}
        labels={STEP_LABELS}
        hint="The beam width of the fact search (ToG-E). More finds more, with more requests."
      />
      <Choice
        form={form}
        path="knowledgeGraph.depth"
        label="Steps from the question’s names"
        options={STEPS}
        labels={STEP_LABELS}
        hint="The beam depth of the fact search."
      />
      <TextField
        form={form}
        path="knowledgeGraph.sparqlEndpoint"
        label="Query service address"
        hint="Wikidata’s SPARQL endpoint."
      />
      <TextField
        form={form}
        path="knowledgeGraph.entitySearchEndpoint"
        label="Name search address"
        hint="Wikidata’s API (wbsearchentities), which finds the items a name stands for."
      />
    </fieldset>
  );
}
