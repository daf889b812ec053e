import { Input } from './controls';
import { Field } from './field';

interface SearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** A list's search box: its label above, the text searched for as it is typed. */
export function SearchField({ id, label, placeholder, value, onChange, className }: SearchFieldProps) {
  return (
    <Field id={id} label={label} className={className}>
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
      />
    </Field>
  );
}
