//! A collection's name with its refusal under it (issue 44): New collection and Rename on the
//! SAVED tab, and naming one in place in 'Save to collection'.
import { Input, Label } from '@/components/ui/input';
import { COLLECTION_NAME_MAX } from '../api/collections';

export function CollectionNameField({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={`${id}-name`}>{label}</Label>
      <Input
        id={`${id}-name`}
        value={value}
        maxLength={COLLECTION_NAME_MAX}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
