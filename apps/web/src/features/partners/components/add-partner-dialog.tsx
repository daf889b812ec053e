import {
  type CreatePartnerBody,
  type CreatePartnerInput,
  createPartnerSchema,
  PARTNER_TYPES,
  type PartnerDetail,
} from '@app/shared/partners';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { describedBy, Field as FormField } from '../../../components/ui/form/field';
import { inputClass } from '../../../components/ui/form/input-style';
import { DialogForm } from '../../../components/ui/form/dialog-form';
import { useDialogForm } from '../../../components/ui/form/use-dialog-form';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { formatPhone } from '@app/shared/phone-display';
import { useCreatePartner } from '../api/create-partner';
import { useUpdatePartner } from '../api/update-partner';
import { partnersMessages } from '../messages';
import { TYPE_KEYS } from './partner-badges';

/** No type chosen at first: the select shows 'Choisissez un type' and the schema asks for one. */
const EMPTY: Partial<CreatePartnerInput> = { name: '', email: '', phone: '', website: '', address: '', description: '' };
const FIELDS = ['name', 'type', 'email', 'phone', 'website', 'address', 'description'] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: readonly Field[] = ['name', 'type', 'email'];

/** 'Ajouter un partenaire': name, type and e-mail required; website a URL; the rest optional. */
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
  return (
    <PartnerFormDialog
      open={open}
      onClose={onClose}
      defaultValues={EMPTY}
      mutation={create}
      idPrefix="add-partner"
      texts={{ title: t('addTitle'), intro: t('addIntro'), error: t('createError'), submit: t('create') }}
      onSuccess={(partner) => {
        toast.success(t('created'));
        onCreated(partner);
      }}
    />
  );
}

/** The partner's values in the form: every field of creation, '' for an empty optional one. */
function valuesOf(partner: PartnerDetail): Partial<CreatePartnerInput> {
  return {
    name: partner.name,
    type: partner.type,
    email: partner.email,
    phone: partner.phone ? formatPhone(partner.phone) : '',
    website: partner.website ?? '',
    address: partner.location.address ?? '',
    description: partner.description ?? '',
  };
}

/**
 * 'Modifier le partenaire': the creation form, filled with the partner's values; a field emptied
 * is cleared (`PUT /businesses/{id}`, audited as `partner.update`). Mount it when it opens, so it
 * starts from the partner as shown.
 */
export function EditPartnerDialog({ partner, open, onClose }: { partner: PartnerDetail; open: boolean; onClose: () => void }) {
  const t = useT(partnersMessages);
  const update = useUpdatePartner(partner._id);
  return (
    <PartnerFormDialog
      open={open}
      onClose={onClose}
      defaultValues={valuesOf(partner)}
      mutation={update}
      idPrefix="edit-partner"
      texts={{ title: t('editTitle'), intro: t('editIntro'), error: t('editError'), submit: t('save') }}
      onSuccess={() => {
        toast.success(t('edited'));
        onClose();
      }}
    />
  );
}

interface PartnerMutation {
  mutate: (
    body: CreatePartnerBody,
    options: { onSuccess: (data: { partner: PartnerDetail }) => void; onError: (error: Error) => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
}

function PartnerFormDialog({
  open,
  onClose,
  defaultValues,
  mutation,
  idPrefix,
  texts,
  onSuccess,
}: {
  open: boolean;
  onClose: () => void;
  defaultValues: Partial<CreatePartnerInput>;
  mutation: PartnerMutation;
  idPrefix: string;
  texts: { title: string; intro: string; error: string; submit: string };
  onSuccess: (partner: PartnerDetail) => void;
}) {
  const t = useT(partnersMessages);
  const { form, errors, serverError, close, submit } = useDialogForm({
    resolver: localizeResolver(zodResolver(createPartnerSchema)),
    defaultValues,
    fields: FIELDS,
    mutation,
    onClose,
    onSuccess: (data) => onSuccess(data.partner),
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
      title={texts.title}
      intro={texts.intro}
      onClose={close}
      onSubmit={submit}
      serverError={serverError}
      errorTitle={texts.error}
      pending={mutation.isPending}
      cancelLabel={t('cancel')}
      submitLabel={texts.submit}
      pendingLabel={t('working')}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField className="sm:col-span-2" {...fieldProps('name', `${idPrefix}-name`)}>
          <input
            id={`${idPrefix}-name`}
            type="text"
            autoComplete="organization"
            className={inputClass}
            {...describe('name', `${idPrefix}-name`)}
            {...form.register('name')}
          />
        </FormField>
        <FormField {...fieldProps('type', `${idPrefix}-type`)}>
          <select
            id={`${idPrefix}-type`}
            className={inputClass}
            {...describe('type', `${idPrefix}-type`)}
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
        <FormField {...fieldProps('email', `${idPrefix}-email`)}>
          <input
            id={`${idPrefix}-email`}
            type="email"
            autoComplete="off"
            className={inputClass}
            {...describe('email', `${idPrefix}-email`)}
            {...form.register('email')}
          />
        </FormField>
        <FormField {...fieldProps('phone', `${idPrefix}-phone`, errors.phone?.message ? undefined : t('phoneHint'))}>
          <input
            id={`${idPrefix}-phone`}
            type="tel"
            autoComplete="off"
            placeholder="+237 6XX XX XX XX"
            className={inputClass}
            {...describe('phone', `${idPrefix}-phone`, !errors.phone?.message)}
            {...form.register('phone')}
          />
        </FormField>
        <FormField {...fieldProps('website', `${idPrefix}-website`)}>
          <input
            id={`${idPrefix}-website`}
            type="url"
            autoComplete="off"
            placeholder="https://"
            className={inputClass}
            {...describe('website', `${idPrefix}-website`)}
            {...form.register('website')}
          />
        </FormField>
        <FormField className="sm:col-span-2" {...fieldProps('address', `${idPrefix}-address`)}>
          <input
            id={`${idPrefix}-address`}
            type="text"
            autoComplete="off"
            className={inputClass}
            {...describe('address', `${idPrefix}-address`)}
            {...form.register('address')}
          />
        </FormField>
        <FormField className="sm:col-span-2" {...fieldProps('description', `${idPrefix}-description`)}>
          <textarea
            id={`${idPrefix}-description`}
            rows={3}
            className={inputClass}
            {...describe('description', `${idPrefix}-description`)}
            {...form.register('description')}
          />
        </FormField>
      </div>
    </DialogForm>
  );
}
