// The form's inputs. Each is bound to one settings field by its path, which is also the input's
// id, so a label, an error and a test selector all name the field the same way.

import type { ReactNode } from 'react';
import type { Settings } from '@/lib/settings/schema';
import { valueAt, type FieldValue, type Path } from './form-state';

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

export function TextField({
  form,
  path,
  label,
  type = 'text',
  placeholder,
  hint,
}: FieldProps & { label: string; type?: string; placeholder?: string; hint?: string | undefined }) {
  return (
    <div>
      <label htmlFor={path}>{label}</label>
      <input
        id={path}
        name={path}
        type={type}
        value={String(valueAt(form.settings, path) ?? '')}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => form.update(path, e.target.value)}
      />
      {hint && <div className="hint">{hint}</div>}
      <FieldError form={form} path={path} />
    </div>
  );
}

export function NumberField({
  form,
  path,
  label,
  min,
  max,
  children,
}: FieldProps & { label: string; min: number; max: number; children?: ReactNode }) {
  return (
    <div>
      <label htmlFor={path}>{label}</label>
      <input
        id={path}
        type="number"
        min={min}
        max={max}
        value={Number(valueAt(form.settings, path))}
        onChange={(e) => form.update(path, Number(e.target.value))}
      />
      <FieldError form={form} path={path} />
      {children}
    </div>
  );
}

export function Choice<T extends string>({
  form,
  path,
  label,
  options,
  labels,
}: FieldProps & { label: string; options: readonly T[]; labels: Record<T, string> }) {
  return (
    <div>
      <label htmlFor={path}>{label}</label>
      <select
        id={path}
        value={String(valueAt(form.settings, path))}
        onChange={(e) => form.update(path, e.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox inside its label; `children` is the label's text. */
export function Checkbox({ form, path, children }: FieldProps & { children: ReactNode }) {
  return (
    <label>
      <input
        type="checkbox"
        id={path}
        checked={valueAt(form.settings, path) === true}
        onChange={(e) => form.update(path, e.target.checked)}
      />{' '}
      {children}
    </label>
  );
}

function FieldError({ form, path }: FieldProps) {
  const error = form.errors[path];
  return error ? <div className="field-error">{error}</div> : null;
}
