// The form's inputs. Each is bound to one settings field by its path, which is also the input's
// id, so a label, an error and a test selector all name the field the same way. A label sits
// beside its control (settings.css lays the rows out); hints and errors sit under the control.

import type { ReactNode } from 'react';
import type { Settings } from '@/lib/settings/schema';
import { valueAt, type FieldValue, type Path, type SwitchView } from './form-state';

/** What every input needs: the settings shown, their errors, and how to change a field. */
export interface FormBinding {
  settings: Settings;
  errors: Record<string, string>;
  update(path: Path, value: FieldValue): void;
}

interface FieldProps {
  form: FormBinding;
  path: Path;
}

/** A labelled row: the label, then the control with its hint and error under it. */
function Row({
  form,
  path,
  label,
  hint,
  children,
}: FieldProps & { label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={path}>{label}</label>
      <div className="field-control">
        {children}
        {hint && <div className="hint">{hint}</div>}
        <FieldError form={form} path={path} />
      </div>
    </div>
  );
}

export function TextField({
  form,
  path,
  label,
  type = 'text',
  placeholder,
  hint,
}: FieldProps & { label: string; type?: string; placeholder?: string; hint?: string | undefined }) {
  return (
    <Row form={form} path={path} label={label} hint={hint}>
      <input
        id={path}
        name={path}
        type={type}
        value={String(valueAt(form.settings, path) ?? '')}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={form.errors[path] ? true : undefined}
        onChange={(e) => form.update(path, e.target.value)}
      />
    </Row>
  );
}

export function NumberField({
  form,
  path,
  label,
  min,
  max,
  hint,
}: FieldProps & { label: string; min: number; max: number; hint?: ReactNode }) {
  return (
    <Row form={form} path={path} label={label} hint={hint}>
      <input
        id={path}
        type="number"
        className="number"
        min={min}
        max={max}
        value={Number(valueAt(form.settings, path))}
        onChange={(e) => form.update(path, Number(e.target.value))}
      />
    </Row>
  );
}

export function Choice<T extends string | number>({
  form,
  path,
  label,
  options,
  labels,
  hint,
}: FieldProps & {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  hint?: ReactNode;
}) {
  const numeric = typeof options[0] === 'number';
  return (
    <Row form={form} path={path} label={label} hint={hint}>
      <select
        id={path}
        className={numeric ? 'number' : undefined}
        value={String(valueAt(form.settings, path))}
        onChange={(e) => form.update(path, numeric ? Number(e.target.value) : e.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </Row>
  );
}

/**
 * A switch with its label right after it; `children` is the label's text. `view` draws it as
 * something other than the stored value (a model switch when the models are not installed).
 */
export function Checkbox({
  form,
  path,
  children,
  hint,
  view,
}: FieldProps & { children: ReactNode; hint?: ReactNode; view?: SwitchView }) {
  const note = view?.note ?? null;
  return (
    <div className="check" data-disabled={view?.disabled || undefined}>
      <input
        type="checkbox"
        id={path}
        checked={view ? view.checked : valueAt(form.settings, path) === true}
        disabled={view?.disabled}
        aria-describedby={note ? `${path}-note` : undefined}
        onChange={(e) => form.update(path, e.target.checked)}
      />
      <label htmlFor={path}>{children}</label>
      {(hint || note) && (
        <div className="hint" id={note ? `${path}-note` : undefined}>
          {note ?? hint}
        </div>
      )}
    </div>
  );
}

function FieldError({ form, path }: FieldProps) {
  const error = form.errors[path];
  return error ? (
    <div className="field-error" role="alert" data-error-for={path}>
      {error}
    </div>
  ) : null;
}
