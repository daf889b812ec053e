import { type CreatePartnerInput, createPartnerSchema, PARTNER_TYPES, type PartnerDetail } from '@app/shared/partners';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { describedBy, Field as FormField } from '../../../components/ui/form/field';
import { inputClass } from '../../../components/ui/form/input-style';
import { DialogForm } from '../../../components/ui/form/dialog-form';
import { useDialogForm } from '../../../components/ui/form/use-dialog-form';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useCreatePartner } from '../api/create-partner';
import { partnersMessages } from '../messages';
import { TYPE_KEYS } from './partner-badges';

/** No type chosen at first: the select shows 'Choisissez un type' and the schema asks for one. */
const EMPTY: Partial<CreatePartnerInput> = { name: '', email: '', phone: '', website: '', address: '', description: '' };
const FIELDS = ['name', 'type', 'email', 'phone', 'website', 'address', 'description'] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: readonly Field[] = ['name', 'type', 'email'];

/** 'Ajouter un partenaire' (spec §5): name, type and e-mail required; website a URL; the rest optional. */
export function AddPartnerDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (partner: PartnerDetail) => void;
}) {
  const t = useT(partnersMessages);
  const create = useCreatePartner();
  const { form, errors, serverError, close, submit } = useDialogForm({
    resolver: localizeResolver(zodResolver(createPartnerSchema)),
    defaultValues: EMPTY,
    fields: FIELDS,
    mutation: create,
    onClose,
    onSuccess: (data) => {
      toast.success(t('created'));
      onCreated(data.partner);
    },
  });

  const labels: Record<Field, string> = {
    name: t('name'),
    type: t('type'),
    email: t('email'),
    phone: t('phone'),
    website: t('website'),
    address: t('address'),
    description: t('description'),
  };

  const fieldProps = (field: Field, id: string, hint?: string) => ({
    id,
    label: labels[field],
    error: errors[field]?.message,
    hint,
    ...(REQUIRED.includes(field) ? { required: true } : { optionalText: t('optional') }),
  });
  const describe = (field: Field, id: string, hint?: boolean) => ({
    ...describedBy(id, errors[field]?.message, hint),
    'aria-required': REQUIRED.includes(field) ? ('true' as const) : undefined,
  });

  return (
    <DialogForm
      open={open}
      title={t('addTitle')}
      intro={t('addIntro')}
      onClose={close}
      onSubmit={submit}
      serverError={serverError}
      errorTitle={t('createError')}
      pending={create.isPending}
      cancelLabel={t('cancel')}
      submitLabel={t('create')}
      pendingLabel={t('working')}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField className="sm:col-span-2" {...fieldProps('name', 'add-partner-name')}>
          <input
            id="add-partner-name"
            type="text"
            autoComplete="organization"
            className={inputClass}
            {...describe('name', 'add-partner-name')}
            {...form.register('name')}
          />
        </FormField>
        <FormField {...fieldProps('type', 'add-partner-type')}>
          <select
            id="add-partner-type"
            className={inputClass}
            {...describe('type', 'add-partner-type')}
            {...form.register('type')}
          >
            <option value="">{t('chooseType')}</option>
            {PARTNER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(TYPE_KEYS[type])}
              </option>
            ))}
          </select>
        </FormField>
        <FormField {...fieldProps('email', 'add-partner-email')}>
          <input
            id="add-partner-email"
            type="email"
            autoComplete="off"
            className={inputClass}
            {...describe('email', 'add-partner-email')}
            {...form.register('email')}
          />
        </FormField>
        <FormField {...fieldProps('phone', 'add-partner-phone', errors.phone?.message ? undefined : t('phoneHint'))}>
          <input
            id="add-partner-phone"
            type="tel"
            autoComplete="off"
            placeholder="+237 6XX XX XX XX"
            className={inputClass}
            {...describe('phone', 'add-partner-phone', !errors.phone?.message)}
            {...form.register('phone')}
          />
        </FormField>
        <FormField {...fieldProps('website', 'add-partner-website')}>
          <input
            id="add-partner-website"
            type="url"
            autoComplete="off"
            placeholder="https://"
            className={inputClass}
            {...describe('website', 'add-partner-website')}
            {...form.register('website')}
          />
        </FormField>
        <FormField className="sm:col-span-2" {...fieldProps('address', 'add-partner-address')}>
          <input
            id="add-partner-address"
            type="text"
            autoComplete="off"
            className={inputClass}
            {...describe('address', 'add-partner-address')}
            {...form.register('address')}
          />
        </FormField>
        <FormField className="sm:col-span-2" {...fieldProps('description', 'add-partner-description')}>
          <textarea
            id="add-partner-description"
            rows={3}
            className={inputClass}
            {...describe('description', 'add-partner-description')}
            {...form.register('description')}
          />
        </FormField>
      </div>
    </DialogForm>
  );
}
