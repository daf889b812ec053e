import { Select } from './controls';
import { Field } from './field';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  labelClassName?: string;
}

/** One of a list's filters: a labelled drop-down whose choice applies at once. */
export function FilterSelect({ id, label, value, options, onChange, labelClassName }: FilterSelectProps) {
  return (
    <Field id={id} label={label} labelClassName={labelClassName}>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export interface FilterField<F> {
  key: keyof F & string;
  label: string;
  options: readonly FilterOption[];
}

/** A list's filters side by side: each a {@link FilterSelect} with the id `<idPrefix>-<key>`. */
export function FilterSelects<F extends Record<string, string>>(props: {
  idPrefix: string;
  fields: readonly FilterField<F>[];
  values: F;
  onChange: (change: Partial<F>) => void;
  className: string;
}) {
  return (
    <div className={props.className}>
      {props.fields.map((field) => (
        <FilterSelect
          key={field.key}
          id={`${props.idPrefix}-${field.key}`}
          label={field.label}
          value={props.values[field.key] as string}
          options={field.options}
          onChange={(value) => props.onChange({ [field.key]: value } as Partial<F>)}
          labelClassName="mb-1 block text-xs font-medium text-slate-600"
        />
      ))}
    </div>
  );
}
