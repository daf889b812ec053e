import { useState } from 'react';
import { type DefaultValues, type FieldPath, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { applyServerErrors, onlyFields } from './server-errors';

/** What the hook needs of a TanStack Query mutation. */
interface DialogMutation<TBody, TData> {
  mutate: (body: TBody, options: { onSuccess: (data: TData) => void; onError: (error: Error) => void }) => void;
  reset: () => void;
  isPending: boolean;
}

interface DialogFormOptions<TInput extends FieldValues, TBody, TData> {
  resolver: Resolver<TInput, unknown, TBody>;
  defaultValues: NoInfer<DefaultValues<TInput>>;
  /** The fields the server's per-field messages may land on; other paths stay in the alert only. */
  fields: readonly FieldPath<TInput>[];
  mutation: DialogMutation<TBody, TData>;
  onClose: () => void;
  /** After a successful submit (the form is already emptied). */
  onSuccess: (data: TData) => void;
}

/**
 * A 'create' dialog's form: `submit` sends the values through the mutation, and on failure shows
 * the server's message (`serverError`) and puts its per-field messages on the fields; `close`
 * empties the form and the error before closing.
 */
export function useDialogForm<TInput extends FieldValues, TBody, TData>({
  resolver,
  defaultValues,
  fields,
  mutation,
  onClose,
  onSuccess,
}: DialogFormOptions<TInput, TBody, TData>) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TBody>({ resolver, defaultValues });

  const close = () => {
    form.reset(defaultValues);
    setServerError(null);
    mutation.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    mutation.mutate(values, {
      onSuccess: (data) => {
        form.reset(defaultValues);
        onSuccess(data);
      },
      onError: (error) => {
        setServerError(error.message);
        applyServerErrors(form, error, onlyFields(fields));
      },
    });
  });

  return { form, errors: form.formState.errors, serverError, close, submit };
}
