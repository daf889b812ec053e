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
