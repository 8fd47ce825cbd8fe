import { Checkbox, TextField, type FormBinding } from './fields';

export function KnowledgeGraphSettings({ form }: { form: FormBinding }) {
  return (
    <fieldset>
      <legend>Knowledge graph</legend>
      <Checkbox form={form} path="knowledgeGraph.enabled">
        Add facts from Wikidata (sent: the entity names found in your question)
      </Checkbox>
      {(['width', 'depth'] as const).map((name) => (
        <BeamSelect key={name} form={form} name={name} />
      ))}
      <TextField form={form} path="knowledgeGraph.sparqlEndpoint" label="SPARQL endpoint" />
      <TextField
        form={form}
        path="knowledgeGraph.entitySearchEndpoint"
        label="Entity search (wbsearchentities) endpoint"
      />
    </fieldset>
  );
}

/** ToG-E's beam width or depth: 1 to 5, a number (the settings schema checks the range). */
function BeamSelect({ form, name }: { form: FormBinding; name: 'width' | 'depth' }) {
  return (
    <div>
      <label htmlFor={`knowledgeGraph.${name}`}>Beam {name} (ToG-E; 3 in the paper)</label>
      <select
        id={`knowledgeGraph.${name}`}
        value={form.settings.knowledgeGraph[name]}
        onChange={(e) => form.update(`knowledgeGraph.${name}`, Number(e.target.value))}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
